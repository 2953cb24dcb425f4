import {
  ISSUE_STATUS,
  nextOccurrence,
  type Occurrence,
  occurrencesBetween,
  type RecurrenceRule,
} from '@workbench/domain';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { scheduleRuleOf, selectScheduleRules, timeZoneOf } from './schedule-rule-row.js';

/**
 * What the materializer works from (schedule-materializer.ts): next_issue_scheduled_at is the
 * start of the next occurrence not yet turned into an issue (its cursor), materialize_at when it
 * next has work on the schedule (NULL: nothing until something changes). The writes of the
 * schedule API call these in their own transaction; the materializer does the rest.
 */

type Db = Kysely<Database> | Transaction<Database>;
const DAY_MS = 86_400_000;

const UNIT_MS = { minutes: 60_000, hours: 3_600_000, days: DAY_MS } as const;

/** The first occurrence not over at `now`: one in progress (started, not yet due), else the next. */
export function firstOpenOccurrence(rule: RecurrenceRule, now: Date): Occurrence | null {
  // An occurrence lasts its work hours or slot (within a day), or its completion limit when longer.
  const limit = rule.time_limits.completion;
  const longest = Math.max(DAY_MS, limit ? limit.value * UNIT_MS[limit.unit] + DAY_MS : 0);
  const inProgress = occurrencesBetween(rule, new Date(now.getTime() - longest), now).find(
    (o) => o.due.getTime() > now.getTime(),
  );
  return inProgress ?? nextOccurrence(rule, now);
}

/**
 * After create, unpause or unarchive: the cursor goes to the first occurrence not over now (one
 * in progress included; occurrences missed while paused are skipped, not created) and the schedule is due at once, so
 * the materializer decides by its reschedule mode. Occurrences already created stay guarded by
 * schedule_occurrences' primary key.
 */
export async function planSchedule(
  trx: Db,
  scheduleId: number,
  now: Date,
  options: { inProgress?: boolean } = {},
): Promise<void> {
  const row = await selectScheduleRules(trx).where('s.id', '=', scheduleId).executeTakeFirst();
  if (!row) return;
  const rule = scheduleRuleOf(row, timeZoneOf(row.time_zone));
  const next = options.inProgress === false ? nextOccurrence(rule, now) : firstOpenOccurrence(rule, now);
  await trx
    .updateTable('schedules')
    .set({ next_issue_scheduled_at: next?.start ?? null, materialize_at: next ? now : null })
    .where('id', '=', scheduleId)
    .execute();
}

/**
 * After an edit of the schedule: its issues whose occurrence starts in the future and that nobody
 * touched (never updated, no comment, work time, attachment or activity besides 'created') were
 * made from the old rule, so they go (soft-deleted, their occurrence rows removed, no longer
 * counted) and the schedule is planned again from the new rule. Touched issues stay, and their
 * occurrence rows keep them from being created twice. Answers the number of issues removed.
 */
export async function replanSchedule(trx: Db, scheduleId: number, now: Date): Promise<number> {
  const untouched = await trx
    .selectFrom('schedule_occurrences as o')
    .innerJoin('issues as i', 'i.id', 'o.issue_id')
    .select('i.id')
    .where('o.schedule_id', '=', scheduleId)
    .where('o.starts_at', '>', now)
    .where('i.deleted_at', 'is', null)
    .where(sql<boolean>`i.updated_at = i.created_at`)
    .where(sql<boolean>`NOT EXISTS (SELECT 1 FROM issue_comments c WHERE c.issue_id = i.id)`)
    .where(sql<boolean>`NOT EXISTS (SELECT 1 FROM worktime_logs w WHERE w.issue_id = i.id)`)
    .where(
      sql<boolean>`NOT EXISTS (SELECT 1 FROM attachments a WHERE a.client_id = i.client_id
        AND a.owner_type = 'issue' AND a.owner_id = i.id AND a.deleted_at IS NULL)`,
    )
    .where(
      sql<boolean>`NOT EXISTS (SELECT 1 FROM activity_log l WHERE l.client_id = i.client_id
        AND l.entity_type = 'issue' AND l.entity_id = i.id AND l.action <> 'created')`,
    )
    .execute();
  const ids = untouched.map((r) => r.id);
  if (ids.length) {
    await trx.updateTable('issues').set({ deleted_at: now }).where('id', 'in', ids).execute();
    await trx.deleteFrom('schedule_occurrences').where('issue_id', 'in', ids).execute();
  }
  await trx
    .updateTable('schedules')
    .set((eb) => ({
      plan_version: eb('plan_version', '+', 1),
      created_count: sql<number>`greatest(created_count - ${ids.length}, 0)`,
    }))
    .where('id', '=', scheduleId)
    .execute();
  // Only occurrences starting after the edit: the one in progress has its issue (old rule) already.
  await planSchedule(trx, scheduleId, now, { inProgress: false });
  return ids.length;
}

/**
 * An issue's status changed: a schedule that creates its next issue once the previous one is done
 * (after_marked_as_done: status 7 or later; after_completion: 8) is due again. One UPDATE; nothing
 * when the issue has no such schedule.
 */
export async function scheduleIssueStatusChanged(
  trx: Db,
  issue: { schedule_id: number | null },
  statusId: number,
  now: Date,
): Promise<void> {
  if (issue.schedule_id === null || statusId < ISSUE_STATUS.inReview) return;
  const modes =
    statusId >= ISSUE_STATUS.completed
      ? ['after_marked_as_done', 'after_completion']
      : ['after_marked_as_done'];
  await trx
    .updateTable('schedules')
    .set({ materialize_at: now })
    .where('id', '=', issue.schedule_id)
    .where('reschedule_mode', 'in', modes as ('after_marked_as_done' | 'after_completion')[])
    .where('deleted_at', 'is', null)
    .execute();
}

// The running materializer of a database (started by server.ts), woken by requestMaterialize.
const wakers = new WeakMap<object, () => void>();

/** Called by the materializer job: who to wake on requestMaterialize(ctx) for this database. */
export function onMaterializeRequest(db: Kysely<Database>, wake: () => void): () => void {
  wakers.set(db, wake);
  return () => {
    if (wakers.get(db) === wake) wakers.delete(db);
  };
}

/**
 * Ask for a materializer run soon (after a commit that made a schedule due): not awaited, and
 * requests while one is pending coalesce into one run. Nothing when no materializer runs here
 * (tests that build the app alone); the timer of the running one covers the rest.
 */
export function requestMaterialize(ctx: { db: Kysely<Database> }): void {
  wakers.get(ctx.db)?.();
}
