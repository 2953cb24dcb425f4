import type { Attachment, IssuePermissions } from '@workbench/domain';
import { fileUrl } from '../../storage/file-storage.js';
import { personWithImageOf } from '../users/user-presenter.js';
import type { AttachmentRow } from './attachment-queries.js';

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

type AttachmentViewer = { callerId: number; permissions: AttachmentPermissions };

/** One attachment as the caller may handle it. */
export function presentAttachment(row: AttachmentRow, viewer: AttachmentViewer): Attachment {
  const flags = attachmentFlags(viewer.permissions, row.user_id, viewer.callerId);
  return {
    id: row.id,
    name: row.original_filename,
    original_filename: row.original_filename,
    file_name: row.original_filename,
    mime_type: row.mime_type,
    media_type: row.media_type === 'picture' ? 'picture' : 'document',
    url: fileUrl(row.file_key, row.original_filename) as string,
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
  };
}

/** The attachments of several owners (findAttachmentRows), each list in gallery order. */
export function presentAttachments(
  byOwner: Map<number, AttachmentRow[]>,
  viewer: AttachmentViewer,
): Map<number, Attachment[]> {
  return new Map(
    [...byOwner].map(([ownerId, rows]) => [ownerId, rows.map((row) => presentAttachment(row, viewer))]),
  );
}
