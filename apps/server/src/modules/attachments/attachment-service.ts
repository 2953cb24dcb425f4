import {
  ATTACHMENT_MAX_TOTAL_BYTES,
  type AttachmentFields,
  type ClientSettings,
  unusedAttachmentFields,
} from '@workbench/domain';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import { newFileKey } from '../../storage/file-storage.js';
import type { Db } from '../issues/issue-queries.js';
import { readSettings } from '../workspaces/workspace-queries.js';
import type { PreparedUpload } from './attachment-upload.js';

/** Who an attachment belongs to; the attachments table is shared by every owner. */
export type AttachmentOwnerType =
  | 'issue'
  | 'comment'
  | 'checklist_item'
  | 'asset'
  | 'equipment'
  /** A workspace lease's contract files (issue 21). */
  | 'workspace_lease';

/** Bytes already stored for one owner (not deleted). */
export async function storedBytesOf(
  db: Db,
  clientId: number,
  ownerType: AttachmentOwnerType,
  ownerId: number,
): Promise<number> {
  const row = await db
    .selectFrom('attachments')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('size_bytes'), eb.lit(0)).as('total'))
    .where('client_id', '=', clientId)
    .where('owner_type', '=', ownerType)
    .where('owner_id', '=', ownerId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

const NO_ATTACHMENT_FIELDS = { attachment_priority: false, attachment_deadline: false };

/**
 * Refuses a priority or deadline on a file where the organisation does not use them (client
 * settings attachment_priority, attachment_deadline): 422 naming the field, nothing written.
 */
export function refuseUnusedAttachmentFields(
  fields: Pick<AttachmentFields, 'priority_id' | 'due_date'>,
  settings: Pick<ClientSettings, 'attachment_priority' | 'attachment_deadline'>,
  fileName: string,
): void {
  const [unused] = unusedAttachmentFields(fields, settings);
  if (!unused) return;
  throw new AppError(
    422,
    'validation_failed',
    `This organisation does not use ${unused === 'priority_id' ? 'priorities' : 'deadlines'} on files (${fileName})`,
    { [unused]: 'forbidden' },
  );
}

/**
 * Stores checked uploads for one owner inside the caller's transaction (which should hold a lock
 * on the owner, so two uploads cannot both pass the total check): refuses when the owner's total
 * would pass the limit (20 MB per issue), writes the files and thumbnails to ctx.storage, and
 * inserts the rows after the existing ones in gallery order. Every key written is pushed to
 * `written`, so withFileCleanup can remove them if the transaction fails later.
 */
export async function storeAttachments(
  ctx: Pick<AppContext, 'storage'>,
  trx: Db,
  input: {
    clientId: number;
    ownerType: AttachmentOwnerType;
    ownerId: number;
    /** Who uploads: null for a public reporter (the follow page, a public report). */
    userId: number | null;
    files: PreparedUpload[];
    maxTotalBytes?: number;
    written?: string[];
  },
): Promise<number[]> {
  const { clientId, ownerType, ownerId, files } = input;
  if (!files.length) return [];
  // The settings are read only when a file carries a priority or deadline at all.
  if (files.some((f) => unusedAttachmentFields(f.fields, NO_ATTACHMENT_FIELDS).length)) {
    const settings = await readSettings(trx, clientId);
    for (const file of files) refuseUnusedAttachmentFields(file.fields, settings, file.name);
  }
  const maxTotal = input.maxTotalBytes ?? ATTACHMENT_MAX_TOTAL_BYTES;
  const stored = await storedBytesOf(trx, clientId, ownerType, ownerId);
  const adding = files.reduce((sum, f) => sum + f.data.length, 0);
  if (stored + adding > maxTotal) {
    throw new AppError(
      422,
      'total_limit_exceeded',
      'The total size of the attachments is over the limit',
      { attachments: 'total_limit_exceeded' },
      undefined,
      files.map((f) => ({ name: f.name, key: 'total_limit_exceeded' })),
    );
  }
  const last = await trx
    .selectFrom('attachments')
    .select((eb) => eb.fn.max('sort_index').as('max'))
    .where('client_id', '=', clientId)
    .where('owner_type', '=', ownerType)
    .where('owner_id', '=', ownerId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  let nextIndex = last?.max === null || last?.max === undefined ? 0 : Number(last.max) + 1;
  const written = input.written ?? [];
  const rows = [];
  const now = new Date();
  for (const file of files) {
    const key = newFileKey(clientId, 'attachments', file.ext);
    await ctx.storage.put(key, file.data);
    written.push(key);
    let thumbnailKey: string | null = null;
    let thumbnail1024Key: string | null = null;
    if (file.thumbnails) {
      thumbnailKey = newFileKey(clientId, 'thumbnails', file.thumbnails.ext);
      await ctx.storage.put(thumbnailKey, file.thumbnails.small);
      written.push(thumbnailKey);
      thumbnail1024Key = newFileKey(clientId, 'thumbnails', file.thumbnails.ext);
      await ctx.storage.put(thumbnail1024Key, file.thumbnails.large);
      written.push(thumbnail1024Key);
    }
    rows.push({
      client_id: clientId,
      owner_type: ownerType,
      owner_id: ownerId,
      user_id: input.userId,
      file_key: key,
      thumbnail_key: thumbnailKey,
      thumbnail_1024_key: thumbnail1024Key,
      media_type: file.mediaType,
      original_filename: file.name,
      mime_type: file.mimeType,
      size_bytes: file.data.length,
      description: file.fields.description ?? null,
      priority_id: file.fields.priority_id ?? null,
      due_date: file.fields.due_date ? new Date(file.fields.due_date * 1000) : null,
      sort_index: nextIndex++,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    });
  }
  const inserted = await trx.insertInto('attachments').values(rows).returning('id').execute();
  return inserted.map((r) => r.id);
}

/**
 * Runs a write that stores files; when it fails (a refusal, a rolled-back transaction) the
 * files it wrote are removed again, so a refused request leaves nothing behind on the store.
 */
export async function withFileCleanup<T>(
  ctx: Pick<AppContext, 'storage'>,
  work: (written: string[]) => Promise<T>,
): Promise<T> {
  const written: string[] = [];
  try {
    return await work(written);
  } catch (err) {
    await Promise.all(written.map((key) => ctx.storage.remove(key).catch(() => undefined)));
    throw err;
  }
}

/** The attachments of one owner by id (not deleted), for edits and deletes. */
export async function findOwnedAttachments(
  db: Db,
  clientId: number,
  ownerType: AttachmentOwnerType,
  ownerId: number,
  ids: number[],
) {
  if (!ids.length) return [];
  return db
    .selectFrom('attachments')
    .select(['id', 'user_id', 'original_filename', 'description', 'priority_id', 'due_date', 'sort_index'])
    .where('client_id', '=', clientId)
    .where('owner_type', '=', ownerType)
    .where('owner_id', '=', ownerId)
    .where('deleted_at', 'is', null)
    .where('id', 'in', ids)
    .execute();
}

/**
 * Sets the gallery order from [{id, index}] pairs; every id must be an attachment of this owner
 * (else 422 not_found naming it). Attachments not named keep their index.
 */
export async function reorderAttachments(
  trx: Db,
  input: {
    clientId: number;
    ownerType: AttachmentOwnerType;
    ownerId: number;
    order: Array<{ id: number; index: number }>;
  },
): Promise<void> {
  const { clientId, ownerType, ownerId, order } = input;
  const found = new Set(
    (
      await findOwnedAttachments(
        trx,
        clientId,
        ownerType,
        ownerId,
        order.map((o) => o.id),
      )
    ).map((a) => a.id),
  );
  const missing = order.findIndex((o) => !found.has(o.id));
  if (missing >= 0) {
    throw new AppError(422, 'not_found', 'Attachment not found', {
      [`attachments.${missing}.id`]: 'not_found',
    });
  }
  for (const { id, index } of order) {
    await trx
      .updateTable('attachments')
      .set({ sort_index: index })
      .where('client_id', '=', clientId)
      .where('owner_type', '=', ownerType)
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .execute();
  }
}
