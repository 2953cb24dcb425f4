/**
 * The drag sidebar's tab count: the server counts at most CALENDAR_SIDEBAR_COUNT_AHEAD issues
 * past the page asked, and says so (total_capped), so a large list reads "1000+".
 */
export function sidebarCount(
  first: { total: number; total_capped: boolean } | undefined,
): string | undefined {
  return first && `${first.total}${first.total_capped ? '+' : ''}`;
}
