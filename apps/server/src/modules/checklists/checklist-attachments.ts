import type { Attachment } from '@workbench/domain';
import { type AttachmentPermissions, presentAttachments } from '../attachments/attachment-presenter.js';
import { findAttachmentRows } from '../attachments/attachment-queries.js';
import type { Db } from './checklist-queries.js';

/**
 * Attachments of checklist items, per item id, in the shared Attachment shape (they are rows of
 * the one attachments table owned by 'checklist_item'; flags follow the permissions).
 */
export async function loadItemAttachments(
  db: Db,
  input: { clientId: number; itemIds: number[]; callerId: number; permissions: AttachmentPermissions },
): Promise<Map<number, Attachment[]>> {
  const rows = await findAttachmentRows(db, {
    clientId: input.clientId,
    ownerType: 'checklist_item',
    ownerIds: input.itemIds,
  });
  return presentAttachments(rows, input);
}
