import { Badge } from '@mantine/core';
import type { UserStatus } from '@workbench/domain';
import { useTranslation } from 'react-i18next';

const COLORS: Record<UserStatus, string> = { active: 'green', invited: 'yellow', paused: 'gray' };

export function StatusBadge({ status }: { status: UserStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light" radius="sm">
      {t(`profiles.status.${status}`)}
    </Badge>
  );
}
