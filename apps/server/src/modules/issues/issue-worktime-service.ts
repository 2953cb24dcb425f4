import {
  buildPage,
  canEditWorktime,
  type IssueActivity,
  type IssuePageQuery,
  type IssueTimer,
  type WorktimeLog,
} from '@workbench/domain';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { AppError } from '../../http/errors.js';
import { logActivity } from '../activity/activity-log.js';
import { personOf } from '../users/user-presenter.js';
import { addWorktime } from './issue-action-service.js';
import { type LoadedIssue, loadIssue, ruleMessage } from './issue-context.js';
import { isProcessNumberTaken } from './issue-queries.js';

const notEditable = () => new AppError(403, 'worktime_not_editable', ruleMessage('worktime_not_editable'));

function requireWorktimeEditable(loaded: LoadedIssue): void {
  if (!canEditWorktime(loaded.rules)) throw notEditable();
}

async function timerState(ctx: AppContext, auth: Auth, loaded: LoadedIssue): Promise<IssueTimer> {
  const [timer, issue] = await Promise.all([
    ctx.db
      .selectFrom('issue_timers')
      .select('started_at')
      .where('client_id', '=', loaded.row.client_id)
      .where('issue_id', '=', loaded.row.id)
      .where('user_id', '=', auth.userId)
      .executeTakeFirst(),
    ctx.db
      .selectFrom('issues')
      .select('worktime_total')
      .where('client_id', '=', loaded.row.client_id)
      .where('id', '=', loaded.row.id)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    running: !!timer,
    started_at: timer?.started_at.toISOString() ?? null,
    worktime_total: issue.worktime_total,
  };
}

/** GET issue/{id}/timer: the caller's own timer on the issue. */
export async function getTimer(ctx: AppContext, auth: Auth, id: number): Promise<IssueTimer> {
  return timerState(ctx, auth, await loadIssue(ctx.db, auth, id));
}

/**
 * POST issue/{id}/timer {action}: start (who may edit work time now; starting a running timer
 * changes nothing) or stop (logs the elapsed seconds, at least one, as a work-time entry; stopping
 * when no timer runs changes nothing). Refused with worktime_not_editable when work time may not
 * be edited at that moment; a refused stop leaves the timer running.
 */
export async function runTimer(
  ctx: AppContext,
  auth: Auth,
  id: number,
  action: 'start' | 'stop',
): Promise<IssueTimer> {
  const loaded = await ctx.db.transaction().execute(async (trx) => {
    const now = new Date();
    const issue = await loadIssue(trx, auth, id, { lock: true, now });
    const { row } = issue;
    const timer = await trx
      .selectFrom('issue_timers')
      .select('started_at')
      .where('client_id', '=', row.client_id)
      .where('issue_id', '=', id)
      .where('user_id', '=', auth.userId)
      .executeTakeFirst();
    if (action === 'start') {
      if (timer) return issue;
      requireWorktimeEditable(issue);
      await trx
        .insertInto('issue_timers')
        .values({ client_id: row.client_id, issue_id: id, user_id: auth.userId, started_at: now })
        .execute();
      await logActivity(trx, {
        clientId: row.client_id,
        userId: auth.userId,
        entityType: 'issue',
        entityId: id,
        action: 'timer_started',
      });
      return issue;
    }
    if (!timer) return issue;
    requireWorktimeEditable(issue);
    const seconds = Math.max(1, Math.floor((now.getTime() - timer.started_at.getTime()) / 1000));
    await trx
      .deleteFrom('issue_timers')
      .where('client_id', '=', row.client_id)
      .where('issue_id', '=', id)
      .where('user_id', '=', auth.userId)
      .execute();
    const total = await addWorktime(trx, auth, row, { seconds, started_at: timer.started_at, ended_at: now });
    await logActivity(trx, {
      clientId: row.client_id,
      userId: auth.userId,
      entityType: 'issue',
      entityId: id,
      action: 'worktime_logged',
      changes: { worktime_total: [row.worktime_total, total], seconds },
    });
    return issue;
  });
  return timerState(ctx, auth, loaded);
}

/** GET issue/{id}/worktime-logs: every entry, oldest first, with the total (seconds). */
export async function listWorktimeLogs(ctx: AppContext, auth: Auth, id: number) {
  const { row } = await loadIssue(ctx.db, auth, id);
  const rows = await ctx.db
    .selectFrom('worktime_logs as w')
    .leftJoin('users as u', 'u.id', 'w.user_id')
    .select([
      'w.id',
      'w.seconds',
      'w.note',
      'w.started_at',
      'w.ended_at',
      'w.created_at',
      'w.user_id',
      'u.first_name',
      'u.last_name',
      'u.email',
    ])
    .where('w.client_id', '=', row.client_id)
    .where('w.issue_id', '=', id)
    .orderBy('w.created_at')
    .orderBy('w.id')
    .execute();
  const data: WorktimeLog[] = rows.map((r) => ({
    id: r.id,
    user: personOf({ ...r, id: r.user_id }),
    seconds: r.seconds,
    note: r.note,
    started_at: r.started_at?.toISOString() ?? null,
    ended_at: r.ended_at?.toISOString() ?? null,
    created_at: r.created_at.toISOString(),
  }));
  return { data, worktime_total: row.worktime_total };
}

/** POST issue/{id}/worktime-logs {seconds, note}: canEditWorktime, else 403 worktime_not_editable. */
export async function createWorktimeLog(
  ctx: AppContext,
  auth: Auth,
  id: number,
  input: { seconds: number; note: string | null },
) {
  await ctx.db.transaction().execute(async (trx) => {
    const loaded = await loadIssue(trx, auth, id, { lock: true });
    requireWorktimeEditable(loaded);
    const total = await addWorktime(trx, auth, loaded.row, { seconds: input.seconds, note: input.note });
    await logActivity(trx, {
      clientId: loaded.row.client_id,
      userId: auth.userId,
      entityType: 'issue',
      entityId: id,
      action: 'worktime_logged',
      changes: { worktime_total: [loaded.row.worktime_total, total], seconds: input.seconds },
    });
  });
  return listWorktimeLogs(ctx, auth, id);
}

/** GET issue/{id}/activity_log: paged, newest first: who, when, what changed. */
export async function listIssueActivity(
  ctx: AppContext,
  auth: Auth,
  id: number,
  query: IssuePageQuery,
  path: string,
) {
  const { row } = await loadIssue(ctx.db, auth, id);
  const base = ctx.db
    .selectFrom('activity_log as a')
    .where('a.client_id', '=', row.client_id)
    .where('a.entity_type', '=', 'issue')
    .where('a.entity_id', '=', id);
  const [rows, count] = await Promise.all([
    base
      .leftJoin('users as u', 'u.id', 'a.user_id')
      .select([
        'a.id',
        'a.action',
        'a.changes',
        'a.created_at',
        'a.user_id',
        'u.first_name',
        'u.last_name',
        'u.email',
      ])
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(query.paginate_by)
      .offset((query.page - 1) * query.paginate_by)
      .execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirst(),
  ]);
  const data: IssueActivity[] = rows.map((r) => ({
    id: r.id,
    action: r.action,
    changes: (r.changes && typeof r.changes === 'object' ? r.changes : {}) as Record<string, unknown>,
    user: personOf({ ...r, id: r.user_id }),
    created_at: r.created_at.toISOString(),
  }));
  return buildPage({
    rows: data,
    total: Number(count?.total ?? 0),
    page: query.page,
    perPage: query.paginate_by,
    path,
    query: { paginate_by: query.paginate_by },
  });
}

/** GET process_number/{id}/check_exists: whether the caller's organisation uses the number. */
export async function processNumberExists(ctx: AppContext, auth: Auth, processNumber: string) {
  return { exists: await isProcessNumberTaken(ctx.db, auth.clientId, processNumber.trim(), null) };
}
