import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.js';

// Picture rows of an owner (an asset or an item of equipment) in the shared attachments table.

type Db = Kysely<Database>;
type PictureOwnerType = 'asset' | 'equipment';

/** A picture row inserted directly; the keys name no stored file. */
export async function insertPictureRow(
  db: Db,
  values: {
    clientId: number;
    ownerType: PictureOwnerType;
    ownerId: number;
    name: string;
    userId?: number | null;
    sortIndex?: number;
  },
): Promise<number> {
  const hex = (n: number) => n.toString(16).padStart(32, '0');
  const seed = Math.floor(Math.random() * 1e12);
  const row = await db
    .insertInto('attachments')
    .values({
      client_id: values.clientId,
      owner_type: values.ownerType,
      owner_id: values.ownerId,
      user_id: values.userId ?? null,
      file_key: `${values.clientId}/attachments/${hex(seed)}.png`,
      thumbnail_key: `${values.clientId}/thumbnails/${hex(seed + 1)}.png`,
      thumbnail_1024_key: `${values.clientId}/thumbnails/${hex(seed + 2)}.png`,
      media_type: 'picture',
      original_filename: values.name,
      mime_type: 'image/png',
      size_bytes: 100,
      description: null,
      priority_id: null,
      due_date: null,
      sort_index: values.sortIndex ?? 0,
      created_at: new Date(),
      updated_at: new Date(),
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The owner's picture rows (deleted ones too), oldest first. */
export async function pictureRowsOf(db: Db, ownerType: PictureOwnerType, ownerId: number) {
  return db
    .selectFrom('attachments')
    .select(['id', 'original_filename', 'media_type', 'thumbnail_key', 'deleted_at'])
    .where('owner_type', '=', ownerType)
    .where('owner_id', '=', ownerId)
    .orderBy('id')
    .execute();
}
