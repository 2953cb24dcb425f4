/** The scheduling screens' addresses (app/route-table.ts). */
export const schedulePaths = {
  list: '/dashboard/scheduling',
  add: '/dashboard/scheduling/add',
  detail: (id: number) => `/dashboard/scheduling/detail/${id}`,
  issue: (id: number) => `/dashboard/issues/detail/${id}`,
  /** The issue list filtered to one schedule's issues. */
  issuesOf: (id: number) => `/dashboard/issues?schedule_id=${id}`,
};
