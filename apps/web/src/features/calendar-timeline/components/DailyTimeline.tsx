import { useDroppable } from '@dnd-kit/core';
import { Avatar, Box, Group, Text, UnstyledButton } from '@mantine/core';
import {
  type CalendarItem,
  canDragCalendarItem,
  type DayBounds,
  layoutDailyRow,
  TIMELINE_DEFAULT_WIDTH,
  TIMELINE_HOURS,
  timeToX,
} from '@workbench/domain';
import { memo, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cardColour, cardStyle } from '../card-colours';
import { localDayStartOf, localTime } from '../day-clock';
import { eventsOf, useRenderMeasure } from '../render-mark';
import type { TimelineRow } from '../timeline-api';
import { RowTitle } from './RowTitle';
import { type OpenItem, TimelineCard } from './TimelineCard';

/** The daily geometry (001 §9): 24 hours over 2700 px; a row's height. */
export const DAILY_WIDTH = TIMELINE_DEFAULT_WIDTH;
export const HOUR_WIDTH = DAILY_WIDTH / TIMELINE_HOURS;
export const NAME_WIDTH = 200;
/** The names' column: 200 px, narrower on a phone (set by CalendarTimeline as --calendar-name-width). */
export const NAME_COLUMN = `var(--calendar-name-width, ${NAME_WIDTH}px)`;
/** Rows are 120 px, taller when overlapping cards step down. */
const ROW_MIN_HEIGHT = 120;
const FULL_DAY_TOP = 4;
const CARDS_TOP = 30;
const CARD_HEIGHT = 52;
/** The hour lines between the first and the last hour (1 to 23). */
const INNER_HOURS = Array.from({ length: TIMELINE_HOURS - 1 }, (_, i) => i + 1);

export type ViewMore = (items: CalendarItem[], title: string) => void;

/** The line under a card's title: its times and the other side's name. */
export function cardLine(item: CalendarItem, kind: 'users' | 'workspaces'): string {
  const times =
    item.start_date !== null && item.due_date !== null
      ? `${localTime(item.start_date)}–${localTime(item.due_date)}`
      : localTime((item.start_date ?? item.due_date) as number);
  const other = kind === 'users' ? item.workspace.name : (item.assignee?.full_name ?? '');
  return other ? `${times} · ${other}` : times;
}

function RowName({ row }: { row: TimelineRow }) {
  return (
    <Group gap={8} wrap="nowrap" px="xs" style={{ minWidth: 0 }}>
      <Avatar size={28} radius="xl" name={row.name} color="initials" />
      <Box style={{ minWidth: 0 }}>
        <RowTitle row={row} />
      </Box>
    </Group>
  );
}

