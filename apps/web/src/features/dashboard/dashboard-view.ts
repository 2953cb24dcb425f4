import type { DashboardWeek, OnboardingStep } from '@workbench/domain';

/** The issue list showing exactly what a figure counts. */
export const issuesLink = (query: string) => (query ? `/dashboard/issues?${query}` : '/dashboard/issues');
export const equipmentLink = (query: string) =>
  query ? `/dashboard/equipment?${query}` : '/dashboard/equipment';

/** Where each getting-started step is done. */
export const ONBOARDING_STEP_LINKS: Record<OnboardingStep, string> = {
  create_workspace: '/dashboard/workspaces/add',
  invite_people: '/dashboard/profiles/new',
  create_issue: '/dashboard/issues/add',
  print_qr_code: '/dashboard/workspaces',
  create_schedule: '/dashboard/scheduling/add',
};

/** Steps the data cannot show done: the person ticks them. */
export const MANUAL_ONBOARDING_STEPS: readonly OnboardingStep[] = ['print_qr_code'];

/** The chart's rows: the week's Monday as a short date in the organisation's time zone. */
export function weekRows(
  weeks: readonly DashboardWeek[],
  language: string,
  timeZone: string,
): Array<{ label: string; week: string; opened: number; completed: number; opened_query: string }> {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone });
  } catch {
    format = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  }
  return weeks.map((w) => ({
    label: format.format(new Date(w.starts_at)),
    week: w.week,
    opened: w.opened,
    completed: w.completed,
    opened_query: w.opened_query,
  }));
}

/** The share as the reader's number format ("87.5 %" / "87,5 %"). */
export function percentText(percent: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(
    percent / 100,
  );
}
