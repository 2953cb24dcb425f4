import {
  type Attachment,
  type AttachmentComment,
  type Issue,
  issuePermissions,
  type ZUpdateIssueRequestSchema,
} from '@workbench/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { AppError, forbidden, notFound } from '../../http/errors.js';
import { fileUrl } from '../../storage/file-storage.js';
import { logActivity } from '../activity/activity-log.js';
import { type LoadedIssue, loadIssue } from '../issues/issue-context.js';
import type { Db } from '../issues/issue-queries.js';
import { applyIssueUpdate, presentAfterWrite } from '../issues/issue-service.js';
import { attachmentFlags, presentAttachments } from './attachment-presenter.js';
import { findAttachmentRows } from './attachment-queries.js';
import {
  findOwnedAttachments,
  refuseUnusedAttachmentFields,
  storeAttachments,
  withFileCleanup,
} from './attachment-service.js';
import { type AttachmentForm, type PreparedUpload, prepareUploads } from './attachment-upload.js';

type Caller = Pick<Auth, 'userId' | 'clientId' | 'role'>;
type UpdateInput = z.output<typeof ZUpdateIssueRequestSchema>;

/** Touches the issue, so lists sorted by last change see the gallery's changes. */
async function touchIssue(trx: Db, loaded: LoadedIssue, now: Date): Promise<void> {
  await trx
    .updateTable('issues')
    .set({ updated_at: now })
    .where('client_id', '=', loaded.row.client_id)
    .where('id', '=', loaded.row.id)
    .execute();
}

/** Refused before a byte of the upload is read when the caller may not add files at all. */
export async function requireCanAddAttachments(
  ctx: AppContext,
  auth: Caller,
  issueId: number,
): Promise<void> {
  const loaded = await loadIssue(ctx.db, auth, issueId);
  if (!issuePermissions(loaded.rules).can_add_attachments) {
    throw forbidden('You may not add attachments to this issue');
  }
}

/**
 * POST issue/{id}/upload: new files for an issue (can_add_attachments; on an archived issue
 * only an admin, 000 §4). All files or none. Answers the new attachments.
 */
export async function uploadToIssue(
  ctx: AppContext,
  auth: Caller,
  issueId: number,
  form: AttachmentForm,
): Promise<{ data: Attachment[] }> {
  if (form.items.some((item) => item.id !== undefined) || form.deleteIds.length) {
    throw new AppError(422, 'invalid_format', 'Only new files can be uploaded here', {
      attachments: 'invalid_format',
    });
  }
  if (!form.uploads.length) throw new AppError(422, 'required', 'Choose a file', { attachments: 'required' });
  const prepared = await prepareUploads(form.uploads);
  const ids = await withFileCleanup(ctx, (written) =>
    ctx.db.transaction().execute(async (trx) => {
      const now = new Date();
      const loaded = await loadIssue(trx, auth, issueId, { lock: true, now });
      if (!issuePermissions(loaded.rules).can_add_attachments) {
        throw forbidden('You may not add attachments to this issue');
      }
      const newIds = await storeAttachments(ctx, trx, {
        clientId: loaded.row.client_id,
        ownerType: 'issue',
        ownerId: issueId,
        userId: auth.userId,
        files: prepared,
        written,
      });
      await touchIssue(trx, loaded, now);
      await logActivity(trx, {
        clientId: loaded.row.client_id,
        userId: auth.userId,
        entityType: 'issue',
        entityId: issueId,
        action: 'attachments_added',
        changes: { attachments: [null, prepared.map((p, i) => ({ id: newIds[i], name: p.name }))] },
      });
      return newIds;
    }),
  );
  const loaded = await loadIssue(ctx.db, auth, issueId);
  const rows = await findAttachmentRows(ctx.db, {
    clientId: loaded.row.client_id,
    ownerType: 'issue',
    ownerIds: [issueId],
  });
  const all = presentAttachments(rows, {
    callerId: auth.userId,
    permissions: issuePermissions(loaded.rules),
  });
  const added = new Set(ids);
  return { data: (all.get(issueId) ?? []).filter((a) => added.has(a.id)) };
}

/**
 * The attachment part of the gallery save (POST issue/{id} with _method PUT), inside its
 * transaction: `attachment[n][id]` with fields edits one (allowedToEdit), `delete_attachments[n]`
 * deletes one (allowedToDelete; soft, the file stays for the activity log), a new file is added
 * (can_add_attachments). Deletions run first, so they free room under the issue's total.
 */
