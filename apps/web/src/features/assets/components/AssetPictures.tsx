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
import { ASSET_PICTURES_MAX, type Asset, UPLOAD_IMAGE_TYPES } from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../ui/feedback/use-notify';
import { useRemoveAssetPicture, useUploadAssetPictures } from '../assets-api';

const IMAGE_TYPES = [...new Set(Object.values(UPLOAD_IMAGE_TYPES))].join(',');

/** The asset's pictures (the first is the card's): add (jpeg, png, gif) and remove for those who may edit. */
export function AssetPictures({ asset, canEdit }: { asset: Asset; canEdit: boolean }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const upload = useUploadAssetPictures(asset.id);
  const remove = useRemoveAssetPicture(asset.id);
  const pictures = asset.attachments;
  const room = ASSET_PICTURES_MAX - pictures.length;

  const add = (files: File[]) => {
    if (!files.length) return;
    if (files.length > room) {
      notify.warn(t('assets.pictures.too_many', { count: ASSET_PICTURES_MAX }));
      return;
    }
    upload.mutate(files, { onSuccess: () => notify.ok('assets.pictures.added'), onError: notify.fail });
  };
  const confirmRemove = (id: number, name: string) =>
    modals.openConfirmModal({
      title: t('assets.pictures.remove_title'),
      children: <Text size="sm">{t('assets.pictures.remove_text', { name })}</Text>,
      labels: { confirm: t('assets.pictures.remove'), cancel: t('assets.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(id, { onSuccess: () => notify.ok('assets.pictures.removed'), onError: notify.fail }),
    });

  return (
    <Stack gap="sm">
      {pictures.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('assets.pictures.empty')}
        </Text>
      )}
      {pictures.length > 0 && (
        <SimpleGrid cols={3} spacing="xs" data-testid="asset-pictures">
          {pictures.map((picture) => (
            <div key={picture.id} style={{ position: 'relative' }}>
              <a
                href={picture.url}
                target="_blank"
                rel="noreferrer"
                aria-label={t('assets.pictures.open', { name: picture.original_filename })}
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
                <Tooltip label={t('assets.pictures.remove')}>
                  <ActionIcon
                    pos="absolute"
                    top={4}
                    right={4}
                    size="md"
                    color="red"
                    variant="filled"
                    aria-label={t('assets.pictures.remove_named', { name: picture.original_filename })}
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
                leftSection={<IconPhotoPlus size={16} />}
                loading={upload.isPending}
                disabled={room <= 0}
              >
                {t('assets.pictures.add')}
              </Button>
            )}
          </FileButton>
        </Group>
      )}
    </Stack>
  );
}
