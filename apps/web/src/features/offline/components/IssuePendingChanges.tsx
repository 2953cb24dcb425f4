import { Alert } from '@mantine/core';
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
    <Alert
      color={refused ? 'red' : 'blue'}
      variant="light"
      icon={<IconCloudUpload size={18} />}
      title={t('offline.issue_title', { count: changes.length })}
      data-testid="issue-pending-changes"
    >
      <PendingChangeList changes={changes} />
    </Alert>
  );
}
