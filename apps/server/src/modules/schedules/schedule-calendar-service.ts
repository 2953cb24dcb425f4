import { type Occurrence, occurrencesBetween, type PreparedTask } from '@workbench/domain';
import type { AppContext } from '../../context.js';
import { presentPreparedTask } from './schedule-presenter.js';
import {
  findClientTimeZone,
  findCreatedOccurrences,
  findPeople,
  findScheduleRelations,
} from './schedule-queries.js';
import { scheduleRuleOf } from './schedule-rule-row.js';
import { type Caller, requireVisibleSchedule } from './schedule-service.js';
import { scheduleScope } from './schedule-visibility.js';

const DAY_MS = 86_400_000;
/** How far ahead the next dates are looked for (a rule with fewer occurrences than asked just ends). */
const FUTURE_DATES_HORIZON_MS = 10 * 366 * DAY_MS;
const PREVIEW_DEFAULT_MS = 90 * DAY_MS;
const PREVIEW_MAX_MS = 366 * DAY_MS;

/**
 * GET schedule/{id}/future_dates: the next occurrences by the rule from now (the recurrence
 * engine, in the organisation's time zone), each flagged created when it has its issue(s), with
 * when the materializer will create it (its start, or the lead time ahead for
 * before_next_start_date; null for the after_* modes, which wait for the previous issue).
 */
export async function getScheduleFutureDates(ctx: AppContext, auth: Caller, id: number, count: number) {
  const scope = await scheduleScope(ctx.db, auth);
  const row = await requireVisibleSchedule(ctx.db, auth, scope, id);
  const timeZone = await findClientTimeZone(ctx.db, auth.clientId);
  const now = new Date();
  const until = new Date(now.getTime() + FUTURE_DATES_HORIZON_MS);
  const occurrences = occurrencesBetween(scheduleRuleOf(row, timeZone), now, until, count);
  const last = occurrences.at(-1);
  const created = last
    ? await findCreatedOccurrences(ctx.db, id, now, new Date(last.start.getTime() + 1))
    : new Set<string>();
  const createdStarts = new Set([...created].map((key) => key.split(':')[0]));
  const leadMs = ctx.config.scheduleLeadDays * DAY_MS;
  return {
    time_zone: timeZone,
    data: occurrences.map((o) => {
      const isCreated = createdStarts.has(String(o.start.getTime()));
      const createsAt =
        isCreated ||
        row.reschedule_mode === 'after_marked_as_done' ||
        row.reschedule_mode === 'after_completion'
          ? null
          : row.reschedule_mode === 'before_next_start_date'
            ? new Date(Math.max(now.getTime(), o.start.getTime() - leadMs))
            : o.start;
      return {
        start_date: o.start.toISOString(),
        due_date: o.due.toISOString(),
        created: isCreated,
        creates_at: createsAt ? createsAt.toISOString() : null,
      };
    }),
  };
}

/**
 * GET schedule/future_preview/{id}: prepared tasks (status 0, read only) for the occurrences in
 * [from, to) whose issues are not created yet: one per asset in FOR_EACH_ASSET mode, else one.
 * A paused or archived schedule creates nothing, so it previews nothing.
 */
export async function getScheduleFuturePreview(
  ctx: AppContext,
  auth: Caller,
  id: number,
  query: { from?: number; to?: number; limit: number },
): Promise<{ data: PreparedTask[] }> {
  const scope = await scheduleScope(ctx.db, auth);
  const row = await requireVisibleSchedule(ctx.db, auth, scope, id);
  if (row.paused_at || row.archived_at) return { data: [] };
  const from = query.from === undefined ? new Date() : new Date(query.from * 1000);
  const requestedTo = query.to === undefined ? from.getTime() + PREVIEW_DEFAULT_MS : query.to * 1000;
  const to = new Date(Math.min(requestedTo, from.getTime() + PREVIEW_MAX_MS));
  const timeZone = await findClientTimeZone(ctx.db, auth.clientId);
  const occurrences = occurrencesBetween(scheduleRuleOf(row, timeZone), from, to, query.limit);
  if (!occurrences.length) return { data: [] };
  const [created, relations, people] = await Promise.all([
    findCreatedOccurrences(ctx.db, id, from, to),
    findScheduleRelations(ctx.db, [row]),
    findPeople(ctx.db, row.assignee_id === null ? [] : [row.assignee_id]),
  ]);
  const assignee = row.assignee_id === null ? undefined : people.get(row.assignee_id);
  const pending = pendingOccurrences(row, occurrences, created, relations.assets.get(id) ?? [], query.limit);
  return {
    data: pending.map(({ occurrence, asset }) => presentPreparedTask(row, assignee, occurrence, asset)),
  };
}

/**
 * THE rule of prepared tasks (shared with the calendar): of a schedule's occurrences (in time
 * order), those whose issues are not created yet (`created`: "startMs:assetId" keys): one per
 * asset in FOR_EACH_ASSET mode, else one (asset null), at most `limit`.
 */
export function pendingOccurrences<A extends { id: number; name: string }>(
  row: { assets_mode: string },
  occurrences: readonly Occurrence[],
  created: ReadonlySet<string>,
  assets: readonly A[],
  limit: number,
): { occurrence: Occurrence; asset: { id: number; name: string } | null }[] {
  const perAsset = row.assets_mode === 'FOR_EACH_ASSET' && assets.length > 0;
  const out: { occurrence: Occurrence; asset: { id: number; name: string } | null }[] = [];
  for (const occurrence of occurrences) {
    const targets = perAsset ? assets.map(({ id: assetId, name }) => ({ id: assetId, name })) : [null];
    for (const asset of targets) {
      if (out.length >= limit) return out;
      if (created.has(`${occurrence.start.getTime()}:${asset?.id ?? 0}`)) continue;
      out.push({ occurrence, asset });
    }
  }
  return out;
}
