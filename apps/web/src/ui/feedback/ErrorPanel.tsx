import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { useErrorText } from './use-error-text';

/** A refusal (403, 404, 422…) comes back the same when asked again; a timeout or a rate limit may not. */
const retryable = (error: unknown) =>
  !(
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  );

/**
 * What failed to load: an optional title (what could not be loaded), the error's text in the
 * reader's language, and a retry where asking again can help.
 */
export function ErrorPanel({
  error,
  onRetry,
  title,
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={title} role="alert">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm">{errorText(error)}</Text>
        {onRetry && retryable(error) && (
          <Button variant="default" size="xs" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
