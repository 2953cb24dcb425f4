import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  Select,
  Switch,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconCheck,
  IconChevronDown,
  IconChevronLeft,
  IconChevronRight,
  IconFileTypePdf,
  IconFilterOff,
  IconLayoutSidebarRight,
  IconSearch,
} from '@tabler/icons-react';
import {
  CALENDAR_VIEWS,
  CALENDAR_YEARLY_SORT_BY,
  type CalendarScreenState,
  type CalendarView,
  isWeeklyView,
} from '@workbench/domain';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useUrlSearch } from '../../../ui/feedback/use-url-search';
import { ListSortControl } from '../../../ui/ListSortControl';
import { calendarDay, calendarYear, calendarYears, periodTitle, shiftedPeriod } from '../calendar-state';
import { useDragSidebarFits } from '../drag-sidebar-fits';

// The pop-up calendar (Mantine's date picker) is not in the yearly view: it loads with the first other view.
const JumpToDate = lazy(() => import('./JumpToDate').then((m) => ({ default: m.JumpToDate })));

type Change = (change: Partial<CalendarScreenState>, options?: { replace?: boolean }) => void;

function ViewMenu({ view, onChange }: { view: CalendarView; onChange: Change }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          rightSection={<IconChevronDown size={16} />}
          aria-label={`${t('calendar.header.view')}: ${t(`calendar.views.${view}`)}`}
          data-testid="calendar-view-menu"
        >
          {t(`calendar.views.${view}`)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {CALENDAR_VIEWS.map((option) => (
          <Menu.Item
            key={option}
            onClick={() => option !== view && onChange({ view: option })}
            leftSection={option === view ? <IconCheck size={16} /> : <span style={{ width: 16 }} />}
            rightSection={
              option !== 'yearly' && (
                <Badge size="xs" variant="light" color="violet">
                  {t('calendar.views.beta')}
                </Badge>
              )
            }
            aria-current={option === view ? 'true' : undefined}
          >
            {t(`calendar.views.${option}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function YearlySearch({ search, onChange }: { search: string; onChange: Change }) {
  const { t } = useTranslation();
  // Written to the URL 1000 ms after the last key (001 §9).
  const [text, setText] = useUrlSearch(search, (next) => onChange({ search: next }));
  return (
    <TextInput
      leftSection={<IconSearch size={16} />}
      placeholder={t('calendar.header.search_placeholder')}
      aria-label={t('calendar.header.search')}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      w={{ base: '100%', xs: 240 }}
      data-testid="calendar-search"
    />
  );
}

/**
 * The calendar's header (001 §2): the period's title between the previous and next arrows,
 * Today (yearly: the search box and the year), the pop-up calendar, the view menu, and the
 * toggles of the view: show weekend (weekly), Unscheduled (not yearly), sort and the PDF export
 * (yearly), reset all filters. Everything wraps on a narrow screen.
 */
export function CalendarHeader({
  state,
  today,
  filtered,
  yearlyTotal,
  exporting,
  phone,
  onChange,
  onReset,
  onExport,
}: {
  state: CalendarScreenState;
  today: string;
  filtered: boolean;
  /** How many schedules the yearly grid has (undefined while loading). */
  yearlyTotal: number | undefined;
  exporting: boolean;
  phone: boolean;
  onChange: Change;
  onReset: () => void;
  onExport: () => void;
}) {
  const { t, i18n } = useTranslation();
  const yearly = state.view === 'yearly';
  // A toggle for a sidebar the window has no room for would do nothing visible.
  const sidebarFits = useDragSidebarFits();
  const day = calendarDay(state, today);
  const year = calendarYear(state, today);
  const title = periodTitle(state.view, day, state.show_weekend === 1, i18n.language, year);
  const previous = shiftedPeriod(state, today, -1);
  const next = shiftedPeriod(state, today, 1);
  const unit = yearly ? 'year' : isWeeklyView(state.view) ? 'week' : 'day';
  const exportDisabled = !yearlyTotal || exporting;

  return (
    <Group justify="space-between" wrap="wrap" gap="sm" data-testid="calendar-header">
      <Group gap={6} wrap="nowrap">
        <ActionIcon
          variant="default"
          size="input-sm"
          aria-label={t(`calendar.header.previous_${unit}`)}
          disabled={!previous}
          onClick={() => previous && onChange(previous)}
          data-testid="calendar-previous"
        >
          <IconChevronLeft size={18} />
        </ActionIcon>
        <ActionIcon
          variant="default"
          size="input-sm"
          aria-label={t(`calendar.header.next_${unit}`)}
          disabled={!next}
          onClick={() => next && onChange(next)}
          data-testid="calendar-next"
        >
          <IconChevronRight size={18} />
        </ActionIcon>
        <Title order={1} size="h3" ml={6} style={{ whiteSpace: 'nowrap' }} data-testid="calendar-title">
          <VisuallyHidden>{t('calendar.title')}: </VisuallyHidden>
          {title}
        </Title>
      </Group>

      <Group gap="xs" wrap="wrap" style={{ flex: '1 1 auto' }} justify={phone ? 'flex-start' : 'flex-end'}>
        {yearly ? (
          <>
            <YearlySearch search={state.search} onChange={onChange} />
            <Select
              aria-label={t('calendar.header.year')}
              value={String(year)}
              data={calendarYears(today).map((y) => String(y))}
              onChange={(v) =>
                v && onChange({ year: Number(v) === Number(today.slice(0, 4)) ? 0 : Number(v) })
              }
              allowDeselect={false}
              w={96}
              data-testid="calendar-year"
            />
            <ListSortControl
              label={t('calendar.header.sort_by')}
              value={state.sort_by}
              options={CALENDAR_YEARLY_SORT_BY.map((f) => ({ value: f, label: t(`calendar.sort.${f}`) }))}
              onChange={(sort_by) => onChange({ sort_by })}
              width={150}
              direction={state.sort_direction}
              ascendingLabel={t('calendar.header.ascending')}
              descendingLabel={t('calendar.header.descending')}
              toggleLabel={t('calendar.header.toggle_direction')}
              onToggleDirection={() =>
                onChange({ sort_direction: state.sort_direction === 'asc' ? 'desc' : 'asc' })
              }
            />
            <Tooltip label={t('calendar.header.export_pdf')}>
              <ActionIcon
                variant="default"
                size="input-sm"
                aria-label={t('calendar.header.export_pdf')}
                disabled={exportDisabled}
                loading={exporting}
                onClick={onExport}
                data-testid="calendar-export"
              >
                <IconFileTypePdf size={18} />
              </ActionIcon>
            </Tooltip>
          </>
        ) : (
          <>
            <Button
              variant="default"
              onClick={() => onChange({ date: '' })}
              disabled={day === today}
              data-testid="calendar-today"
            >
              {t('calendar.header.today')}
            </Button>
            <Suspense fallback={null}>
              <JumpToDate
                day={day}
                today={today}
                onPick={(date) => onChange({ date: date === today ? '' : date })}
              />
            </Suspense>
            {isWeeklyView(state.view) && (
              <Switch
                label={t('calendar.header.show_weekend')}
                checked={state.show_weekend === 1}
                onChange={(e) => onChange({ show_weekend: e.currentTarget.checked ? 1 : 0 })}
                data-testid="calendar-weekend"
              />
            )}
            {sidebarFits && (
              <Button
                variant={state.unscheduled === 1 ? 'filled' : 'default'}
                leftSection={<IconLayoutSidebarRight size={16} />}
                aria-pressed={state.unscheduled === 1}
                onClick={() => onChange({ unscheduled: state.unscheduled === 1 ? 0 : 1 })}
                data-testid="calendar-unscheduled"
              >
                {t('calendar.header.unscheduled')}
              </Button>
            )}
          </>
        )}
        <Tooltip label={t('calendar.header.reset_filters')}>
          <ActionIcon
            variant="default"
            size="input-sm"
            aria-label={t('calendar.header.reset_filters')}
            disabled={!filtered}
            onClick={onReset}
            data-testid="calendar-reset"
          >
            <IconFilterOff size={18} />
          </ActionIcon>
        </Tooltip>
        <ViewMenu view={state.view} onChange={onChange} />
      </Group>
    </Group>
  );
}
