import {
  type CalendarFilters,
  type CalendarItem,
  type ClientSettings,
  occurrencesBetween,
} from '@workbench/domain';
import { type RawBuilder, sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { accessOf } from '../access/request-access.js';
import { intArray, subtreeOf, workspaceSubtreeSql } from '../access/workspace-access.js';
import { pendingOccurrences } from '../schedules/schedule-calendar-service.js';
import { findClientTimeZone, findPeople, findScheduleRows } from '../schedules/schedule-queries.js';
import { scheduleRuleOf } from '../schedules/schedule-rule-row.js';
import { scheduleScope, scheduleVisibleSql } from '../schedules/schedule-visibility.js';
import {
  type CalendarPresentContext,
  findAvailableAssignees,
  findClientSettings,
  presentPreparedCalendarItem,
} from './calendar-items.js';

type Caller = Pick<Auth, 'userId' | 'clientId' | 'role'>;

/** Occurrences looked at per schedule and call at most (a daily rule over a year is 366). */
export const PREPARED_OCCURRENCES_PER_SCHEDULE = 500;

export type PreparedTaskQuery = {
  from: Date;
  to: Date;
  filters: CalendarFilters;
  /** Users rows: the schedule's assignee is one of them. */
  assignees?: readonly number[];
  workspaceIds?: readonly number[];
  scheduleIds?: readonly number[];
  limit: number;
  /** Occurrences per schedule at most (default PREPARED_OCCURRENCES_PER_SCHEDULE; the yearly grid's year: more). */
  perSchedule?: number;
  now?: Date;
  /** The caller's organisation's settings when the request has read them already. */
  callerSettings?: ClientSettings;
};

/**
 * The prepared tasks of a window (001 §3: status 0, read only, model PREDEFINED_TASK): the
 * occurrences of the caller's visible schedules (not paused, archived or deleted, in a live
 * workspace) in [max(from, now), to) whose issues are not created yet, by the schedules' own
 * rule (pendingOccurrences), with the filter bar applied to what the schedule would create.
 * Ordered by start; at most `limit`.
 */
export async function findPreparedTasks(
  ctx: Pick<AppContext, 'db'>,
  auth: Caller,
  args: PreparedTaskQuery,
): Promise<CalendarItem[]> {
  const now = args.now ?? new Date();
  const from = new Date(Math.max(args.from.getTime(), now.getTime()));
  if (from >= args.to || args.limit <= 0) return [];
  const ids = await findPreparingSchedules(ctx, auth, { ...args, from });
  if (!ids.length) return [];
  const known = args.callerSettings;
  const [rows, timeZone] = await Promise.all([
    findScheduleRows(ctx.db, auth.clientId, ids),
    known ? known.time_zone : findClientTimeZone(ctx.db, auth.clientId),
  ]);
  const [created, assets, people, availableAssignees, settings] = await Promise.all([
    findCreated(ctx, ids, from, args.to),
    findScheduleAssets(ctx, ids),
    findPeople(ctx.db, [...new Set(rows.flatMap((r) => (r.assignee_id === null ? [] : [r.assignee_id])))]),
    findAvailableAssignees(
      ctx.db,
      rows.map((r) => r.workspace_id),
      accessOf(auth).copiesAt(ctx.db),
    ),
    known ? new Map([[auth.clientId, known]]) : findClientSettings(ctx.db, [auth.clientId]),
  ]);
  const context: Pick<CalendarPresentContext, 'availableAssignees' | 'settings' | 'now'> = {
    availableAssignees,
    settings,
    now,
  };
  const perSchedule = args.perSchedule ?? PREPARED_OCCURRENCES_PER_SCHEDULE;
  const wantedAssets = args.filters.assets.length ? new Set(args.filters.assets) : null;
  const items: { start: number; item: CalendarItem }[] = [];
  for (const row of rows) {
    const occurrences = occurrencesBetween(
      scheduleRuleOf(row, timeZone),
      from,
      args.to,
      Math.min(args.limit, perSchedule),
    );
    const scheduleAssets = assets.get(row.id) ?? [];
    const pending = pendingOccurrences(
      row,
      occurrences,
      created.get(row.id) ?? new Set(),
      scheduleAssets,
      perSchedule,
    );
    const assignee = row.assignee_id === null ? undefined : people.get(row.assignee_id);
    for (const { occurrence, asset } of pending) {
      // One issue for all assets names the first one (the materializer's rule).
      const assetId = asset?.id ?? scheduleAssets[0]?.id ?? null;
      if (wantedAssets && (assetId === null || !wantedAssets.has(assetId))) continue;
      const startSeconds = Math.floor(occurrence.start.getTime() / 1000);
      items.push({
        start: occurrence.start.getTime(),
        item: presentPreparedCalendarItem(
          {
            key: `${row.id}:${startSeconds}:${asset?.id ?? 0}`,
            schedule: row,
            // A declined assignee leaves the issue unassigned (the materializer's initial status).
            assignee: assignee && row.assignee_status !== 4 ? assignee : null,
            start: occurrence.start,
            due: occurrence.due,
          },
          context,
        ),
      });
    }
  }
  items.sort((a, b) => a.start - b.start);
  return items.slice(0, args.limit).map((i) => i.item);
}

/** The visible schedules that would create work in the window, with the filter bar applied. */
async function findPreparingSchedules(
  ctx: Pick<AppContext, 'db'>,
  auth: Caller,
  args: PreparedTaskQuery,
): Promise<number[]> {
  const f = args.filters;
  // Prepared tasks are status 0, top-level, assigned to the organisation's own people.
  if (f.status.length || f.issue_type === 'task' || f.externals.length) return [];
  const scope = await scheduleScope(ctx.db, auth);
  const where: RawBuilder<boolean>[] = [
    scheduleVisibleSql(scope),
    sql<boolean>`s.paused_at IS NULL AND s.archived_at IS NULL`,
    sql<boolean>`s.start_date <= ${args.to}::date + 1`,
    sql<boolean>`(s.end_on IS NULL OR s.end_on >= ${args.from}::date - 1)`,
    sql<boolean>`EXISTS (SELECT 1 FROM workspaces w WHERE w.id = s.workspace_id AND w.client_id = s.client_id
      AND w.deleted_at IS NULL AND w.archived_at IS NULL)`,
  ];
  const idIn = (column: string, ids: readonly number[]) =>
    sql<boolean>`${sql.ref(column)} = ANY(${intArray(ids)})`;
  if (args.assignees) where.push(idIn('s.assignee_id', args.assignees));
  if (args.workspaceIds) where.push(idIn('s.workspace_id', args.workspaceIds));
  if (args.scheduleIds) where.push(idIn('s.id', args.scheduleIds));
  if (f.schedules.length) where.push(idIn('s.id', f.schedules));
  if (f.assignees.length) where.push(idIn('s.assignee_id', f.assignees));
  if (f.priority_id.length) where.push(idIn('s.priority_id', f.priority_id));
  if (f.workspaces.length) {
    if (!f.include_sub_ws) where.push(idIn('s.workspace_id', f.workspaces));
    else {
      const subtree = subtreeOf(await accessOf(auth).visible(ctx.db), f.workspaces);
      where.push(
        subtree
          ? idIn('s.workspace_id', subtree)
          : sql<boolean>`s.workspace_id IN (SELECT sub.workspace_id FROM ${workspaceSubtreeSql(sql.join(f.workspaces))} AS sub)`,
      );
    }
  }
  if (f.categories.length) {
    const ids = intArray(f.categories);
    where.push(sql<boolean>`(s.category_id = ANY(${ids}) OR EXISTS (SELECT 1 FROM schedule_categories sc
      WHERE sc.schedule_id = s.id AND sc.category_id = ANY(${ids})))`);
  }
  if (f.assets.length) {
    where.push(sql<boolean>`EXISTS (SELECT 1 FROM schedule_assets sa
      WHERE sa.schedule_id = s.id AND sa.asset_id = ANY(${intArray(f.assets)}))`);
  }
  if (f.job_positions.length) {
    where.push(sql<boolean>`EXISTS (SELECT 1 FROM users ju
      WHERE ju.id = s.assignee_id AND ju.job_position_id = ANY(${intArray(f.job_positions)}))`);
  }
  const { rows } = await sql<{ id: number }>`
    SELECT s.id FROM schedules s WHERE ${sql.join(where, sql` AND `)} ORDER BY s.id`.execute(ctx.db);
  return rows.map((r) => r.id);
}

/** The occurrences already created ("startMs:assetId") of each schedule in [from, to). */
async function findCreated(
  ctx: Pick<AppContext, 'db'>,
  ids: number[],
  from: Date,
  to: Date,
): Promise<Map<number, Set<string>>> {
  const rows = await ctx.db
    .selectFrom('schedule_occurrences')
    .select(['schedule_id', 'starts_at', 'asset_id'])
    .where('schedule_id', 'in', ids)
    .where('starts_at', '>=', from)
    .where('starts_at', '<', to)
    .execute();
  const out = new Map<number, Set<string>>();
  for (const r of rows) {
    const set = out.get(r.schedule_id) ?? new Set<string>();
    set.add(`${new Date(r.starts_at).getTime()}:${r.asset_id}`);
    out.set(r.schedule_id, set);
  }
  return out;
}

/** Each schedule's live assets, by name (the order the materializer creates them in). */
async function findScheduleAssets(
  ctx: Pick<AppContext, 'db'>,
  ids: number[],
): Promise<Map<number, { id: number; name: string }[]>> {
  const rows = await ctx.db
    .selectFrom('schedule_assets as sa')
    .innerJoin('assets as a', 'a.id', 'sa.asset_id')
    .select(['sa.schedule_id', 'a.id', 'a.name'])
    .where('sa.schedule_id', 'in', ids)
    .where('a.deleted_at', 'is', null)
    .orderBy('a.name')
    .orderBy('a.id')
    .execute();
  const out = new Map<number, { id: number; name: string }[]>();
  for (const r of rows)
    out.set(r.schedule_id, [...(out.get(r.schedule_id) ?? []), { id: r.id, name: r.name }]);
  return out;
}
