import { EQUIPMENT_PICTURES_MAX, type Equipment } from '@workbench/domain';
import { OwnerPictures } from '../../../ui/pictures/OwnerPictures';
import { useRemoveEquipmentPicture, useUploadEquipmentPictures } from '../equipment-api';

/** The item's pictures (the first is the card's): add (jpeg, png, gif) and remove for who may edit it. */
export function EquipmentPictures({ item, canEdit }: { item: Equipment; canEdit: boolean }) {
  const upload = useUploadEquipmentPictures(item.id);
  const remove = useRemoveEquipmentPicture(item.id);
  return (
    <OwnerPictures
      pictures={item.attachments}
      max={EQUIPMENT_PICTURES_MAX}
      canEdit={canEdit}
      upload={upload}
      remove={remove}
      namespace="equipment"
      testId="equipment"
    />
  );
}
