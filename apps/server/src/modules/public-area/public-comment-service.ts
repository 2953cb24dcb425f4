import { PUBLIC_FILES_MAX, type PublicComment, publicStaffName } from '@workbench/domain';
import type { FastifyRequest, preValidationHookHandler } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import { BUDGETS, requireBudget } from '../../http/rate-limit.js';
import { logActivity } from '../activity/activity-log.js';
import { storeAttachments, withFileCleanup } from '../attachments/attachment-service.js';
import { readPublicFormConfig } from './public-forms.js';
import {
  addReporterComment,
  canUploadTo,
  findPictures,
  findPublicComments,
  presentComment,
} from './public-issue-service.js';
import { ipKey, openLink, publicIssueNotFound } from './public-links.js';
import { preparePublicPictures, publicUploadsOf, readPublicMultipart } from './public-uploads.js';

/**
 * The reporter's comments on the follow page (POST public/issue/{id}/comment), the photos they
 * add to their own comment within the hour (…/comment/{commentId}/upload), and the comments on
 * the pictures the page shows (GET public/issue/{id}/attachment_comment).
 */

/** POST public/issue/{id}/comment: when the form allows comments (comments_disabled). */
export async function commentPublicly(
  ctx: AppContext,
  request: FastifyRequest,
  issueId: number,
  input: { token?: string | undefined; comment: string },
): Promise<PublicComment> {
  await requireBudget(ctx.db, BUDGETS.publicIssueWrites, ipKey(request));
  const link = await openLink(ctx.db, issueId, 'reporter', input.token);
  const { form } = await readPublicFormConfig(ctx.db, link.client_id, link.form_type);
  if (!form.allow_comments)
    throw new AppError(422, 'comments_disabled', 'Comments are turned off for this report');
  const now = new Date();
  const commentId = await ctx.db.transaction().execute(async (trx) => {
    const id = await addReporterComment(trx, link, input.comment, now);
    await trx
      .updateTable('issues')
      .set({ updated_at: now })
      .where('client_id', '=', link.client_id)
      .where('id', '=', link.issue_id)
      .execute();
    await logActivity(trx, {
      clientId: link.client_id,
      userId: null,
      entityType: 'issue',
      entityId: link.issue_id,
      action: 'commented',
      changes: { comment_id: id, by_reporter: true },
    });
    return id;
  });
  const [row] = await findPublicComments(ctx.db, link.client_id, link.issue_id, commentId);
  if (!row) throw publicIssueNotFound();
  return presentComment(form, row, [], now);
}

/**
 * The preValidation of the comment upload: the address's budget of writes, then the link's
 * token (404 before a byte of the files is read), then the form.
 */
export function commentUploadPreValidation(ctx: AppContext): preValidationHookHandler {
  return async (request: FastifyRequest) => {
    await requireBudget(ctx.db, BUDGETS.publicIssueWrites, ipKey(request));
    const issueId = Number((request.params as { issueId?: unknown }).issueId);
    const token = (request.query as { token?: unknown }).token;
    // A malformed id or token is answered by the schemas next.
    if (!Number.isSafeInteger(issueId) || issueId <= 0 || typeof token !== 'string') return;
    await openLink(ctx.db, issueId, 'reporter', token);
    if (!request.isMultipart()) {
      throw new AppError(422, 'required', 'Send the pictures as multipart form data', {
        attachments: 'required',
      });
    }
    await readPublicMultipart(request);
  };
}

/**
 * POST public/issue/{issueId}/comment/{commentId}/upload?token=: pictures on the reporter's own
 * comment (another comment is not found), within PUBLIC_COMMENT_UPLOAD_MINUTES of writing it
 * and while the form allows comments (comment_upload_closed), at most PUBLIC_FILES_MAX per comment.
 */
