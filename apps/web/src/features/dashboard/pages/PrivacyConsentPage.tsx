import { Anchor, Button, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconExternalLink, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { useNotify } from '../../../ui/feedback/use-notify';
import { HOME_PATH, originFrom } from '../../auth/complete-login';
import { useDashboardConfig, usePrivacyConsent } from '../dashboard-api';

/** A button whose label wraps on a phone ("Ich akzeptiere die Datenschutzerklärung" is wider than 390 px). */
const wrapping = {
  maw: '100%',
  h: 'auto',
  mih: 36,
  py: 6,
  styles: { label: { whiteSpace: 'normal', textAlign: 'center' } },
} as const;

/** /dashboard/privacy-consent: the organisation's privacy policy, accepted once before using the app. */
export function PrivacyConsentPage() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const config = useDashboardConfig();
  const consent = usePrivacyConsent();
  const from = originFrom(location.state);
  const next = from && from !== location.pathname ? from : HOME_PATH;

  if (config.isError) return <ErrorPanel error={config.error} onRetry={() => void config.refetch()} />;
  const client = config.data?.client;
  if (!client) return <Skeleton h={260} radius="md" maw={640} />;
  const consentedAt = config.data?.privacy_policy_consent?.consented_at ?? null;
  // Nothing to accept: go on.
  if (!client.settings.privacy_policy.required && !consentedAt) return <Navigate to={next} replace />;
  const url = client.settings.privacy_policy.url;

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={640} mx="auto" mt={{ base: 0, sm: 'xl' }}>
      <Stack gap="md" align="flex-start">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconShieldCheck size={32} />
        </ThemeIcon>
        <Title order={1} size="h2">
          {t('dashboard.privacy.title')}
        </Title>
        <Text>{t('dashboard.privacy.text', { organisation: client.name })}</Text>
        {url ? (
          <Anchor href={url} target="_blank" rel="noopener noreferrer" fw={600}>
            {t('dashboard.privacy.read_policy')} <IconExternalLink size={14} aria-hidden />
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            {t('dashboard.privacy.no_url')}
          </Text>
        )}
        {consentedAt ? (
          <>
            <Text size="sm" c="teal.9" data-testid="consented-at">
              {t('dashboard.privacy.accepted_on', {
                date: new Date(consentedAt).toLocaleString(i18n.language, {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                }),
              })}
            </Text>
            <Button {...wrapping} onClick={() => navigate(next, { replace: true })}>
              {t('dashboard.privacy.continue')}
            </Button>
          </>
        ) : (
          <Button
            {...wrapping}
            loading={consent.isPending}
            onClick={() =>
              consent.mutate(undefined, {
                onSuccess: () => navigate(next, { replace: true }),
                onError: notify.fail,
              })
            }
          >
            {t('dashboard.privacy.accept')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
