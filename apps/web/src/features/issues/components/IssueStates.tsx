import { Alert, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconFileUnknown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client';

/** A failed load: what went wrong (in the reader's language) and a way to try again. */
export function IssueErrorPanel({
  error,
  onRetry,
  title,
}: {
  error: unknown;
  onRetry: () => void;
  title?: string;
}) {
  const { t } = useTranslation();
  const key = error instanceof ApiError ? error.key : 'general_error';
  return (
    <Alert
      color="red"
      icon={<IconAlertCircle size={18} />}
      title={title ?? t('issues.load_failed')}
      role="alert"
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm">{t(`errors.${key}`, { defaultValue: t('errors.general_error') })}</Text>
        <Button variant="white" color="red" size="xs" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Group>
    </Alert>
  );
}

/** 000 §8 'issue not existing': a missing issue or one the person may not see. */
export function IssueNotFound() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="xl" maw={560}>
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          <IconFileUnknown size={30} />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t('issues.not_found_title')}
        </Title>
        <Text c="dimmed">{t('issues.not_found_text')}</Text>
        <Button component={Link} to="/dashboard/issues" variant="light">
          {t('issues.back_to_list')}
        </Button>
      </Stack>
    </Paper>
  );
}

export function DetailSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack aria-busy="true" aria-label={t('common.loading')}>
      <Skeleton h={56} radius="md" />
      <Skeleton h={36} w="60%" />
      <Group align="flex-start" grow>
        <Skeleton h={320} radius="md" />
        <Skeleton h={320} radius="md" />
      </Group>
    </Stack>
  );
}
