import {
  Badge,
  Button,
  Checkbox,
  CloseButton,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconBox,
  IconCategory2,
  IconLayoutGrid,
  IconList,
  IconPlus,
  IconTopologyStar3,
} from '@tabler/icons-react';
import { ASSET_DENSITIES, ASSET_SORT_BY, type AssetDensity, type AssetListQuery } from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../ui/feedback/EmptyState';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { ListPaging } from '../../../ui/ListPaging';
import { ListSortControl } from '../../../ui/ListSortControl';
import { useAssetList } from '../assets-api';
import { AssetBulkBar } from '../components/AssetBulkBar';
import { AssetCard } from '../components/AssetCard';
import { AssetListFilters } from '../components/AssetListFilters';
import {
  type AssetListState,
  assetListSearch,
  assetPaths,
  changeAssetList,
  clearAssetListFilters,
  isAssetListFiltered,
  readAssetDensity,
  readAssetListState,
} from '../list-state';
import { useAssetSelection } from '../use-asset-selection';
import { useCanAddAsset } from '../use-can-add-asset';

const SKELETON_CARDS = [1, 2, 3, 4, 5, 6];
const DENSITY_ICONS = { comfortable: IconLayoutGrid, compact: IconList } as const;

/**
 * /dashboard/assets (001 §2 "Assets"): the assets the person sees as cards in two densities, with
 * the filter bar, sorting, paging and density in the URL, and multi archive / delete.
 */
export function AssetListPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = readAssetListState(searchParams);
  const { query, density } = state;
  const list = useAssetList(query);
  const selection = useAssetSelection();
  const canAdd = useCanAddAsset();

  const go = (next: AssetListState) => setSearchParams(new URLSearchParams(assetListSearch(next)));
  const update = (patch: Partial<AssetListQuery>) => go(changeAssetList(state, patch));
  const page = list.data;
  const filtered = isAssetListFiltered(query);
  const pageState = page ? selection.pageState(page.data) : 'none';

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('assets.list.title')}
        </Title>
        <Group gap="xs" wrap="wrap">
          <Button
            component={Link}
            to={assetPaths.groups}
            variant="default"
            leftSection={<IconCategory2 size={18} />}
          >
            {t('assets.groups.title')}
          </Button>
          <Button
            component={Link}
            to={assetPaths.systems}
            variant="default"
            leftSection={<IconTopologyStar3 size={18} />}
          >
            {t('assets.systems.title')}
          </Button>
          {canAdd && (
            <Button component={Link} to={assetPaths.add} leftSection={<IconPlus size={18} />}>
              {t('assets.list.add')}
            </Button>
          )}
        </Group>
      </Group>

      <AssetListFilters query={query} onChange={update} />
      {state.groupName && query.groups.length === 1 && (
        <Group gap="xs" data-testid="asset-group-filter">
          <Text size="sm" c="dimmed">
            {t('assets.list.filtered_by_group')}
          </Text>
          <Badge
            variant="light"
            size="lg"
            rightSection={
              <CloseButton
                size="xs"
                aria-label={t('assets.list.remove_group_filter', { name: state.groupName })}
                onClick={() => update({ groups: [] })}
              />
            }
          >
            {state.groupName} (#{query.groups[0]})
          </Badge>
        </Group>
      )}
      <AssetBulkBar selection={selection} />

      <Group justify="space-between" wrap="wrap" gap="sm">
        <Checkbox
          label={t('assets.list.select_page')}
          checked={pageState === 'all'}
          indeterminate={pageState === 'some'}
          onChange={() => page && selection.togglePage(page.data)}
          disabled={!page?.data.length}
          data-testid="asset-select-page"
        />
        <Group gap="sm" wrap="wrap">
          <ListSortControl
            label={t('assets.list.sort_by')}
            value={query.sort_by}
            options={ASSET_SORT_BY.map((f) => ({ value: f, label: t(`assets.list.sort.${f}`) }))}
            onChange={(sort_by) => update({ sort_by })}
            width={170}
            direction={query.sort_direction}
            ascendingLabel={t('assets.list.ascending')}
            descendingLabel={t('assets.list.descending')}
            toggleLabel={t('assets.list.toggle_direction')}
            onToggleDirection={() =>
              update({ sort_direction: query.sort_direction === 'asc' ? 'desc' : 'asc' })
            }
          />
          <SegmentedControl
            size="xs"
            aria-label={t('assets.list.density')}
            value={density}
            onChange={(v) => go({ ...state, density: readAssetDensity(v) })}
            data={ASSET_DENSITIES.map((value: AssetDensity) => {
              const Icon = DENSITY_ICONS[value];
              return {
                value,
                label: (
                  <Group gap={4} wrap="nowrap">
                    <Icon size={14} aria-hidden />
                    <span>{t(`assets.list.densities.${value}`)}</span>
                  </Group>
                ),
              };
            })}
          />
        </Group>
      </Group>

      {list.isPending && (
        <SimpleGrid
          cols={density === 'compact' ? 1 : { base: 1, sm: 2, lg: 3, xl: 4 }}
          role="status"
          aria-busy="true"
          aria-label={t('common.loading')}
          data-testid="asset-list-loading"
        >
          {SKELETON_CARDS.map((n) => (
            <Skeleton key={n} h={density === 'compact' ? 62 : 300} radius="md" />
          ))}
        </SimpleGrid>
      )}
      {list.isError && !page && (
        <ErrorPanel title={t('assets.list.load_failed')} error={list.error} onRetry={() => list.refetch()} />
      )}
      {page && page.total === 0 && (
        <EmptyState
          filtered={filtered}
          noResultsText={t('assets.list.no_results')}
          clearFilters={{
            label: t('assets.list.clear_filters'),
            onClick: () => go(clearAssetListFilters(state)),
          }}
          icon={IconBox}
          title={t('assets.list.empty_title')}
          text={t('assets.list.empty_text')}
          add={canAdd ? { label: t('assets.list.add'), to: assetPaths.add } : undefined}
        />
      )}
      {page && page.total > 0 && (
        <Stack gap="sm" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          {list.isError && (
            <ErrorPanel
              title={t('assets.list.load_failed')}
              error={list.error}
              onRetry={() => list.refetch()}
            />
          )}
          <SimpleGrid
            cols={density === 'compact' ? 1 : { base: 1, sm: 2, lg: 3, xl: 4 }}
            spacing={density === 'compact' ? 'xs' : 'md'}
            data-testid="asset-cards"
          >
            {page.data.map((asset) => (
              <AssetCard key={asset.id} asset={asset} density={density} selection={selection} />
            ))}
          </SimpleGrid>
          <ListPaging
            page={page}
            showing={(range) => t('assets.list.showing', range)}
            rangeTestId="asset-list-range"
            pageSize={query.paginate_by}
            pageSizeLabel={t('assets.list.page_size')}
            perPageLabel={(n) => t('assets.list.per_page', { value: n })}
            onPageSize={(n) => update({ paginate_by: n })}
            onPage={(p) => update({ page: p })}
          />
        </Stack>
      )}
    </Stack>
  );
}
