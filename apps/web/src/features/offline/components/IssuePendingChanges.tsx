import { Card, Group, Text, ThemeIcon } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePendingChanges } from '../use-offline';
import { PendingChangeList } from './PendingChangeList';

/** On an issue's page: its changes that wait on this device or were refused. */
export function IssuePendingChanges({ issueId }: { issueId: number }) {
  const { t } = useTranslation();
  const changes = usePendingChanges(issueId);
  if (changes.length === 0) return null;
  const refused = changes.some((c) => c.state === 'refused');
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      data-testid="issue-pending-changes"
      style={{ borderInlineStart: `4px solid var(--mantine-color-${refused ? 'red' : 'blue'}-6)` }}
    >
      <Group gap="xs" mb="sm" wrap="nowrap">
        <ThemeIcon variant="light" radius="xl" color={refused ? 'red' : 'blue'}>
          <IconCloudUpload size={16} />
        </ThemeIcon>
        <Text fw={600} size="sm">
          {t('offline.issue_title', { count: changes.length })}
        </Text>
      </Group>
      <PendingChangeList changes={changes} />
    </Card>
  );
}
