import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ExportFailedModal } from '../../../ui/ExportFailedModal';

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
    <ExportFailedModal
      opened={opened}
      detail={detail}
      onClose={onClose}
      testId="issue-report-failed"
      zIndex={320}
      texts={{
        title: t('issue-report.export_failed_error'),
        message: t('issue-report.export_failed_message'),
        mailSubject: t('issue-report.mail_subject'),
        contactUs: t('issue-report.contact_us'),
        ok: t('issue-report.ok'),
      }}
    />
  );
}
