import {
  type Attachment,
  buildPage,
  type Issue,
  type IssueComment,
  type IssueLink,
  type IssuePageQuery,
  issuePermissions,
} from '@workbench/domain';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { fieldError, forbidden, notFound } from '../../http/errors.js';
import { logActivity } from '../activity/activity-log.js';
import { presentAttachments } from '../attachments/attachment-presenter.js';
import { findAttachmentRows } from '../attachments/attachment-queries.js';
import { storeAttachments } from '../attachments/attachment-service.js';
import type { PreparedUpload } from '../attachments/attachment-upload.js';
import { publishStaffReply } from '../public-area/public-report-staff-service.js';
import { personWithImageOf } from '../users/user-presenter.js';
import { addComment } from './issue-action-service.js';
import { type LoadedIssue, loadIssue } from './issue-context.js';
import { findPersonAccessRole } from './issue-queries.js';
import { presentAfterWrite, replaceWatchers } from './issue-service.js';

type CommentRow = {
  id: number;
  comment: string;
  created_at: Date;
  updated_at: Date;
  user_id: number | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  profile_image: string | null;
  is_public: boolean;
  by_reporter: boolean;
};

function presentComment(row: CommentRow, attachments: Map<number, Attachment[]>): IssueComment {
  return {
    id: row.id,
    attachments: attachments.get(row.id) ?? [],
    comment: row.comment,
    user: personWithImageOf({ ...row, id: row.user_id }),
    is_public: row.is_public,
    by_reporter: row.by_reporter,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** GET issue/{id}/comments: paged, oldest first. */
export async function listComments(
  ctx: AppContext,
  auth: Auth,
  id: number,
  query: IssuePageQuery,
  path: string,
) {
  const loaded = await loadIssue(ctx.db, auth, id);
  const { row } = loaded;
  const base = ctx.db
    .selectFrom('issue_comments as c')
    .where('c.client_id', '=', row.client_id)
    .where('c.issue_id', '=', id);
  const [rows, count] = await Promise.all([
    base
      .leftJoin('users as u', 'u.id', 'c.user_id')
      .select([
        'c.id',
        'c.comment',
        'c.created_at',
        'c.updated_at',
        'c.user_id',
        'u.first_name',
        'u.last_name',
        'u.email',
        'u.profile_image',
        'c.is_public',
        'c.by_reporter',
      ])
      .orderBy('c.created_at')
      .orderBy('c.id')
      .limit(query.paginate_by)
      .offset((query.page - 1) * query.paginate_by)
      .execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirst(),
  ]);
  const attachments = await commentAttachments(
    ctx,
    auth,
    loaded,
    rows.map((r) => r.id),
  );
  return buildPage({
    rows: rows.map((r) => presentComment(r, attachments)),
    total: Number(count?.total ?? 0),
    page: query.page,
    perPage: query.paginate_by,
    path,
    query: { paginate_by: query.paginate_by },
  });
}

/** The files of some comments of a loaded issue, flagged by the issue's permissions. */
async function commentAttachments(ctx: AppContext, auth: Auth, loaded: LoadedIssue, commentIds: number[]) {
  const rows = await findAttachmentRows(ctx.db, {
    clientId: loaded.row.client_id,
    ownerType: 'comment',
    ownerIds: commentIds,
  });
  return presentAttachments(rows, { callerId: auth.userId, permissions: issuePermissions(loaded.rules) });
}

/**
 * POST issue/{id}/comments: can_comment (also on archived issues, 000 §4). Files sent with the
 * comment (multipart attachments[n][file]) are stored as the comment's attachments. is_public:
 * a reply the public reporter sees and is e-mailed (publicly reported issues only).
 */
export async function createComment(
  ctx: AppContext,
  auth: Auth,
  id: number,
  input: { comment: string; is_public?: boolean | undefined },
  attachments: { files: PreparedUpload[]; written: string[] } = { files: [], written: [] },
): Promise<IssueComment> {
  const { comment } = input;
  const { commentId, clientId } = await ctx.db.transaction().execute(async (trx) => {
    const loaded = await loadIssue(trx, auth, id, { lock: true });
    if (!issuePermissions(loaded.rules).can_comment) throw forbidden('You may not comment on this issue');
    const newId = await addComment(trx, auth, loaded.row, comment, input.is_public === true);
    if (input.is_public) {
      await publishStaffReply(ctx, trx, auth, loaded.row, loaded.grant.collaboration_id, comment);
    }
    await storeAttachments(ctx, trx, {
      clientId: loaded.row.client_id,
      ownerType: 'comment',
      ownerId: newId,
      userId: auth.userId,
      files: attachments.files,
      written: attachments.written,
    });
    await trx
      .updateTable('issues')
      .set({ updated_at: new Date() })
      .where('client_id', '=', loaded.row.client_id)
      .where('id', '=', id)
      .execute();
    await logActivity(trx, {
      clientId: loaded.row.client_id,
      userId: auth.userId,
      entityType: 'issue',
      entityId: id,
      action: 'commented',
      changes: { comment_id: newId },
    });
    return { commentId: newId, clientId: loaded.row.client_id };
  });
  const row = await ctx.db
    .selectFrom('issue_comments as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .select([
      'c.id',
      'c.comment',
      'c.created_at',
      'c.updated_at',
      'c.user_id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.profile_image',
      'c.is_public',
      'c.by_reporter',
    ])
    .where('c.client_id', '=', clientId)
    .where('c.id', '=', commentId)
    .executeTakeFirstOrThrow();
  const files = await commentAttachments(ctx, auth, await loadIssue(ctx.db, auth, id), [commentId]);
  return presentComment(row, files);
}

/** PUT issue/{id}/watchers {user_ids}: replaces the watchers (can_edit); each must see the workspace. */
export async function setWatchers(
  ctx: AppContext,
  auth: Auth,
  id: number,
  userIds: number[],
): Promise<Issue> {
  await ctx.db.transaction().execute(async (trx) => {
    const loaded = await loadIssue(trx, auth, id, { lock: true });
    const { row } = loaded;
    if (!issuePermissions(loaded.rules).can_edit) throw forbidden('You may not change the watchers');
    for (const [index, userId] of userIds.entries()) {
      if ((await findPersonAccessRole(trx, userId, row.workspace_id)) === null) {
        throw fieldError(`user_ids.${index}`, 'not_in_workspace', 'This person cannot see the workspace');
      }
    }
    const before = (
      await trx
        .selectFrom('issue_watchers')
        .select('user_id')
        .where('client_id', '=', row.client_id)
        .where('issue_id', '=', id)
        .orderBy('user_id')
        .execute()
    ).map((w) => w.user_id);
    const after = [...new Set(userIds)].sort((a, b) => a - b);
    if (JSON.stringify(before) === JSON.stringify(after)) return;
    await replaceWatchers(trx, row.client_id, id, after);
    await logActivity(trx, {
      clientId: row.client_id,
      userId: auth.userId,
      entityType: 'issue',
      entityId: id,
      action: 'watchers_changed',
      changes: { watchers: [before, after] },
    });
  });
  return presentAfterWrite(ctx, auth, id);
}

/** POST issue/{id}/links {url, title}: can_edit. */
export async function addLink(
  ctx: AppContext,
  auth: Auth,
  id: number,
  input: { url: string; title: string | null },
): Promise<IssueLink> {
  return ctx.db.transaction().execute(async (trx) => {
    const loaded = await loadIssue(trx, auth, id, { lock: true });
    if (!issuePermissions(loaded.rules).can_edit) throw forbidden('You may not add links to this issue');
    const link = await trx
      .insertInto('issue_links')
      .values({
        client_id: loaded.row.client_id,
        issue_id: id,
        url: input.url,
        title: input.title,
        created_by: auth.userId,
      })
      .returning(['id', 'url', 'title'])
      .executeTakeFirstOrThrow();
    await logActivity(trx, {
      clientId: loaded.row.client_id,
      userId: auth.userId,
      entityType: 'issue',
      entityId: id,
      action: 'link_added',
      changes: { links: [null, { id: link.id, url: link.url, title: link.title }] },
    });
    return link;
  });
}

/** DELETE issue/{id}/links/{linkId}: can_edit; the link must belong to the issue (else 404). */
export async function removeLink(
  ctx: AppContext,
  auth: Auth,
  id: number,
  linkId: number,
): Promise<{ success: true }> {
  await ctx.db.transaction().execute(async (trx) => {
    const loaded = await loadIssue(trx, auth, id, { lock: true });
    const link = await trx
      .selectFrom('issue_links')
      .select(['id', 'url', 'title'])
      .where('client_id', '=', loaded.row.client_id)
      .where('issue_id', '=', id)
      .where('id', '=', linkId)
      .executeTakeFirst();
    if (!link) throw notFound('Link not found');
    if (!issuePermissions(loaded.rules).can_edit) throw forbidden('You may not remove links of this issue');
    await trx
      .deleteFrom('issue_links')
      .where('client_id', '=', loaded.row.client_id)
      .where('id', '=', linkId)
      .execute();
    await logActivity(trx, {
      clientId: loaded.row.client_id,
      userId: auth.userId,
      entityType: 'issue',
      entityId: id,
      action: 'link_removed',
      changes: { links: [link, null] },
    });
  });
  return { success: true };
}
