import { errorTextKey } from '../feedback/error-text';

/** One row a bulk action did not do, with the error key it answered. */
export type BulkRefusal = { id: number; error: string };

/** The refusals of one (translated) reason: how many and what the rows kept back are called. */
export type BulkResultLine = { reasonKey: string; count: number; titles: string[] };

export type BulkResultSummary<Action extends string> = {
  action: Action;
  /** Every row went through: a success toast is enough. */
  complete: boolean;
  done: number;
  lines: BulkResultLine[];
  /** The ids not done (they stay selected). */
  refusedIds: number[];
};

/**
 * What a bulk action's answer means for the person (assets, equipment, schedules). Pure: the count
 * done and the refusals in; the refusals grouped by their (translated) reason, each with the
 * titles of the rows it kept back (`#id` for a row not at hand), out.
 */
export function bulkResultSummary<Action extends string>(
  action: Action,
  done: number,
  refusals: readonly BulkRefusal[],
  titleOf: (id: number) => string | undefined,
  exists: (key: string) => boolean,
): BulkResultSummary<Action> {
  const lines = new Map<string, BulkResultLine>();
  for (const refusal of refusals) {
    const reasonKey = errorTextKey(refusal.error, exists);
    const line = lines.get(reasonKey) ?? { reasonKey, count: 0, titles: [] };
    line.count += 1;
    line.titles.push(titleOf(refusal.id) ?? `#${refusal.id}`);
    lines.set(reasonKey, line);
  }
  return {
    action,
    complete: refusals.length === 0,
    done,
    lines: [...lines.values()],
    refusedIds: [...new Set(refusals.map((r) => r.id))],
  };
}
