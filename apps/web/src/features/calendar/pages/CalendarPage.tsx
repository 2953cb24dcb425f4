import { Center, Loader, Skeleton, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendarRepeat } from '@tabler/icons-react';
import { type CalendarItem, type CalendarScreenState, readClientSettings } from '@workbench/domain';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../ui/feedback/EmptyState';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { useClientSettings } from '../../profiles/profiles-api';
import { useCanAddSchedule } from '../../schedules/use-can-add-schedule';
import { useYearlyRows } from '../calendar-api';
import {
  calendarChange,
  calendarFilters,
  calendarLinks,
  calendarSearch,
  calendarYear,
  currentMonth,
  isCalendarFiltered,
  monthLabels,
  monthTitle,
  readCalendarState,
  resetCalendarFilters,
  todayIn,
  yearlyExportParams,
  yearlyQuery,
} from '../calendar-state';
import { CalendarFilters } from '../components/CalendarFilters';
import { CalendarHeader } from '../components/CalendarHeader';
import { ExportFailedModal, ExportProgressModal } from '../components/ExportDialogs';
import { PreparedTaskModal } from '../components/PreparedTaskModal';
import { YearlyCellModal } from '../components/YearlyCellModal';
import { type YearlyCellRef, YearlyGrid } from '../components/YearlyGrid';
import { isPreparedTask } from '../yearly-cells';

// The daily and weekly timelines (another feature) load only when one of those views is opened.
const CalendarTimeline = lazy(() =>
  import('../../calendar-timeline/CalendarTimeline').then((m) => ({ default: m.CalendarTimeline })),
);

const SKELETON_ROWS = [1, 2, 3, 4, 5, 6];
const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

/**
 * /dashboard/calendar (001 §2 "Calendar"): the header and filter bar of every view, the yearly
 * grid of schedules (the default view) and, for the four daily and weekly views, the timeline.
 * The whole state is in the URL; switching to yearly replaces the history entry.
 */
