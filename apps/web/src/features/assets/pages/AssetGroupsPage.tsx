import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCategory2, IconClipboardList, IconStack2, type TablerIcon } from '@tabler/icons-react';
import {
  type AssetGroup,
  assetGroupListQueryToParams,
  readAssetGroupListQuery,
  withAssetGroupListFilter,
} from '@workbench/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SummaryMultiSelect } from '../../issues/components/SummaryMultiSelect';
import { useWorkspaceChoices } from '../../issues/issues-api';
import { useAssetFilterOptions, useAssetGroupList, useDeleteAssetGroup } from '../assets-api';
import { AssetStatusBadge } from '../components/AssetBadges';
import {
  AssetSetActions,
  AssetSetListPage,
  FILTER_WIDTH,
  filterIds,
  useConfirmDelete,
  useEditModal,
  useUrlListQuery,
} from '../components/AssetSetListPage';
import { GroupModal } from '../components/GroupModal';
import { groupAssetsPath } from '../list-state';
import { useCanAddAsset } from '../use-can-add-asset';

/** A count on a group's card, after its icon. */
function CountBadge({ icon: Icon, children }: { icon: TablerIcon; children: ReactNode }) {
  return (
    <Badge variant="outline" color="gray" size="sm" leftSection={<Icon size={12} aria-hidden />}>
      {children}
    </Badge>
  );
}

/**
 * /dashboard/assets/groups (001 §2): the asset groups with their filters (common status,
 * workspaces, managers) in the URL. A card opens the asset list filtered by its group.
 */
export function AssetGroupsPage() {
  const { t } = useTranslation();
  const { query, update } = useUrlListQuery(
    readAssetGroupListQuery,
    assetGroupListQueryToParams,
    withAssetGroupListFilter,
  );
  const list = useAssetGroupList(query);
  const options = useAssetFilterOptions();
  const workspaces = useWorkspaceChoices();
  const canAdd = useCanAddAsset();
  const confirmDelete = useConfirmDelete('groups', useDeleteAssetGroup());
  const { editing, setEditing, modal } = useEditModal<AssetGroup>('groups');

  return (
    <AssetSetListPage
      kind="groups"
      query={query}
      update={update}
      list={list}
      canAdd={canAdd}
      onAdd={() => setEditing(null)}
      filters={
        <>
          <SummaryMultiSelect
            label={t('assets.filters.workspaces')}
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
            label={t('assets.filters.managers')}
            data={(options.data?.managers ?? []).map((p) => ({ value: String(p.id), label: p.full_name }))}
            value={query.managers.map(String)}
            onChange={(v) => update({ managers: filterIds(v) })}
            w={FILTER_WIDTH}
          />
        </>
      }
      filtered={query.workspaces.length > 0 || query.managers.length > 0}
      emptyIcon={IconCategory2}
      skeleton="cards"
      rows={(page) => (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {page.data.map((group) => (
            <Card key={group.id} withBorder radius="md" padding="md" data-testid="asset-group-card">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2} miw={0}>
                  <Anchor component={Link} to={groupAssetsPath(group)} fw={600} lineClamp={1}>
                    {group.name}
                  </Anchor>
                  <Text size="sm" c="dimmed" lineClamp={1}>
                    {group.workspace.name}
                  </Text>
                </Stack>
                {group.can_edit && (
                  <AssetSetActions
                    kind="groups"
                    name={group.name}
                    onEdit={() => setEditing(group)}
                    onDelete={() => confirmDelete(group, group.statistics.assets_in_group)}
                  />
                )}
              </Group>
              {group.description && (
                <Text size="sm" mt={6} lineClamp={2}>
                  {group.description}
                </Text>
              )}
              <Group gap={6} mt="sm" wrap="wrap">
                <AssetStatusBadge status={group.status} />
                <CountBadge icon={IconStack2}>
                  {t('assets.assets_count', { count: group.statistics.assets_in_group })}
                </CountBadge>
                <CountBadge icon={IconClipboardList}>
                  {t('assets.list.asset_issues', { count: group.statistics.asset_issues })}
                </CountBadge>
              </Group>
              {group.managers.length > 0 && (
                <Text size="xs" c="dimmed" mt={6} lineClamp={1}>
                  {t('assets.groups.managed_by', {
                    names: group.managers.map((m) => m.full_name).join(', '),
                  })}
                </Text>
              )}
            </Card>
          ))}
        </SimpleGrid>
      )}
      modal={<GroupModal {...modal} group={editing ?? null} />}
    />
  );
}