async function applyAttachmentChanges(
  ctx: AppContext,
  trx: Db,
  auth: Caller,
  issueId: number,
  form: AttachmentForm,
  prepared: PreparedUpload[],
  written: string[],
  now: Date,
): Promise<void> {
  const edits = form.items.filter((item) => item.id !== undefined);
  if (!edits.length && !form.deleteIds.length && !prepared.length) return;
  const loaded = await loadIssue(trx, auth, issueId, { lock: true, now });
  const clientId = loaded.row.client_id;
  const permissions = issuePermissions(loaded.rules);
  const named = [...new Set([...edits.map((e) => e.id as number), ...form.deleteIds])];
  const existing = new Map(
    (await findOwnedAttachments(trx, clientId, 'issue', issueId, named)).map((a) => [a.id, a]),
  );
  for (const item of edits) {
    if (item.file) {
      throw new AppError(422, 'invalid_format', 'A file cannot replace an existing attachment', {
        [`${item.prefix}.${item.index}.file`]: 'invalid_format',
      });
    }
  }
  const missingId = named.find((id) => !existing.has(id));
  if (missingId !== undefined) throw notFound('Attachment not found');

  const deleted: number[] = [];
  for (const id of new Set(form.deleteIds)) {
    const row = existing.get(id);
    if (!row || !attachmentFlags(permissions, row.user_id, auth.userId).allowedToDelete) {
      throw forbidden('You may not delete this attachment');
    }
    await trx
      .updateTable('attachments')
      .set({ deleted_at: now, updated_at: now })
      .where('client_id', '=', clientId)
      .where('id', '=', id)
      .execute();
    deleted.push(id);
  }
  const modified: Array<{ id: number; changes: Record<string, [unknown, unknown]> }> = [];
  for (const item of edits) {
    const id = item.id as number;
    if (deleted.includes(id)) continue;
    const row = existing.get(id);
    if (!row || !attachmentFlags(permissions, row.user_id, auth.userId).allowedToEdit) {
      throw forbidden('You may not edit this attachment');
    }
    const before = {
      description: row.description,
      priority_id: row.priority_id,
      due_date: row.due_date ? Math.floor(row.due_date.getTime() / 1000) : null,
    };
    const changes: Record<string, [unknown, unknown]> = {};
    for (const field of ['description', 'priority_id', 'due_date'] as const) {
      const value = item.fields[field];
      if (value !== undefined && value !== before[field]) changes[field] = [before[field], value];
    }
    if (!Object.keys(changes).length) continue;
    refuseUnusedAttachmentFields(
      {
        priority_id: changes.priority_id ? item.fields.priority_id : undefined,
        due_date: changes.due_date ? item.fields.due_date : undefined,
      },
      loaded.settings,
      row.original_filename,
    );
    await trx
      .updateTable('attachments')
      .set({
        ...(changes.description ? { description: item.fields.description ?? null } : {}),
        ...(changes.priority_id ? { priority_id: item.fields.priority_id ?? null } : {}),
        ...(changes.due_date
          ? { due_date: item.fields.due_date ? new Date(item.fields.due_date * 1000) : null }
          : {}),
        updated_at: now,
      })
      .where('client_id', '=', clientId)
      .where('id', '=', id)
      .execute();
    modified.push({ id, changes });
  }
  let added: number[] = [];
  if (prepared.length) {
    if (!permissions.can_add_attachments) throw forbidden('You may not add attachments to this issue');
    added = await storeAttachments(ctx, trx, {
      clientId,
      ownerType: 'issue',
      ownerId: issueId,
      userId: auth.userId,
      files: prepared,
      written,
    });
  }
  if (!deleted.length && !modified.length && !added.length) return;
  await touchIssue(trx, loaded, now);
  await logActivity(trx, {
    clientId,
    userId: auth.userId,
    entityType: 'issue',
    entityId: issueId,
    action: 'attachments_changed',
    changes: {
      ...(added.length ? { added: prepared.map((p, i) => ({ id: added[i], name: p.name })) } : {}),
      ...(deleted.length
        ? { deleted: deleted.map((id) => ({ id, name: existing.get(id)?.original_filename })) }
        : {}),
      ...(modified.length ? { modified } : {}),
    },
  });
}

