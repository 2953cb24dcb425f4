import { Alert, Button, Center, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconLinkOff } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { userContracts } from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError, call } from '../../../api/client';
import { useErrorText } from '../../../ui/feedback/use-error-text';
import { AuthLayout } from '../../auth/AuthLayout';

/**
 * /public/join_organisation?token=: a person with an account is invited into another
 * organisation and joins it here. Nothing of their account reaches that organisation before.
 */
export function JoinOrganisationPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const info = useQuery({
    queryKey: ['join_organisation', token],
    queryFn: () => call(userContracts.joinInfo, { query: { token } }),
    enabled: token.length > 0,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const join = useMutation({ mutationFn: () => call(userContracts.join, { body: { token } }) });

  if (join.isSuccess) {
    const name = join.data.organisation.name;
    return (
      <AuthLayout title={t('profiles.join.joined_title', { name })}>
        <Stack align="center" ta="center" gap="md" data-testid="join-done">
          <ThemeIcon size={56} radius="xl" color="teal">
            <IconCheck size={30} />
          </ThemeIcon>
          <Text>{t('profiles.join.joined_text', { name })}</Text>
          <Button component={Link} to="/login">
            {t('profiles.join.to_login')}
          </Button>
        </Stack>
      </AuthLayout>
    );
  }
  const invalid = !token || (info.isError && info.error instanceof ApiError && info.error.status < 500);
  if (invalid || info.isError) {
    return (
      <AuthLayout title={t('profiles.join.invalid_title')}>
        <Stack align="center" ta="center" gap="md" data-testid="join-invalid">
          <ThemeIcon size={56} radius="xl" color="red" variant="light">
            <IconLinkOff size={30} />
          </ThemeIcon>
          <Text>{invalid ? t('errors.invalid_token') : errorText(info.error)}</Text>
          {invalid ? (
            <Button component={Link} to="/login" variant="light">
              {t('common.back_to_login')}
            </Button>
          ) : (
            <Button variant="light" onClick={() => void info.refetch()}>
              {t('common.retry')}
            </Button>
          )}
        </Stack>
      </AuthLayout>
    );
  }
  if (!info.data) {
    return (
      <AuthLayout title={t('profiles.join.title')}>
        <Center py="xl">
          <Loader aria-label={t('profiles.join.title')} />
        </Center>
      </AuthLayout>
    );
  }
  const name = info.data.organisation.name;
  return (
    <AuthLayout title={t('profiles.join.title')}>
      <Stack gap="md">
        {join.isError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorText(join.error)}
          </Alert>
        )}
        <Text>{t('profiles.join.text', { name, email: info.data.email })}</Text>
        <Button size="md" fullWidth loading={join.isPending} onClick={() => join.mutate()}>
          {t('profiles.join.join', { name })}
        </Button>
        <Text size="sm" c="dimmed">
          {t('profiles.join.ignore', { name })}
        </Text>
      </Stack>
    </AuthLayout>
  );
}
