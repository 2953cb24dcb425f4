import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Menu,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconArchive,
  IconArchiveOff,
  IconArrowLeft,
  IconDots,
  IconPencil,
  IconPlus,
  IconSearch,
  IconTrash,
  type TablerIcon,
} from '@tabler/icons-react';
import { EQUIPMENT_SET_SORT_BY, type EQUIPMENT_SET_STATUSES } from '@workbench/domain';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../ui/feedback/EmptyState';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { useNotify } from '../../../ui/feedback/use-notify';
import { useUrlSearch } from '../../../ui/feedback/use-url-search';
import { type ListPageInfo, ListPaging } from '../../../ui/ListPaging';
import { ListSortControl } from '../../../ui/ListSortControl';
import { setPaths } from '../paths';

/** The three pages: their texts live under equipment-sets.<kind>.* with the same names. */
export type SetKind = 'groups' | 'types' | 'holders';

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

type Mutation<V> = {
  mutate: (vars: V, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
};

/** Asks before deleting, then says how it went (a refusal's key, such as type_in_use, in the toast). */
export function useConfirmDelete(kind: SetKind, remove: Mutation<number>) {
  const { t } = useTranslation();
  const notify = useNotify();
  return (item: { id: number; name: string }, text: string) =>
    modals.openConfirmModal({
      title: t(`equipment-sets.${kind}.delete_title`, { name: item.name }),
      children: <Text size="sm">{text}</Text>,
      labels: { confirm: t('equipment-sets.delete'), cancel: t('equipment-sets.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-delete' } as never,
      onConfirm: () =>
        remove.mutate(item.id, {
          onSuccess: () => notify.ok(`equipment-sets.${kind}.deleted`, { name: item.name }),
          onError: notify.fail,
        }),
    });
}

/** Archive or bring back, with the toast saying which. */
export function useArchiveToggle<V>(kind: SetKind, run: Mutation<V>) {
  const notify = useNotify();
  return (vars: V, name: string, archiving: boolean) =>
    run.mutate(vars, {
      onSuccess: () => notify.ok(`equipment-sets.${kind}.${archiving ? 'archived' : 'unarchived'}`, { name }),
      onError: notify.fail,
    });
}

/**
 * A page's add / edit modal: what it edits (`null` a new one, `undefined` closed) and, after a
 * save, the toast (equipment-sets.<kind>.added or .saved, with the name) and closing.
 */
export function useSetEditor<T>(kind: SetKind) {
  const notify = useNotify();
  const [editing, setEditing] = useState<T | null | undefined>(undefined);
  return {
    /** What the modal edits: null for a new one. */
    editing: editing ?? null,
    opened: editing !== undefined,
    add: () => setEditing(null),
    edit: (entity: T) => setEditing(entity),
    close: () => setEditing(undefined),
    saved: (name: string) => {
      notify.ok(editing ? `equipment-sets.${kind}.saved` : `equipment-sets.${kind}.added`, { name });
      setEditing(undefined);
    },
  };
}

/** The menu of a card or row: edit, archive or bring back, delete; named after the item. */
export function SetActions({
  kind,
  name,
  archived,
  onEdit,
  onArchive,
  onDelete,
}: {
  kind: SetKind;
  name: string;
  archived: boolean;
  onEdit: () => void;
  onArchive: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={2} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={t(`equipment-sets.${kind}.edit_named`, { name })}
        onClick={onEdit}
      >
        <IconPencil size={18} />
      </ActionIcon>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={t('equipment-sets.more_named', { name })}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={archived ? <IconArchiveOff size={16} /> : <IconArchive size={16} />}
            onClick={onArchive}
          >
            {t(archived ? 'equipment-sets.unarchive' : 'equipment-sets.archive')}
          </Menu.Item>
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
            {t('equipment-sets.delete')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

/** The way between the equipment pages: items, groups, types, external holders. */
export function EquipmentSetsNav() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pages = [
    { value: setPaths.groups, label: t('equipment-sets.nav.groups') },
    { value: setPaths.types, label: t('equipment-sets.nav.types') },
    { value: setPaths.holders, label: t('equipment-sets.nav.holders') },
  ];
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Anchor component={Link} to={setPaths.items} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {t('equipment-sets.equipment')}
        </Group>
      </Anchor>
      <SegmentedControl
        size="xs"
        aria-label={t('equipment-sets.pages')}
        data={pages}
        value={pages.find((p) => pathname.startsWith(p.value))?.value ?? setPaths.groups}
        onChange={(to) => navigate(to)}
      />
    </Group>
  );
}

type SetQuery = {
  search: string;
  status: 'all' | (typeof EQUIPMENT_SET_STATUSES)[number];
  sort_by: (typeof EQUIPMENT_SET_SORT_BY)[number];
  sort_direction: 'asc' | 'desc';
  paginate_by: number;
};
type SetQueryPatch = Partial<SetQuery & { page: number }>;

/**
 * One of the equipment groups, types and external holders pages (001 §2): the way to the other
 * pages, the title with the add button, search, status, sort and the page's own filters (all in
 * the URL), then loading, failure, empty or the rows with the paging under them.
 */
export function SetListPage<P extends ListPageInfo>({
  kind,
  query,
  update,
  list,
  canAdd,
  onAdd,
  filters,
  filtered = false,
  onClearFilters,
  emptyIcon,
  emptyTitle,
  emptyText,
  skeleton,
  rows,
  children,
}: {
  kind: SetKind;
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
  filters?: ReactNode;
  filtered?: boolean;
  /** Clears the page's own filters with search and status (default: search and status only). */
  onClearFilters?: () => void;
  emptyIcon: TablerIcon;
  emptyTitle?: string;
  emptyText?: string;
  skeleton: 'cards' | 'rows';
  rows: (page: P) => ReactNode;
  /** The modals and drawers of the page. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [searchText, setSearchText] = useUrlSearch(query.search, (search) => update({ search }));
  const page = list.data;
  const loading = { role: 'status', 'aria-busy': true, 'aria-label': t('equipment-sets.loading') } as const;
  const isFiltered = filtered || query.search !== '' || query.status !== 'active';

  return (
    <Stack gap="md">
      <EquipmentSetsNav />
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t(`equipment-sets.${kind}.title`)}
        </Title>
        {canAdd && (
          <Button leftSection={<IconPlus size={18} />} onClick={onAdd}>
            {t(`equipment-sets.${kind}.add`)}
          </Button>
        )}
      </Group>
      <Group gap="sm" wrap="wrap" align="center">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t(`equipment-sets.${kind}.search_placeholder`)}
          aria-label={t(`equipment-sets.${kind}.search`)}
          value={searchText}
          onChange={(e) => setSearchText(e.currentTarget.value)}
          w={{ base: '100%', sm: 240 }}
        />
        <Select
          aria-label={t('equipment-sets.filters.status')}
          data={(['active', 'archived', 'all'] as const).map((s) => ({
            value: s,
            label: t(`equipment-sets.status_filter.${s}`),
          }))}
          value={query.status}
          onChange={(v) => v && update({ status: v as SetQuery['status'] })}
          allowDeselect={false}
          w={FILTER_WIDTH}
        />
        {filters}
        <ListSortControl
          label={t('equipment-sets.sort_by')}
          value={query.sort_by}
          options={EQUIPMENT_SET_SORT_BY.map((s) => ({ value: s, label: t(`equipment-sets.sort.${s}`) }))}
          onChange={(sort_by) => update({ sort_by })}
          width={150}
          direction={query.sort_direction}
          ascendingLabel={t('equipment-sets.ascending')}
          descendingLabel={t('equipment-sets.descending')}
          toggleLabel={t('equipment-sets.toggle_direction')}
          onToggleDirection={() =>
            update({ sort_direction: query.sort_direction === 'asc' ? 'desc' : 'asc' })
          }
        />
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
          title={t(`equipment-sets.${kind}.load_failed`)}
          error={list.error}
          onRetry={() => list.refetch()}
        />
      )}
      {page && page.total === 0 && (
        <EmptyState
          filtered={isFiltered}
          noResultsText={t('equipment-sets.no_results')}
          clearFilters={
            isFiltered
              ? {
                  label: t('equipment-sets.clear_filters'),
                  onClick: () => {
                    setSearchText('');
                    if (onClearFilters) onClearFilters();
                    else update({ search: '', status: 'active' });
                  },
                }
              : undefined
          }
          icon={emptyIcon}
          title={emptyTitle ?? t(`equipment-sets.${kind}.empty_title`)}
          text={emptyText ?? t(`equipment-sets.${kind}.empty_text`)}
          add={canAdd ? { label: t(`equipment-sets.${kind}.add`), onClick: onAdd } : undefined}
        />
      )}
      {page && page.total > 0 && (
        <Stack gap="sm" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          {rows(page)}
          <ListPaging
            page={page}
            showing={(range) => t('equipment-sets.showing', range)}
            pageSize={query.paginate_by}
            pageSizeLabel={t(`equipment-sets.${kind}.page_size`)}
            perPageLabel={(n) => t('equipment-sets.per_page', { value: n })}
            onPageSize={(n) => update({ paginate_by: n })}
            onPage={(p) => update({ page: p })}
          />
        </Stack>
      )}
      {children}
    </Stack>
  );
}
