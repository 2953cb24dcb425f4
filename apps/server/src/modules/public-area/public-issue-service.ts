import {
  checkPublicStatusChange,
  ISSUE_STATUS,
  ISSUE_STATUSES,
  type IssueStatusId,
  PUBLIC_COMMENT_UPLOAD_MINUTES,
  PUBLIC_FILES_MAX,
  type PublicComment,
  type PublicFormConfig,
  type PublicIssue,
  type PublicPicture,
  publicStaffName,
  publicStatusActions,
  tryResolveLanguage,
} from '@workbench/domain';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { BUDGETS, requireBudget } from '../../http/rate-limit.js';
import { fileUrl } from '../../storage/file-storage.js';
import { logActivity } from '../activity/activity-log.js';
import { applyIssueStatus } from '../issues/issue-action-service.js';
import { requestMaterialize } from '../schedules/schedule-plan.js';
import { readPublicFormConfig } from './public-forms.js';
import { ipKey, openLink, type PublicLinkRow, publicIssueNotFound } from './public-links.js';

/**
 * The follow page of a public report (GET public/issue/detail/{id}?token=), the reporter's
 * confirm and reopen (PUT public/issue/{id}) and the unsubscribes (POST public/mail/unsubscribe/{id}).
 * Everything opens with the link's token (public-links.ts openLink): the id alone is nothing.
 * The page shows the title, status and dates, and only the fields the form makes public.
 */

type Db = Kysely<Database> | Transaction<Database>;

type PictureRow = {
  id: number;
  owner_id: number;
  original_filename: string;
  media_type: string;
  file_key: string;
  thumbnail_key: string | null;
  thumbnail_1024_key: string | null;
  description: string | null;
};

export function presentPicture(row: PictureRow): PublicPicture {
  return {
    id: row.id,
    original_filename: row.original_filename,
    media_type: row.media_type === 'picture' ? 'picture' : 'document',
    url: fileUrl(row.file_key, row.original_filename) as string,
    thumbnail_url: fileUrl(row.thumbnail_key),
    thumbnail_1024_url: fileUrl(row.thumbnail_1024_key),
    description: row.description,
  };
}

/** Live attachments of owners of a kind, in gallery order; `reporterOnly`: those no staff member uploaded. */
export function findPictures(
  db: Db,
  clientId: number,
  ownerType: 'issue' | 'comment',
  ownerIds: number[],
  options: { reporterOnly?: boolean } = {},
): Promise<PictureRow[]> {
  if (!ownerIds.length) return Promise.resolve([]);
  let query = db
    .selectFrom('attachments')
    .select([
      'id',
      'owner_id',
      'original_filename',
      'media_type',
      'file_key',
      'thumbnail_key',
      'thumbnail_1024_key',
      'description',
    ])
    .where('client_id', '=', clientId)
    .where('owner_type', '=', ownerType)
    .where('owner_id', 'in', ownerIds)
    .where('deleted_at', 'is', null);
  if (options.reporterOnly) query = query.where('user_id', 'is', null);
  return query.orderBy('sort_index').orderBy('id').execute();
}

type CommentRow = {
  id: number;
  comment: string;
  by_reporter: boolean;
  created_at: Date;
  first_name: string | null;
  last_name: string | null;
};

/** May the reporter still add photos to a comment: their own, within the window, room left, comments on. */
export function canUploadTo(
  form: Pick<PublicFormConfig, 'allow_comments'>,
  comment: Pick<CommentRow, 'by_reporter' | 'created_at'>,
  pictures: number,
  now: Date,
): boolean {
  return (
    form.allow_comments &&
    comment.by_reporter &&
    now.getTime() - comment.created_at.getTime() <= PUBLIC_COMMENT_UPLOAD_MINUTES * 60_000 &&
    pictures < PUBLIC_FILES_MAX
  );
}

export function presentComment(
  form: PublicFormConfig,
  row: CommentRow,
  pictures: PictureRow[],
  now: Date,
): PublicComment {
  return {
    id: row.id,
    comment: row.comment,
    by_reporter: row.by_reporter,
    author: row.by_reporter
      ? null
      : publicStaffName(
          form,
          row.first_name === null ? null : { first_name: row.first_name, last_name: row.last_name },
        ),
    created_at: row.created_at.toISOString(),
    attachments: pictures.map(presentPicture),
    can_upload: canUploadTo(form, row, pictures.length, now),
  };
}

