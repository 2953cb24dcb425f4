import { Badge } from '@mantine/core';
import type { AccessRole } from '@workbench/domain';
import { useTranslation } from 'react-i18next';

const COLORS: Record<AccessRole, string> = {
  admin: 'grape',
  manager: 'blue',
  group_manager: 'cyan',
  member: 'gray',
  collab_admin: 'orange',
  collab_manager: 'orange',
  collab_member: 'orange',
};

/** The caller's own role on a workspace. */
export function RoleBadge({ role }: { role: AccessRole }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={COLORS[role]} size="sm">
      {t(`workspaces.roles.${role}`)}
    </Badge>
  );
}
