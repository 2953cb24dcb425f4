import { Alert, Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconPlus, IconSearchOff, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';

/** Unfiltered empty list: icon, title, text and the add button (000 §2). */
export function EmptyCollaborations({ onAdd }: { onAdd?: () => void }) {
  const { t } = useTranslation();
  return (
    <Center py={56} px="md">
      <Stack align="center" ta="center" gap="sm" maw={420} data-testid="collaborations-empty">
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconUsersGroup size={36} />
        </ThemeIcon>
        <Title order={3}>{t('collaborations.no_collaborations')}</Title>
        <Text c="dimmed">{t('collaborations.no_collaborations_text')}</Text>
        {onAdd && (
          <Button leftSection={<IconPlus size={16} />} onClick={onAdd} mt="xs">
            {t('collaborations.add_a_collaboration')}
          </Button>
        )}
      </Stack>
    </Center>
  );
}

/** Filtered empty list: 'no results found'. */
export function NoResults() {
  const { t } = useTranslation();
  return (
    <Center py={48}>
      <Stack align="center" gap="xs" data-testid="collaborations-no-results">
        <IconSearchOff size={36} color="var(--mantine-color-dimmed)" />
        <Text c="dimmed">{t('collaborations.no_results')}</Text>
      </Stack>
    </Center>
  );
}

/** A failed load: what went wrong, and a way to try again (a refusal cannot be retried). */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const key = error instanceof ApiError ? error.key : 'general_error';
  const canRetry = !(error instanceof ApiError && error.status >= 400 && error.status < 500);
  return (
    <Paper p="md" withBorder radius="md">
      <Alert
        color="red"
        icon={<IconAlertCircle size={18} />}
        title={t('collaborations.load_error')}
        role="alert"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t(`errors.${key}`, { defaultValue: t('errors.general_error') })}</Text>
          {canRetry && (
            <Button size="xs" variant="light" color="red" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          )}
        </Stack>
      </Alert>
    </Paper>
  );
}
