import {
  type Active,
  AutoScrollActivator,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  type DragMoveEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  MeasuringStrategy,
  MouseSensor,
  pointerWithin,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Box, Button, Center, Collapse, Group, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  type CalendarItem,
  type CalendarScreenState,
  calendarWindow,
  isWeeklyView,
  itemSpan,
  weeklySelection,
} from '@workbench/domain';
import { type CSSProperties, type JSX, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorPanel } from '../../ui/feedback/ErrorPanel';
import { useNotify } from '../../ui/feedback/use-notify';
import { useDragSidebarFits } from '../calendar/drag-sidebar-fits';
import { useClientSettings } from '../profiles/profiles-api';
import { DailyTimeline, type ViewMore } from './components/DailyTimeline';
import { DragSidebar } from './components/DragSidebar';
import { ItemPopup } from './components/ItemPopup';
import { RowsSidebar } from './components/RowsSidebar';
import { DraggedCard, type OpenItem } from './components/TimelineCard';
import { DropDialog, TooMuchDataDialog, ViewMoreModal } from './components/TimelineDialogs';
import { type WeekDay, WeeklyTimeline, weekdayHeader } from './components/WeeklyTimeline';
import { localDayBounds, localDayStartOf, localTime, localToday, setDayClockZone } from './day-clock';
import { type DragSource, type DropPlan, type DropTarget, planDrop } from './drop-plan';
import { firstWeeklyEntryChange, hiddenKeyOf, hiddenRows, rowKindOf } from './hidden-state';
import { type KeyboardCursor, timelineKeyboardCoordinates } from './keyboard-cursor';
import { applyPendingMoves, type PendingMove } from './pending-moves';
import { filtersOf, type TimelineRow, useSaveCalendarItem, useTimelineRows } from './timeline-api';

export type CalendarTimelineProps = {
  state: CalendarScreenState;
  onChange: (change: Partial<CalendarScreenState>, options?: { replace?: boolean }) => void;
};

/** The pointer decides the row under a mouse or a finger; by keyboard, the card's top-left corner. */
const collisionDetection: CollisionDetection = (args) => {
  if (args.pointerCoordinates) return pointerWithin(args);
  const rect = args.collisionRect;
  const point = { x: rect.left + 2, y: rect.top + 2 };
  return args.droppableContainers
    .filter((container) => {
      const box = args.droppableRects.get(container.id);
      return (
        box && point.x >= box.left && point.x <= box.right && point.y >= box.top && point.y <= box.bottom
      );
    })
    .map((container) => ({ id: container.id, data: { droppableContainer: container, value: 0 } }));
};

type DropData = { rowId: number; rowName: string; dayStart: number; weekly: boolean };

/**
 * The daily and weekly timelines of the calendar (001 §2, §4): the rows of people or workspaces
 * with their cards, the left sidebar choosing the rows, the 'drag to calendar' sidebar, the detail
 * popup and drag and drop (mouse, touch and keyboard) that reschedules, reassigns and moves
 * issues through PUT issue/{id}. The calendar page renders it below its header.
 */
