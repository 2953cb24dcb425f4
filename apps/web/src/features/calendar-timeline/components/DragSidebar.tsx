import { ActionIcon, Badge, Box, Group, Loader, Select, Stack, Tabs, Text, Tooltip } from '@mantine/core';
import { IconSortAscending, IconSortDescending, IconX } from '@tabler/icons-react';
import {
  CALENDAR_SIDEBAR_SORT_BY,
  type CalendarFilters,
  type CalendarItem,
  type CalendarScreenState,
  type CalendarSidebarSortBy,
} from '@workbench/domain';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { dayClockZone, localTime } from '../day-clock';
import { sidebarCount } from '../sidebar-count';
import { useSidebarItems } from '../timeline-api';
import { type OpenItem, TimelineCard } from './TimelineCard';

/** The right sidebar's width (001 §9). */
export const DRAG_SIDEBAR_WIDTH = 240;

function sidebarLine(item: CalendarItem, language: string): string {
  const due = item.due_date
    ? `${new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: dayClockZone() }).format(new Date(item.due_date * 1000))} ${localTime(item.due_date)}`
    : '';
  return [item.assignee?.full_name, item.workspace.name, due].filter(Boolean).join(' · ');
}

/**
 * 'Drag to calendar' (001 §2): the open issues without dates and the overdue ones, each tab with
 * its count, sorted as chosen, 30 a page loaded as the list scrolls to its end. Its cards drag
 * onto a timeline row to schedule them there.
 */
export function DragSidebar({
  state,
  filters,
  hiddenIds,
  onChange,
  onOpen,
}: {
  state: CalendarScreenState;
  filters: CalendarFilters;
  /** Items being saved from a drop: left out until the lists refresh. */
  hiddenIds: ReadonlySet<number | string>;
  onChange: (change: Partial<CalendarScreenState>) => void;
  onOpen: OpenItem;
}) {
  const { t, i18n } = useTranslation();
  const options = {
    filters,
    sort_by: state.sidebar_sort_by,
    sort_direction: state.sidebar_sort_direction,
    enabled: true,
  };
  const noDate = useSidebarItems('no_date', options);
  const overdue = useSidebarItems('overdue', options);
  const active = state.sidebar_tab === 'overdue' ? overdue : noDate;
  const items = (active.data?.pages.flatMap((page) => page.data) ?? []).filter(
    (item) => !hiddenIds.has(item.id),
  );
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = active;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) fetchNextPage();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const count = (query: typeof noDate) => sidebarCount(query.data?.pages[0]);
  const ascending = state.sidebar_sort_direction === 'asc';
  return (
    <Stack
      gap="xs"
      w={DRAG_SIDEBAR_WIDTH}
      miw={DRAG_SIDEBAR_WIDTH}
      p="xs"
      data-testid="calendar-drag-sidebar"
      aria-label={t('calendar-timeline.drag_to_calendar')}
      component="aside"
      style={{ borderLeft: '1px solid var(--mantine-color-default-border)', alignSelf: 'stretch' }}
    >
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} size="sm">
          {t('calendar-timeline.drag_to_calendar')}
        </Text>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('calendar-timeline.close')}
          onClick={() => onChange({ unscheduled: 0 })}
        >
          <IconX size={16} />
        </ActionIcon>
      </Group>
      <Tabs
        value={state.sidebar_tab}
        onChange={(tab) => tab && onChange({ sidebar_tab: tab as CalendarScreenState['sidebar_tab'] })}
      >
        <Tabs.List grow>
          {(['no_date', 'overdue'] as const).map((tab) => (
            <Tabs.Tab
              key={tab}
              value={tab}
              rightSection={
                <Badge size="xs" variant="light" color={tab === 'overdue' ? 'red' : 'gray'}>
                  {count(tab === 'overdue' ? overdue : noDate) ?? '…'}
                </Badge>
              }
            >
              {t(`calendar-timeline.tab.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Group gap={4} wrap="nowrap" my="xs">
          <Select
            size="xs"
            style={{ flex: 1 }}
            aria-label={t('calendar-timeline.sort_by')}
            data={CALENDAR_SIDEBAR_SORT_BY.map((value) => ({
              value,
              label: t(`calendar-timeline.sort.${value}`),
            }))}
            value={state.sidebar_sort_by}
            allowDeselect={false}
            onChange={(value) => value && onChange({ sidebar_sort_by: value as CalendarSidebarSortBy })}
          />
          <Tooltip label={t(ascending ? 'calendar-timeline.ascending' : 'calendar-timeline.descending')}>
            <ActionIcon
              variant="default"
              aria-label={t(ascending ? 'calendar-timeline.ascending' : 'calendar-timeline.descending')}
              onClick={() => onChange({ sidebar_sort_direction: ascending ? 'desc' : 'asc' })}
            >
              {ascending ? <IconSortAscending size={16} /> : <IconSortDescending size={16} />}
            </ActionIcon>
          </Tooltip>
        </Group>
        {(['no_date', 'overdue'] as const).map((tab) => (
          <Tabs.Panel key={tab} value={tab}>
            {tab === state.sidebar_tab && (
              <Box style={{ flex: 1, overflowY: 'auto', maxHeight: 'calc(100vh - 260px)' }}>
                <Stack gap={6}>
                  {active.isPending && <Loader size="xs" />}
                  {active.isError && !items.length && (
                    <ErrorPanel error={active.error} onRetry={() => active.refetch()} />
                  )}
                  {!active.isPending && !active.isError && items.length === 0 && (
                    <Text size="sm" c="dimmed" ta="center" py="md">
                      {t('calendar-timeline.no_available_data')}
                    </Text>
                  )}
                  {items.map((item) => (
                    <TimelineCard
                      key={String(item.id)}
                      item={item}
                      dragId={`side:${item.id}`}
                      source={{ from: 'sidebar', item }}
                      draggable={item.permissions.canEdit}
                      line={sidebarLine(item, i18n.language)}
                      onOpen={onOpen}
                    />
                  ))}
                  <div ref={sentinel} style={{ height: 1 }} />
                  {active.isFetchingNextPage && <Loader size="xs" />}
                </Stack>
              </Box>
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
