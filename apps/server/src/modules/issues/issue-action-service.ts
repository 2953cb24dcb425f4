import {
  canEditWorktime,
  checkArchive,
  checkAssign,
  checkDelete,
  checkQuickComplete,
  checkReopen,
  checkStatusChange,
  checkTakeOver,
  checkUnarchive,
  ISSUE_STATUS,
  type Issue,
  type IssueStatusId,
  issuePermissions,
  type QuickCompleteResponse,
  type ReassignIssuesResponse,
  type RuleResult,
  statusAfterAssigneeChange,
  statusAfterTakeOver,
  type ZIssueStatusRequestSchema,
} from '@workbench/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { AppError, forbidden } from '../../http/errors.js';
import { logActivity } from '../activity/activity-log.js';
import { storeAttachments } from '../attachments/attachment-service.js';
import type { PreparedUpload } from '../attachments/attachment-upload.js';
import { mailPublicStatusChange } from '../public-area/public-mail.js';
import { requestMaterialize, scheduleIssueStatusChanged } from '../schedules/schedule-plan.js';
import { enforce, type LoadedIssue, loadIssue, ruleMessage } from './issue-context.js';
import { type Db, findAvailableAssigneeIds, findPersonAccessRole } from './issue-queries.js';
import { presentAfterWrite, softDeleteIssue } from './issue-service.js';

type StatusInput = z.output<typeof ZIssueStatusRequestSchema>;
type Caller = Pick<Auth, 'userId' | 'clientId' | 'role'>;

/** Adds a work-time entry and keeps worktime_total equal to the sum of the entries. */
export async function addWorktime(
  db: Db,
  auth: Caller,
  row: LoadedIssue['row'],
  entry: { seconds: number; note?: string | null; started_at?: Date | null; ended_at?: Date | null },
): Promise<number> {
  await db
    .insertInto('worktime_logs')
    .values({
      client_id: row.client_id,
      issue_id: row.id,
      user_id: auth.userId,
      seconds: entry.seconds,
      started_at: entry.started_at ?? null,
      ended_at: entry.ended_at ?? null,
      note: entry.note ?? null,
    })
    .execute();
  const updated = await db
    .updateTable('issues')
    .set((eb) => ({ worktime_total: eb('worktime_total', '+', entry.seconds), updated_at: new Date() }))
    .where('client_id', '=', row.client_id)
    .where('id', '=', row.id)
    .returning('worktime_total')
    .executeTakeFirstOrThrow();
  return updated.worktime_total;
}

