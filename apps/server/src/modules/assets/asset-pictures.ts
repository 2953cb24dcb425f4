import { ASSET_PICTURES_MAX, type Asset } from '@workbench/domain';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import type { AttachmentForm } from '../attachments/attachment-upload.js';
import {
  type PictureOwner,
  removeOwnerPicture,
  requireCanChangeOwnerPictures,
  uploadOwnerPictures,
} from '../attachments/owner-pictures.js';
import type { AssetRightsRow } from './asset-group-queries.js';
import { lockAssets } from './asset-queries.js';
import { getAsset, requireAssetRights, requireEditable } from './asset-service.js';
import { assetScope } from './asset-visibility.js';

/** The pictures of an asset (owner_type 'asset'), at most ASSET_PICTURES_MAX; whoever may edit the asset. */

type Caller = NonNullable<Auth>;

const assetPictures: PictureOwner<AssetRightsRow> = {
  type: 'asset',
  table: 'assets',
  max: ASSET_PICTURES_MAX,
  tooManyMessage: `An asset has at most ${ASSET_PICTURES_MAX} pictures`,
  async reach(db, auth) {
    const scope = await assetScope(db, auth);
    return {
      rights: (db, id) => requireAssetRights(db, scope, id),
      lock: async (trx, id) => {
        await lockAssets(trx, [id]);
        return requireAssetRights(trx, scope, id);
      },
      requireEditable: (rights) => requireEditable(auth, scope, rights),
    };
  },
};

/** Refused before a byte of the upload is read when the caller may not change the asset. */
export function requireCanChangePictures(ctx: AppContext, auth: Caller, assetId: number): Promise<void> {
  return requireCanChangeOwnerPictures(ctx, auth, assetPictures, assetId);
}

/** POST asset/{id}/upload: new pictures (all or none). Answers the asset. */
export async function uploadAssetPictures(
  ctx: AppContext,
  auth: Caller,
  assetId: number,
  form: AttachmentForm,
): Promise<Asset> {
  await uploadOwnerPictures(ctx, auth, assetPictures, assetId, form);
  return getAsset(ctx, auth, assetId);
}

/** DELETE asset/{id}/picture/{pictureId}: a picture of this asset (404 otherwise). Answers the asset. */
export async function removeAssetPicture(
  ctx: AppContext,
  auth: Caller,
  assetId: number,
  pictureId: number,
): Promise<Asset> {
  await removeOwnerPicture(ctx, auth, assetPictures, assetId, pictureId);
  return getAsset(ctx, auth, assetId);
}
