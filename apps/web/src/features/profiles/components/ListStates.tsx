import { Alert, Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';

/** The error panel of a screen: the server's message key, and a retry. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const key = error instanceof ApiError ? error.key : 'general_error';
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title={t('profiles.load_failed')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t(`errors.${key}`, { defaultValue: t('errors.general_error') })}</Text>
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** Filtered and empty: 'no results found' (000 §2). */
export function NoResults() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Stack align="center" gap={6}>
        <ThemeIcon size={44} radius="xl" variant="light" color="gray">
          <IconSearch size={22} />
        </ThemeIcon>
        <Text c="dimmed">{t('profiles.no_results')}</Text>
      </Stack>
    </Center>
  );
}

/** Unfiltered and empty: icon, title, text, optional add button (000 §2). */
export function EmptyState({
  icon,
  title,
  text,
  action,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action?: ReactNode;
}) {
  return (
    <Center py={48}>
      <Stack align="center" gap="sm" maw={420} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light">
          {icon}
        </ThemeIcon>
        <Title order={4}>{title}</Title>
        <Text c="dimmed" size="sm">
          {text}
        </Text>
        {action}
      </Stack>
    </Center>
  );
}
