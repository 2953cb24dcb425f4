import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';

/** Where 'contact us' writes to: the operator's support address (VITE_SUPPORT_EMAIL), else the person picks one. */
const SUPPORT_EMAIL: string = import.meta.env.VITE_SUPPORT_EMAIL ?? '';

/** The contact-us link of a failed export: a mail with the subject and what failed already written. */
export function contactUsHref(subject: string, body: string): string {
  return `mailto:${encodeURIComponent(SUPPORT_EMAIL)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

export type ExportFailedTexts = {
  title: string;
  message: string;
  mailSubject: string;
  contactUs: string;
  ok: string;
};

/**
 * A failed export (001 §8): title export_failed_error, the message export_failed_message, an OK
 * button and a contact-us mail link. One dialog for every export; each feature passes its words.
 */
export function ExportFailedModal({
  opened,
  detail,
  onClose,
  texts,
  testId,
  zIndex,
}: {
  opened: boolean;
  /** What went wrong, written into the contact mail. */
  detail: string;
  onClose: () => void;
  texts: ExportFailedTexts;
  testId: string;
  /** Above another open dialog (the report dialog stays open behind it). */
  zIndex?: number;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={texts.title}
      size="sm"
      centered
      {...(zIndex ? { zIndex } : {})}
      data-testid={testId}
    >
      <Stack>
        <Text size="sm">{texts.message}</Text>
        <Group justify="space-between" wrap="wrap">
          <Anchor
            href={contactUsHref(texts.mailSubject, detail)}
            size="sm"
            style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
          >
            <IconMail size={16} aria-hidden />
            {texts.contactUs}
          </Anchor>
          <Button onClick={onClose}>{texts.ok}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
