import type { FeaturePage } from '../../app/route-table';

const calendar = () => import('./pages/CalendarPage').then((m) => m.CalendarPage);

/** The calendar page (001 §2 "Calendar"): the yearly grid and, lazily, the daily and weekly timelines. */
export const calendarPages: FeaturePage[] = [{ path: '/dashboard/calendar', load: calendar }];
