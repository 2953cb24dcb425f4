import type { FeaturePage } from '../../app/route-table';

const list = () => import('./pages/ScheduleListPage').then((m) => m.ScheduleListPage);
// The add and detail pages are the schedule editor's (features/schedule-editor).
const add = () => import('../schedule-editor/pages/ScheduleAddPage').then((m) => m.ScheduleAddPage);
const detail = () => import('../schedule-editor/pages/ScheduleDetailPage').then((m) => m.ScheduleDetailPage);

/** The scheduling pages (001 §2 "Scheduling"). */
export const schedulePages: FeaturePage[] = [
  { path: '/dashboard/scheduling', load: list },
  { path: '/dashboard/scheduling/add', load: add },
  { path: '/dashboard/scheduling/detail/:id', load: detail },
];
