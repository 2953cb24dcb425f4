import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  IconBoxMultiple,
  IconCalendarUser,
  IconPackageExport,
  IconStack2,
  type TablerIcon,
} from '@tabler/icons-react';
import {
  type EquipmentGroup,
  type EquipmentGroupDetail,
  equipmentGroupListQueryToParams,
  readEquipmentGroupListQuery,
  withEquipmentGroupListFilter,
} from '@workbench/domain';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SummaryMultiSelect } from '../../issues/components/SummaryMultiSelect';
import { useWorkspaceChoices } from '../../issues/issues-api';
import { GroupDrawer } from '../components/GroupDrawer';
import { GroupModal } from '../components/GroupModal';
import { ArchivedBadge } from '../components/SetBadges';
import {
  FILTER_WIDTH,
  filterIds,
  SetActions,
  SetListPage,
  useArchiveToggle,
  useConfirmDelete,
  useSetEditor,
  useUrlListQuery,
} from '../components/SetListPage';
import {
  useDeleteEquipmentGroup,
  useEquipmentGroupAction,
  useEquipmentGroupList,
  useOrganisationPeople,
} from '../sets-api';
import { readShownGroup, withShownGroup } from '../shown-group';
import { useCanManageSets } from '../use-can-manage-sets';

const LazyGroupBookingActions = lazy(() =>
  import('../../equipment-bookings/components/GroupBookingActions').then((m) => ({
    default: m.GroupBookingActions,
  })),
);

/** The group's handout, return, extend and reservation actions (the bookings feature), loaded with the drawer. */
function GroupBookings({ group }: { group: EquipmentGroupDetail }) {
  return (
    <Suspense fallback={null}>
      <LazyGroupBookingActions group={group} />
    </Suspense>
  );
}

/** A count on a group's card, after its icon. */
function CountBadge({
  icon: Icon,
  children,
  color = 'gray',
}: {
  icon: TablerIcon;
  children: ReactNode;
  color?: string;
}) {
  return (
    <Badge variant="outline" color={color} size="sm" leftSection={<Icon size={12} aria-hidden />}>
      {children}
    </Badge>
  );
}

/**
 * /dashboard/equipment/groups (001 §2): the equipment groups with their filters (status,
 * workspaces, managers, reserved for), search, sort and page in the URL. A card opens the group
 * in a drawer with its items and actions.
 */