/** Writes a comment in the caller's name. */
export async function addComment(
  db: Db,
  auth: Caller,
  row: LoadedIssue['row'],
  comment: string,
  isPublic = false,
): Promise<number> {
  const inserted = await db
    .insertInto('issue_comments')
    .values({
      client_id: row.client_id,
      issue_id: row.id,
      user_id: auth.userId,
      comment,
      is_public: isPublic,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Runs one issue action in a transaction on the locked issue, then presents the issue. */
async function act(
  ctx: AppContext,
  auth: Auth,
  id: number,
  run: (trx: Db, loaded: LoadedIssue, now: Date) => Promise<void>,
): Promise<Issue> {
  const scheduleId = await ctx.db.transaction().execute(async (trx) => {
    const now = new Date();
    const loaded = await loadIssue(trx, auth, id, { lock: true, now });
    await run(trx, loaded, now);
    return loaded.row.schedule_id;
  });
  // A schedule waiting for this issue (after_marked_as_done / after_completion) creates its next one now.
  if (scheduleId !== null) requestMaterialize(ctx);
  return presentAfterWrite(ctx, auth, id);
}

/**
 * Moves an issue to a status, with the timestamps of 6 (first start) and 8 (completion); a
 * schedule waiting for it hears of it, and so do its public reporter and external address
 * (public-mail.ts; mailReporter false: the reporter made the change). Every status change of an
 * action goes through here, the public follow page's too.
 */
export async function applyIssueStatus(
  ctx: Pick<AppContext, 'config'>,
  db: Db,
  row: Pick<
    LoadedIssue['row'],
    'id' | 'client_id' | 'status_id' | 'started_at' | 'schedule_id' | 'external_email_address'
  >,
  to: IssueStatusId,
  now: Date,
  options: { mailReporter?: boolean } = {},
): Promise<void> {
  const updated = await db
    .updateTable('issues')
    .set({
      status_id: to,
      ...(to === ISSUE_STATUS.inProgress && row.started_at === null ? { started_at: now } : {}),
      ...(to === ISSUE_STATUS.completed ? { completed_at: now } : { completed_at: null }),
      updated_at: now,
    })
    .where('client_id', '=', row.client_id)
    .where('id', '=', row.id)
    // Whether it was reported publicly, in the same statement: most issues were not.
    .returning((eb) =>
      eb
        .exists(
          eb
            .selectFrom('public_issue_links as pl')
            .select('pl.id')
            .whereRef('pl.client_id', '=', 'issues.client_id')
            .whereRef('pl.issue_id', '=', 'issues.id')
            .where('pl.kind', '=', 'reporter'),
        )
        .as('reported_publicly'),
    )
    .executeTakeFirst();
  // A schedule waiting for this issue to be done (after_marked_as_done / after_completion) is due again.
  await scheduleIssueStatusChanged(db, row, to, now);
  if (to !== row.status_id && (updated?.reported_publicly || row.external_email_address)) {
    await mailPublicStatusChange(ctx, db, row, to, { reporter: options.mailReporter !== false });
  }
}

const setStatus = (ctx: AppContext, db: Db, loaded: LoadedIssue, to: IssueStatusId, now: Date) =>
  applyIssueStatus(ctx, db, loaded.row, to, now);

/**
 * POST issue/{id}/status: an action button (accept 3→5, decline 3→4 with a note, start 5→6,
 * mark done 6→7, decline review 7→6 with a note, complete 7→8), judged by checkStatusChange.
 * A note is kept as a comment and in the activity log; worktime_seconds becomes a work-time
 * entry (with a status change other than mark done or complete, only for who may edit work time).
 */
export async function changeIssueStatus(
  ctx: AppContext,
  auth: Auth,
  id: number,
  input: StatusInput,
  attachments: { files: PreparedUpload[]; written: string[] } = { files: [], written: [] },
): Promise<Issue> {
  return act(ctx, auth, id, async (trx, loaded, now) => {
    const from = loaded.row.status_id as IssueStatusId;
    const to = input.status_id;
    const note = input.note?.trim() || undefined;
    const withFiles = attachments.files.length > 0;
    enforce(
      checkStatusChange(loaded.rules, to, {
        note,
        worktime_seconds: input.worktime_seconds,
        has_new_attachment: withFiles,
      }),
    );
    if (withFiles) {
      if (!issuePermissions(loaded.rules).can_add_attachments) {
        throw forbidden('You may not add attachments to this issue');
      }
      await storeAttachments(ctx, trx, {
        clientId: loaded.row.client_id,
        ownerType: 'issue',
        ownerId: id,
        userId: auth.userId,
        files: attachments.files,
        written: attachments.written,
      });
    }
    const closing = to === ISSUE_STATUS.inReview || to === ISSUE_STATUS.completed;
    if (input.worktime_seconds && !closing && !canEditWorktime(loaded.rules)) {
      throw new AppError(403, 'worktime_not_editable', ruleMessage('worktime_not_editable'));
    }
    await setStatus(ctx, trx, loaded, to, now);
    if (input.worktime_seconds) {
      await addWorktime(trx, auth, loaded.row, { seconds: input.worktime_seconds, ended_at: now });
    }
    if (note) await addComment(trx, auth, loaded.row, note);
    await logActivity(trx, {
      clientId: loaded.row.client_id,
      userId: auth.userId,
      entityType: 'issue',
      entityId: id,
      action: 'status_changed',
      changes: {
        status_id: [from, to],
        ...(note ? { note } : {}),
        ...(input.worktime_seconds ? { worktime_seconds: input.worktime_seconds } : {}),
      },
    });
  });
}

/** POST issue/{id}/takeover: the caller becomes the assignee (checkTakeOver; statusAfterTakeOver). */
export async function takeOverIssue(ctx: AppContext, auth: Auth, id: number): Promise<Issue> {
  return act(ctx, auth, id, async (trx, loaded, now) => {
    enforce(checkTakeOver(loaded.rules));
    const { row } = loaded;
    const status = statusAfterTakeOver(row.status_id as IssueStatusId);
    await trx
      .updateTable('issues')
      .set({
        assignee_id: auth.userId,
        last_assignee_id: row.assignee_id ?? row.last_assignee_id,
        status_id: status,
        updated_at: now,
      })
      .where('client_id', '=', row.client_id)
      .where('id', '=', id)
      .execute();
    await logActivity(trx, {
      clientId: row.client_id,
      userId: auth.userId,
      entityType: 'issue',
      entityId: id,
      action: 'taken_over',
      changes: {
        assignee_id: [row.assignee_id, auth.userId],
        ...(status !== row.status_id ? { status_id: [row.status_id, status] } : {}),
      },
    });
  });
}

async function setArchived(db: Db, auth: Caller, loaded: LoadedIssue, archived: boolean, now: Date) {
  const { row } = loaded;
  await db
    .updateTable('issues')
    .set({ archived_at: archived ? now : null, updated_at: now })
    .where('client_id', '=', row.client_id)
    .where('id', '=', row.id)
    .execute();
  await logActivity(db, {
    clientId: row.client_id,
    userId: auth.userId,
    entityType: 'issue',
    entityId: row.id,
    action: archived ? 'archived' : 'unarchived',
    changes: { archived: [!archived, archived] },
  });
}

export async function archiveIssue(ctx: AppContext, auth: Auth, id: number): Promise<Issue> {
  return act(ctx, auth, id, async (trx, loaded, now) => {
    enforce(checkArchive(loaded.rules));
    await setArchived(trx, auth, loaded, true, now);
  });
}

export async function unarchiveIssue(ctx: AppContext, auth: Auth, id: number): Promise<Issue> {
  return act(ctx, auth, id, async (trx, loaded, now) => {
    enforce(checkUnarchive(loaded.rules));
    await setArchived(trx, auth, loaded, false, now);
  });
}

/** POST issue/{id}/reopen: a completed issue back to in progress (checkReopen: managers and admins). */
export async function reopenIssue(ctx: AppContext, auth: Auth, id: number): Promise<Issue> {
  return act(ctx, auth, id, async (trx, loaded, now) => {
    enforce(checkReopen(loaded.rules));
    await setStatus(ctx, trx, loaded, ISSUE_STATUS.inProgress, now);
    await logActivity(trx, {
      clientId: loaded.row.client_id,
      userId: auth.userId,
      entityType: 'issue',
      entityId: id,
      action: 'reopened',
      changes: { status_id: [loaded.row.status_id, ISSUE_STATUS.inProgress] },
    });
  });
}

/**
 * Runs one action per issue, each in its own transaction (all or nothing per issue); an issue
 * the caller cannot see is refused as not_found. Answers the refusal key of each issue refused.
 */
async function eachIssue(
  ctx: AppContext,
  auth: Auth,
  ids: number[],
  run: (trx: Db, loaded: LoadedIssue, now: Date) => Promise<RuleResult>,
): Promise<{ done: number[]; refused: Array<{ id: number; error: string }> }> {
  const done: number[] = [];
  const refused: Array<{ id: number; error: string }> = [];
  for (const id of [...new Set(ids)]) {
    try {
      const result = await ctx.db.transaction().execute(async (trx) => {
        const now = new Date();
        const loaded = await loadIssue(trx, auth, id, { lock: true, now });
        const outcome = await run(trx, loaded, now);
        // A refusal rolls this issue's transaction back.
        if (!outcome.ok) throw new RefusedIssue(outcome.error);
        return outcome;
      });
      if (result.ok) done.push(id);
    } catch (err) {
      if (err instanceof RefusedIssue) refused.push({ id, error: err.key });
      else if (err instanceof AppError) refused.push({ id, error: err.key });
      else throw err;
    }
  }
  return { done, refused };
}

class RefusedIssue extends Error {
  constructor(readonly key: string) {
    super(key);
  }
}

/** POST issue/quick_complete {ids}: checkQuickComplete per issue; completed ones go to 8. */
export async function quickComplete(
  ctx: AppContext,
  auth: Auth,
  ids: number[],
): Promise<QuickCompleteResponse> {
  const { done, refused } = await eachIssue(ctx, auth, ids, async (trx, loaded, now) => {
    const result = checkQuickComplete(loaded.rules);
    if (!result.ok) return result;
    await setStatus(ctx, trx, loaded, ISSUE_STATUS.completed, now);
    await logActivity(trx, {
      clientId: loaded.row.client_id,
      userId: auth.userId,
      entityType: 'issue',
      entityId: loaded.row.id,
      action: 'quick_completed',
      changes: { status_id: [loaded.row.status_id, ISSUE_STATUS.completed] },
    });
    return result;
  });
  return { completed: done.map((id) => ({ id })), not_completed: refused };
}

/** POST issue/multiple/archive {ids}. */
export async function archiveIssues(ctx: AppContext, auth: Auth, ids: number[]) {
  const { done, refused } = await eachIssue(ctx, auth, ids, async (trx, loaded, now) => {
    const result = checkArchive(loaded.rules);
    if (result.ok) await setArchived(trx, auth, loaded, true, now);
    return result;
  });
  return { archived: done, not_archived: refused };
}

/** POST issue/multiple/delete {ids}: a sub-issue deleted with its parent earlier in the call counts as deleted. */
export async function deleteIssues(ctx: AppContext, auth: Auth, ids: number[]) {
  const { done, refused } = await eachIssue(ctx, auth, ids, async (trx, loaded) => {
    const result = checkDelete(loaded.rules);
    if (result.ok) await softDeleteIssue(trx, auth, loaded);
    return result;
  });
  const deletedWithParent = refused.length
    ? new Set(
        (
          await ctx.db
            .selectFrom('issues')
            .select('id')
            .where(
              'id',
              'in',
              refused.map((r) => r.id),
            )
            .where('deleted_at', 'is not', null)
            .where('parent_id', 'in', done.length ? done : [0])
            .execute()
        ).map((r) => r.id),
      )
    : new Set<number>();
  return {
    deleted: [...done, ...refused.filter((r) => deletedWithParent.has(r.id)).map((r) => r.id)],
    not_deleted: refused.filter((r) => !deletedWithParent.has(r.id)),
  };
}

/**
 * POST issue/multiple/reassign: each issue judged on its own. An issue the caller cannot see, or
 * may not assign, counts as permission denied; a person who cannot work in the issue's workspace
 * as not part of it; an assignment the status (or archive) forbids as status not allowed.
 */
export async function reassignIssues(
  ctx: AppContext,
  auth: Auth,
  input: { issue_ids: number[]; user_id: number },
): Promise<ReassignIssuesResponse> {
  const result: ReassignIssuesResponse = {
    reassigned_issues: [],
    not_reassigned_issues_because_user_is_not_part_of_ws: [],
    permission_denied_for_issues: [],
    statuses_not_allowed: [],
  };
  const { done, refused } = await eachIssue(ctx, auth, input.issue_ids, async (trx, loaded, now) => {
    const { row, rules } = loaded;
    const candidate = {
      id: input.user_id,
      access_role: await findPersonAccessRole(trx, input.user_id, row.workspace_id),
    };
    const check = checkAssign(rules, candidate);
    if (!check.ok && check.status === 403) return check;
    const available = await findAvailableAssigneeIds(trx, row.client_id, row.workspace_id);
    if (!available.includes(input.user_id) || candidate.access_role === null) {
      return { ok: false, error: 'assignee_not_available', status: 422 };
    }
    if (!check.ok) return check;
    if (row.assignee_id === input.user_id) return check;
    const status = statusAfterAssigneeChange(rules, candidate);
    await trx
      .updateTable('issues')
      .set({
        assignee_id: input.user_id,
        last_assignee_id: row.assignee_id ?? row.last_assignee_id,
        status_id: status,
        updated_at: now,
      })
      .where('client_id', '=', row.client_id)
      .where('id', '=', row.id)
      .execute();
    await logActivity(trx, {
      clientId: row.client_id,
      userId: auth.userId,
      entityType: 'issue',
      entityId: row.id,
      action: 'reassigned',
      changes: {
        assignee_id: [row.assignee_id, input.user_id],
        ...(status !== row.status_id ? { status_id: [row.status_id, status] } : {}),
      },
    });
    return check;
  });
  result.reassigned_issues = done;
  for (const { id, error } of refused) {
    if (error === 'assignee_not_available')
      result.not_reassigned_issues_because_user_is_not_part_of_ws.push(id);
    else if (error === 'forbidden' || error === 'not_found') result.permission_denied_for_issues.push(id);
    else result.statuses_not_allowed.push(id);
  }
  return result;
}
