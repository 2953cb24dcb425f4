import { Anchor, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Where 'contact us' writes to: the operator's support address (VITE_SUPPORT_EMAIL), else the person picks one. */
const SUPPORT_EMAIL: string = import.meta.env.VITE_SUPPORT_EMAIL ?? '';

/** The contact-us link of a failed export: a mail with the subject and what failed already written. */
export function contactUsHref(subject: string, body: string): string {
  return `mailto:${encodeURIComponent(SUPPORT_EMAIL)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

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

/**
 * A failed export (001 §8): title export_failed_error, the message export_failed_message, an OK
 * button and a contact-us mail link.
 */
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
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('calendar.export_failed_error')}
      size="sm"
      data-testid="calendar-export-failed"
    >
      <Stack>
        <Text size="sm">{t('calendar.export_failed_message')}</Text>
        <Group justify="space-between" wrap="wrap">
          <Anchor
            href={contactUsHref(t('calendar.export.mail_subject'), detail)}
            size="sm"
            style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
          >
            <IconMail size={16} aria-hidden />
            {t('calendar.export.contact_us')}
          </Anchor>
          <Button onClick={onClose}>{t('calendar.export.ok')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
