import { Button } from '@mantine/core';
import { IconFileText, IconTool } from '@tabler/icons-react';
import { type AccessRole, canReadLease, canReadMaintenanceInfo } from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The workspace detail page's ways to its lease and maintenance pages, for those who may read
 * them (admins, managers, group managers of the organisation's own workspace).
 */
export function WorkspaceInfoLinks({
  workspaceId,
  role,
  shared,
}: {
  workspaceId: number;
  role: AccessRole;
  /** Reached through a partner collaboration: another organisation's lease. */
  shared: boolean;
}) {
  const { t } = useTranslation();
  if (shared) return null;
  return (
    <>
      {canReadLease(role) && (
        <Button
          component={Link}
          to={`/dashboard/workspaces/lease-info/${workspaceId}`}
          variant="default"
          size="sm"
          leftSection={<IconFileText size={16} />}
        >
          {t('workspace-info.lease_link')}
        </Button>
      )}
      {canReadMaintenanceInfo(role) && (
        <Button
          component={Link}
          to={`/dashboard/workspaces/maintenance-info/${workspaceId}`}
          variant="default"
          size="sm"
          leftSection={<IconTool size={16} />}
        >
          {t('workspace-info.maintenance_link')}
        </Button>
      )}
    </>
  );
}
