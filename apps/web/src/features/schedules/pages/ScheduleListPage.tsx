import { Button, Checkbox, Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { IconCalendarRepeat, IconLayoutGrid, IconList, IconPlus, IconTable } from '@tabler/icons-react';
import { SCHEDULE_DENSITIES, SCHEDULE_SORT_BY, type ScheduleListQuery } from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../ui/feedback/EmptyState';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { ListPaging } from '../../../ui/ListPaging';
import { ListSortControl } from '../../../ui/ListSortControl';
import { ScheduleBulkBar } from '../components/ScheduleBulkBar';
import { ScheduleCard } from '../components/ScheduleCard';
import { ScheduleListFilters } from '../components/ScheduleListFilters';
import { ScheduleTable } from '../components/ScheduleTable';
import {
  changeScheduleList,
  clearScheduleListFilters,
  isScheduleListFiltered,
  readScheduleDensity,
  readScheduleListState,
  type ScheduleListState,
  scheduleListSearch,
  schedulePaths,
} from '../list-state';
import { useScheduleList } from '../schedules-api';
import { useCanAddSchedule } from '../use-can-add-schedule';
import { useScheduleSelection } from '../use-schedule-selection';

const SKELETON_CARDS = [1, 2, 3, 4, 5, 6];
const DENSITY_ICONS = { comfortable: IconLayoutGrid, compact: IconList, table: IconTable } as const;

/**
 * /dashboard/scheduling (001 §2 "Scheduling"): the schedules the person sees as cards, compact
 * rows or a table, with search, filters, sorting, paging and density in the URL, a menu per
 * schedule and the bulk bar for a selection.
 */
export function ScheduleListPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = readScheduleListState(searchParams);
  const { query, density } = state;
  const list = useScheduleList(query);
  const selection = useScheduleSelection();
  const canAdd = useCanAddSchedule();

  const go = (next: ScheduleListState) => setSearchParams(new URLSearchParams(scheduleListSearch(next)));
  const update = (patch: Partial<ScheduleListQuery>) => go(changeScheduleList(state, patch));
  const page = list.data;
  const filtered = isScheduleListFiltered(query);
  const pageState = page ? selection.pageState(page.data) : 'none';
  const cols = density === 'comfortable' ? { base: 1, sm: 2, lg: 3 } : 1;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('schedules.list.title')}
        </Title>
        {canAdd && (
          <Button component={Link} to={schedulePaths.add} leftSection={<IconPlus size={18} />}>
            {t('schedules.list.add')}
          </Button>
        )}
      </Group>

      <ScheduleListFilters query={query} onChange={update} />
      <ScheduleBulkBar selection={selection} />

      <Group justify="space-between" wrap="wrap" gap="sm">
        <Checkbox
          label={t('schedules.list.select_page')}
          checked={pageState === 'all'}
          indeterminate={pageState === 'some'}
          onChange={() => page && selection.togglePage(page.data)}
          disabled={!page?.data.length}
          data-testid="schedule-select-page"
        />
        <Group gap="sm" wrap="wrap">
          <ListSortControl
            label={t('schedules.list.sort_by')}
            value={query.sort_by}
            options={SCHEDULE_SORT_BY.map((f) => ({ value: f, label: t(`schedules.list.sort.${f}`) }))}
            onChange={(sort_by) => update({ sort_by })}
            width={170}
            direction={query.sort_direction}
            ascendingLabel={t('schedules.list.ascending')}
            descendingLabel={t('schedules.list.descending')}
            toggleLabel={t('schedules.list.toggle_direction')}
            onToggleDirection={() =>
              update({ sort_direction: query.sort_direction === 'asc' ? 'desc' : 'asc' })
            }
          />
          <SegmentedControl
            size="xs"
            aria-label={t('schedules.list.density')}
            value={density}
            onChange={(v) => go({ ...state, density: readScheduleDensity(v) })}
            data={SCHEDULE_DENSITIES.map((value) => {
              const Icon = DENSITY_ICONS[value];
              return {
                value,
                label: (
                  <Group gap={4} wrap="nowrap">
                    <Icon size={14} aria-hidden />
                    <span>{t(`schedules.list.densities.${value}`)}</span>
                  </Group>
                ),
              };
            })}
          />
        </Group>
      </Group>

      {list.isPending && (
        <SimpleGrid
          cols={cols}
          role="status"
          aria-busy="true"
          aria-label={t('common.loading')}
          data-testid="schedule-list-loading"
        >
          {SKELETON_CARDS.map((n) => (
            <Skeleton key={n} h={density === 'comfortable' ? 190 : 52} radius="md" />
          ))}
        </SimpleGrid>
      )}
      {list.isError && !page && (
        <ErrorPanel
          title={t('schedules.list.load_failed')}
          error={list.error}
          onRetry={() => list.refetch()}
        />
      )}
      {page && page.total === 0 && (
        <EmptyState
          filtered={filtered}
          noResultsText={t('schedules.list.no_results')}
          clearFilters={{
            label: t('schedules.list.clear_filters'),
            onClick: () => go(clearScheduleListFilters(state)),
          }}
          icon={IconCalendarRepeat}
          title={t('schedules.what_is_schedules')}
          text={t('schedules.no_schedules_text')}
          add={canAdd ? { label: t('schedules.list.add'), to: schedulePaths.add } : undefined}
        />
      )}
      {page && page.total > 0 && (
        <Stack gap="sm" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }} aria-busy={list.isFetching}>
          {list.isError && (
            <ErrorPanel
              title={t('schedules.list.load_failed')}
              error={list.error}
              onRetry={() => list.refetch()}
            />
          )}
          {density === 'table' ? (
            <ScheduleTable schedules={page.data} selection={selection} />
          ) : (
            <SimpleGrid
              cols={cols}
              spacing={density === 'compact' ? 'xs' : 'md'}
              data-testid="schedule-cards"
            >
              {page.data.map((schedule) => (
                <ScheduleCard key={schedule.id} schedule={schedule} density={density} selection={selection} />
              ))}
            </SimpleGrid>
          )}
          <ListPaging
            page={page}
            showing={(range) => t('schedules.list.showing', range)}
            rangeTestId="schedule-list-range"
            pageSize={query.paginate_by}
            pageSizeLabel={t('schedules.list.page_size')}
            perPageLabel={(n) => t('schedules.list.per_page', { value: n })}
            onPageSize={(n) => update({ paginate_by: n })}
            onPage={(p) => update({ page: p })}
          />
        </Stack>
      )}
    </Stack>
  );
}
