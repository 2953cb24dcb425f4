import { useDroppable } from '@dnd-kit/core';
import { Box, Stack, Text, UnstyledButton } from '@mantine/core';
import { type CalendarItem, canDragCalendarItem, type DayBounds, layoutWeeklyRow } from '@workbench/domain';
import { memo, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cardColour, cardStyle } from '../card-colours';
import { localDayStartOf } from '../day-clock';
import { eventsOf, useRenderMeasure } from '../render-mark';
import type { TimelineRow } from '../timeline-api';
import { cardLine, NAME_COLUMN, type ViewMore } from './DailyTimeline';
import { RowTitle } from './RowTitle';
import { type OpenItem, TimelineCard } from './TimelineCard';

export type WeekDay = { day: string; bounds: DayBounds; number: string; weekday: string; isToday: boolean };

/**
 * The day headers of a week: the day number and the first three letters of the weekday in the
 * reader's language (Intl: every language has its own names, de, hr, tr and pl among them).
 */
export function weekdayHeader(day: string, language: string): { number: string; weekday: string } {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  const at = new Date(year, month - 1, date);
  const long = new Intl.DateTimeFormat(language, { weekday: 'long' }).format(at);
  const weekday = long.slice(0, 3);
  return { number: String(date), weekday: weekday.charAt(0).toLocaleUpperCase(language) + weekday.slice(1) };
}

const WeeklyCell = memo(function WeeklyCell({
  row,
  kind,
  index,
  day,
  items,
  onOpen,
}: {
  row: TimelineRow;
  kind: 'users' | 'workspaces';
  index: number;
  day: WeekDay;
  items: CalendarItem[];
  onOpen: OpenItem;
}) {
  const { setNodeRef, isOver } = useDroppable({
    id: `cell:${row.id}:${index}`,
    data: { rowId: row.id, rowName: row.name, dayStart: day.bounds.start, weekly: true, dayIndex: index },
  });
  return (
    <Stack
      ref={setNodeRef}
      gap={4}
      p={4}
      data-drop-id={`cell:${row.id}:${index}`}
      data-testid="calendar-cell"
      style={{
        minHeight: 72,
        minWidth: 0,
        borderLeft: '1px solid var(--mantine-color-default-border)',
        background: isOver
          ? 'var(--mantine-color-blue-light)'
          : day.isToday
            ? 'var(--mantine-color-gray-light)'
            : undefined,
      }}
    >
      {items.map((item) => (
        <TimelineCard
          key={String(item.id)}
          item={item}
          dragId={`card:${row.id}:${item.id}`}
          source={{ from: 'timeline', item }}
          draggable={canDragCalendarItem(item)}
          line={cardLine(item, kind)}
          onOpen={onOpen}
          compact
        />
      ))}
    </Stack>
  );
});

