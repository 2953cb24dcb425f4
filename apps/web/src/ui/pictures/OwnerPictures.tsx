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
import type { UseMutationResult } from '@tanstack/react-query';
import { type Attachment, UPLOAD_IMAGE_TYPES } from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../feedback/use-notify';

const IMAGE_TYPES = [...new Set(Object.values(UPLOAD_IMAGE_TYPES))].join(',');

/**
 * The pictures of what owns them (an asset, an equipment item; the first is the card's): add
 * (jpeg, png, gif) and remove for who may edit the owner. Texts come from the feature's
 * `<namespace>.pictures.*` keys (and `<namespace>.cancel`); test ids are `<testId>-pictures` and
 * `<testId>-add-pictures`.
 */
export function OwnerPictures({
  pictures,
  max,
  canEdit,
  upload,
  remove,
  namespace,
  testId,
}: {
  pictures: Attachment[];
  /** How many pictures the owner may have. */
  max: number;
  canEdit: boolean;
  upload: UseMutationResult<unknown, Error, File[]>;
  /** Removes one picture by its id. */
  remove: UseMutationResult<unknown, Error, number>;
  /** The feature whose texts word the pictures: `assets` or `equipment`. */
  namespace: 'assets' | 'equipment';
  testId: string;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const room = max - pictures.length;

  const add = (files: File[]) => {
    if (!files.length) return;
    if (files.length > room) {
      notify.warn(t(`${namespace}.pictures.too_many`, { count: max }));
      return;
    }
    upload.mutate(files, { onSuccess: () => notify.ok(`${namespace}.pictures.added`), onError: notify.fail });
  };
  const confirmRemove = (id: number, name: string) =>
    modals.openConfirmModal({
      title: t(`${namespace}.pictures.remove_title`),
      children: <Text size="sm">{t(`${namespace}.pictures.remove_text`, { name })}</Text>,
      labels: { confirm: t(`${namespace}.pictures.remove`), cancel: t(`${namespace}.cancel`) },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(id, {
          onSuccess: () => notify.ok(`${namespace}.pictures.removed`),
          onError: notify.fail,
        }),
    });

  return (
    <Stack gap="sm">
      {pictures.length === 0 && (
        <Text size="sm" c="dimmed">
          {t(`${namespace}.pictures.empty`)}
        </Text>
      )}
      {pictures.length > 0 && (
        <SimpleGrid cols={3} spacing="xs" data-testid={`${testId}-pictures`}>
          {pictures.map((picture) => (
            <div key={picture.id} style={{ position: 'relative' }}>
              <a
                href={picture.url}
                target="_blank"
                rel="noreferrer"
                aria-label={t(`${namespace}.pictures.open`, { name: picture.original_filename })}
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
                <Tooltip label={t(`${namespace}.pictures.remove`)}>
                  <ActionIcon
                    pos="absolute"
                    top={4}
                    right={4}
                    size="md"
                    color="red"
                    variant="filled"
                    aria-label={t(`${namespace}.pictures.remove_named`, { name: picture.original_filename })}
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
                data-testid={`${testId}-add-pictures`}
              >
                {t(`${namespace}.pictures.add`)}
              </Button>
            )}
          </FileButton>
        </Group>
      )}
    </Stack>
  );
}
