import type { CalendarItem } from '@workbench/domain';
import { describe, expect, it } from 'vitest';
import { type DragSource, type DropTarget, planDrop } from './drop-plan';

const H = 3600;
const DAY0 = Date.UTC(2026, 10, 24) / 1000; // the target day's start (UTC in the test)
const clock = {
  nowSeconds: DAY0 + 8 * H + 17 * 60,
  dayStartOf: (s: number) => Math.floor(s / 86_400) * 86_400,
};

function item(extra: Partial<CalendarItem> = {}): CalendarItem {
  return {
    id: 7,
    title: 'Replace the filter',
    description: null,
    status_id: 5,
    status: { id: 5, name: 'Accepted', type: 'accepted' },
    archived: false,
    completed_at: null,
    start_date: DAY0 + 9 * H,
    due_date: DAY0 + 11 * H,
    displayType: 'PLANNED',
    workspace: { id: 1, name: 'Building A', available_assignees_ids: [10, 11] },
    workspace_id: 1,
    assignee: { full_name: 'Anna', profile_image: null },
    assignee_id: 10,
    category: null,
    priority_id: 3,
    number_of_comments: 0,
    schedule_id: null,
    attachments: [],
    is_scheduled_prepared_task: false,
    model: 'ISSUE',
    fetched_as_main: true,
    permissions: {
      canAddAttachments: true,
      deleteOnlyMyAttachments: false,
      editOnlyMyAttachments: false,
      canEdit: true,
      canReassign: true,
      canQuickComplete: true,
    },
    ...extra,
  };
}

const at10 = 1125; // 10:00 on a 2700 px day
function target(extra: Partial<DropTarget> = {}): DropTarget {
  return {
    rowKind: 'users',
    rowId: 10,
    rowName: 'Anna',
    dayStart: DAY0,
    x: at10,
    width: 2700,
    weekly: false,
    ...extra,
  };
}
const moved = (extra: Partial<CalendarItem> = {}): DragSource => ({ from: 'timeline', item: item(extra) });
const fromSidebar = (extra: Partial<CalendarItem> = {}): DragSource => ({
  from: 'sidebar',
  item: item({ start_date: null, due_date: null, ...extra }),
});

describe('what a drop does', () => {
  it.each<[string, DragSource, DropTarget | null, unknown]>([
    ['no target: cancel', moved(), null, { kind: 'cancel' }],
    ['a negative offset: cancel', moved(), target({ x: -3 }), { kind: 'cancel' }],
    ['beyond the day: cancel', moved(), target({ x: 2800 }), { kind: 'cancel' }],
    ['the same place: nothing to save', moved(), target({ x: 1012.5 }), { kind: 'cancel' }],
    [
      'a card moved on its row keeps its length',
      moved(),
      target(),
      { kind: 'save', id: 7, body: { start_date: DAY0 + 10 * H, due_date: DAY0 + 12 * H } },
    ],
    [
      'a card with only a due date keeps only that date',
      moved({ start_date: null, due_date: DAY0 + 9 * H }),
      target(),
      { kind: 'save', id: 7, body: { start_date: null, due_date: DAY0 + 11 * H } },
    ],
    [
      'the time snaps to 5 minutes',
      moved(),
      target({ x: at10 + 13 }),
      { kind: 'save', id: 7, body: { start_date: DAY0 + 10 * H + 300, due_date: DAY0 + 12 * H + 300 } },
    ],
    [
      'from the sidebar: start at the drop, an hour long',
      fromSidebar(),
      target(),
      { kind: 'save', id: 7, body: { start_date: DAY0 + 10 * H, due_date: DAY0 + 11 * H } },
    ],
    [
      'an unassigned issue onto a person: assigned without asking',
      fromSidebar({ assignee_id: null, assignee: null }),
      target(),
      { kind: 'save', id: 7, body: { start_date: DAY0 + 10 * H, due_date: DAY0 + 11 * H, assignee_id: 10 } },
    ],
    [
      "onto another person's row: asks calendar_reassign_task_are_you_sure",
      moved(),
      target({ rowId: 11, rowName: 'Martin' }),
      {
        kind: 'confirm',
        key: 'calendar_reassign_task_are_you_sure',
        values: { user_name: 'Martin', from_name: 'Anna' },
        id: 7,
        body: { start_date: DAY0 + 10 * H, due_date: DAY0 + 12 * H, assignee_id: 11 },
      },
    ],
    [
      'onto a person the workspace cannot assign: blocked',
      moved(),
      target({ rowId: 12, rowName: 'Ben' }),
      {
        kind: 'blocked',
        key: 'calendar_reschedule_to_user_not_in_workspace',
        values: { user_name: 'Ben', workspace_name: 'Building A' },
      },
    ],
    [
      'from the sidebar onto a person outside the workspace: blocked',
      fromSidebar({ assignee_id: null, assignee: null }),
      target({ rowId: 12, rowName: 'Ben' }),
      {
        kind: 'blocked',
        key: 'calendar_reschedule_to_user_not_in_workspace',
        values: { user_name: 'Ben', workspace_name: 'Building A' },
      },
    ],
    [
      "onto another workspace's row: asks calendar_are_you_sure_move_to_new_workspace",
      moved(),
      target({ rowKind: 'workspaces', rowId: 2, rowName: 'Building B' }),
      {
        kind: 'confirm',
        key: 'calendar_are_you_sure_move_to_new_workspace',
        values: { workspace_name: 'Building B' },
        id: 7,
        body: { start_date: DAY0 + 10 * H, due_date: DAY0 + 12 * H, workspace_id: 2 },
      },
    ],
    [
      'within its own workspace row: only the dates',
      moved(),
      target({ rowKind: 'workspaces', rowId: 1, rowName: 'Building A' }),
      { kind: 'save', id: 7, body: { start_date: DAY0 + 10 * H, due_date: DAY0 + 12 * H } },
    ],
    [
      'weekly: another day at the same time of day',
      moved(),
      target({ weekly: true, dayStart: DAY0 + 2 * 86_400, x: 0, width: 180 }),
      {
        kind: 'save',
        id: 7,
        body: { start_date: DAY0 + 2 * 86_400 + 9 * H, due_date: DAY0 + 2 * 86_400 + 11 * H },
      },
    ],
    [
      'weekly from the sidebar: a new slot at the current time rounded to 30 minutes',
      fromSidebar(),
      target({ weekly: true, dayStart: DAY0 + 86_400, x: 0, width: 180 }),
      {
        kind: 'save',
        id: 7,
        body: { start_date: DAY0 + 86_400 + 8.5 * H, due_date: DAY0 + 86_400 + 9.5 * H },
      },
    ],
    [
      'a prepared task never moves',
      moved({ status_id: 0, is_scheduled_prepared_task: true }),
      target(),
      { kind: 'cancel' },
    ],
    [
      'an item the person may not edit never moves',
      moved({ permissions: { ...item().permissions, canEdit: false } }),
      target(),
      { kind: 'cancel' },
    ],
  ])('%s', (_name, source, to, expected) => {
    expect(planDrop(source, to, clock)).toEqual(expected);
  });
});
