import type { CalendarItem } from '@workbench/domain';
import type { TimelineRow } from './timeline-api';

/** A drop being saved: the item as it will be (new dates, person or workspace). */
export type PendingMove = { item: CalendarItem };

/**
 * The rows as they will be once the saves in flight are done: each moved item leaves its old row
 * (and the sidebar) and shows in the row of its new person or workspace. When a save fails the
 * move is dropped and the card is back where it was. Rows nothing moved in keep their identity,
 * so their memoised layout is not redone.
 */
export function applyPendingMoves(
  rows: readonly TimelineRow[],
  pending: readonly PendingMove[],
  kind: 'users' | 'workspaces',
): TimelineRow[] {
  if (pending.length === 0) return rows as TimelineRow[];
  const movedIds = new Set(pending.map((move) => move.item.id));
  const ownerOf = (item: CalendarItem) => (kind === 'users' ? item.assignee_id : item.workspace_id);
  return rows.map((row) => {
    const arriving = pending.filter((move) => ownerOf(move.item) === row.id).map((move) => move.item);
    const leaving =
      row.issues.some((item) => movedIds.has(item.id)) || row.full_day.some((item) => movedIds.has(item.id));
    if (!arriving.length && !leaving) return row;
    return {
      ...row,
      issues: [...row.issues.filter((item) => !movedIds.has(item.id)), ...arriving],
      full_day: row.full_day.filter((item) => !movedIds.has(item.id)),
    };
  });
}
