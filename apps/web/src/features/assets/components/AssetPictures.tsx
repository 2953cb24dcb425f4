import { ASSET_PICTURES_MAX, type Asset } from '@workbench/domain';
import { OwnerPictures } from '../../../ui/pictures/OwnerPictures';
import { useRemoveAssetPicture, useUploadAssetPictures } from '../assets-api';

/** The asset's pictures (the first is the card's): add (jpeg, png, gif) and remove for those who may edit. */
export function AssetPictures({ asset, canEdit }: { asset: Asset; canEdit: boolean }) {
  const upload = useUploadAssetPictures(asset.id);
  const remove = useRemoveAssetPicture(asset.id);
  return (
    <OwnerPictures
      pictures={asset.attachments}
      max={ASSET_PICTURES_MAX}
      canEdit={canEdit}
      upload={upload}
      remove={remove}
      namespace="assets"
      testId="asset"
    />
  );
}
