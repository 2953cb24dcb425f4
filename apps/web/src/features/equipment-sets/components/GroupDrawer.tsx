import {
  ActionIcon,
  Anchor,
  Button,
  Center,
  Divider,
  Drawer,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArchive, IconArchiveOff, IconLinkOff, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import type { EquipmentGroup, EquipmentGroupDetail } from '@workbench/domain';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { useNotify } from '../../../ui/feedback/use-notify';
import { formatDay } from '../format';
import { setPaths } from '../paths';
import { useEquipmentGroup, useTakeOutOfGroup, useUngroupEquipmentGroup } from '../sets-api';
import { ArchivedBadge, ItemStatusBadge } from './SetBadges';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/**
 * One group in a drawer: what it is, its items (each linking to its page) with who holds them,
 * and its actions: edit, take every item out, archive or bring back, delete; the bookings
 * helper's group handout and reservation actions below, when given.
 */
export function GroupDrawer({
  groupId,
  onClose,
  onEdit,
  onArchive,
  onDelete,
  bookingActions: BookingActions,
}: {
  groupId: number | null;
  onClose: () => void;
  onEdit: (group: EquipmentGroup) => void;
  onArchive: (group: EquipmentGroup) => void;
  onDelete: (group: EquipmentGroup) => void;
  bookingActions?: ComponentType<{ group: EquipmentGroupDetail }>;
}) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const detail = useEquipmentGroup(groupId);
  const day = (value: string) => formatDay(value, i18n.language);
  const ungroup = useUngroupEquipmentGroup();
  const takeOut = useTakeOutOfGroup(groupId ?? 0);
  const group = detail.data;

  const confirmUngroup = (g: EquipmentGroupDetail) =>
    modals.openConfirmModal({
      title: t('equipment-sets.groups.ungroup_title', { name: g.name }),
      children: (
        <Text size="sm">{t('equipment-sets.groups.ungroup_text', { count: g.equipment.length })}</Text>
      ),
      labels: { confirm: t('equipment-sets.groups.ungroup'), cancel: t('equipment-sets.cancel') },
      onConfirm: () =>
        ungroup.mutate(g.id, {
          onSuccess: () => notify.ok('equipment-sets.groups.ungrouped', { name: g.name }),
          onError: notify.fail,
        }),
    });

  return (
    <Drawer
      opened={groupId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      // The drawer's title is its heading already (an h2): the name goes in as text, not a second h2.
      title={
        <Text component="span" fw={700} fz="var(--mantine-h4-font-size)">
          {group?.name ?? t('equipment-sets.groups.group')}
        </Text>
      }
    >
      {detail.isPending && (
        <Center py="xl">
          <Loader aria-label={t('equipment-sets.loading')} />
        </Center>
      )}
      {detail.isError && (
        <ErrorPanel
          title={t('equipment-sets.groups.load_one_failed')}
          error={detail.error}
          onRetry={() => void detail.refetch()}
        />
      )}
      {group && (
        <Stack gap="md" data-testid="group-drawer">
          <Group gap="xs">
            <ArchivedBadge status={group.status} />
          </Group>
          {group.description && <Text size="sm">{group.description}</Text>}
          <Group gap="xl" align="flex-start" wrap="wrap">
            <Fact label={t('equipment-sets.fields.workspace')}>
              {group.workspace?.name ?? t('equipment-sets.groups.all_workspaces')}
            </Fact>
            <Fact label={t('equipment-sets.groups.items_out')}>
              {t('equipment-sets.groups.out_of', { out: group.issued_count, count: group.equipment_count })}
            </Fact>
            <Fact label={t('equipment-sets.groups.reserved_for')}>
              {group.reserved_for?.full_name ?? t('equipment-sets.nobody')}
            </Fact>
          </Group>
          <Fact label={t('equipment-sets.fields.managers')}>
            {group.managers.length
              ? group.managers.map((m) => m.full_name).join(', ')
              : t('equipment-sets.groups.no_managers')}
          </Fact>
          {group.can_edit && (
            <Group gap="xs" wrap="wrap">
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPencil size={14} />}
                onClick={() => onEdit(group)}
              >
                {t('equipment-sets.edit')}
              </Button>
              <Button
                size="xs"
                variant="light"
                color="gray"
                leftSection={<IconLinkOff size={14} />}
                disabled={group.equipment.length === 0}
                loading={ungroup.isPending}
                onClick={() => confirmUngroup(group)}
              >
                {t('equipment-sets.groups.ungroup')}
              </Button>
              <Button
                size="xs"
                variant="light"
                color="gray"
                leftSection={
                  group.status === 'archived' ? <IconArchiveOff size={14} /> : <IconArchive size={14} />
                }
                onClick={() => onArchive(group)}
              >
                {t(group.status === 'archived' ? 'equipment-sets.unarchive' : 'equipment-sets.archive')}
              </Button>
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconTrash size={14} />}
                onClick={() => onDelete(group)}
              >
                {t('equipment-sets.delete')}
              </Button>
            </Group>
          )}
          {BookingActions && <BookingActions group={group} />}
          <Divider />
          <Group justify="space-between">
            <Title order={3} size="h5">
              {t('equipment-sets.groups.items_title', { count: group.equipment.length })}
            </Title>
            {group.equipment.length > 0 && (
              <Anchor component={Link} to={setPaths.groupItems(group.id)} size="sm">
                {t('equipment-sets.groups.open_in_list')}
              </Anchor>
            )}
          </Group>
          {group.equipment.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('equipment-sets.groups.no_items')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={360}>
              <Table verticalSpacing="xs" striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('equipment-sets.fields.item')}</Table.Th>
                    <Table.Th>{t('equipment-sets.fields.status')}</Table.Th>
                    <Table.Th>{t('equipment-sets.fields.holder')}</Table.Th>
                    {group.can_edit && (
                      <Table.Th w={40}>
                        <VisuallyHidden>{t('equipment-sets.actions')}</VisuallyHidden>
                      </Table.Th>
                    )}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {group.equipment.map((item) => (
                    <Table.Tr key={item.id}>
                      <Table.Td>
                        <Anchor component={Link} to={setPaths.item(item.id)} size="sm">
                          {item.title}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {item.type.name}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <ItemStatusBadge status={item.status} />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c={item.overdue ? 'red' : undefined}>
                          {item.holder?.full_name ?? '—'}
                        </Text>
                        {item.return_date && (
                          <Text size="xs" c={item.overdue ? 'red' : 'dimmed'}>
                            {t(item.overdue ? 'equipment-sets.overdue_since' : 'equipment-sets.until', {
                              date: day(item.return_date),
                            })}
                          </Text>
                        )}
                      </Table.Td>
                      {group.can_edit && (
                        <Table.Td>
                          <Tooltip label={t('equipment-sets.groups.take_out')}>
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-label={t('equipment-sets.groups.take_out_named', { name: item.title })}
                              loading={takeOut.isPending && takeOut.variables === item.id}
                              onClick={() =>
                                takeOut.mutate(item.id, {
                                  onSuccess: () =>
                                    notify.ok('equipment-sets.groups.taken_out', { name: item.title }),
                                  onError: notify.fail,
                                })
                              }
                            >
                              <IconX size={16} />
                            </ActionIcon>
                          </Tooltip>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
