import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import {
  IconCalendarStats,
  IconCategory,
  IconClockHour4,
  IconMapPin,
  IconShieldCheck,
  IconStack2,
  type TablerIcon,
} from '@tabler/icons-react';
import {
  type EquipmentType,
  equipmentTypeListQueryToParams,
  readEquipmentTypeListQuery,
  withEquipmentTypeListFilter,
} from '@workbench/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ArchivedBadge } from '../components/SetBadges';
import {
  SetActions,
  SetListPage,
  useArchiveToggle,
  useConfirmDelete,
  useSetEditor,
  useUrlListQuery,
} from '../components/SetListPage';
import { TypeModal } from '../components/TypeModal';
import { useDeleteEquipmentType, useEquipmentTypeList, useSaveEquipmentType } from '../sets-api';
import { useCanManageSets } from '../use-can-manage-sets';

function Fact({ icon: Icon, children }: { icon: TablerIcon; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Icon
        size={16}
        color="var(--mantine-color-dimmed)"
        aria-hidden
        style={{ flexShrink: 0, marginTop: 2 }}
      />
      <Text size="sm">{children}</Text>
    </Group>
  );
}

/** What a type's periods say, in words. */
function useTypeFacts() {
  const { t } = useTranslation();
  const period = (value: number, unit: string) => t(`equipment-sets.units.${unit}`, { count: value });
  return (type: EquipmentType) => ({
    storage:
      type.storage === 'WORKSPACE'
        ? (type.workspace?.name ?? t('equipment-sets.storage.WORKSPACE'))
        : type.storage === 'CUSTOM'
          ? (type.location ?? t('equipment-sets.storage.CUSTOM'))
          : null,
    returnPeriod: type.set_default_return_period
      ? t('equipment-sets.types.return_after', {
          period: period(type.default_return_period_value, type.default_return_period_type),
        })
      : t('equipment-sets.types.no_return_period'),
    reservation: type.set_max_reservation_duration
      ? t('equipment-sets.types.reservations_up_to', {
          period: period(type.max_reservation_duration_value, type.max_reservation_duration_type),
        })
      : t('equipment-sets.types.no_reservation_limit'),
    buffer:
      type.set_buffer_days_reservations && type.buffer_days_reservations_value > 0
        ? t(`equipment-sets.buffer.${type.buffer_days_reservations_type}`, {
            count: type.buffer_days_reservations_value,
          })
        : null,
  });
}

/**
 * /dashboard/equipment/types (001 §2, §3): the equipment types with the status filter, search,
 * sort and page in the URL; each shows where its items are kept and its periods.
 */
export function EquipmentTypesPage() {
  const { t } = useTranslation();
  const { query, update } = useUrlListQuery(
    readEquipmentTypeListQuery,
    equipmentTypeListQueryToParams,
    withEquipmentTypeListFilter,
  );
  const list = useEquipmentTypeList(query);
  const canAdd = useCanManageSets();
  const confirmDelete = useConfirmDelete('types', useDeleteEquipmentType());
  const archive = useArchiveToggle('types', useSaveEquipmentType());
  const editor = useSetEditor<EquipmentType>('types');
  const factsOf = useTypeFacts();

  return (
    <SetListPage
      kind="types"
      query={query}
      update={update}
      list={list}
      canAdd={canAdd}
      onAdd={editor.add}
      emptyIcon={IconCategory}
      skeleton="rows"
      rows={(page) => (
        <Stack gap="xs">
          {page.data.map((type) => {
            const facts = factsOf(type);
            const archiving = type.status !== 'archived';
            return (
              <Card key={type.id} withBorder radius="md" padding="sm" data-testid="equipment-type-row">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={6} miw={0} style={{ flex: 1 }}>
                    <Group gap="xs" wrap="wrap">
                      <Text fw={600}>{type.name}</Text>
                      <ArchivedBadge status={type.status} />
                      {type.handout_requires_approval && (
                        <Badge
                          size="sm"
                          variant="light"
                          color="orange"
                          leftSection={<IconShieldCheck size={12} />}
                        >
                          {t('equipment-sets.types.needs_approval')}
                        </Badge>
                      )}
                      <Badge size="sm" variant="outline" color="gray" leftSection={<IconStack2 size={12} />}>
                        {t('equipment-sets.types.items_count', { count: type.equipment_count })}
                      </Badge>
                    </Group>
                    {type.description && (
                      <Text size="sm" c="dimmed" lineClamp={2}>
                        {type.description}
                      </Text>
                    )}
                    <Group gap="lg" wrap="wrap">
                      {facts.storage && <Fact icon={IconMapPin}>{facts.storage}</Fact>}
                      <Fact icon={IconClockHour4}>{facts.returnPeriod}</Fact>
                      <Fact icon={IconCalendarStats}>
                        {facts.reservation}
                        {facts.buffer && ` · ${facts.buffer}`}
                      </Fact>
                    </Group>
                  </Stack>
                  {type.can_edit && (
                    <SetActions
                      kind="types"
                      name={type.name}
                      archived={!archiving}
                      onEdit={() => editor.edit(type)}
                      onArchive={() =>
                        archive(
                          { id: type.id, status: archiving ? 'archived' : 'active' },
                          type.name,
                          archiving,
                        )
                      }
                      onDelete={() =>
                        confirmDelete(
                          type,
                          type.equipment_count > 0
                            ? t('equipment-sets.types.delete_in_use', { count: type.equipment_count })
                            : t('equipment-sets.types.delete_text'),
                        )
                      }
                    />
                  )}
                </Group>
              </Card>
            );
          })}
        </Stack>
      )}
    >
      <TypeModal
        opened={editor.opened}
        type={editor.editing}
        onClose={editor.close}
        onSaved={(saved) => editor.saved(saved.name)}
      />
    </SetListPage>
  );
}
