import {
  buildPage,
  type ExternalReporter,
  ISSUE_STATUS,
  issuePermissions,
  publicStaffName,
  type ZExternalReporterListQuerySchema,
} from '@workbench/domain';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { AppError, forbidden } from '../../http/errors.js';
import { accessOf } from '../access/request-access.js';
import { logActivity } from '../activity/activity-log.js';
import { loadIssue } from '../issues/issue-context.js';
import { readPublicFormConfig } from './public-forms.js';
import { findLink } from './public-links.js';
import { mailReporter } from './public-mail.js';

type Db = AppContext['db'];
type ReporterQuery = z.output<typeof ZExternalReporterListQuerySchema>;

/**
 * POST issue/{id}/external/send_declined_issue_notification: tells the public reporter of a
 * declined issue (status 4) that it was declined, in their language, with the staff member's
 * optional message, which also becomes a reply on the follow page. Who may change the issue
 * (can_edit) in the owner organisation may send it (a partner does not write to the owner's
 * reporters). A reporter without an address, or who unsubscribed, cannot be told: 422.
 */
export async function sendDeclinedNotification(
  ctx: AppContext,
  auth: Auth,
  issueId: number,
  message: string | null,
): Promise<{ success: true; sent_to: string; sent_at: string }> {
  return ctx.db.transaction().execute(async (trx) => {
    const loaded = await loadIssue(trx, auth, issueId, { lock: true });
    const { row, grant } = loaded;
    if (!issuePermissions(loaded.rules).can_edit || grant.collaboration_id !== null) {
      throw forbidden('You may not write to the reporter of this issue');
    }
    const link = await findLink(trx, row.client_id, row.id, 'reporter');
    if (!link)
      throw new AppError(422, 'not_public_report', 'This issue was not reported through a public form');
    if (row.status_id !== ISSUE_STATUS.declined) {
      throw new AppError(422, 'status_not_allowed', 'The issue is not declined');
    }
    if (!link.email || !link.subscribed) {
      throw new AppError(422, 'no_reporter_email', 'The reporter cannot be e-mailed');
    }
    const now = new Date();
    if (message) {
      await trx
        .insertInto('issue_comments')
        .values({
          client_id: row.client_id,
          issue_id: row.id,
          user_id: auth.userId,
          comment: message,
          is_public: true,
        })
        .execute();
    }
    const sent = await mailReporter(ctx, trx, row, { kind: 'declined', message });
    if (!sent) throw new AppError(422, 'no_reporter_email', 'The reporter cannot be e-mailed');
    await trx
      .updateTable('public_issue_links')
      .set({ declined_notification_sent_at: now, updated_at: now })
      .where('id', '=', link.id)
      .execute();
    await logActivity(trx, {
      clientId: row.client_id,
      userId: auth.userId,
      entityType: 'issue',
      entityId: row.id,
      action: 'declined_notification_sent',
      changes: { message },
    });
    return { success: true as const, sent_to: sent.sentTo, sent_at: now.toISOString() };
  });
}

/**
 * A staff comment marked public (POST issue/{id}/comments is_public): only on a publicly
 * reported issue, only by the owner organisation's people; the reporter is e-mailed the reply,
 * naming its author as the form names staff. Runs in the comment's transaction.
 */
export async function publishStaffReply(
  ctx: AppContext,
  trx: Db,
  auth: Auth,
  issue: { id: number; client_id: number },
  collaborationId: number | null,
  comment: string,
): Promise<void> {
  const link = await findLink(trx, issue.client_id, issue.id, 'reporter');
  if (!link || collaborationId !== null) {
    throw new AppError(422, 'not_public_report', 'Only a public report has a reporter to reply to', {
      is_public: 'not_public_report',
    });
  }
  const { form } = await readPublicFormConfig(trx, issue.client_id, link.form_type);
  const author = await trx
    .selectFrom('users')
    .select(['first_name', 'last_name'])
    .where('id', '=', auth.userId)
    .executeTakeFirst();
  await mailReporter(ctx, trx, issue, {
    kind: 'reply',
    comment,
    author: publicStaffName(form, author ?? null),
  });
}

/**
 * GET users/external-reporters: the people who reported through the public forms. Admins see
 * all of their organisation's; workspace and group managers those who reported in a workspace
 * they manage; anybody else is refused. Each with how many of their reports still exist.
 */
export async function listExternalReporters(ctx: AppContext, auth: Auth, query: ReporterQuery, path: string) {
  let managed: number[] | null = null;
  if (auth.role !== 'admin') {
    const visible = await accessOf(auth).visible(ctx.db);
    managed = [...visible.grants.values()]
      .filter((g) => g.client_id === auth.clientId && (g.role === 'manager' || g.role === 'group_manager'))
      .map((g) => g.workspace_id);
    if (!managed.length) throw forbidden('Only admins and managers see the external reporters');
  }
  const reports = sql`
    FROM public_issue_links l JOIN issues i ON i.id = l.issue_id AND i.client_id = l.client_id
      AND i.deleted_at IS NULL
    WHERE l.client_id = ${auth.clientId} AND l.kind = 'reporter' AND l.reporter_id = r.id
      ${managed ? sql`AND i.workspace_id = ANY(${sql`${`{${managed.join(',')}}`}::int[]`})` : sql``}`;
  const search = query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = sql`r.client_id = ${auth.clientId}
    AND EXISTS (SELECT 1 ${reports})
    ${search ? sql`AND (r.email ILIKE ${search} OR r.full_name ILIKE ${search})` : sql``}`;
  const [rows, count] = await Promise.all([
    sql<{
      id: number;
      full_name: string | null;
      email: string;
      phone: string | null;
      language: string;
      issues_count: number;
      last_reported_at: Date;
      created_at: Date;
    }>`
      SELECT r.id, r.full_name, r.email, r.phone, r.language, r.last_reported_at, r.created_at,
        (SELECT count(*)::int ${reports}) AS issues_count
      FROM public_reporters r WHERE ${where}
      ORDER BY r.last_reported_at DESC, r.id DESC
      LIMIT ${query.per_page} OFFSET ${(query.page - 1) * query.per_page}`.execute(ctx.db),
    sql<{ total: number }>`SELECT count(*)::int AS total FROM public_reporters r WHERE ${where}`.execute(
      ctx.db,
    ),
  ]);
  const data: ExternalReporter[] = rows.rows.map((r) => ({
    id: r.id,
    full_name: r.full_name,
    email: r.email,
    phone: r.phone,
    language: r.language,
    is_public_user: true,
    issues_count: r.issues_count,
    last_reported_at: new Date(r.last_reported_at).toISOString(),
    created_at: new Date(r.created_at).toISOString(),
  }));
  return buildPage({
    rows: data,
    total: count.rows[0]?.total ?? 0,
    page: query.page,
    perPage: query.per_page,
    path,
    query: { per_page: query.per_page, search: query.search || undefined },
  });
}
