import { ATTACHMENT_MAX_FILE_BYTES, type ErrorKey } from '@workbench/domain';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { AppError, notFound } from '../../http/errors.js';
import { logActivity } from '../activity/activity-log.js';
import type { Db } from '../issues/issue-queries.js';
import { findOwnedAttachments, storeAttachments, withFileCleanup } from './attachment-service.js';
import { type AttachmentForm, detectFileType, prepareUploads } from './attachment-upload.js';

/**
 * The pictures of an owner (an asset, an item of equipment; 001 §3 attachments): the issue
 * upload's form, content checks, rescaling and thumbnails, stored in the attachments table under
 * the owner's type. Pictures only, at most `max`; whoever may edit the owner.
 */

type Caller = NonNullable<Auth>;

/** What the pictures need to know of their owner's module. */
export interface PictureOwner<Rights extends { client_id: number }> {
  /** owner_type of the attachments and entity_type of the activity. */
  type: 'asset' | 'equipment';
  /** The owner's table, whose updated_at a picture change moves. */
  table: 'assets' | 'equipment';
  max: number;
  tooManyMessage: string;
  /** The caller's reach, read once per request. */
  reach(db: Db, auth: Caller): Promise<PictureOwnerReach<Rights>>;
}

export interface PictureOwnerReach<Rights> {
  /** The owner's rule inputs (404 when the caller does not see it). */
  rights(db: Db, id: number): Promise<Rights>;
  /** The same, with the owner row locked for the rest of the transaction. */
  lock(trx: Db, id: number): Promise<Rights>;
  requireEditable(rights: Rights): void;
}

/** Refused before a byte of the upload is read when the caller may not change the owner. */
export async function requireCanChangeOwnerPictures<Rights extends { client_id: number }>(
  ctx: AppContext,
  auth: Caller,
  owner: PictureOwner<Rights>,
  id: number,
): Promise<void> {
  const reach = await owner.reach(ctx.db, auth);
  reach.requireEditable(await reach.rights(ctx.db, id));
}

const refusal = (key: ErrorKey, message: string) => new AppError(422, key, message, { attachments: key });

/** Only new files of a picture type; every other file is named in the refusal, as the upload does. */
async function requirePictures(form: AttachmentForm): Promise<void> {
  if (form.items.some((item) => item.id !== undefined) || form.deleteIds.length) {
    throw refusal('invalid_format', 'Only new pictures can be uploaded here');
  }
  if (!form.uploads.length) throw refusal('required', 'Choose a picture');
  const refused: Array<{ field: string; name: string }> = [];
  for (const upload of form.uploads) {
    const detected = await detectFileType(upload.name, upload.data);
    if (detected?.kind !== 'image') refused.push({ field: upload.field, name: upload.name });
  }
  if (refused.length) {
    throw new AppError(
      422,
      'file_type_not_allowed',
      refused.length === 1
        ? `${refused[0]?.name} is not a picture (jpeg, png or gif)`
        : `${refused.length} files are not pictures`,
      Object.fromEntries(refused.map((r) => [r.field, 'file_type_not_allowed'])),
      undefined,
      refused.map((r) => ({ name: r.name, key: 'file_type_not_allowed' })),
    );
  }
}

/** The live pictures of an owner. */
async function countOwnerPictures(
  db: Db,
  clientId: number,
  ownerType: PictureOwner<never>['type'],
  ownerId: number,
): Promise<number> {
  const row = await db
    .selectFrom('attachments')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('client_id', '=', clientId)
    .where('owner_type', '=', ownerType)
    .where('owner_id', '=', ownerId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

async function touchOwner(
  trx: Db,
  table: PictureOwner<never>['table'],
  clientId: number,
  id: number,
  now: Date,
): Promise<void> {
  await trx
    .updateTable(table)
    .set({ updated_at: now })
    .where('id', '=', id)
    .where('client_id', '=', clientId)
    .execute();
}

/** New pictures of the owner, all or none. */
export async function uploadOwnerPictures<Rights extends { client_id: number }>(
  ctx: AppContext,
  auth: Caller,
  owner: PictureOwner<Rights>,
  id: number,
  form: AttachmentForm,
): Promise<void> {
  await requirePictures(form);
  // A picture carries only its description: no priority or deadline on its owner.
  const prepared = await prepareUploads(
    form.uploads.map((upload) => ({ ...upload, fields: { description: upload.fields.description } })),
  );
  const reach = await owner.reach(ctx.db, auth);
  await withFileCleanup(ctx, (written) =>
    ctx.db.transaction().execute(async (trx) => {
      const rights = await reach.lock(trx, id);
      reach.requireEditable(rights);
      const stored = await countOwnerPictures(trx, rights.client_id, owner.type, id);
      if (stored + prepared.length > owner.max) throw refusal('too_long', owner.tooManyMessage);
      const ids = await storeAttachments(ctx, trx, {
        clientId: rights.client_id,
        ownerType: owner.type,
        ownerId: id,
        userId: auth.userId,
        files: prepared,
        maxTotalBytes: owner.max * ATTACHMENT_MAX_FILE_BYTES,
        written,
      });
      await touchOwner(trx, owner.table, rights.client_id, id, new Date());
      await logActivity(trx, {
        clientId: rights.client_id,
        userId: auth.userId,
        entityType: owner.type,
        entityId: id,
        action: 'pictures_added',
        changes: { pictures: prepared.map((p, i) => ({ id: ids[i], name: p.name })) },
      });
    }),
  );
}

/** Removes a picture of this owner (404 when it is not one). */
export async function removeOwnerPicture<Rights extends { client_id: number }>(
  ctx: AppContext,
  auth: Caller,
  owner: PictureOwner<Rights>,
  id: number,
  pictureId: number,
): Promise<void> {
  const reach = await owner.reach(ctx.db, auth);
  await ctx.db.transaction().execute(async (trx) => {
    const rights = await reach.lock(trx, id);
    const [picture] = await findOwnedAttachments(trx, rights.client_id, owner.type, id, [pictureId]);
    if (!picture) throw notFound('Picture not found');
    reach.requireEditable(rights);
    const now = new Date();
    await trx
      .updateTable('attachments')
      .set({ deleted_at: now, updated_at: now })
      .where('client_id', '=', rights.client_id)
      .where('id', '=', pictureId)
      .execute();
    await touchOwner(trx, owner.table, rights.client_id, id, now);
    await logActivity(trx, {
      clientId: rights.client_id,
      userId: auth.userId,
      entityType: owner.type,
      entityId: id,
      action: 'picture_removed',
      changes: { picture: { id: pictureId, name: picture.original_filename } },
    });
  });
}
