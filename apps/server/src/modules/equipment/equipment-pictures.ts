import { EQUIPMENT_PICTURES_MAX, type Equipment } from '@workbench/domain';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import type { AttachmentForm } from '../attachments/attachment-upload.js';
import {
  type PictureOwner,
  removeOwnerPicture,
  requireCanChangeOwnerPictures,
  uploadOwnerPictures,
} from '../attachments/owner-pictures.js';
import type { EquipmentRightsRow } from './equipment-rights.js';
import { getEquipment, lockEquipment, requireEditable, requireEquipmentRights } from './equipment-service.js';
import { equipmentScope } from './equipment-visibility.js';

/** The pictures of an item (owner_type 'equipment'), at most EQUIPMENT_PICTURES_MAX; whoever may edit the item. */

type Caller = NonNullable<Auth>;

const equipmentPictures: PictureOwner<EquipmentRightsRow> = {
  type: 'equipment',
  table: 'equipment',
  max: EQUIPMENT_PICTURES_MAX,
  tooManyMessage: `An item has at most ${EQUIPMENT_PICTURES_MAX} pictures`,
  async reach(db, auth) {
    const scope = await equipmentScope(db, auth);
    return {
      rights: (db, id) => requireEquipmentRights(db, auth, scope, id),
      lock: (trx, id) => lockEquipment(trx, auth, id),
      requireEditable: (rights) => requireEditable(auth, scope, rights),
    };
  },
};

/** Refused before a byte of the upload is read when the caller may not change the item. */
export function requireCanChangePictures(ctx: AppContext, auth: Caller, id: number): Promise<void> {
  return requireCanChangeOwnerPictures(ctx, auth, equipmentPictures, id);
}

/** POST equipment/{id}/upload: new pictures (all or none). Answers the item. */
export async function uploadEquipmentPictures(
  ctx: AppContext,
  auth: Caller,
  id: number,
  form: AttachmentForm,
): Promise<Equipment> {
  await uploadOwnerPictures(ctx, auth, equipmentPictures, id, form);
  return getEquipment(ctx, auth, id);
}

/** DELETE equipment/{id}/picture/{pictureId}: a picture of this item (404 otherwise). Answers the item. */
export async function removeEquipmentPicture(
  ctx: AppContext,
  auth: Caller,
  id: number,
  pictureId: number,
): Promise<Equipment> {
  await removeOwnerPicture(ctx, auth, equipmentPictures, id, pictureId);
  return getEquipment(ctx, auth, id);
}
