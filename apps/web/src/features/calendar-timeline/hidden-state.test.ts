import { DEFAULT_CALENDAR_SCREEN_STATE as DEFAULTS } from '@workbench/domain';
import { describe, expect, it } from 'vitest';
import { firstWeeklyEntryChange, hiddenKeyOf, hiddenRows, rowKindOf, toggleHidden } from './hidden-state';
import { applyPendingMoves } from './pending-moves';

describe('hidden rows per view', () => {
  it.each([
    ['dailyUsers', 'hidden_daily_users', 'users'],
    ['dailyWorkspaces', 'hidden_daily_workspaces', 'workspaces'],
    ['weeklyUsers', 'hidden_weekly_users', 'users'],
    ['weeklyWorkspaces', 'hidden_weekly_workspaces', 'workspaces'],
  ] as const)('%s keeps its own list (%s) of %s', (view, key, kind) => {
    expect(hiddenKeyOf(view)).toBe(key);
    expect(rowKindOf(view)).toBe(kind);
    expect(hiddenRows({ ...DEFAULTS, view, [key]: [4, 5] })).toEqual([4, 5]);
  });

  it('the first entry into weekly users copies the daily users hidden rows', () => {
    const state = { ...DEFAULTS, view: 'weeklyUsers' as const, hidden_daily_users: [3, 9] };
    expect(firstWeeklyEntryChange(state)).toEqual({ hidden_weekly_users: [3, 9] });
  });

  it('the first entry into weekly workspaces with nothing hidden sets an empty list', () => {
    const state = { ...DEFAULTS, view: 'weeklyWorkspaces' as const };
    expect(firstWeeklyEntryChange(state)).toEqual({ hidden_weekly_workspaces: [] });
  });

  it('copies only once: a weekly list already set (even empty) stays', () => {
    expect(
      firstWeeklyEntryChange({
        ...DEFAULTS,
        view: 'weeklyUsers',
        hidden_daily_users: [3],
        hidden_weekly_users: [],
      }),
    ).toBeNull();
    expect(firstWeeklyEntryChange({ ...DEFAULTS, view: 'dailyUsers', hidden_daily_users: [3] })).toBeNull();
  });

  it('ticking shows a row, unticking hides it', () => {
    expect(toggleHidden([1, 2], 2, true)).toEqual([1]);
    expect(toggleHidden([1], 2, false)).toEqual([1, 2]);
    expect(toggleHidden([1], 1, false)).toEqual([1]);
  });
});

describe('moves being saved', () => {
  const card = (id: number, assignee: number) =>
    ({ id, assignee_id: assignee, workspace_id: 1 }) as unknown as import('@workbench/domain').CalendarItem;
  const row = (id: number, items: ReturnType<typeof card>[]) => ({
    id,
    name: `R${id}`,
    subtitle: null,
    statistics: null,
    total_calendar_events: items.length,
    issues: items,
    full_day: [],
    presence: [],
  });

  it('moves the card to its new row and keeps untouched rows as they are', () => {
    const rows = [row(10, [card(1, 10)]), row(11, []), row(12, [card(2, 12)])];
    const result = applyPendingMoves(rows, [{ item: card(1, 11) }], 'users');
    expect(result[0]?.issues).toEqual([]);
    expect(result[1]?.issues.map((i) => i.id)).toEqual([1]);
    expect(result[2]).toBe(rows[2]);
  });

  it('nothing pending: the same rows', () => {
    const rows = [row(10, [card(1, 10)])];
    expect(applyPendingMoves(rows, [], 'users')).toBe(rows);
  });
});