/** The comments a reporter sees: their own and the staff's public replies, oldest first. */
export function findPublicComments(db: Db, clientId: number, issueId: number, commentId?: number) {
  let query = db
    .selectFrom('issue_comments as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'c.comment', 'c.by_reporter', 'c.created_at', 'u.first_name', 'u.last_name'])
    .where('c.client_id', '=', clientId)
    .where('c.issue_id', '=', issueId)
    .where((eb) => eb.or([eb('c.by_reporter', '=', true), eb('c.is_public', '=', true)]));
  if (commentId !== undefined) query = query.where('c.id', '=', commentId);
  return query.orderBy('c.created_at').orderBy('c.id').execute();
}

/** What the follow page reads of the issue: its facts and the names of what it refers to. */
function findFollowedIssue(db: Db, link: PublicLinkRow) {
  return db
    .selectFrom('issues as i')
    .innerJoin('workspaces as w', (join) =>
      join.onRef('w.id', '=', 'i.workspace_id').onRef('w.client_id', '=', 'i.client_id'),
    )
    .innerJoin('clients as c', 'c.id', 'i.client_id')
    .leftJoin('assets as a', (join) =>
      join
        .onRef('a.id', '=', 'i.asset_id')
        .onRef('a.client_id', '=', 'i.client_id')
        .on('a.deleted_at', 'is', null),
    )
    .leftJoin('categories as cat', (join) =>
      join.onRef('cat.id', '=', 'i.category_id').onRef('cat.client_id', '=', 'i.client_id'),
    )
    .leftJoin('users as u', 'u.id', 'i.assignee_id')
    .select([
      'i.id',
      'i.client_id',
      'i.title',
      'i.description',
      'i.status_id',
      'i.priority_id',
      'i.due_date',
      'i.created_at',
      'i.updated_at',
      'i.completed_at',
      'i.archived_at',
      'w.name as workspace',
      'a.name as asset',
      'c.name as organisation',
      'c.logo',
      'cat.name as category',
      'u.first_name as assignee_first_name',
      'u.last_name as assignee_last_name',
    ])
    .where('i.client_id', '=', link.client_id)
    .where('i.id', '=', link.issue_id)
    .where('i.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The follow page of an opened link, as its form allows. */
export async function presentFollowPage(db: Db, link: PublicLinkRow): Promise<PublicIssue> {
  const now = new Date();
  const [issue, { form }] = await Promise.all([
    findFollowedIssue(db, link),
    readPublicFormConfig(db, link.client_id, link.form_type),
  ]);
  if (!issue) throw publicIssueNotFound();
  const shown = new Set(form.public_fields);
  const comments = await findPublicComments(db, link.client_id, issue.id);
  const [issuePictures, commentPictures] = await Promise.all([
    shown.has('attachments')
      ? findPictures(db, link.client_id, 'issue', [issue.id], { reporterOnly: true })
      : Promise.resolve([]),
    findPictures(
      db,
      link.client_id,
      'comment',
      comments.map((c) => c.id),
    ),
  ]);
  const status = ISSUE_STATUSES.find((s) => s.id === issue.status_id) ?? {
    id: issue.status_id,
    name: 'unknown',
    shown_as: 'unknown',
  };
  const facts = {
    status_id: issue.status_id as IssueStatusId,
    archived: issue.archived_at !== null,
    completed_at: issue.completed_at,
  };
  return {
    id: issue.id,
    title: issue.title,
    status: { id: status.id, name: status.name, shown_as: status.shown_as },
    created_at: issue.created_at.toISOString(),
    updated_at: issue.updated_at.toISOString(),
    completed_at: issue.completed_at?.toISOString() ?? null,
    workspace: issue.workspace,
    asset: issue.asset ?? null,
    organisation: { name: issue.organisation, logo: form.show_logo ? fileUrl(issue.logo) : null },
    primary_color: form.primary_color,
    language: tryResolveLanguage(link.language) ?? 'en',
    shown: form.public_fields,
    description: shown.has('description') ? issue.description : null,
    category: shown.has('category') ? (issue.category ?? null) : null,
    priority_id: shown.has('priority') ? issue.priority_id : null,
    due_date: shown.has('due_date') ? (issue.due_date?.toISOString() ?? null) : null,
    assignee: shown.has('assignee')
      ? publicStaffName(
          form,
          issue.assignee_first_name === null
            ? null
            : { first_name: issue.assignee_first_name, last_name: issue.assignee_last_name },
        )
      : null,
    attachments: issuePictures.map(presentPicture),
    comments: comments.map((c) =>
      presentComment(
        form,
        c,
        commentPictures.filter((p) => p.owner_id === c.id),
        now,
      ),
    ),
    allow_comments: form.allow_comments,
    ...publicStatusActions(form, facts, now),
    has_email: link.email !== null,
    subscribed: link.subscribed,
  };
}

/** GET public/issue/detail/{id}?token=: a read of the address's budget of public views. */
export async function getFollowPage(
  ctx: AppContext,
  request: FastifyRequest,
  issueId: number,
  token: string | undefined,
): Promise<PublicIssue> {
  await requireBudget(ctx.db, BUDGETS.publicViews, ipKey(request));
  const link = await openLink(ctx.db, issueId, 'reporter', token);
  return presentFollowPage(ctx.db, link);
}

/** A comment by the reporter (user_id null, public), inside the caller's transaction. */
export async function addReporterComment(
  db: Db,
  link: PublicLinkRow,
  comment: string,
  now: Date,
): Promise<number> {
  const row = await db
    .insertInto('issue_comments')
    .values({
      client_id: link.client_id,
      issue_id: link.issue_id,
      user_id: null,
      comment,
      is_public: true,
      by_reporter: true,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * PUT public/issue/{id}: the reporter confirms a fix in review (→ 8) or reopens what was
 * completed lately (→ 6), as checkPublicStatusChange allows, through the status path staff
 * changes take (time stamps, schedules, the external address's mail; the reporter is not
 * mailed about their own change). A comment saying why becomes the reporter's comment.
 */
export async function changeStatusPublicly(
  ctx: AppContext,
  request: FastifyRequest,
  issueId: number,
  input: { token?: string | undefined; status_id: number; comment: string | null },
): Promise<PublicIssue> {
  await requireBudget(ctx.db, BUDGETS.publicIssueWrites, ipKey(request));
  const { link, scheduleId } = await ctx.db.transaction().execute(async (trx) => {
    const link = await openLink(trx, issueId, 'reporter', input.token);
    const row = await trx
      .selectFrom('issues')
      .selectAll()
      .where('client_id', '=', link.client_id)
      .where('id', '=', link.issue_id)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw publicIssueNotFound();
    const { form } = await readPublicFormConfig(trx, link.client_id, link.form_type);
    const now = new Date();
    const check = checkPublicStatusChange(
      form,
      {
        status_id: row.status_id as IssueStatusId,
        archived: row.archived_at !== null,
        completed_at: row.completed_at,
      },
      input.status_id,
      now,
    );
    if (!check.ok) {
      throw new AppError(
        422,
        check.error,
        check.error === 'reopen_period_over' ? 'The time to reopen is over' : 'This change is not allowed',
        { status_id: check.error },
      );
    }
    const to = input.status_id as IssueStatusId;
    await applyIssueStatus(ctx, trx, row, to, now, { mailReporter: false });
    const commentId = input.comment ? await addReporterComment(trx, link, input.comment, now) : null;
    await logActivity(trx, {
      clientId: link.client_id,
      userId: null,
      entityType: 'issue',
      entityId: link.issue_id,
      action: to === ISSUE_STATUS.completed ? 'reporter_confirmed' : 'reporter_reopened',
      changes: {
        status_id: [row.status_id, to],
        ...(commentId !== null ? { comment_id: commentId, note: input.comment } : {}),
      },
    });
    return { link, scheduleId: row.schedule_id };
  });
  // A schedule waiting for this issue (after_marked_as_done / after_completion) creates its next one now.
  if (scheduleId !== null) requestMaterialize(ctx);
  return presentFollowPage(ctx.db, link);
}

/**
 * POST public/mail/unsubscribe/{id}: the reporter's mails (type reporter: the follow token) or
 * the external address's (type watcher: its own token) stop, or start again (subscribe: true).
 */
export async function setSubscription(
  ctx: AppContext,
  request: FastifyRequest,
  issueId: number,
  input: { token?: string | undefined; type: 'reporter' | 'watcher'; subscribe: boolean },
): Promise<{ subscribed: boolean; title: string; organisation: string }> {
  await requireBudget(ctx.db, BUDGETS.publicIssueWrites, ipKey(request));
  const link = await openLink(ctx.db, issueId, input.type, input.token);
  if (link.subscribed !== input.subscribe) {
    await ctx.db
      .updateTable('public_issue_links')
      .set({ subscribed: input.subscribe, updated_at: new Date() })
      .where('id', '=', link.id)
      .execute();
  }
  const facts = await ctx.db
    .selectFrom('issues as i')
    .innerJoin('clients as c', 'c.id', 'i.client_id')
    .select(['i.title', 'c.name as organisation'])
    .where('i.client_id', '=', link.client_id)
    .where('i.id', '=', link.issue_id)
    .executeTakeFirst();
  if (!facts) throw publicIssueNotFound();
  return { subscribed: input.subscribe, title: facts.title, organisation: facts.organisation };
}
