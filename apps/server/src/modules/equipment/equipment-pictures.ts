import {
  ATTACHMENT_MAX_FILE_BYTES,
  EQUIPMENT_PICTURES_MAX,
  type Equipment,
  type ErrorKey,
} from '@workbench/domain';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { AppError, notFound } from '../../http/errors.js';
import { logActivity } from '../activity/activity-log.js';
import {
  findOwnedAttachments,
  storeAttachments,
  withFileCleanup,
} from '../attachments/attachment-service.js';
import { type AttachmentForm, detectFileType, prepareUploads } from '../attachments/attachment-upload.js';
import { countEquipmentPictures } from './equipment-queries.js';
import { getEquipment, lockEquipment, requireEditable, requireEquipmentRights } from './equipment-service.js';
import { equipmentScope } from './equipment-visibility.js';

/**
 * The pictures of an item (001 §3 attachments): the issue upload's form, content checks,
 * rescaling and thumbnails (modules/attachments), stored in the attachments table with owner_type
 * 'equipment'. Pictures only, at most EQUIPMENT_PICTURES_MAX; whoever may edit the item.
 */

type Caller = NonNullable<Auth>;

/** Refused before a byte of the upload is read when the caller may not change the item. */
export async function requireCanChangePictures(ctx: AppContext, auth: Caller, id: number): Promise<void> {
  const scope = await equipmentScope(ctx.db, auth);
  requireEditable(auth, scope, await requireEquipmentRights(ctx.db, auth, scope, id));
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

/** POST equipment/{id}/upload: new pictures (all or none). Answers the item. */
export async function uploadEquipmentPictures(
  ctx: AppContext,
  auth: Caller,
  id: number,
  form: AttachmentForm,
): Promise<Equipment> {
  await requirePictures(form);
  // A picture carries only its description: no priority or deadline on an item.
  const prepared = await prepareUploads(
    form.uploads.map((upload) => ({ ...upload, fields: { description: upload.fields.description } })),
  );
  const scope = await equipmentScope(ctx.db, auth);
  await withFileCleanup(ctx, (written) =>
    ctx.db.transaction().execute(async (trx) => {
      const rights = await lockEquipment(trx, auth, id);
      requireEditable(auth, scope, rights);
      const stored = await countEquipmentPictures(trx, rights.client_id, id);
      if (stored + prepared.length > EQUIPMENT_PICTURES_MAX) {
        throw refusal('too_long', `An item has at most ${EQUIPMENT_PICTURES_MAX} pictures`);
      }
      const ids = await storeAttachments(ctx, trx, {
        clientId: rights.client_id,
        ownerType: 'equipment',
        ownerId: id,
        userId: auth.userId,
        files: prepared,
        maxTotalBytes: EQUIPMENT_PICTURES_MAX * ATTACHMENT_MAX_FILE_BYTES,
        written,
      });
      await trx
        .updateTable('equipment')
        .set({ updated_at: new Date() })
        .where('id', '=', id)
        .where('client_id', '=', rights.client_id)
        .execute();
      await logActivity(trx, {
        clientId: rights.client_id,
        userId: auth.userId,
        entityType: 'equipment',
        entityId: id,
        action: 'pictures_added',
        changes: { pictures: prepared.map((p, i) => ({ id: ids[i], name: p.name })) },
      });
    }),
  );
  return getEquipment(ctx, auth, id);
}

/** DELETE equipment/{id}/picture/{pictureId}: a picture of this item (404 otherwise). Answers the item. */
export async function removeEquipmentPicture(
  ctx: AppContext,
  auth: Caller,
  id: number,
  pictureId: number,
): Promise<Equipment> {
  const scope = await equipmentScope(ctx.db, auth);
  await ctx.db.transaction().execute(async (trx) => {
    const rights = await lockEquipment(trx, auth, id);
    const [picture] = await findOwnedAttachments(trx, rights.client_id, 'equipment', id, [pictureId]);
    if (!picture) throw notFound('Picture not found');
    requireEditable(auth, scope, rights);
    const now = new Date();
    await trx
      .updateTable('attachments')
      .set({ deleted_at: now, updated_at: now })
      .where('client_id', '=', rights.client_id)
      .where('id', '=', pictureId)
      .execute();
    await trx
      .updateTable('equipment')
      .set({ updated_at: now })
      .where('id', '=', id)
      .where('client_id', '=', rights.client_id)
      .execute();
    await logActivity(trx, {
      clientId: rights.client_id,
      userId: auth.userId,
      entityType: 'equipment',
      entityId: id,
      action: 'picture_removed',
      changes: { picture: { id: pictureId, name: picture.original_filename } },
    });
  });
  return getEquipment(ctx, auth, id);
}
