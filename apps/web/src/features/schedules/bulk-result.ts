import { type BulkResultSummary, bulkResultSummary } from '../../ui/bulk/bulk-result';
import type { ScheduleBulkResult, ScheduleRowAction } from './schedules-api';

/**
 * What an action on several schedules means for the person (001 §2 "Scheduling"). Pure: the
 * answer in; the count done and the refusals grouped by their (translated) reason, each with the
 * titles of the schedules it kept back, out.
 */
export type ScheduleBulkAction = ScheduleRowAction | 'reassign';

export type ScheduleBulkSummary = BulkResultSummary<ScheduleBulkAction>;

export function scheduleBulkSummary(
  action: ScheduleBulkAction,
  result: ScheduleBulkResult,
  titleOf: (id: number) => string | undefined,
  exists: (key: string) => boolean,
): ScheduleBulkSummary {
  return bulkResultSummary(action, result.updated.length, result.failed, titleOf, exists);
}
