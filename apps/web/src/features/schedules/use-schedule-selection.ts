import type { Schedule } from '@workbench/domain';
import { type BulkSelection, useBulkSelection } from '../../ui/bulk/selection';

/** The schedules picked for a bulk action; kept across pages. */
export type ScheduleSelection = BulkSelection<Schedule>;
export const useScheduleSelection = () => useBulkSelection<Schedule>();
