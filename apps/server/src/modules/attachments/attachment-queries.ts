import { sql } from 'kysely';
import { intArray } from '../access/workspace-access.js';
import type { Db } from '../issues/issue-queries.js';
import type { AttachmentOwnerType } from './attachment-service.js';

/** One attachment with its uploader, as the presenter shows it. */
export type AttachmentRow = Awaited<ReturnType<typeof selectAttachments>>[number];

function selectAttachments(
  db: Db,
  input: { clientId: number; ownerType: AttachmentOwnerType; ownerIds: number[] },
) {
  return db
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
}

/** The attachments of several owners of one kind, per owner (every owner asked has a list), in gallery order. */
export async function findAttachmentRows(
  db: Db,
  input: { clientId: number; ownerType: AttachmentOwnerType; ownerIds: number[] },
): Promise<Map<number, AttachmentRow[]>> {
  const byOwner = new Map<number, AttachmentRow[]>(input.ownerIds.map((id) => [id, []]));
  if (!input.ownerIds.length) return byOwner;
  for (const row of await selectAttachments(db, input)) byOwner.get(row.owner_id)?.push(row);
  return byOwner;
}

/**
 * The small thumbnail of each owner's first picture (gallery order): one read for a list page
 * (assets, equipment). `clientIds`: the owners' organisations.
 */
export async function findFirstPictureKeys(
  db: Db,
  input: { clientIds: readonly number[]; ownerType: AttachmentOwnerType; ownerIds: readonly number[] },
): Promise<Map<number, string>> {
  if (!input.ownerIds.length) return new Map();
  const { rows } = await sql<{ owner_id: number; key: string }>`
    SELECT DISTINCT ON (p.owner_id) p.owner_id, coalesce(p.thumbnail_key, p.file_key) AS key
      FROM attachments p
      WHERE p.client_id = ANY(${intArray(input.clientIds)}) AND p.owner_type = ${input.ownerType}
        AND p.owner_id = ANY(${intArray(input.ownerIds)}) AND p.deleted_at IS NULL
      ORDER BY p.owner_id, p.sort_index, p.id`.execute(db);
  return new Map(rows.map((r) => [r.owner_id, r.key]));
}
