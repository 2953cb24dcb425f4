import { Anchor, Button, Group, Menu, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCloudUpload } from '@tabler/icons-react';
import type { Issue } from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../ui/feedback/use-error-text';
import { formatDateTime } from '../issues/issue-helpers';
import { useOdooIssueStatus, useSyncToOdoo } from './odoo-api';

/**
 * 'Send to Odoo' in the issue's action menu (issue 22): only when the organisation is connected
 * and the caller may push (admins, the workspace's managers). The dialog shows the link and the
 * last result; the activity log has every attempt.
 */
export function OdooMenuItem({ issue }: { issue: Pick<Issue, 'id'> }) {
  const { t } = useTranslation();
  const status = useOdooIssueStatus(issue.id);
  if (!status.data?.can_sync) return null;
  // The menu's dropdown closes on click: the dialog lives in the modals manager, outside it.
  const open = () => {
    const id = modals.open({
      title: t('integrations.odoo.send_title'),
      centered: true,
      children: <OdooSyncBody issueId={issue.id} onClose={() => modals.close(id)} />,
    });
  };
  return (
    <Menu.Item leftSection={<IconCloudUpload size={16} />} onClick={open} data-testid="odoo-send">
      {t('integrations.odoo.send')}
    </Menu.Item>
  );
}

function OdooSyncBody({ issueId, onClose }: { issueId: number; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const status = useOdooIssueStatus(issueId);
  const sync = useSyncToOdoo(issueId);
  const link = sync.data?.link ?? status.data?.link ?? null;
  return (
    <Stack>
      {link?.remote_id ? (
        <Text size="sm">
          {t('integrations.odoo.linked', { model: link.remote_model, id: link.remote_id })}{' '}
          {link.remote_url && (
            <Anchor href={link.remote_url} target="_blank" rel="noreferrer">
              {t('integrations.odoo.open')}
            </Anchor>
          )}
        </Text>
      ) : (
        <Text size="sm">{t('integrations.odoo.not_linked')}</Text>
      )}
      {link?.last_synced_at && (
        <Text size="xs" c="dimmed">
          {t('integrations.odoo.last_synced', { when: formatDateTime(link.last_synced_at, i18n.language) })}
        </Text>
      )}
      {sync.isSuccess && (
        <Text size="sm" c="teal" data-testid="odoo-sync-result">
          {sync.data.created ? t('integrations.odoo.created') : t('integrations.odoo.updated')}
        </Text>
      )}
      {sync.isError && (
        <Text size="sm" c="red" data-testid="odoo-sync-result">
          {errorText(sync.error)}
        </Text>
      )}
      {!sync.isSuccess && link?.last_error && (
        <Text size="sm" c="red">
          {t('integrations.odoo.last_error', { message: link.last_error })}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('integrations.close')}
        </Button>
        <Button onClick={() => sync.mutate()} loading={sync.isPending}>
          {link?.remote_id ? t('integrations.odoo.send_again') : t('integrations.odoo.send')}
        </Button>
      </Group>
    </Stack>
  );
}
