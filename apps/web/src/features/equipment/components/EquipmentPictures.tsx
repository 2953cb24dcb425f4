import {
  ActionIcon,
  Button,
  FileButton,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { EQUIPMENT_PICTURES_MAX, type Equipment, UPLOAD_IMAGE_TYPES } from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../ui/feedback/use-notify';
import { useRemoveEquipmentPicture, useUploadEquipmentPictures } from '../equipment-api';

const IMAGE_TYPES = [...new Set(Object.values(UPLOAD_IMAGE_TYPES))].join(',');

/** The item's pictures (the first is the card's): add (jpeg, png, gif) and remove for who may edit it. */
export function EquipmentPictures({ item, canEdit }: { item: Equipment; canEdit: boolean }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const upload = useUploadEquipmentPictures(item.id);
  const remove = useRemoveEquipmentPicture(item.id);
  const pictures = item.attachments;
  const room = EQUIPMENT_PICTURES_MAX - pictures.length;

  const add = (files: File[]) => {
    if (!files.length) return;
    if (files.length > room) {
      notify.warn(t('equipment.pictures.too_many', { count: EQUIPMENT_PICTURES_MAX }));
      return;
    }
    upload.mutate(files, { onSuccess: () => notify.ok('equipment.pictures.added'), onError: notify.fail });
  };
  const confirmRemove = (id: number, name: string) =>
    modals.openConfirmModal({
      title: t('equipment.pictures.remove_title'),
      children: <Text size="sm">{t('equipment.pictures.remove_text', { name })}</Text>,
      labels: { confirm: t('equipment.pictures.remove'), cancel: t('equipment.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(id, { onSuccess: () => notify.ok('equipment.pictures.removed'), onError: notify.fail }),
    });

  return (
    <Stack gap="sm">
      {pictures.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('equipment.pictures.empty')}
        </Text>
      )}
      {pictures.length > 0 && (
        <SimpleGrid cols={3} spacing="xs" data-testid="equipment-pictures">
          {pictures.map((picture) => (
            <div key={picture.id} style={{ position: 'relative' }}>
              <a
                href={picture.url}
                target="_blank"
                rel="noreferrer"
                aria-label={t('equipment.pictures.open', { name: picture.original_filename })}
              >
                <Image
                  src={picture.web_mob_thumbnail_url ?? picture.url}
                  alt={picture.original_filename}
                  h={84}
                  radius="sm"
                  fit="cover"
                />
              </a>
              {canEdit && (
                <Tooltip label={t('equipment.pictures.remove')}>
                  <ActionIcon
                    pos="absolute"
                    top={4}
                    right={4}
                    size="md"
                    color="red"
                    variant="filled"
                    aria-label={t('equipment.pictures.remove_named', { name: picture.original_filename })}
                    onClick={() => confirmRemove(picture.id, picture.original_filename)}
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                </Tooltip>
              )}
            </div>
          ))}
        </SimpleGrid>
      )}
      {canEdit && (
        <Group>
          <FileButton onChange={add} accept={IMAGE_TYPES} multiple>
            {(props) => (
              <Button
                {...props}
                variant="light"
                size="xs"
                leftSection={<IconPhotoPlus size={16} aria-hidden />}
                loading={upload.isPending}
                disabled={room <= 0}
                data-testid="equipment-add-pictures"
              >
                {t('equipment.pictures.add')}
              </Button>
            )}
          </FileButton>
        </Group>
      )}
    </Stack>
  );
}