/** One row of a week: its full-day bars across the columns they span, then a cell per day. */
const WeeklyRow = memo(function WeeklyRow({
  row,
  kind,
  days,
  onOpen,
  onViewMore,
}: {
  row: TimelineRow;
  kind: 'users' | 'workspaces';
  days: WeekDay[];
  onOpen: OpenItem;
  onViewMore: ViewMore;
}) {
  const { t } = useTranslation();
  const bounds = useMemo(() => days.map((day) => day.bounds), [days]);
  const layout = useMemo(
    () => layoutWeeklyRow([...row.issues, ...row.full_day], bounds, localDayStartOf),
    [row.issues, row.full_day, bounds],
  );
  const hasBars = layout.bars.length > 0 || layout.box !== null;
  return (
    <Box
      data-testid="calendar-row"
      data-row-name={row.name}
      style={{
        display: 'grid',
        gridTemplateColumns: `${NAME_COLUMN} repeat(${days.length}, minmax(120px, 1fr))`,
        borderBottom: '1px solid var(--mantine-color-default-border)',
      }}
    >
      <Box
        px="xs"
        py={6}
        style={{
          gridRow: hasBars ? `1 / span 2` : undefined,
          position: 'sticky',
          left: 0,
          zIndex: 2,
          background: 'var(--mantine-color-body)',
          minWidth: 0,
        }}
      >
        <RowTitle row={row} />
      </Box>
      {layout.bars.map((bar) => (
        <UnstyledButton
          key={String(bar.item.id)}
          data-testid="calendar-full-day"
          onClick={(event) => onOpen(bar.item, event.currentTarget)}
          title={bar.item.title}
          style={{
            ...cardStyle(cardColour(bar.item)),
            gridColumn: `${bar.first + 2} / ${bar.last + 3}`,
            gridRow: 1,
            marginTop: 4 + bar.lane * 26,
            alignSelf: 'start',
            height: 22,
            borderRadius: 6,
            padding: '0 8px',
            fontSize: 12,
            overflow: 'hidden',
            whiteSpace: 'nowrap',
            textOverflow: 'ellipsis',
            marginInline: 4,
          }}
        >
          {bar.item.title}
        </UnstyledButton>
      ))}
      {layout.box && (
        <UnstyledButton
          data-testid="calendar-full-day-box"
          onClick={() => layout.box && onViewMore(layout.box, row.name)}
          style={{
            ...cardStyle('gray'),
            gridColumn: `2 / ${days.length + 2}`,
            gridRow: 1,
            margin: '4px 4px 0',
            height: 22,
            borderRadius: 6,
            padding: '0 8px',
            fontSize: 12,
            textAlign: 'left',
          }}
        >
          {t('calendar-timeline.full_day_box', { count: layout.box.length })}
        </UnstyledButton>
      )}
      {days.map((day, index) => (
        <Box
          key={day.day}
          style={{ gridColumn: index + 2, gridRow: hasBars ? 2 : 1, minWidth: 0, display: 'grid' }}
        >
          <WeeklyCell
            row={row}
            kind={kind}
            index={index}
            day={day}
            items={layout.days[index] ?? []}
            onOpen={onOpen}
          />
        </Box>
      ))}
    </Box>
  );
});

/** The weekly view (001 §2): 5 or 7 day columns per row, headed by day number and weekday. */
export function WeeklyTimeline({
  rows,
  kind,
  days,
  onOpen,
  onViewMore,
}: {
  rows: TimelineRow[];
  kind: 'users' | 'workspaces';
  days: WeekDay[];
  onOpen: OpenItem;
  onViewMore: ViewMore;
}) {
  const startedAt = performance.now();
  const element = useRef<HTMLDivElement>(null);
  useRenderMeasure(startedAt, element, { view: 'weekly', events: eventsOf(rows), rows: rows.length });
  return (
    <Box ref={element} data-timeline-scroll data-testid="calendar-weekly" style={{ overflowX: 'auto' }}>
      <Box style={{ minWidth: `calc(${NAME_COLUMN} + ${days.length * 120}px)` }}>
        <Box
          style={{
            display: 'grid',
            gridTemplateColumns: `${NAME_COLUMN} repeat(${days.length}, minmax(120px, 1fr))`,
            borderBottom: '1px solid var(--mantine-color-default-border)',
          }}
        >
          <Box style={{ position: 'sticky', left: 0, background: 'var(--mantine-color-body)', zIndex: 2 }} />
          {days.map((day) => (
            <Box
              key={day.day}
              py={6}
              data-testid="calendar-day-header"
              style={{ textAlign: 'center', borderLeft: '1px solid var(--mantine-color-default-border)' }}
            >
              <Text size="lg" fw={700} c={day.isToday ? 'blue' : undefined} lh={1.1}>
                {day.number}
              </Text>
              <Text size="xs" c="dimmed" tt="capitalize">
                {day.weekday}
              </Text>
            </Box>
          ))}
        </Box>
        {rows.map((row) => (
          <WeeklyRow key={row.id} row={row} kind={kind} days={days} onOpen={onOpen} onViewMore={onViewMore} />
        ))}
      </Box>
    </Box>
  );
}
