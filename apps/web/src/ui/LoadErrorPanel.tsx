import { Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';

/** A list that failed to load: the server's message (in the reader's language) and a retry. */
export function LoadErrorPanel({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const key = error instanceof ApiError ? error.key : 'general_error';
  return (
    <Paper withBorder p="lg" radius="md">
      <Group justify="space-between">
        <Text c="red">{t(`errors.${key}`, { defaultValue: t('errors.general_error') })}</Text>
        <Button variant="light" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Group>
    </Paper>
  );
}
