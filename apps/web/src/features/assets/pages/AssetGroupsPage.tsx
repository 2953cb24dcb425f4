import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconArrowLeft,
  IconCategory2,
  IconClipboardList,
  IconPencil,
  IconPlus,
  IconSearch,
  IconStack2,
  IconTrash,
} from '@tabler/icons-react';
import {
  ASSET_STATUS_IDS,
  type AssetGroup,
  type AssetGroupListQuery,
  assetGroupListQueryToParams,
  readAssetGroupListQuery,
  withAssetGroupListFilter,
} from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../ui/feedback/EmptyState';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { useNotify } from '../../../ui/feedback/use-notify';
import { useUrlSearch } from '../../../ui/feedback/use-url-search';
import { ListPaging } from '../../../ui/ListPaging';
import { SummaryMultiSelect } from '../../issues/components/SummaryMultiSelect';
import { useWorkspaceChoices } from '../../issues/issues-api';
import { useAssetFilterOptions, useAssetGroupList, useDeleteAssetGroup } from '../assets-api';
import { AssetStatusBadge, useAssetStatusName } from '../components/AssetBadges';
import { GroupModal } from '../components/GroupModal';
import { assetPaths, groupAssetsPath } from '../list-state';
import { useCanAddAsset } from '../use-can-add-asset';

const SKELETON_CARDS = [1, 2, 3, 4, 5, 6];
const ids = (values: string[]) => values.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
const FIELD_WIDTH = { base: '100%', sm: 200 };

/**
 * /dashboard/assets/groups (001 §2): the asset groups with their filters (common status,
 * workspaces, managers) in the URL. A card opens the asset list filtered by its group.
 */
export function AssetGroupsPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const [searchParams, setSearchParams] = useSearchParams();
  const query = readAssetGroupListQuery(searchParams);
  const list = useAssetGroupList(query);
  const options = useAssetFilterOptions();
  const workspaces = useWorkspaceChoices();
  const statusName = useAssetStatusName();
  const canAdd = useCanAddAsset();
  const remove = useDeleteAssetGroup();
  // undefined: closed; null: adding; a group: editing it.
  const [editing, setEditing] = useState<AssetGroup | null | undefined>(undefined);
  const update = (patch: Partial<AssetGroupListQuery>) =>
    setSearchParams(new URLSearchParams(assetGroupListQueryToParams(withAssetGroupListFilter(query, patch))));
  const [searchText, setSearchText] = useUrlSearch(query.search, (search) => update({ search }));
  const page = list.data;
  const filtered =
    query.search !== '' ||
    query.status.length > 0 ||
    query.workspaces.length > 0 ||
    query.managers.length > 0;

  const confirmDelete = (group: AssetGroup) =>
    modals.openConfirmModal({
      title: t('assets.groups.delete_title', { name: group.name }),
      children: (
        <Text size="sm">{t('assets.groups.delete_text', { count: group.statistics.assets_in_group })}</Text>
      ),
      labels: { confirm: t('assets.delete'), cancel: t('assets.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(group.id, {
          onSuccess: () => notify.ok('assets.groups.deleted', { name: group.name }),
          onError: notify.fail,
        }),
    });

  return (
    <Stack gap="md">
      <Anchor component={Link} to={assetPaths.list} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {t('assets.list.title')}
        </Group>
      </Anchor>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('assets.groups.title')}
        </Title>
        {canAdd && (
          <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing(null)}>
            {t('assets.groups.add')}
          </Button>
        )}
      </Group>
      <Group gap="sm" wrap="wrap">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('assets.groups.search_placeholder')}
          aria-label={t('assets.groups.search')}
          value={searchText}
          onChange={(e) => setSearchText(e.currentTarget.value)}
          w={{ base: '100%', sm: 240 }}
        />
        <SummaryMultiSelect
          label={t('assets.filters.status')}
          data={ASSET_STATUS_IDS.map((s) => ({ value: String(s), label: statusName(s) }))}
          value={query.status.map(String)}
          onChange={(v) => update({ status: ids(v) })}
          w={FIELD_WIDTH}
        />
        <SummaryMultiSelect
          label={t('assets.filters.workspaces')}
          data={(workspaces.data ?? []).map((w) => ({ value: String(w.id), label: w.name, depth: w.depth }))}
          value={query.workspaces.map(String)}
          onChange={(v) => update({ workspaces: ids(v) })}
          w={FIELD_WIDTH}
        />
        <SummaryMultiSelect
          label={t('assets.filters.managers')}
          data={(options.data?.managers ?? []).map((p) => ({ value: String(p.id), label: p.full_name }))}
          value={query.managers.map(String)}
          onChange={(v) => update({ managers: ids(v) })}
          w={FIELD_WIDTH}
        />
      </Group>

      {list.isPending && (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          role="status"
          aria-busy="true"
          aria-label={t('common.loading')}
        >
          {SKELETON_CARDS.map((n) => (
            <Skeleton key={n} h={150} radius="md" />
          ))}
        </SimpleGrid>
      )}
      {list.isError && !page && (
        <ErrorPanel
          title={t('assets.groups.load_failed')}
          error={list.error}
          onRetry={() => list.refetch()}
        />
      )}
      {page && page.total === 0 && (
        <EmptyState
          filtered={filtered}
          noResultsText={t('assets.list.no_results')}
          icon={IconCategory2}
          title={t('assets.groups.empty_title')}
          text={t('assets.groups.empty_text')}
          add={canAdd ? { label: t('assets.groups.add'), onClick: () => setEditing(null) } : undefined}
        />
      )}
      {page && page.total > 0 && (
        <Stack gap="sm" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
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
                    <Group gap={2} wrap="nowrap">
                      <Tooltip label={t('assets.edit')}>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={t('assets.groups.edit_named', { name: group.name })}
                          onClick={() => setEditing(group)}
                        >
                          <IconPencil size={18} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('assets.delete')}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('assets.groups.delete_named', { name: group.name })}
                          onClick={() => confirmDelete(group)}
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  )}
                </Group>
                {group.description && (
                  <Text size="sm" mt={6} lineClamp={2}>
                    {group.description}
                  </Text>
                )}
                <Group gap={6} mt="sm" wrap="wrap">
                  <AssetStatusBadge status={group.status} />
                  <Badge
                    variant="outline"
                    color="gray"
                    size="sm"
                    leftSection={<IconStack2 size={12} aria-hidden />}
                  >
                    {t('assets.assets_count', { count: group.statistics.assets_in_group })}
                  </Badge>
                  <Badge
                    variant="outline"
                    color="gray"
                    size="sm"
                    leftSection={<IconClipboardList size={12} aria-hidden />}
                  >
                    {t('assets.list.asset_issues', { count: group.statistics.asset_issues })}
                  </Badge>
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
          <ListPaging
            page={page}
            showing={(range) => t('assets.list.showing', range)}
            pageSize={query.paginate_by}
            pageSizeLabel={t('assets.list.page_size')}
            perPageLabel={(n) => t('assets.list.per_page', { value: n })}
            onPageSize={(n) => update({ paginate_by: n })}
            onPage={(p) => update({ page: p })}
          />
        </Stack>
      )}
      <GroupModal
        opened={editing !== undefined}
        group={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={(saved) => {
          notify.ok(editing ? 'assets.groups.saved' : 'assets.groups.added', { name: saved.name });
          setEditing(undefined);
        }}
      />
    </Stack>
  );
}
