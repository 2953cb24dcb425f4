import { errorTextKey } from '../../ui/feedback/error-text';
import type { ScheduleBulkResult, ScheduleRowAction } from './schedules-api';

/**
 * What an action on several schedules means for the person (001 §2 "Scheduling"). Pure: the
 * answer in; the count done and the refusals grouped by their (translated) reason, each with the
 * titles of the schedules it kept back, out.
 */
export type ScheduleBulkAction = ScheduleRowAction | 'reassign';

export type ScheduleBulkLine = { reasonKey: string; count: number; titles: string[] };
export type ScheduleBulkSummary = {
  action: ScheduleBulkAction;
  /** Every schedule went through: a success toast is enough. */
  complete: boolean;
  done: number;
  lines: ScheduleBulkLine[];
  /** The ids not done (they stay selected). */
  refusedIds: number[];
};

export function scheduleBulkSummary(
  action: ScheduleBulkAction,
  result: ScheduleBulkResult,
  titleOf: (id: number) => string | undefined,
  exists: (key: string) => boolean,
): ScheduleBulkSummary {
  const lines = new Map<string, ScheduleBulkLine>();
  for (const refusal of result.failed) {
    const reasonKey = errorTextKey(refusal.error, exists);
    const line = lines.get(reasonKey) ?? { reasonKey, count: 0, titles: [] };
    line.count += 1;
    line.titles.push(titleOf(refusal.id) ?? `#${refusal.id}`);
    lines.set(reasonKey, line);
  }
  return {
    action,
    complete: result.failed.length === 0,
    done: result.updated.length,
    lines: [...lines.values()],
    refusedIds: [...new Set(result.failed.map((f) => f.id))],
  };
}