/** One person's or workspace's day: full-day entries, timed cards, the view-more card, presence. */
const DailyRow = memo(function DailyRow({
  row,
  kind,
  day,
  dayLabel,
  onOpen,
  onViewMore,
}: {
  row: TimelineRow;
  kind: 'users' | 'workspaces';
  day: DayBounds;
  dayLabel: string;
  onOpen: OpenItem;
  onViewMore: ViewMore;
}) {
  const { t } = useTranslation();
  const layout = useMemo(
    () => layoutDailyRow([...row.issues, ...row.full_day], day, localDayStartOf, DAILY_WIDTH),
    [row.issues, row.full_day, day],
  );
  const { setNodeRef, isOver } = useDroppable({
    id: `row:${row.id}`,
    data: { rowId: row.id, rowName: row.name, dayStart: day.start, weekly: false },
  });
  const empty = layout.cards.length === 0 && layout.fullDay.length === 0;
  const maxShift = layout.cards.reduce((most, card) => Math.max(most, card.shift), 0);
  const height = Math.max(
    ROW_MIN_HEIGHT,
    CARDS_TOP + CARD_HEIGHT + maxShift + (layout.showViewMoreCard ? 44 : 20),
  );
  const lastLeft = layout.cards.at(-1)?.left ?? 0;
  return (
    <>
      <Box
        style={{
          position: 'sticky',
          left: 0,
          zIndex: 3,
          background: 'var(--mantine-color-body)',
          borderBottom: '1px solid var(--mantine-color-default-border)',
          borderRight: '1px solid var(--mantine-color-default-border)',
          display: 'flex',
          alignItems: 'center',
        }}
      >
        <RowName row={row} />
      </Box>
      <Box
        ref={setNodeRef}
        data-drop-id={`row:${row.id}`}
        data-row-name={row.name}
        data-testid="calendar-row"
        style={{
          position: 'relative',
          height,
          width: DAILY_WIDTH,
          borderBottom: '1px solid var(--mantine-color-default-border)',
          background: isOver ? 'var(--mantine-color-blue-light)' : undefined,
          // Its own stacking context: shifted cards stay under the sticky names.
          isolation: 'isolate',
        }}
      >
        <Box style={{ position: 'absolute', top: FULL_DAY_TOP, left: 0, right: 0 }}>
          <Group
            gap={4}
            wrap="nowrap"
            style={{ position: 'sticky', left: 4, width: 'max-content', zIndex: 25 }}
          >
            {layout.fullDay.map((entry) =>
              entry.box ? (
                <UnstyledButton
                  key="box"
                  onClick={() => onViewMore(entry.items, dayLabel)}
                  data-testid="calendar-full-day-box"
                  style={{
                    ...cardStyle('gray'),
                    borderRadius: 6,
                    padding: '0 8px',
                    fontSize: 12,
                    height: 22,
                  }}
                >
                  {t('calendar-timeline.full_day_box', { count: entry.items.length })}
                </UnstyledButton>
              ) : (
                <UnstyledButton
                  key={String(entry.item.id)}
                  onClick={(event) => onOpen(entry.item, event.currentTarget)}
                  title={entry.item.title}
                  data-testid="calendar-full-day"
                  style={{
                    ...cardStyle(cardColour(entry.item)),
                    borderRadius: 6,
                    padding: '0 8px',
                    fontSize: 12,
                    height: 22,
                    maxWidth: 240,
                    overflow: 'hidden',
                    whiteSpace: 'nowrap',
                    textOverflow: 'ellipsis',
                  }}
                >
                  {entry.item.title}
                </UnstyledButton>
              ),
            )}
          </Group>
        </Box>
        {layout.cards.map((card) => (
          <TimelineCard
            key={String(card.item.id)}
            item={card.item}
            dragId={`card:${row.id}:${card.item.id}`}
            source={{ from: 'timeline', item: card.item }}
            draggable={canDragCalendarItem(card.item)}
            line={cardLine(card.item, kind)}
            onOpen={onOpen}
            style={{
              position: 'absolute',
              left: card.left,
              top: CARDS_TOP + card.shift,
              width: Math.max(card.width, 90),
              height: CARD_HEIGHT,
              zIndex: 1 + card.level,
            }}
          />
        ))}
        {layout.showViewMoreCard && (
          <UnstyledButton
            data-testid="calendar-view-more"
            onClick={() => onViewMore(layout.viewMoreItems, dayLabel)}
            style={{
              ...cardStyle('gray'),
              position: 'absolute',
              left: Math.min(lastLeft + 100, DAILY_WIDTH - 110),
              top: CARDS_TOP + CARD_HEIGHT + 18,
              borderRadius: 6,
              padding: '2px 8px',
              fontSize: 12,
              zIndex: 30,
            }}
          >
            {t('calendar-timeline.view_more', { count: layout.viewMoreItems.length })}
          </UnstyledButton>
        )}
        {empty && (
          <Box style={{ position: 'absolute', top: height / 2 - 10, left: 0, right: 0 }}>
            <Text size="sm" c="dimmed" style={{ position: 'sticky', left: 16, width: 'max-content' }}>
              {t('calendar-timeline.no_issues')}
            </Text>
          </Box>
        )}
        {row.presence.map((entry) => {
          const from = Math.max(entry.logged_at, day.start);
          const to = Math.min(entry.logout_at ?? Math.floor(Date.now() / 1000), day.end);
          if (to <= from) return null;
          const left = timeToX(from, day.start, DAILY_WIDTH);
          return (
            <Box
              key={`${entry.logged_at}-${entry.workspace.id}`}
              data-testid="calendar-presence"
              title={`${entry.workspace.name} ${localTime(entry.logged_at)}–${entry.logout_at ? localTime(entry.logout_at) : ''}`}
              style={{
                position: 'absolute',
                left,
                width: Math.max(timeToX(to, day.start, DAILY_WIDTH) - left, 2),
                bottom: 4,
                height: 6,
                borderRadius: 3,
                background: 'var(--mantine-color-green-filled)',
                opacity: 0.7,
              }}
            />
          );
        })}
      </Box>
    </>
  );
});