/**
 * POST issue/{id} with _method PUT (multipart): the issue's form fields as PUT issue/{id}, plus
 * the gallery's attachment edits, additions and deletions, in one transaction: all or nothing.
 */
export async function saveIssueWithAttachments(
  ctx: AppContext,
  auth: Caller,
  issueId: number,
  input: UpdateInput,
  form: AttachmentForm,
): Promise<Issue> {
  const prepared = await prepareUploads(form.uploads);
  await withFileCleanup(ctx, (written) =>
    ctx.db.transaction().execute(async (trx) => {
      const now = new Date();
      await applyIssueUpdate(trx, auth, issueId, input, now);
      await applyAttachmentChanges(ctx, trx, auth, issueId, form, prepared, written, now);
    }),
  );
  return presentAfterWrite(ctx, auth, issueId);
}

/** An attachment of this issue (not deleted), else 404: the attachment id is a tenant id too. */
async function requireIssueAttachment(db: Db, loaded: LoadedIssue, attachmentId: number): Promise<void> {
  const [found] = await findOwnedAttachments(db, loaded.row.client_id, 'issue', loaded.row.id, [
    attachmentId,
  ]);
  if (!found) throw notFound('Attachment not found');
}

type CommentRow = {
  id: number;
  comment: string;
  created_at: Date;
  user_id: number | null;
  first_name: string | null;
  last_name: string | null;
  language: string | null;
  profile_image: string | null;
};

function presentAttachmentComment(row: CommentRow): AttachmentComment {
  return {
    id: row.id,
    comment: row.comment,
    created_at: Math.floor(row.created_at.getTime() / 1000),
    user:
      row.user_id !== null && row.first_name !== null
        ? {
            id: row.user_id,
            first_name: row.first_name,
            last_name: row.last_name ?? '',
            language: row.language ?? 'en',
            profile_image: fileUrl(row.profile_image),
          }
        : null,
  };
}

function commentQuery(db: Db, clientId: number) {
  return db
    .selectFrom('attachment_comments as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .select([
      'c.id',
      'c.comment',
      'c.created_at',
      'c.user_id',
      'u.first_name',
      'u.last_name',
      'u.language',
      'u.profile_image',
    ])
    .where('c.client_id', '=', clientId);
}

/** GET issue/{id}/attachment_comment?attachment_id=N: oldest first. */
export async function listAttachmentComments(
  ctx: AppContext,
  auth: Caller,
  issueId: number,
  attachmentId: number,
): Promise<{ data: AttachmentComment[] }> {
  const loaded = await loadIssue(ctx.db, auth, issueId);
  await requireIssueAttachment(ctx.db, loaded, attachmentId);
  const rows = await commentQuery(ctx.db, loaded.row.client_id)
    .where('c.attachment_id', '=', attachmentId)
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();
  return { data: rows.map(presentAttachmentComment) };
}

/**
 * POST issue/{id}/attachment_comment {comment, attachment_id}: whoever may comment on the issue,
 * when the organisation allows comments on attachments (client setting attachment_comments).
 */
export async function addAttachmentComment(
  ctx: AppContext,
  auth: Caller,
  issueId: number,
  input: { comment: string; attachment_id: number },
): Promise<{ data: AttachmentComment }> {
  const id = await ctx.db.transaction().execute(async (trx) => {
    const loaded = await loadIssue(trx, auth, issueId, { lock: true });
    await requireIssueAttachment(trx, loaded, input.attachment_id);
    if (!loaded.settings.attachment_comments) {
      throw forbidden('Comments on attachments are switched off for this organisation');
    }
    if (!issuePermissions(loaded.rules).can_comment) throw forbidden('You may not comment on this issue');
    const row = await trx
      .insertInto('attachment_comments')
      .values({
        client_id: loaded.row.client_id,
        attachment_id: input.attachment_id,
        user_id: auth.userId,
        comment: input.comment,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await logActivity(trx, {
      clientId: loaded.row.client_id,
      userId: auth.userId,
      entityType: 'issue',
      entityId: issueId,
      action: 'attachment_commented',
      changes: { attachment_id: input.attachment_id, comment_id: row.id },
    });
    return row.id;
  });
  const { row } = await loadIssue(ctx.db, auth, issueId);
  const comment = await commentQuery(ctx.db, row.client_id).where('c.id', '=', id).executeTakeFirstOrThrow();
  return { data: presentAttachmentComment(comment) };
}
