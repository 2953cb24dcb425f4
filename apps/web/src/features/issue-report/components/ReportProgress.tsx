import { Alert, Anchor, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { contactUsHref } from '../../calendar/components/ExportDialogs';

/** The loading view (001 §2): 'please wait, generating export' with a cancel. */
export function ReportLoadingView({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack data-testid="issue-report-loading">
      <Group gap="sm" wrap="nowrap">
        <Loader size="sm" />
        <Text size="sm">{t('issue-report.please_wait')}</Text>
      </Group>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('issue-report.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The error view (001 §4 "Export" error state): what failed, with cancel and try again. */
export function ReportErrorView({
  message,
  onCancel,
  onRetry,
}: {
  message: string;
  onCancel: () => void;
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack data-testid="issue-report-error">
      <Alert color="red" title={t('issue-report.export_failed_error')} role="alert">
        <Text size="sm" c="var(--mantine-color-text)">
          {message}
        </Text>
      </Alert>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('issue-report.cancel')}
        </Button>
        {onRetry && <Button onClick={onRetry}>{t('issue-report.try_again')}</Button>}
      </Group>
    </Stack>
  );
}

/** 001 §8: title export_failed_error, message export_failed_message, OK and a contact-us mail link. */
export function ReportFailedDialog({
  opened,
  detail,
  onClose,
}: {
  opened: boolean;
  detail: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('issue-report.export_failed_error')}
      size="sm"
      zIndex={320}
      centered
      data-testid="issue-report-failed"
    >
      <Stack>
        <Text size="sm">{t('issue-report.export_failed_message')}</Text>
        <Group justify="space-between" wrap="wrap">
          <Anchor
            href={contactUsHref(t('issue-report.mail_subject'), detail)}
            size="sm"
            style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
          >
            <IconMail size={16} aria-hidden />
            {t('issue-report.contact_us')}
          </Anchor>
          <Button onClick={onClose}>{t('issue-report.ok')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
