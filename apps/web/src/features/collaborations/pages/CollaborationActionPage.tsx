import { Alert, Button, Center, Group, Loader, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconLinkOff, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { CollaborationActionInfo } from '@workbench/domain';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { currentLanguage } from '../../../i18n';
import { useErrorText } from '../../../ui/feedback/use-error-text';
import { AuthLayout } from '../../auth/AuthLayout';
import { CompanyAccountFields } from '../../auth/CompanyAccountFields';
import { completeLogin } from '../../auth/complete-login';
import { useAuthForm } from '../../auth/use-auth-form';
import { newPasswordErrors, requiredErrors } from '../../auth/validation';
import { collaborationsApi } from '../collaborations-api';
import { CollaborationBadges, CompanyLogo } from '../components/CollaborationBadges';

type Outcome = 'accepted' | 'declined' | null;

/** /public/collaboration_action?token=&action=accept|decline: answer a partner invitation. */
export function CollaborationActionPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const action = params.get('action') === 'decline' ? 'decline' : 'accept';
  const info = useQuery({
    queryKey: ['collaboration_action', token],
    queryFn: () => collaborationsApi.actionInfo(token),
    enabled: token.length > 0,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  if (!token) return <InvalidLink text={t('collaborations.public.missing_token')} />;
  if (info.isPending) {
    return (
      <AuthLayout title={t('collaborations.public.title')}>
        <Center py="xl">
          <Loader />
        </Center>
      </AuthLayout>
    );
  }
  if (info.isError) {
    const invalid = info.error instanceof ApiError && info.error.status < 500;
    return (
      <InvalidLink
        text={invalid ? t('collaborations.public.invalid_text') : t('errors.general_error')}
        onRetry={invalid ? undefined : () => void info.refetch()}
      />
    );
  }
  return <Invitation info={info.data} token={token} initialAction={action} />;
}

function InvalidLink({ text, onRetry }: { text: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('collaborations.public.invalid_title')}>
      <Stack align="center" ta="center" gap="md" data-testid="invitation-invalid">
        <ThemeIcon size={56} radius="xl" color="red" variant="light">
          <IconLinkOff size={30} />
        </ThemeIcon>
        <Text>{text}</Text>
        {onRetry ? (
          <Button variant="light" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ) : (
          <Button component={Link} to="/login" variant="light">
            {t('common.back_to_login')}
          </Button>
        )}
      </Stack>
    </AuthLayout>
  );
}

function Invitation({
  info,
  token,
  initialAction,
}: {
  info: CollaborationActionInfo;
  token: string;
  initialAction: 'accept' | 'decline';
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const owner = info.owner.name;
  const [modal, setModal] = useState<'accept' | 'decline' | null>(null);
  const [showForm, setShowForm] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const isPending = info.status === 'pending';

  // The link says what the person came to do: its info modal opens at once.
  useEffect(() => {
    if (isPending) setModal(initialAction);
  }, [isPending, initialAction]);

  async function answer(action: 'accept' | 'decline') {
    setError(null);
    setSending(true);
    try {
      const result = await collaborationsApi.answer({ token, action });
      setOutcome(result.status === 'declined' ? 'declined' : 'accepted');
    } catch (err) {
      setError(err);
    } finally {
      setSending(false);
      setModal(null);
    }
  }

  function confirm(action: 'accept' | 'decline') {
    if (action === 'accept' && info.needs_account) {
      setModal(null);
      setShowForm(true);
      return;
    }
    void answer(action);
  }

  if (outcome || !isPending) {
    const done = outcome ?? info.status;
    return (
      <AuthLayout title={t(`collaborations.public.${done}_title`)}>
        <Stack align="center" ta="center" gap="md" data-testid={`invitation-${done}`}>
          <ThemeIcon size={56} radius="xl" color={done === 'accepted' ? 'teal' : 'gray'} variant="light">
            {done === 'accepted' ? <IconCheck size={30} /> : <IconX size={30} />}
          </ThemeIcon>
          <Text>
            {outcome
              ? t(`collaborations.public.${done}_text`, { owner })
              : t('collaborations.public.already_answered')}
          </Text>
          <Button component={Link} to="/login">
            {t('collaborations.public.go_to_login')}
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('collaborations.public.title')}>
      <Stack gap="md">
        {error !== null && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorText(error)}
          </Alert>
        )}
        <Group wrap="nowrap" align="flex-start">
          <CompanyLogo logo={info.owner.logo} label={owner} size={52} />
          <Stack gap={6}>
            <Text fw={600}>{t('collaborations.public.invites_you', { owner })}</Text>
            <CollaborationBadges item={{ ...info, invitation_status: info.status }} size="xs" />
            <Text size="sm" c="dimmed">
              {t('collaborations.public.as_type', {
                owner,
                type: t(`collaborations.type.${info.type}`),
              })}
            </Text>
          </Stack>
        </Group>
        <Text size="sm" c="dimmed">
          {t('collaborations.public.invited_address', { email: info.invited_email })}
        </Text>
        {showForm ? (
          <NewCompanyForm token={token} onCancel={() => setShowForm(false)} />
        ) : (
          <Group grow>
            <Button variant="default" onClick={() => setModal('decline')}>
              {t('collaborations.public.decline')}
            </Button>
            <Button onClick={() => setModal('accept')}>{t('collaborations.public.accept')}</Button>
          </Group>
        )}
      </Stack>
      <Modal
        opened={modal === 'accept'}
        onClose={() => setModal(null)}
        title={t('collaborations.public.accept_info_title')}
        centered
      >
        <Stack>
          <Text size="sm">
            {t(
              info.access_type === 'full'
                ? 'collaborations.public.accept_info_full'
                : 'collaborations.public.accept_info_limited',
              { owner },
            )}
          </Text>
          {info.needs_account && <Text size="sm">{t('collaborations.public.accept_info_account')}</Text>}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setModal(null)}>
              {t('collaborations.cancel')}
            </Button>
            <Button onClick={() => confirm('accept')} loading={sending}>
              {t('collaborations.public.accept')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={modal === 'decline'}
        onClose={() => setModal(null)}
        title={t('collaborations.public.decline_info_title')}
        centered
      >
        <Stack>
          <Text size="sm">{t('collaborations.public.decline_info_text', { owner })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setModal(null)}>
              {t('collaborations.cancel')}
            </Button>
            <Button color="red" onClick={() => confirm('decline')} loading={sending}>
              {t('collaborations.public.decline')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </AuthLayout>
  );
}

/** Accepting without an account: the company, its admin's name and a password (000 §5: ≥ 8, matching). */
function NewCompanyForm({ token, onCancel }: { token: string; onCancel: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useAuthForm();
  const [values, setValues] = useState({
    company_name: '',
    first_name: '',
    last_name: '',
    password: '',
    confirm_password: '',
  });
  const set = (field: keyof typeof values, value: string) => setValues((v) => ({ ...v, [field]: value }));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const { confirm_password, password, ...texts } = values;
    const local = { ...requiredErrors(texts), ...newPasswordErrors(password, confirm_password) };
    if (!local.company_name && texts.company_name.trim().length < 2) local.company_name = 'too_short';
    void form.submit(local, async () => {
      const result = await collaborationsApi.answer({
        token,
        action: 'accept',
        ...texts,
        password,
        language: currentLanguage(),
      });
      if (!result.login) throw new ApiError(500, 'general_error', '');
      await completeLogin(result.login, false);
      navigate('/dashboard/workspaces', { replace: true });
    });
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <Text fw={600}>{t('collaborations.public.create_company')}</Text>
        {form.errorText && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {form.errorText}
          </Alert>
        )}
        <CompanyAccountFields values={values} onChange={set} fieldError={form.fieldError} />
        <Stack gap={6} mt="xs">
          <Button type="submit" loading={form.sending} fullWidth>
            {t('collaborations.public.accept_and_create')}
          </Button>
          <Button variant="subtle" onClick={onCancel} fullWidth>
            {t('collaborations.cancel')}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
