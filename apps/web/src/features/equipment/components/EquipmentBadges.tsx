import { Badge, type BadgeProps } from '@mantine/core';
import { IconAlertTriangle, IconHourglass } from '@tabler/icons-react';
import type { EquipmentStatus } from '@workbench/domain';
import { useTranslation } from 'react-i18next';

/** Badge colours of the four statuses (001 §9): out is blue, waiting orange, on the shelf green. */
export function equipmentStatusColor(status: EquipmentStatus): string {
  switch (status) {
    case 'issued':
      return 'blue';
    case 'stored':
      return 'teal';
    case 'in_transition':
      return 'orange';
    default:
      return 'gray';
  }
}

export function EquipmentStatusBadge({
  status,
  size = 'sm',
}: {
  status: EquipmentStatus;
  size?: BadgeProps['size'];
}) {
  const { t } = useTranslation();
  return (
    <Badge color={equipmentStatusColor(status)} variant="light" size={size} data-testid="equipment-status">
      {t(`equipment.status.${status}`)}
    </Badge>
  );
}

/** A handout past its return date (001 §4), in red. */
export function OverdueBadge({ size = 'sm' }: { size?: BadgeProps['size'] }) {
  const { t } = useTranslation();
  return (
    <Badge
      color="red"
      variant="filled"
      size={size}
      leftSection={<IconAlertTriangle size={12} aria-hidden />}
      data-testid="equipment-overdue"
    >
      {t('equipment.overdue')}
    </Badge>
  );
}

/** Requests waiting for a decision. */
export function PendingBadge({ count, size = 'sm' }: { count: number; size?: BadgeProps['size'] }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <Badge
      color="orange"
      variant="outline"
      size={size}
      leftSection={<IconHourglass size={12} aria-hidden />}
      data-testid="equipment-pending"
    >
      {t('equipment.pending_requests', { count })}
    </Badge>
  );
}
