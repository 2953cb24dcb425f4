import {
  type CalendarItem,
  canDragCalendarItem,
  itemSpan,
  NEW_SLOT_LENGTH_SECONDS,
  newTimeSlot,
  xToDropTime,
} from '@workbench/domain';

/**
 * What a drop on a timeline does (001 §4 "Drag and drop", §8): cancel, save at once, ask first
 * (another person, another workspace) or refuse with the info dialog (a person the workspace
 * cannot assign). Every save is one PUT issue/{id} with start_date and due_date in seconds and,
 * when the row changes, assignee_id or workspace_id.
 */

/** Where a dragged card comes from. */
export type DragSource = { from: 'sidebar'; item: CalendarItem } | { from: 'timeline'; item: CalendarItem };

/** The row (and, weekly, the day column) under the drop, and the card's left edge in it. */
export type DropTarget = {
  rowKind: 'users' | 'workspaces';
  rowId: number;
  rowName: string;
  /** Local midnight of the target day, in seconds. */
  dayStart: number;
  /** Daily: x on the 24-hour timeline; weekly: x inside the day column. */
  x: number;
  /** Daily: the timeline's width; weekly: the column's. */
  width: number;
  weekly: boolean;
};

export type DropBody = {
  start_date: number | null;
  due_date: number | null;
  assignee_id?: number;
  workspace_id?: number;
};

export type DropPlan =
  | { kind: 'cancel' }
  | { kind: 'save'; id: number; body: DropBody }
  | {
      kind: 'confirm';
      key: 'calendar_reassign_task_are_you_sure' | 'calendar_are_you_sure_move_to_new_workspace';
      values: Record<string, string>;
      id: number;
      body: DropBody;
    }
  | {
      kind: 'blocked';
      key: 'calendar_reschedule_to_user_not_in_workspace';
      values: { user_name: string; workspace_name: string };
    };

const CANCEL: DropPlan = { kind: 'cancel' };

/**
 * The new dates. Daily: the drop x snapped to 5 minutes (a negative offset or beyond the day
 * cancels). Weekly: the target day at the card's own time of day, or for a sidebar item a new
 * slot at the current time of day rounded to 30 minutes. From the sidebar the item lasts an hour;
 * a moved card keeps its length (and which of its dates it has).
 */
function newDates(
  source: DragSource,
  target: DropTarget,
  clock: { nowSeconds: number; dayStartOf: (seconds: number) => number },
): DropBody | null {
  if (!Number.isFinite(target.x) || target.x < 0 || target.x > target.width) return null;
  const span = source.from === 'timeline' ? itemSpan(source.item) : null;
  let start: number | null;
  if (!target.weekly) start = xToDropTime(target.x, target.dayStart, target.width);
  else if (span) start = target.dayStart + (span.start - clock.dayStartOf(span.start));
  else start = newTimeSlot(target.dayStart + (clock.nowSeconds - clock.dayStartOf(clock.nowSeconds))).start;
  if (start === null) return null;
  if (!span) return { start_date: start, due_date: start + NEW_SLOT_LENGTH_SECONDS };
  const delta = start - span.start;
  const { start_date, due_date } = source.item;
  return {
    start_date: start_date === null ? null : start_date + delta,
    due_date: due_date === null ? null : due_date + delta,
  };
}

export function planDrop(
  source: DragSource,
  target: DropTarget | null,
  clock: { nowSeconds: number; dayStartOf: (seconds: number) => number },
): DropPlan {
  const { item } = source;
  if (!target || typeof item.id !== 'number') return CANCEL;
  if (source.from === 'timeline' && !canDragCalendarItem(item)) return CANCEL;
  if (source.from === 'sidebar' && !item.permissions.canEdit) return CANCEL;
  const dates = newDates(source, target, clock);
  if (!dates) return CANCEL;

  if (target.rowKind === 'users' && target.rowId !== item.assignee_id) {
    if (!item.workspace.available_assignees_ids.includes(target.rowId)) {
      return {
        kind: 'blocked',
        key: 'calendar_reschedule_to_user_not_in_workspace',
        values: { user_name: target.rowName, workspace_name: item.workspace.name },
      };
    }
    const body = { ...dates, assignee_id: target.rowId };
    // Giving unassigned work to someone is scheduling it; taking it from someone asks first.
    if (item.assignee_id === null) return { kind: 'save', id: item.id, body };
    return {
      kind: 'confirm',
      key: 'calendar_reassign_task_are_you_sure',
      values: { user_name: target.rowName, from_name: item.assignee?.full_name ?? '' },
      id: item.id,
      body,
    };
  }
  if (target.rowKind === 'workspaces' && target.rowId !== item.workspace_id) {
    return {
      kind: 'confirm',
      key: 'calendar_are_you_sure_move_to_new_workspace',
      values: { workspace_name: target.rowName },
      id: item.id,
      body: { ...dates, workspace_id: target.rowId },
    };
  }
  if (dates.start_date === item.start_date && dates.due_date === item.due_date) return CANCEL;
  return { kind: 'save', id: item.id, body: dates };
}
