import {
  Badge,
  Button,
  Checkbox,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconAddressBook,
  IconCategory2,
  IconLayoutGrid,
  IconList,
  IconPlus,
  IconTags,
  IconTool,
} from '@tabler/icons-react';
import {
  EQUIPMENT_DENSITIES,
  EQUIPMENT_SORT_BY,
  type EquipmentDensity,
  type EquipmentListQuery,
} from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../ui/feedback/EmptyState';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { ListPaging } from '../../../ui/ListPaging';
import { ListSortControl } from '../../../ui/ListSortControl';
import { EquipmentBulkBar } from '../components/EquipmentBulkBar';
import { EquipmentCard } from '../components/EquipmentCard';
import { EquipmentListFilters } from '../components/EquipmentListFilters';
import { useEquipmentList } from '../equipment-api';
import {
  changeEquipmentList,
  clearEquipmentListFilters,
  type EquipmentListState,
  equipmentListSearch,
  equipmentPaths,
  equipmentSections,
  isEquipmentListFiltered,
  readEquipmentDensity,
  readEquipmentListState,
} from '../list-state';
import { useCanAddEquipment } from '../use-can-add-equipment';
import { useEquipmentSelection } from '../use-equipment-selection';

const SKELETON_CARDS = [1, 2, 3, 4, 5, 6];
const DENSITY_ICONS = { comfortable: IconLayoutGrid, compact: IconList } as const;
const PART_COLORS = { overdue: 'red', pending: 'orange', regular: 'gray' } as const;

const gridCols = (density: EquipmentDensity) =>
  density === 'compact' ? 1 : { base: 1, sm: 2, lg: 3, xl: 4 };

/**
 * /dashboard/equipment (001 §2 "Equipment"): the items the person sees as cards in two
 * densities, with the filter bar, sorting, paging and density in the URL, the parts of the
 * action_required order (overdue, waiting for a decision, the rest) under their headings, and
 * the bulk actions of the selection.
 */