/**
 * The daily timeline (001 §2): a 24-hour scale across the top, one row per person or workspace
 * with its name kept in view while the hours scroll sideways, and the current-time marker on
 * today. It opens scrolled to an hour before now (or 7:00 on another day).
 */
export function DailyTimeline({
  rows,
  kind,
  day,
  dayLabel,
  nowSeconds,
  onOpen,
  onViewMore,
}: {
  rows: TimelineRow[];
  kind: 'users' | 'workspaces';
  day: DayBounds;
  dayLabel: string;
  nowSeconds: number;
  onOpen: OpenItem;
  onViewMore: ViewMore;
}) {
  const startedAt = performance.now();
  const { i18n } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  useRenderMeasure(startedAt, scroller, { view: 'daily', events: eventsOf(rows), rows: rows.length });
  const isToday = nowSeconds >= day.start && nowSeconds < day.end;
  const hourLabels = useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, { hour: 'numeric', minute: '2-digit' });
    return Array.from({ length: TIMELINE_HOURS }, (_, hour) => format.format(new Date(2020, 0, 1, hour)));
  }, [i18n.language]);
  const hourLines = useMemo(
    () =>
      INNER_HOURS.map((hour) => (
        <Box
          key={`hour-${hour}`}
          aria-hidden
          style={{
            position: 'absolute',
            top: 0,
            bottom: 0,
            left: `calc(${NAME_COLUMN} + ${Math.round(hour * HOUR_WIDTH)}px)`,
            width: 1,
            background: 'var(--mantine-color-default-border)',
            pointerEvents: 'none',
          }}
        />
      )),
    [],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll once per day shown, not on every tick of the clock
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const focusAt = isToday ? timeToX(nowSeconds, day.start, DAILY_WIDTH) - HOUR_WIDTH : 7 * HOUR_WIDTH;
    element.scrollLeft = Math.max(0, focusAt);
  }, [day.start]);
  return (
    <Box
      ref={scroller}
      data-timeline-scroll
      data-testid="calendar-daily"
      style={{ overflowX: 'auto', overflowY: 'visible', position: 'relative' }}
    >
      <Box
        style={{
          display: 'grid',
          gridTemplateColumns: `${NAME_COLUMN} ${DAILY_WIDTH}px`,
          position: 'relative',
          width: `calc(${NAME_COLUMN} + ${DAILY_WIDTH}px)`,
        }}
      >
        <Box
          style={{
            position: 'sticky',
            left: 0,
            zIndex: 4,
            background: 'var(--mantine-color-body)',
            borderBottom: '1px solid var(--mantine-color-default-border)',
            borderRight: '1px solid var(--mantine-color-default-border)',
          }}
        />
        <Box
          style={{
            position: 'relative',
            height: 28,
            borderBottom: '1px solid var(--mantine-color-default-border)',
          }}
          aria-hidden
        >
          {hourLabels.map((label, hour) => (
            <Text
              key={label}
              size="xs"
              c="dimmed"
              style={{ position: 'absolute', left: hour * HOUR_WIDTH + 4, top: 6, whiteSpace: 'nowrap' }}
            >
              {label}
            </Text>
          ))}
        </Box>
        {hourLines}
        {rows.map((row) => (
          <DailyRow
            key={row.id}
            row={row}
            kind={kind}
            day={day}
            dayLabel={dayLabel}
            onOpen={onOpen}
            onViewMore={onViewMore}
          />
        ))}
        {isToday && (
          <Box
            data-testid="calendar-now"
            aria-hidden
            style={{
              position: 'absolute',
              top: 0,
              bottom: 0,
              left: `calc(${NAME_COLUMN} + ${timeToX(nowSeconds, day.start, DAILY_WIDTH)}px)`,
              width: 2,
              background: 'var(--mantine-color-red-filled)',
              zIndex: 2,
              pointerEvents: 'none',
            }}
          />
        )}
      </Box>
    </Box>
  );
}
