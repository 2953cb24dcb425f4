import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';

/** A failed load: what went wrong (in the reader's language) and a way to try again. */
export function ErrorPanel({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const key = error instanceof ApiError ? error.key : 'general_error';
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('workspaces.load_failed')} role="alert">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm">{t(`errors.${key}`, { defaultValue: t('errors.general_error') })}</Text>
        <Button variant="white" color="red" size="xs" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Group>
    </Alert>
  );
}
