import { Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFileUnknown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

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
    <Stack role="status" aria-busy="true" aria-label={t('common.loading')}>
      <Skeleton h={56} radius="md" />
      <Skeleton h={36} w="60%" />
      <Group align="flex-start" grow>
        <Skeleton h={320} radius="md" />
        <Skeleton h={320} radius="md" />
      </Group>
    </Stack>
  );
}