export async function uploadToComment(
  ctx: AppContext,
  request: FastifyRequest,
  ids: { issueId: number; commentId: number },
  token: string | undefined,
): Promise<PublicComment> {
  const link = await openLink(ctx.db, ids.issueId, 'reporter', token);
  const uploads = publicUploadsOf(request);
  if (!uploads.length) throw new AppError(422, 'required', 'Choose a picture', { attachments: 'required' });
  const { form } = await readPublicFormConfig(ctx.db, link.client_id, link.form_type);
  const files = await preparePublicPictures(uploads);
  const now = new Date();
  await withFileCleanup(ctx, (written) =>
    ctx.db.transaction().execute(async (trx) => {
      const comment = await trx
        .selectFrom('issue_comments')
        .select(['id', 'by_reporter', 'created_at'])
        .where('client_id', '=', link.client_id)
        .where('issue_id', '=', link.issue_id)
        .where('id', '=', ids.commentId)
        .where('by_reporter', '=', true)
        .forUpdate()
        .executeTakeFirst();
      if (!comment) throw publicIssueNotFound();
      const existing = await findPictures(trx, link.client_id, 'comment', [comment.id]);
      if (!canUploadTo(form, comment, 0, now)) {
        throw new AppError(422, 'comment_upload_closed', 'Pictures can no longer be added to this comment');
      }
      if (existing.length + files.length > PUBLIC_FILES_MAX) {
        throw new AppError(422, 'too_long', `At most ${PUBLIC_FILES_MAX} pictures`, {
          attachments: 'too_long',
        });
      }
      await storeAttachments(ctx, trx, {
        clientId: link.client_id,
        ownerType: 'comment',
        ownerId: comment.id,
        userId: null,
        files,
        written,
      });
      await logActivity(trx, {
        clientId: link.client_id,
        userId: null,
        entityType: 'issue',
        entityId: link.issue_id,
        action: 'attachments_added',
        changes: { comment_id: comment.id, attachments: files.length, by_reporter: true },
      });
    }),
  );
  const [row] = await findPublicComments(ctx.db, link.client_id, link.issue_id, ids.commentId);
  if (!row) throw publicIssueNotFound();
  const pictures = await findPictures(ctx.db, link.client_id, 'comment', [row.id]);
  return presentComment(form, row, pictures, now);
}

/**
 * GET public/issue/{id}/attachment_comment?token=: the comments on the pictures the follow page
 * shows, when the form makes them public (else none), authors named as the form names staff.
 */
export async function listAttachmentCommentsPublicly(
  ctx: AppContext,
  request: FastifyRequest,
  issueId: number,
  token: string | undefined,
): Promise<{
  data: Array<{
    id: number;
    attachment_id: number;
    comment: string;
    author: string | null;
    created_at: string;
  }>;
}> {
  await requireBudget(ctx.db, BUDGETS.publicViews, ipKey(request));
  const link = await openLink(ctx.db, issueId, 'reporter', token);
  const { form } = await readPublicFormConfig(ctx.db, link.client_id, link.form_type);
  if (!form.public_fields.includes('attachment_comments')) return { data: [] };
  const comments = await findPublicComments(ctx.db, link.client_id, link.issue_id);
  const [issuePictures, commentPictures] = await Promise.all([
    form.public_fields.includes('attachments')
      ? findPictures(ctx.db, link.client_id, 'issue', [link.issue_id], { reporterOnly: true })
      : Promise.resolve([]),
    findPictures(
      ctx.db,
      link.client_id,
      'comment',
      comments.map((c) => c.id),
    ),
  ]);
  const attachmentIds = [...issuePictures, ...commentPictures].map((p) => p.id);
  if (!attachmentIds.length) return { data: [] };
  const rows = await ctx.db
    .selectFrom('attachment_comments as ac')
    .leftJoin('users as u', 'u.id', 'ac.user_id')
    .select(['ac.id', 'ac.attachment_id', 'ac.comment', 'ac.created_at', 'u.first_name', 'u.last_name'])
    .where('ac.client_id', '=', link.client_id)
    .where('ac.attachment_id', 'in', attachmentIds)
    .orderBy('ac.created_at')
    .orderBy('ac.id')
    .execute();
  return {
    data: rows.map((r) => ({
      id: r.id,
      attachment_id: r.attachment_id,
      comment: r.comment,
      author: publicStaffName(
        form,
        r.first_name === null ? null : { first_name: r.first_name, last_name: r.last_name },
      ),
      created_at: r.created_at.toISOString(),
    })),
  };
}
