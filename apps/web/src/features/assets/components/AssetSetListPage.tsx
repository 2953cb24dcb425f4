import {
  ActionIcon,
  Anchor,
  Button,
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
  IconPencil,
  IconPlus,
  IconSearch,
  IconTrash,
  type TablerIcon,
} from '@tabler/icons-react';
import { ASSET_STATUS_IDS } from '@workbench/domain';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../ui/feedback/EmptyState';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { useNotify } from '../../../ui/feedback/use-notify';
import { useUrlSearch } from '../../../ui/feedback/use-url-search';
import { type ListPageInfo, ListPaging } from '../../../ui/ListPaging';
import { SummaryMultiSelect } from '../../issues/components/SummaryMultiSelect';
import { assetPaths } from '../list-state';
import { useAssetStatusName } from './AssetBadges';

/**
 * The asset groups and asset systems pages are built alike: the texts of each live under
 * assets.groups.* and assets.systems.* with the same names below.
 */
type AssetSetKind = 'groups' | 'systems';

/** A multi-select's chosen values as ids. */
export const filterIds = (values: string[]) =>
  values.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
export const FILTER_WIDTH = { base: '100%', sm: 200 };

/** A list's query, read from the URL, and a change of it written back (a filter goes back to page 1). */
export function useUrlListQuery<Q>(
  read: (params: URLSearchParams) => Q,
  toParams: (query: Q) => Record<string, string>,
  withFilter: (query: Q, patch: Partial<Q>) => Q,
) {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = read(searchParams);
  const update = (patch: Partial<Q>) =>
    setSearchParams(new URLSearchParams(toParams(withFilter(query, patch))));
  return { query, update };
}

/**
 * The add/edit modal of a list: closed (undefined), adding (null) or editing an item. Saving
 * says so in a toast and closes it.
 */
export function useEditModal<T>(kind: AssetSetKind) {
  const notify = useNotify();
  const [editing, setEditing] = useState<T | null | undefined>(undefined);
  return {
    editing,
    setEditing,
    modal: {
      opened: editing !== undefined,
      onClose: () => setEditing(undefined),
      onSaved: (saved: { name: string }) => {
        notify.ok(editing ? `assets.${kind}.saved` : `assets.${kind}.added`, { name: saved.name });
        setEditing(undefined);
      },
    },
  };
}

/** Asks before deleting a group or system (its assets stay, without it), then says how it went. */
export function useConfirmDelete(
  kind: AssetSetKind,
  remove: {
    mutate: (id: number, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  },
) {
  const { t } = useTranslation();
  const notify = useNotify();
  return (item: { id: number; name: string }, assetCount: number) =>
    modals.openConfirmModal({
      title: t(`assets.${kind}.delete_title`, { name: item.name }),
      children: <Text size="sm">{t(`assets.${kind}.delete_text`, { count: assetCount })}</Text>,
      labels: { confirm: t('assets.delete'), cancel: t('assets.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(item.id, {
          onSuccess: () => notify.ok(`assets.${kind}.deleted`, { name: item.name }),
          onError: notify.fail,
        }),
    });
}

/** The edit and delete buttons of a group's card or a system's row, named after it. */
export function AssetSetActions({
  kind,
  name,
  onEdit,
  onDelete,
}: {
  kind: AssetSetKind;
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={2} wrap="nowrap">
      <Tooltip label={t('assets.edit')}>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t(`assets.${kind}.edit_named`, { name })}
          onClick={onEdit}
        >
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('assets.delete')}>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t(`assets.${kind}.delete_named`, { name })}
          onClick={onDelete}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

type SetQuery = { search: string; status: number[]; paginate_by: number };
type SetQueryPatch = Partial<SetQuery & { page: number }>;

/**
 * The page of the asset groups or the asset systems (001 §2): a link back to the assets, the
 * title with the add button, search and status filters (and the page's own), then loading,
 * failure, empty or the rows with the paging under them.
 */
export function AssetSetListPage<P extends ListPageInfo>({
  kind,
  query,
  update,
  list,
  canAdd,
  onAdd,
  filters,
  filtered = false,
  emptyIcon,
  skeleton,
  maw,
  rows,
  modal,
}: {
  kind: AssetSetKind;
  query: SetQuery;
  update: (patch: SetQueryPatch) => void;
  list: {
    data: P | undefined;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    isPlaceholderData: boolean;
    refetch: () => unknown;
  };
  canAdd: boolean;
  onAdd: () => void;
  /** The page's own filters, after search and status. */
  filters?: ReactNode;
  /** Whether any of the page's own filters is set. */
  filtered?: boolean;
  emptyIcon: TablerIcon;
  /** Groups show as cards, systems as rows: the placeholders while loading look the same. */
  skeleton: 'cards' | 'rows';
  maw?: number;
  rows: (page: P) => ReactNode;
  modal: ReactNode;
}) {
  const { t } = useTranslation();
  const statusName = useAssetStatusName();
  const [searchText, setSearchText] = useUrlSearch(query.search, (search) => update({ search }));
  const page = list.data;
  const loading = { role: 'status', 'aria-busy': true, 'aria-label': t('common.loading') } as const;

  return (
    <Stack gap="md" maw={maw}>
      <Anchor component={Link} to={assetPaths.list} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {t('assets.list.title')}
        </Group>
      </Anchor>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t(`assets.${kind}.title`)}
        </Title>
        {canAdd && (
          <Button leftSection={<IconPlus size={18} />} onClick={onAdd}>
            {t(`assets.${kind}.add`)}
          </Button>
        )}
      </Group>
      <Group gap="sm" wrap="wrap">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t(`assets.${kind}.search_placeholder`)}
          aria-label={t(`assets.${kind}.search`)}
          value={searchText}
          onChange={(e) => setSearchText(e.currentTarget.value)}
          w={{ base: '100%', sm: 240 }}
        />
        <SummaryMultiSelect
          label={t('assets.filters.status')}
          data={ASSET_STATUS_IDS.map((s) => ({ value: String(s), label: statusName(s) }))}
          value={query.status.map(String)}
          onChange={(v) => update({ status: filterIds(v) })}
          w={FILTER_WIDTH}
        />
        {filters}
      </Group>

      {list.isPending &&
        (skeleton === 'cards' ? (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} {...loading}>
            {[1, 2, 3, 4, 5, 6].map((n) => (
              <Skeleton key={n} h={150} radius="md" />
            ))}
          </SimpleGrid>
        ) : (
          <Stack gap="xs" {...loading}>
            {[1, 2, 3, 4].map((n) => (
              <Skeleton key={n} h={56} radius="md" />
            ))}
          </Stack>
        ))}
      {list.isError && !page && (
        <ErrorPanel
          title={t(`assets.${kind}.load_failed`)}
          error={list.error}
          onRetry={() => list.refetch()}
        />
      )}
      {page && page.total === 0 && (
        <EmptyState
          filtered={filtered || query.search !== '' || query.status.length > 0}
          noResultsText={t('assets.list.no_results')}
          icon={emptyIcon}
          title={t(`assets.${kind}.empty_title`)}
          text={t(`assets.${kind}.empty_text`)}
          add={canAdd ? { label: t(`assets.${kind}.add`), onClick: onAdd } : undefined}
        />
      )}
      {page && page.total > 0 && (
        <Stack gap="sm" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          {rows(page)}
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
      {modal}
    </Stack>
  );
}