export function EquipmentGroupsPage() {
  const { t } = useTranslation();
  const { query, update } = useUrlListQuery(
    readEquipmentGroupListQuery,
    equipmentGroupListQueryToParams,
    withEquipmentGroupListFilter,
  );
  const list = useEquipmentGroupList(query);
  const workspaces = useWorkspaceChoices();
  const people = useOrganisationPeople();
  const canAdd = useCanManageSets();
  const confirmDelete = useConfirmDelete('groups', useDeleteEquipmentGroup());
  const archive = useArchiveToggle('groups', useEquipmentGroupAction());
  const editor = useSetEditor<EquipmentGroup>('groups');
  // The open group lives in the URL (?group=<id>): a scanned group code or a link opens it.
  const [searchParams, setSearchParams] = useSearchParams();
  const shown = readShownGroup(searchParams);
  const setShown = (id: number | null) => setSearchParams((params) => withShownGroup(params, id));
  useEffect(() => {
    if (shown === null) return;
    document
      .querySelector(`[data-group-id="${shown}"]`)
      ?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [shown]);

  const personOptions = (people.data?.data ?? []).map((p) => ({
    value: String(p.id),
    label: p.full_name || p.email,
  }));
  const toggleArchive = (group: EquipmentGroup) => {
    const archiving = group.status !== 'archived';
    archive({ id: group.id, action: archiving ? 'archive' : 'unarchive' }, group.name, archiving);
  };
  const remove = (group: EquipmentGroup) =>
    confirmDelete(group, t('equipment-sets.groups.delete_text', { count: group.equipment_count }));

  return (
    <SetListPage
      kind="groups"
      query={query}
      update={update}
      list={list}
      canAdd={canAdd}
      onAdd={editor.add}
      filters={
        <>
          <SummaryMultiSelect
            label={t('equipment-sets.filters.workspaces')}
            data={(workspaces.data ?? []).map((w) => ({
              value: String(w.id),
              label: w.name,
              depth: w.depth,
            }))}
            value={query.workspaces.map(String)}
            onChange={(v) => update({ workspaces: filterIds(v) })}
            w={FILTER_WIDTH}
          />
          <SummaryMultiSelect
            label={t('equipment-sets.filters.managers')}
            data={personOptions}
            value={query.managers.map(String)}
            onChange={(v) => update({ managers: filterIds(v) })}
            w={FILTER_WIDTH}
          />
          <SummaryMultiSelect
            label={t('equipment-sets.filters.reserved_for')}
            data={personOptions}
            value={query.reserved_for.map(String)}
            onChange={(v) => update({ reserved_for: filterIds(v) })}
            w={FILTER_WIDTH}
          />
        </>
      }
      filtered={query.workspaces.length > 0 || query.managers.length > 0 || query.reserved_for.length > 0}
      onClearFilters={() =>
        update({ search: '', status: 'active', workspaces: [], managers: [], reserved_for: [] })
      }
      emptyIcon={IconBoxMultiple}
      skeleton="cards"
      rows={(page) => (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {page.data.map((group) => (
            <Card
              key={group.id}
              withBorder
              radius="md"
              padding="md"
              data-testid="equipment-group-card"
              data-group-id={group.id}
              aria-current={shown === group.id ? 'true' : undefined}
              style={shown === group.id ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2} miw={0}>
                  <Anchor
                    component="button"
                    type="button"
                    onClick={() => setShown(group.id)}
                    fw={600}
                    lineClamp={1}
                    ta="left"
                  >
                    {group.name}
                  </Anchor>
                  <Text size="sm" c="dimmed" lineClamp={1}>
                    {group.workspace?.name ?? t('equipment-sets.groups.all_workspaces')}
                  </Text>
                </Stack>
                {group.can_edit && (
                  <SetActions
                    kind="groups"
                    name={group.name}
                    archived={group.status === 'archived'}
                    onEdit={() => editor.edit(group)}
                    onArchive={() => toggleArchive(group)}
                    onDelete={() => remove(group)}
                  />
                )}
              </Group>
              {group.description && (
                <Text size="sm" mt={6} lineClamp={2}>
                  {group.description}
                </Text>
              )}
              <Group gap={6} mt="sm" wrap="wrap">
                <ArchivedBadge status={group.status} />
                <CountBadge icon={IconStack2}>
                  {t('equipment-sets.groups.items_count', { count: group.equipment_count })}
                </CountBadge>
                <CountBadge icon={IconPackageExport} color={group.issued_count > 0 ? 'blue' : 'gray'}>
                  {t('equipment-sets.groups.out_count', { count: group.issued_count })}
                </CountBadge>
                {group.reserved_for && (
                  <CountBadge icon={IconCalendarUser} color="grape">
                    {t('equipment-sets.groups.reserved_for_name', { name: group.reserved_for.full_name })}
                  </CountBadge>
                )}
              </Group>
              {group.managers.length > 0 && (
                <Text size="xs" c="dimmed" mt={6} lineClamp={1}>
                  {t('equipment-sets.groups.managed_by', {
                    names: group.managers.map((m) => m.full_name).join(', '),
                  })}
                </Text>
              )}
            </Card>
          ))}
        </SimpleGrid>
      )}
    >
      <GroupModal
        opened={editor.opened}
        group={editor.editing}
        onClose={editor.close}
        onSaved={(saved) => editor.saved(saved.name)}
      />
      <GroupDrawer
        groupId={shown}
        onClose={() => setShown(null)}
        onEdit={editor.edit}
        onArchive={toggleArchive}
        onDelete={(group) => {
          setShown(null);
          remove(group);
        }}
        bookingActions={GroupBookings}
      />
    </SetListPage>
  );
}