export function CalendarPage() {
  const { t, i18n } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = readCalendarState(searchParams);
  const settings = useClientSettings() ?? readClientSettings({});
  const timeZone = settings.time_zone;
  const today = todayIn(timeZone);
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const yearly = state.view === 'yearly';
  const filtered = isCalendarFiltered(state);

  // Every change applies to the address as it is now, not as it was when the caller rendered:
  // the timeline calls back after its own loads, and must not bring an older state back.
  const latest = useRef({ searchParams, setSearchParams });
  latest.current = { searchParams, setSearchParams };
  const onChange = useCallback((change: Partial<CalendarScreenState>, options?: { replace?: boolean }) => {
    const next = calendarChange(readCalendarState(latest.current.searchParams), change, options);
    const params = new URLSearchParams(calendarSearch(next.state));
    latest.current.searchParams = params;
    latest.current.setSearchParams(params, { replace: next.replace });
  }, []);
  const onReset = () => setSearchParams(new URLSearchParams(calendarSearch(resetCalendarFilters(state))));

  // The yearly grid's rows (also the PDF icon's total).
  const { page: _page, ...rowsQuery } = yearlyQuery(state, today);
  const rows = useYearlyRows(rowsQuery, yearly);
  const firstPage = rows.data?.pages[0];
  const total = firstPage?.total;

  // The export: made on the server; cancelling shows nothing, a failure the export_failed dialog.
  const exportRun = useRef<AbortController | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const exportPdf = async () => {
    const controller = new AbortController();
    exportRun.current = controller;
    setExporting(true);
    try {
      const { downloadYearlyPdf } = await import('../calendar-export');
      await downloadYearlyPdf(yearlyExportParams(state, today), controller.signal);
    } catch (error) {
      if (!controller.signal.aborted) setExportError(error instanceof Error ? error.message : String(error));
    } finally {
      if (exportRun.current === controller) {
        exportRun.current = null;
        setExporting(false);
      }
    }
  };
  const cancelExport = () => {
    exportRun.current?.abort();
    exportRun.current = null;
    setExporting(false);
  };

  const [openCell, setOpenCell] = useState<YearlyCellRef | null>(null);
  const [prepared, setPrepared] = useState<CalendarItem | null>(null);
  const canAdd = useCanAddSchedule();
  const year = calendarYear(state, today);
  const list = rows.data?.pages.flatMap((page) => page.data) ?? [];
  const navigate = useNavigate();
  // An issue opens its page; a prepared task (status 0) its read-only view.
  const openItem = (item: CalendarItem) =>
    isPreparedTask(item) ? setPrepared(item) : navigate(calendarLinks.issue(Number(item.id)));

  return (
    <Stack
      gap="sm"
      // Yearly on a wide screen: the page fills the window and the grid scrolls inside it.
      h={
        yearly && !phone
          ? 'calc(100dvh - var(--app-shell-header-offset, 0rem) - 2 * var(--app-shell-padding, 0rem))'
          : undefined
      }
      data-testid="calendar-page"
    >
      <CalendarHeader
        state={state}
        today={today}
        filtered={filtered}
        yearlyTotal={total}
        exporting={exporting}
        phone={phone}
        onChange={onChange}
        onReset={onReset}
        onExport={() => void exportPdf()}
      />
      <CalendarFilters filters={calendarFilters(state)} onChange={(change) => onChange(change)} />

      {!yearly && (
        <Suspense
          fallback={
            <Center py="xl">
              <Loader size="sm" aria-label={t('calendar.loading')} />
            </Center>
          }
        >
          <CalendarTimeline state={state} onChange={onChange} />
        </Suspense>
      )}

      {yearly && rows.isPending && (
        <Stack gap={4} role="status" aria-busy="true" aria-label={t('calendar.loading')}>
          {SKELETON_ROWS.map((n) => (
            <Skeleton key={n} h={36} radius="sm" />
          ))}
        </Stack>
      )}
      {yearly && rows.isError && !rows.data && (
        <ErrorPanel
          title={t('calendar.yearly.load_failed')}
          error={rows.error}
          onRetry={() => rows.refetch()}
        />
      )}
      {yearly && total === 0 && (
        <EmptyState
          filtered={filtered}
          noResultsText={t('calendar.yearly.no_results')}
          clearFilters={{ label: t('calendar.header.reset_filters'), onClick: onReset }}
          icon={IconCalendarRepeat}
          title={t('calendar.what_is_schedules')}
          text={t('calendar.no_schedules_text')}
          add={
            canAdd ? { label: t('calendar.yearly.add_schedule'), to: calendarLinks.addSchedule } : undefined
          }
        />
      )}
      {yearly && total !== undefined && total > 0 && (
        <YearlyGrid
          rows={list}
          months={monthLabels(i18n.language)}
          monthNames={MONTHS.map((m) => monthTitle(m, year, i18n.language))}
          currentMonth={currentMonth(year, today)}
          timeZone={timeZone}
          phone={phone}
          faded={rows.isPlaceholderData}
          busy={rows.isFetching}
          hasMore={!!rows.hasNextPage && !rows.isPlaceholderData}
          loadingMore={rows.isFetchingNextPage}
          onLoadMore={() => void rows.fetchNextPage()}
          onMore={setOpenCell}
          onItem={openItem}
        />
      )}

      <YearlyCellModal
        cell={openCell}
        year={year}
        filters={calendarFilters(state)}
        timeZone={timeZone}
        onClose={() => setOpenCell(null)}
        onPrepared={(item) => {
          setOpenCell(null);
          setPrepared(item);
        }}
      />
      <PreparedTaskModal item={prepared} timeZone={timeZone} onClose={() => setPrepared(null)} />
      <ExportProgressModal opened={exporting} onCancel={cancelExport} />
      <ExportFailedModal
        opened={exportError !== null}
        detail={exportError ?? ''}
        onClose={() => setExportError(null)}
      />
    </Stack>
  );
}