export function EquipmentListPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = readEquipmentListState(searchParams);
  const { query, density } = state;
  const list = useEquipmentList(query);
  const selection = useEquipmentSelection();
  const canAdd = useCanAddEquipment();

  const go = (next: EquipmentListState) => setSearchParams(new URLSearchParams(equipmentListSearch(next)));
  const update = (patch: Partial<EquipmentListQuery>) => go(changeEquipmentList(state, patch));
  const page = list.data;
  const filtered = isEquipmentListFiltered(query);
  const pageState = page ? selection.pageState(page.data) : 'none';
  const sections = page ? equipmentSections(page.data, query.sort_by) : [];

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('equipment.list.title')}
        </Title>
        <Group gap="xs" wrap="wrap">
          <Button
            component={Link}
            to={equipmentPaths.groups}
            variant="default"
            leftSection={<IconCategory2 size={18} aria-hidden />}
          >
            {t('equipment.list.groups')}
          </Button>
          <Button
            component={Link}
            to={equipmentPaths.types}
            variant="default"
            leftSection={<IconTags size={18} aria-hidden />}
          >
            {t('equipment.list.types')}
          </Button>
          <Button
            component={Link}
            to={equipmentPaths.externalHolders}
            variant="default"
            leftSection={<IconAddressBook size={18} aria-hidden />}
          >
            {t('equipment.list.external_holders')}
          </Button>
          {canAdd && (
            <Button
              component={Link}
              to={equipmentPaths.add}
              leftSection={<IconPlus size={18} aria-hidden />}
              data-testid="equipment-add"
            >
              {t('equipment.list.add')}
            </Button>
          )}
        </Group>
      </Group>

      <EquipmentListFilters query={query} onChange={update} />
      <EquipmentBulkBar selection={selection} />

      <Group justify="space-between" wrap="wrap" gap="sm">
        <Checkbox
          label={t('equipment.list.select_page')}
          checked={pageState === 'all'}
          indeterminate={pageState === 'some'}
          onChange={() => page && selection.togglePage(page.data)}
          disabled={!page?.data.length}
          data-testid="equipment-select-page"
        />
        <Group gap="sm" wrap="wrap">
          <ListSortControl
            label={t('equipment.list.sort_by')}
            value={query.sort_by}
            options={EQUIPMENT_SORT_BY.map((f) => ({ value: f, label: t(`equipment.list.sort.${f}`) }))}
            onChange={(sort_by) => update({ sort_by })}
            width={190}
            direction={query.sort_direction}
            ascendingLabel={t('equipment.list.ascending')}
            descendingLabel={t('equipment.list.descending')}
            toggleLabel={t('equipment.list.toggle_direction')}
            onToggleDirection={() =>
              update({ sort_direction: query.sort_direction === 'asc' ? 'desc' : 'asc' })
            }
          />
          <SegmentedControl
            size="xs"
            aria-label={t('equipment.list.density')}
            value={density}
            onChange={(v) => go({ ...state, density: readEquipmentDensity(v) })}
            data={EQUIPMENT_DENSITIES.map((value) => {
              const Icon = DENSITY_ICONS[value];
              return {
                value,
                label: (
                  <Group gap={4} wrap="nowrap">
                    <Icon size={14} aria-hidden />
                    <span>{t(`equipment.list.densities.${value}`)}</span>
                  </Group>
                ),
              };
            })}
          />
        </Group>
      </Group>

      {list.isPending && (
        <SimpleGrid
          cols={gridCols(density)}
          role="status"
          aria-busy="true"
          aria-label={t('common.loading')}
          data-testid="equipment-list-loading"
        >
          {SKELETON_CARDS.map((n) => (
            <Skeleton key={n} h={density === 'compact' ? 62 : 300} radius="md" />
          ))}
        </SimpleGrid>
      )}
      {list.isError && !page && (
        <ErrorPanel
          title={t('equipment.list.load_failed')}
          error={list.error}
          onRetry={() => list.refetch()}
        />
      )}
      {page && page.total === 0 && (
        <EmptyState
          filtered={filtered}
          noResultsText={t('equipment.list.no_results')}
          clearFilters={{
            label: t('equipment.list.clear_filters'),
            onClick: () => go(clearEquipmentListFilters(state)),
          }}
          icon={IconTool}
          title={t('equipment.list.empty_title')}
          text={t('equipment.list.empty_text')}
          add={canAdd ? { label: t('equipment.list.add'), to: equipmentPaths.add } : undefined}
        />
      )}
      {page && page.total > 0 && (
        <Stack gap="sm" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          {list.isError && (
            <ErrorPanel
              title={t('equipment.list.load_failed')}
              error={list.error}
              onRetry={() => list.refetch()}
            />
          )}
          {sections.map((section) => (
            <Stack
              key={section.part ?? 'all'}
              gap="xs"
              component="section"
              aria-labelledby={section.part ? `equipment-part-${section.part}` : undefined}
              data-testid="equipment-section"
            >
              {section.part && (
                <Group gap="xs" mt="xs">
                  <Title order={2} size="h4" id={`equipment-part-${section.part}`}>
                    {t(`equipment.list.parts.${section.part}`)}
                  </Title>
                  <Badge color={PART_COLORS[section.part]} variant="light" size="md">
                    {page.parts[section.part]}
                  </Badge>
                </Group>
              )}
              <SimpleGrid
                cols={gridCols(density)}
                spacing={density === 'compact' ? 'xs' : 'md'}
                data-testid="equipment-cards"
              >
                {section.rows.map((item) => (
                  <EquipmentCard key={item.id} item={item} density={density} selection={selection} />
                ))}
              </SimpleGrid>
            </Stack>
          ))}
          <ListPaging
            page={page}
            showing={(range) => t('equipment.list.showing', range)}
            rangeTestId="equipment-list-range"
            pageSize={query.paginate_by}
            pageSizeLabel={t('equipment.list.page_size')}
            perPageLabel={(n) => t('equipment.list.per_page', { value: n })}
            onPageSize={(n) => update({ paginate_by: n })}
            onPage={(p) => update({ page: p })}
          />
        </Stack>
      )}
      {page && page.total > 0 && sections.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('equipment.list.page_empty')}
        </Text>
      )}
    </Stack>
  );
}
