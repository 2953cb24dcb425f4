import { Badge } from '@mantine/core';
import type { EquipmentSetStatus, EquipmentStatus } from '@workbench/domain';
import { useTranslation } from 'react-i18next';

const ITEM_COLORS: Record<EquipmentStatus, string> = {
  stored: 'green',
  issued: 'blue',
  in_transition: 'orange',
  archived: 'gray',
};

/** An item's status (001 §9: stored, issued, in transition, archived). */
export function ItemStatusBadge({ status }: { status: EquipmentStatus }) {
  const { t } = useTranslation();
  return (
    <Badge size="sm" variant="light" color={ITEM_COLORS[status]}>
      {t(`equipment-sets.item_status.${status}`)}
    </Badge>
  );
}

/** "Archived" on a group, type or holder (active ones carry no badge). */
export function ArchivedBadge({ status }: { status: EquipmentSetStatus }) {
  const { t } = useTranslation();
  if (status !== 'archived') return null;
  return (
    <Badge size="sm" variant="light" color="gray">
      {t('equipment-sets.status_filter.archived')}
    </Badge>
  );
}
