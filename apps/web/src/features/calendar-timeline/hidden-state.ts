import type { CalendarScreenState, CalendarView } from '@workbench/domain';

export type HiddenKey =
  | 'hidden_daily_users'
  | 'hidden_daily_workspaces'
  | 'hidden_weekly_users'
  | 'hidden_weekly_workspaces';

/** Which rows a view shows: people or workspaces. */
export function rowKindOf(view: CalendarView): 'users' | 'workspaces' {
  return view === 'dailyWorkspaces' || view === 'weeklyWorkspaces' ? 'workspaces' : 'users';
}

/** The state key holding the rows hidden in a view (hidden state is kept per view, 001 §4). */
export function hiddenKeyOf(view: CalendarView): HiddenKey {
  switch (view) {
    case 'dailyWorkspaces':
      return 'hidden_daily_workspaces';
    case 'weeklyUsers':
      return 'hidden_weekly_users';
    case 'weeklyWorkspaces':
      return 'hidden_weekly_workspaces';
    default:
      return 'hidden_daily_users';
  }
}

/** The rows hidden in the view shown. */
export function hiddenRows(state: CalendarScreenState): number[] {
  return state[hiddenKeyOf(state.view)] ?? [];
}

/**
 * The first entry into a weekly view copies the hidden state once from the matching daily view
 * (001 §4): the change to make, or null when the weekly view was entered before (its list is
 * then set, empty or not) or the view is not weekly.
 */
export function firstWeeklyEntryChange(state: CalendarScreenState): Partial<CalendarScreenState> | null {
  if (state.view === 'weeklyUsers' && state.hidden_weekly_users === null) {
    return { hidden_weekly_users: [...(state.hidden_daily_users ?? [])] };
  }
  if (state.view === 'weeklyWorkspaces' && state.hidden_weekly_workspaces === null) {
    return { hidden_weekly_workspaces: [...(state.hidden_daily_workspaces ?? [])] };
  }
  return null;
}

/** Show or hide one row. */
export function toggleHidden(hidden: readonly number[], id: number, show: boolean): number[] {
  const rest = hidden.filter((h) => h !== id);
  return show ? rest : [...rest, id];
}
