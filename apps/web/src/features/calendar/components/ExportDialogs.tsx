import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ExportFailedModal as SharedExportFailedModal } from '../../../ui/ExportFailedModal';

/** While the PDF is being made: a wait with a cancel (a cancelled export shows nothing, 001 §8). */
export function ExportProgressModal({ opened, onCancel }: { opened: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t('calendar.export.title')}
      size="sm"
      closeOnClickOutside={false}
      data-testid="calendar-export-progress"
    >
      <Stack>
        <Group gap="sm" wrap="nowrap">
          <Loader size="sm" />
          <Text size="sm">{t('calendar.export.preparing')}</Text>
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('calendar.export.cancel')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The calendar's failed-export dialog (001 §8) in its own words. */
export function ExportFailedModal({
  opened,
  detail,
  onClose,
}: {
  opened: boolean;
  /** What went wrong, written into the contact mail. */
  detail: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <SharedExportFailedModal
      opened={opened}
      detail={detail}
      onClose={onClose}
      testId="calendar-export-failed"
      texts={{
        title: t('calendar.export_failed_error'),
        message: t('calendar.export_failed_message'),
        mailSubject: t('calendar.export.mail_subject'),
        contactUs: t('calendar.export.contact_us'),
        ok: t('calendar.export.ok'),
      }}
    />
  );
}
