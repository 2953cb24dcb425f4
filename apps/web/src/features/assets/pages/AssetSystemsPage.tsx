import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Group,
  Paper,
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
  IconPencil,
  IconPlus,
  IconSearch,
  IconTopologyStar3,
  IconTrash,
} from '@tabler/icons-react';
import {
  ASSET_STATUS_IDS,
  type AssetSystem,
  type AssetSystemListQuery,
  assetListQueryToParams,
  assetSystemListQueryToParams,
  DEFAULT_ASSET_LIST_QUERY,
  readAssetSystemListQuery,
  withAssetSystemListFilter,
} from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../ui/feedback/EmptyState';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { useNotify } from '../../../ui/feedback/use-notify';
import { useUrlSearch } from '../../../ui/feedback/use-url-search';
import { ListPaging } from '../../../ui/ListPaging';
import { useAuth } from '../../auth/session-store';
import { SummaryMultiSelect } from '../../issues/components/SummaryMultiSelect';
import { useAssetSystemList, useDeleteAssetSystem } from '../assets-api';
import { AssetStatusBadge, useAssetStatusName } from '../components/AssetBadges';
import { SystemModal } from '../components/GroupModal';
import { assetPaths } from '../list-state';

const SKELETON_ROWS = [1, 2, 3, 4];
const ids = (values: string[]) => values.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);

/** The asset list of one system. */
const systemAssetsPath = (id: number) =>
  `${assetPaths.list}?${new URLSearchParams(assetListQueryToParams({ ...DEFAULT_ASSET_LIST_QUERY, systems: [id] }))}`;

/**
 * /dashboard/assets/systems (001 §2): the organisation's asset systems (a partner: those shared
 * with it) with the common status filter; admins add, change and delete them.
 */
export function AssetSystemsPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const [searchParams, setSearchParams] = useSearchParams();
  const query = readAssetSystemListQuery(searchParams);
  const list = useAssetSystemList(query);
  const statusName = useAssetStatusName();
  const isAdmin = useAuth().session?.user.role === 'admin';
  const remove = useDeleteAssetSystem();
  const [editing, setEditing] = useState<AssetSystem | null | undefined>(undefined);
  const update = (patch: Partial<AssetSystemListQuery>) =>
    setSearchParams(
      new URLSearchParams(assetSystemListQueryToParams(withAssetSystemListFilter(query, patch))),
    );
  const [searchText, setSearchText] = useUrlSearch(query.search, (search) => update({ search }));
  const page = list.data;

  const confirmDelete = (system: AssetSystem) =>
    modals.openConfirmModal({
      title: t('assets.systems.delete_title', { name: system.name }),
      children: (
        <Text size="sm">
          {t('assets.systems.delete_text', { count: system.statistics.assets_in_system })}
        </Text>
      ),
      labels: { confirm: t('assets.delete'), cancel: t('assets.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(system.id, {
          onSuccess: () => notify.ok('assets.systems.deleted', { name: system.name }),
          onError: notify.fail,
        }),
    });

  return (
    <Stack gap="md" maw={900}>
      <Anchor component={Link} to={assetPaths.list} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {t('assets.list.title')}
        </Group>
      </Anchor>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('assets.systems.title')}
        </Title>
        {isAdmin && (
          <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing(null)}>
            {t('assets.systems.add')}
          </Button>
        )}
      </Group>
      <Group gap="sm" wrap="wrap">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('assets.systems.search_placeholder')}
          aria-label={t('assets.systems.search')}
          value={searchText}
          onChange={(e) => setSearchText(e.currentTarget.value)}
          w={{ base: '100%', sm: 240 }}
        />
        <SummaryMultiSelect
          label={t('assets.filters.status')}
          data={ASSET_STATUS_IDS.map((s) => ({ value: String(s), label: statusName(s) }))}
          value={query.status.map(String)}
          onChange={(v) => update({ status: ids(v) })}
          w={{ base: '100%', sm: 200 }}
        />
      </Group>

      {list.isPending && (
        <Stack gap="xs" role="status" aria-busy="true" aria-label={t('common.loading')}>
          {SKELETON_ROWS.map((n) => (
            <Skeleton key={n} h={56} radius="md" />
          ))}
        </Stack>
      )}
      {list.isError && !page && (
        <ErrorPanel
          title={t('assets.systems.load_failed')}
          error={list.error}
          onRetry={() => list.refetch()}
        />
      )}
      {page && page.total === 0 && (
        <EmptyState
          filtered={query.search !== '' || query.status.length > 0}
          noResultsText={t('assets.list.no_results')}
          icon={IconTopologyStar3}
          title={t('assets.systems.empty_title')}
          text={t('assets.systems.empty_text')}
          add={isAdmin ? { label: t('assets.systems.add'), onClick: () => setEditing(null) } : undefined}
        />
      )}
      {page && page.total > 0 && (
        <Stack gap="sm" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          <Paper withBorder radius="md">
            {page.data.map((system, index) => (
              <Group
                key={system.id}
                justify="space-between"
                wrap="nowrap"
                px="md"
                py="sm"
                data-testid="asset-system-row"
                style={{ borderTop: index ? '1px solid var(--mantine-color-default-border)' : undefined }}
              >
                <Box miw={0}>
                  <Group gap="xs" wrap="wrap">
                    <Text fw={600} lineClamp={1}>
                      {system.name}
                    </Text>
                    <AssetStatusBadge status={system.status} size="xs" />
                  </Group>
                  {system.description && (
                    <Text size="sm" c="dimmed" lineClamp={1}>
                      {system.description}
                    </Text>
                  )}
                  <Anchor component={Link} to={systemAssetsPath(system.id)} size="xs">
                    {t('assets.assets_count', { count: system.statistics.assets_in_system })}
                  </Anchor>
                </Box>
                {isAdmin && system.can_edit && (
                  <Group gap={2} wrap="nowrap">
                    <Tooltip label={t('assets.edit')}>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={t('assets.systems.edit_named', { name: system.name })}
                        onClick={() => setEditing(system)}
                      >
                        <IconPencil size={18} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('assets.delete')}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('assets.systems.delete_named', { name: system.name })}
                        onClick={() => confirmDelete(system)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                )}
              </Group>
            ))}
          </Paper>
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
      <SystemModal
        opened={editing !== undefined}
        system={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={(saved) => {
          notify.ok(editing ? 'assets.systems.saved' : 'assets.systems.added', { name: saved.name });
          setEditing(undefined);
        }}
      />
    </Stack>
  );
}
