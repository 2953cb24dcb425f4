import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** 'Delete this file?' over the viewer, with the file's name. */
export function DeleteAttachmentModal({
  opened,
  name,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  name: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onCancel} title={t('attachments.delete_title')} centered>
      <Stack>
        <Text size="sm">{t('attachments.delete_text', { name })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('attachments.cancel')}
          </Button>
          <Button color="red" data-autofocus onClick={onConfirm}>
            {t('attachments.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
