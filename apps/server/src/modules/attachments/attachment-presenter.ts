import type { Attachment, IssuePermissions } from '@workbench/domain';
import { fileUrl } from '../../storage/file-storage.js';
import type { Db } from '../issues/issue-queries.js';
import { personWithImageOf } from '../users/user-presenter.js';
import type { AttachmentOwnerType } from './attachment-service.js';

export type AttachmentPermissions = Pick<
  IssuePermissions,
  'can_edit' | 'can_edit_only_own_attachments' | 'can_delete_only_own_attachments'
>;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * What the caller may do with one attachment (001 §4): edit (description, priority, deadline,
 * order) and delete follow the issue's can_edit, limited to their own uploads by the
 * only-own flags.
 */
export function attachmentFlags(
  permissions: AttachmentPermissions,
  uploaderId: number | null,
  callerId: number,
): { allowedToEdit: boolean; allowedToDelete: boolean } {
  const own = uploaderId !== null && uploaderId === callerId;
  return {
    allowedToEdit: permissions.can_edit && (!permissions.can_edit_only_own_attachments || own),
    allowedToDelete: permissions.can_edit && (!permissions.can_delete_only_own_attachments || own),
  };
}

/** The attachments of several owners of one kind, each list in gallery order (index, then id). */
export async function presentAttachments(
  db: Db,
  input: {
    clientId: number;
    ownerType: AttachmentOwnerType;
    ownerIds: number[];
    callerId: number;
    permissions: AttachmentPermissions;
  },
): Promise<Map<number, Attachment[]>> {
  const byOwner = new Map<number, Attachment[]>(input.ownerIds.map((id) => [id, []]));
  if (!input.ownerIds.length) return byOwner;
  const rows = await db
    .selectFrom('attachments as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select([
      'a.id',
      'a.owner_id',
      'a.user_id',
      'a.file_key',
      'a.thumbnail_key',
      'a.thumbnail_1024_key',
      'a.media_type',
      'a.original_filename',
      'a.mime_type',
      'a.size_bytes',
      'a.description',
      'a.priority_id',
      'a.due_date',
      'a.sort_index',
      'a.created_at',
      'a.updated_at',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.profile_image',
    ])
    .where('a.client_id', '=', input.clientId)
    .where('a.owner_type', '=', input.ownerType)
    .where('a.owner_id', 'in', input.ownerIds)
    .where('a.deleted_at', 'is', null)
    .orderBy('a.sort_index')
    .orderBy('a.id')
    .execute();
  for (const row of rows) {
    const flags = attachmentFlags(input.permissions, row.user_id, input.callerId);
    byOwner.get(row.owner_id)?.push({
      id: row.id,
      name: row.original_filename,
      original_filename: row.original_filename,
      file_name: row.original_filename,
      mime_type: row.mime_type,
      media_type: row.media_type === 'picture' ? 'picture' : 'document',
      url: fileUrl(row.file_key) as string,
      web_mob_thumbnail_url: fileUrl(row.thumbnail_key),
      thumbnail_1024_url: fileUrl(row.thumbnail_1024_key),
      description: row.description,
      priority_id: row.priority_id,
      due_date: row.due_date ? seconds(row.due_date) : null,
      index: row.sort_index,
      size_bytes: row.size_bytes,
      created_at: seconds(row.created_at),
      updated_at: seconds(row.updated_at),
      user: personWithImageOf({ ...row, id: row.user_id }),
      ...flags,
      allowedToRemove: flags.allowedToDelete,
    });
  }
  return byOwner;
}
