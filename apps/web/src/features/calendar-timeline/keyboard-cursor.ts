import type { Active, KeyboardCoordinateGetter } from '@dnd-kit/core';
import { DAY_SECONDS, DROP_SNAP_SECONDS, TIMELINE_DEFAULT_WIDTH, timeToX } from '@workbench/domain';

/**
 * Dragging by keyboard (001 §4, usable without a mouse): the card moves over a cursor of row and
 * time. Daily: left and right move it 5 minutes (with Shift an hour), up and down to the row above
 * or below. Weekly: left and right a day, up and down a row. The drop then uses the cursor itself,
 * so the time is exact whatever the scrolling did on the way.
 */
export type KeyboardCursor = {
  /** The drop target's id: row:{rowId} (daily) or cell:{rowId}:{dayIndex} (weekly). */
  targetId: string;
  /** Daily: seconds since the day's start. */
  offset: number;
};

const MOVE_KEYS = new Set(['ArrowRight', 'ArrowLeft', 'ArrowUp', 'ArrowDown']);
/** Where a card sits inside its row while moved by keyboard. */
const CARD_TOP = 30;

function targets(): HTMLElement[] {
  return Array.from(document.querySelectorAll<HTMLElement>('[data-drop-id]'));
}

function parseTarget(id: string): { rowId: string; day: number } {
  const [, rowId = '', day = '0'] = id.split(':');
  return { rowId, day: Number(day) };
}

/** The next cursor for a key, or null when the key does not move it (or nothing is there). */
export function moveCursor(
  cursor: KeyboardCursor,
  key: string,
  big: boolean,
  ids: readonly string[],
): KeyboardCursor | null {
  const weekly = cursor.targetId.startsWith('cell:');
  const { rowId, day } = parseTarget(cursor.targetId);
  const rowIds = [...new Set(ids.map((id) => parseTarget(id).rowId))];
  const rowIndex = rowIds.indexOf(rowId);
  if (key === 'ArrowUp' || key === 'ArrowDown') {
    const next = rowIds[rowIndex + (key === 'ArrowDown' ? 1 : -1)];
    if (next === undefined) return null;
    return { ...cursor, targetId: weekly ? `cell:${next}:${day}` : `row:${next}` };
  }
  const direction = key === 'ArrowRight' ? 1 : key === 'ArrowLeft' ? -1 : 0;
  if (!direction) return null;
  if (weekly) {
    const id = `cell:${rowId}:${day + direction}`;
    return ids.includes(id) ? { ...cursor, targetId: id } : null;
  }
  const step = big ? 3600 : DROP_SNAP_SECONDS;
  const snapped = Math.round(cursor.offset / DROP_SNAP_SECONDS) * DROP_SNAP_SECONDS;
  const offset = Math.min(Math.max(snapped + direction * step, 0), DAY_SECONDS - DROP_SNAP_SECONDS);
  return { ...cursor, offset };
}

/** Where the card's top-left goes for a cursor, scrolling the timeline to show it. */
function coordinatesOf(cursor: KeyboardCursor): { x: number; y: number } | null {
  const element = document.querySelector<HTMLElement>(`[data-drop-id="${cursor.targetId}"]`);
  if (!element) return null;
  element.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
  if (cursor.targetId.startsWith('cell:')) {
    const rect = element.getBoundingClientRect();
    return { x: rect.left + 4, y: rect.top + 4 };
  }
  const scroller = element.closest<HTMLElement>('[data-timeline-scroll]');
  let rect = element.getBoundingClientRect();
  const x =
    rect.left + (timeToX(cursor.offset, 0, TIMELINE_DEFAULT_WIDTH) * rect.width) / TIMELINE_DEFAULT_WIDTH;
  if (scroller) {
    const view = scroller.getBoundingClientRect();
    const visibleLeft = view.left + 220;
    const visibleRight = view.right - 140;
    if (x < visibleLeft || x > visibleRight) {
      scroller.scrollLeft += x - (visibleLeft + visibleRight) / 2;
      rect = element.getBoundingClientRect();
    }
  }
  return {
    x: rect.left + (timeToX(cursor.offset, 0, TIMELINE_DEFAULT_WIDTH) * rect.width) / TIMELINE_DEFAULT_WIDTH,
    y: rect.top + CARD_TOP,
  };
}

/**
 * dnd-kit's keyboard coordinates for the timelines. The cursor starts where the card is (its
 * row and start time), or for a sidebar card at the first row at `initialOffset`.
 */
export function timelineKeyboardCoordinates(options: {
  cursor: { current: KeyboardCursor | null };
  startOf: (active: Active, activeNode: HTMLElement | null) => KeyboardCursor | null;
  initialOffset: () => number;
  onMove: (cursor: KeyboardCursor) => void;
}): KeyboardCoordinateGetter {
  return (event, { context }) => {
    if (!MOVE_KEYS.has(event.code)) return undefined;
    event.preventDefault();
    const ids = targets().map((element) => element.dataset.dropId ?? '');
    if (ids.length === 0) return undefined;
    let cursor = options.cursor.current;
    let next: KeyboardCursor | null;
    if (!cursor) {
      cursor = context.active ? options.startOf(context.active, context.activeNode) : null;
    }
    if (!cursor) {
      // A sidebar card enters the first row (or, weekly, its first day).
      const first = ids[0] ?? '';
      next = { targetId: first, offset: options.initialOffset() };
    } else {
      next = moveCursor(cursor, event.code, event.shiftKey, ids) ?? cursor;
    }
    options.cursor.current = next;
    options.onMove(next);
    return coordinatesOf(next) ?? undefined;
  };
}