export function CalendarTimeline({ state, onChange }: CalendarTimelineProps): JSX.Element {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const kind = rowKindOf(state.view);
  const weekly = isWeeklyView(state.view);
  // The organisation's zone, as the server cuts the days (until the settings load: the browser's).
  setDayClockZone(useClientSettings()?.time_zone);
  const today = localToday();
  const day = state.date || today;
  const window_ = useMemo(
    () => calendarWindow(state.view, day, state.show_weekend === 1),
    [state.view, day, state.show_weekend],
  );
  const filters = useMemo(() => filtersOf(state), [state]);
  const filtersKey = JSON.stringify(filters);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters by value, not by the state object's identity
  const stableFilters = useMemo(() => filters, [filtersKey]);
  const rowsQuery = useTimelineRows(kind, {
    filters: stableFilters,
    start_date: window_.start_date,
    end_date: window_.end_date,
  });
  const hidden = hiddenRows(state);
  const hiddenKey = hiddenKeyOf(state.view);

  // The first entry into a weekly view copies the daily view's hidden rows (001 §4).
  const firstEntry = firstWeeklyEntryChange(state);
  useEffect(() => {
    if (firstEntry) onChange(firstEntry, { replace: true });
  }, [firstEntry, onChange]);

  const [pending, setPending] = useState<PendingMove[]>([]);
  const loadedRows = useMemo(
    () => rowsQuery.data?.pages.flatMap((page) => page.rows) ?? [],
    [rowsQuery.data],
  );
  const movedRows = useMemo(() => applyPendingMoves(loadedRows, pending, kind), [loadedRows, pending, kind]);
  const hiddenSet = useMemo(() => new Set(hidden), [hidden]);
  const rows = useMemo(() => movedRows.filter((row) => !hiddenSet.has(row.id)), [movedRows, hiddenSet]);
  const pendingIds = useMemo(() => new Set(pending.map((move) => move.item.id)), [pending]);

  const setHidden = useCallback(
    (ids: number[]) => onChange({ [hiddenKey]: ids } as Partial<CalendarScreenState>),
    [onChange, hiddenKey],
  );

  // Weekly: the rows shown may hold at most 200 events (001 §4).
  const selection = weeklySelection(loadedRows, hidden);
  const tooMuch = weekly && !firstEntry && !rowsQuery.isPlaceholderData && selection.tooMuch;

  const wideEnough = useDragSidebarFits();
  // On a phone the row list folds above the timeline (which scrolls sideways).
  const narrow = useMediaQuery('(max-width: 47.99em)', false);
  const [rowsOpen, setRowsOpen] = useState(false);
  const sidebarOpen = state.unscheduled === 1 && wideEnough;

  const [popup, setPopup] = useState<{ item: CalendarItem; anchor: DOMRect } | null>(null);
  const openItem = useCallback<OpenItem>((item, anchor) => {
    setPopup({ item, anchor: anchor.getBoundingClientRect() });
  }, []);
  const [viewMore, setViewMore] = useState<{ items: CalendarItem[]; title: string } | null>(null);
  const showViewMore = useCallback<ViewMore>((items, title) => setViewMore({ items, title }), []);

  const [nowSeconds, setNowSeconds] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    const timer = window.setInterval(() => setNowSeconds(Math.floor(Date.now() / 1000)), 60_000);
    return () => window.clearInterval(timer);
  }, []);

  const dayLabel = useMemo(
    () =>
      new Intl.DateTimeFormat(i18n.language, {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      }).format(new Date(`${day}T12:00:00`)),
    [day, i18n.language],
  );
  const dayBounds = useMemo(() => localDayBounds(day), [day]);
  const weekDays = useMemo<WeekDay[]>(
    () =>
      window_.days.map((d) => ({
        day: d,
        bounds: localDayBounds(d),
        ...weekdayHeader(d, i18n.language),
        isToday: d === today,
      })),
    [window_.days, i18n.language, today],
  );

  // ----- drag and drop -----
  const save = useSaveCalendarItem();
  const [dragging, setDragging] = useState<DragSource | null>(null);
  const [question, setQuestion] = useState<Extract<DropPlan, { kind: 'confirm' | 'blocked' }> | null>(null);
  const questionSource = useRef<DragSource | null>(null);
  const cursor = useRef<KeyboardCursor | null>(null);
  const [cursorText, setCursorText] = useState('');
  const rowsRef = useRef(rows);
  rowsRef.current = rows;

  const describeCursor = useCallback(
    (next: KeyboardCursor) => {
      const [, rowId = '', dayIndex = '0'] = next.targetId.split(':');
      const row = rowsRef.current.find((r) => String(r.id) === rowId);
      const where = next.targetId.startsWith('cell:')
        ? `${weekDays[Number(dayIndex)]?.weekday ?? ''} ${weekDays[Number(dayIndex)]?.number ?? ''}`
        : localTime(dayBounds.start + next.offset);
      setCursorText(`${row?.name ?? ''}, ${where}`);
    },
    [weekDays, dayBounds.start],
  );

  const coordinateGetter = useMemo(
    () =>
      timelineKeyboardCoordinates({
        cursor,
        startOf: (active: Active, activeNode) => {
          const source = (active.data.current as { source?: DragSource } | undefined)?.source;
          const target = activeNode?.closest<HTMLElement>('[data-drop-id]');
          if (source?.from !== 'timeline' || !target) return null;
          const span = itemSpan(source.item);
          const start = span ? span.start : dayBounds.start;
          return { targetId: target.dataset.dropId ?? '', offset: start - localDayStartOf(start) };
        },
        initialOffset: () => {
          const now = Math.floor(Date.now() / 1000);
          const offset = now >= dayBounds.start && now < dayBounds.end ? now - dayBounds.start : 9 * 3600;
          return Math.round(offset / 300) * 300;
        },
        onMove: describeCursor,
      }),
    [dayBounds, describeCursor],
  );

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter,
      scrollBehavior: 'instant',
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  );

  const runSave = useCallback(
    async (source: DragSource, plan: Extract<DropPlan, { kind: 'save' | 'confirm' }>) => {
      const moved: CalendarItem = {
        ...source.item,
        start_date: plan.body.start_date,
        due_date: plan.body.due_date,
        assignee_id: plan.body.assignee_id ?? source.item.assignee_id,
        workspace_id: plan.body.workspace_id ?? source.item.workspace_id,
      };
      const move: PendingMove = { item: moved };
      setPending((list) => [...list.filter((m) => m.item.id !== moved.id), move]);
      try {
        await save.mutateAsync({ id: plan.id, body: plan.body });
        notify.ok('calendar-timeline.saved');
      } catch (error) {
        // The server refused: the card goes back where it was.
        notify.fail(error);
      } finally {
        setPending((list) => list.filter((m) => m !== move));
      }
    },
    [save, notify],
  );

  // Where the pointer is while dragging: a timeline scrolls by itself only while the pointer is
  // over it (not while a card is still over the sidebar it was picked from).
  const pointer = useRef<{ x: number; y: number } | null>(null);
  const handleDragMove = (event: DragMoveEvent) => {
    const start = event.activatorEvent as MouseEvent | TouchEvent;
    const at = 'touches' in start ? start.touches[0] : start;
    pointer.current =
      at && 'clientX' in at ? { x: at.clientX + event.delta.x, y: at.clientY + event.delta.y } : null;
  };
  const autoScroll = useMemo(
    () => ({
      // By the pointer, not the dragged card's edges (a wide card near an edge would scroll at once).
      activator: AutoScrollActivator.Pointer,
      canScroll: (element: Element) => {
        const at = pointer.current;
        if (!at || element === document.scrollingElement) return true;
        const box = element.getBoundingClientRect();
        return at.x >= box.left && at.x <= box.right && at.y >= box.top && at.y <= box.bottom;
      },
    }),
    [],
  );

  const handleDragStart = (event: DragStartEvent) => {
    pointer.current = null;
    setPopup(null);
    cursor.current = null;
    setCursorText('');
    setDragging((event.active.data.current as { source?: DragSource } | undefined)?.source ?? null);
  };

  const targetOf = (event: DragEndEvent): DropTarget | null => {
    const keyboard = cursor.current;
    const overId = keyboard ? keyboard.targetId : event.over ? String(event.over.id) : null;
    if (!overId) return null;
    const element = document.querySelector<HTMLElement>(`[data-drop-id="${overId}"]`);
    const over = keyboard ? null : ((event.over?.data.current as DropData | undefined) ?? null);
    const [, rowIdText = '', dayIndex = '0'] = overId.split(':');
    const rowId = Number(rowIdText);
    const row = rowsRef.current.find((r) => r.id === rowId);
    if (!element || !row) return null;
    const isWeekly = overId.startsWith('cell:');
    const dayStart = isWeekly
      ? (weekDays[Number(dayIndex)]?.bounds.start ?? dayBounds.start)
      : dayBounds.start;
    const rect = element.getBoundingClientRect();
    let x: number;
    if (keyboard) x = isWeekly ? 0 : (keyboard.offset * rect.width) / 86_400;
    else if (isWeekly) x = 0;
    else {
      // Where the person sees the card: the overlay under the pointer (dnd-kit's translated rect otherwise).
      const overlay = document
        .querySelector('[data-testid="calendar-drag-overlay"]')
        ?.getBoundingClientRect();
      x = (overlay?.left ?? event.active.rect.current.translated?.left ?? Number.NaN) - rect.left;
    }
    return {
      rowKind: kind,
      rowId,
      rowName: over?.rowName ?? row.name,
      dayStart,
      x,
      width: rect.width,
      weekly: isWeekly,
    };
  };

  const handleDragEnd = (event: DragEndEvent) => {
    const source = (event.active.data.current as { source?: DragSource } | undefined)?.source;
    const target = targetOf(event);
    cursor.current = null;
    setDragging(null);
    if (!source) return;
    const plan = planDrop(source, target, {
      nowSeconds: Math.floor(Date.now() / 1000),
      dayStartOf: localDayStartOf,
    });
    if (plan.kind === 'cancel') return;
    if (plan.kind === 'save') {
      void runSave(source, plan);
      return;
    }
    questionSource.current = source;
    setQuestion(plan);
  };

  const announcements = useMemo(
    () => ({
      onDragStart: ({ active }: { active: Active }) =>
        t('calendar-timeline.dnd.picked_up', { title: titleOf(active) }),
      onDragOver: ({ active, over }: { active: Active; over: { data: { current?: unknown } } | null }) => {
        const data = over?.data.current as DropData | undefined;
        return data
          ? t('calendar-timeline.dnd.over', { title: titleOf(active), row: data.rowName })
          : t('calendar-timeline.dnd.not_over', { title: titleOf(active) });
      },
      onDragEnd: ({ active, over }: { active: Active; over: unknown }) =>
        over
          ? t('calendar-timeline.dnd.dropped', { title: titleOf(active) })
          : t('calendar-timeline.dnd.cancelled', { title: titleOf(active) }),
      onDragCancel: ({ active }: { active: Active }) =>
        t('calendar-timeline.dnd.cancelled', { title: titleOf(active) }),
    }),
    [t],
  );

  const content = (() => {
    if (rowsQuery.isPending) {
      return (
        <Center py="xl" data-testid="calendar-timeline-loading">
          <Loader />
        </Center>
      );
    }
    if (rowsQuery.isError) {
      return (
        <ErrorPanel
          error={rowsQuery.error}
          title={t('calendar-timeline.load_failed')}
          onRetry={() => rowsQuery.refetch()}
        />
      );
    }
    if (rows.length === 0) {
      const key = weekly
        ? kind === 'users'
          ? 'weekly_empty_data_users'
          : 'weekly_empty_data_workspace'
        : 'no_available_data';
      return (
        <Center py="xl" data-testid="calendar-timeline-empty">
          <Text c="dimmed">{t(`calendar-timeline.${key}`)}</Text>
        </Center>
      );
    }
    return weekly ? (
      <WeeklyTimeline rows={rows} kind={kind} days={weekDays} onOpen={openItem} onViewMore={showViewMore} />
    ) : (
      <DailyTimeline
        rows={rows}
        kind={kind}
        day={dayBounds}
        dayLabel={dayLabel}
        nowSeconds={nowSeconds}
        onOpen={openItem}
        onViewMore={showViewMore}
      />
    );
  })();

  const rowsSidebar = (
    <RowsSidebar
      kind={kind}
      filters={stableFilters}
      window={window_}
      hidden={hidden}
      allIds={loadedRows.map((row) => row.id)}
      onHiddenChange={setHidden}
      onPositionsChange={(ids) => onChange({ job_positions: ids })}
    />
  );
  const timelineArea = (
    <Box style={{ flex: 1, minWidth: 0 }}>
      {content}
      {rowsQuery.hasNextPage && (
        <Center py="sm">
          <Button
            variant="light"
            size="xs"
            loading={rowsQuery.isFetchingNextPage}
            onClick={() => rowsQuery.fetchNextPage()}
          >
            {t('calendar-timeline.load_more')}
          </Button>
        </Center>
      )}
    </Box>
  );

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      autoScroll={autoScroll}
      onDragStart={handleDragStart}
      onDragMove={handleDragMove}
      onDragEnd={handleDragEnd}
      onDragCancel={() => {
        cursor.current = null;
        setDragging(null);
      }}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('calendar-timeline.dnd.instructions') },
      }}
    >
      {narrow ? (
        <Stack
          gap="xs"
          data-testid="calendar-timeline"
          style={{ '--calendar-name-width': '120px' } as CSSProperties}
        >
          <Button
            variant="default"
            size="xs"
            onClick={() => setRowsOpen((open) => !open)}
            aria-expanded={rowsOpen}
            style={{ alignSelf: 'flex-start' }}
          >
            {t(kind === 'users' ? 'calendar-timeline.choose_people' : 'calendar-timeline.choose_workspaces')}
          </Button>
          <Collapse in={rowsOpen}>{rowsSidebar}</Collapse>
          {timelineArea}
        </Stack>
      ) : (
        <Group align="flex-start" wrap="nowrap" gap="sm" data-testid="calendar-timeline">
          {rowsSidebar}
          {timelineArea}
          {sidebarOpen && (
            <DragSidebar
              state={state}
              filters={stableFilters}
              hiddenIds={pendingIds}
              onChange={(change) => onChange(change)}
              onOpen={openItem}
            />
          )}
        </Group>
      )}
      <VisuallyHidden aria-live="assertive" data-testid="calendar-dnd-position">
        {cursorText}
      </VisuallyHidden>
      <DragOverlay dropAnimation={null}>
        {dragging ? <DraggedCard item={dragging.item} line="" width={160} /> : null}
      </DragOverlay>
      {popup && (
        <ItemPopup
          key={String(popup.item.id)}
          item={popup.item}
          anchor={popup.anchor}
          onClose={() => setPopup(null)}
        />
      )}
      <ViewMoreModal list={viewMore} kind={kind} onClose={() => setViewMore(null)} onOpen={openItem} />
      <DropDialog
        plan={question}
        busy={save.isPending}
        onClose={() => setQuestion(null)}
        onConfirm={() => {
          const source = questionSource.current;
          const plan = question;
          setQuestion(null);
          if (source && plan && plan.kind === 'confirm') void runSave(source, plan);
        }}
      />
      <TooMuchDataDialog
        opened={tooMuch}
        rows={loadedRows}
        hidden={hidden}
        onDone={setHidden}
        onCancel={() => setHidden(loadedRows.map((row) => row.id))}
      />
    </DndContext>
  );
}

function titleOf(active: Active): string {
  return (active.data.current as { source?: DragSource } | undefined)?.source?.item.title ?? '';
}

export type { TimelineRow };
