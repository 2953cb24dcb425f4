import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Image,
  Modal,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  canAddReportEmail,
  ISSUE_REPORT_PARTS,
  type Issue,
  type IssueReportForm,
  type IssueReportFormErrors,
  isIssueReportFormValid,
  resolveLanguage,
  validateIssueReportForm,
} from '@workbench/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../ui/feedback/use-notify';
import { startConfigQuery } from '../../config/use-config';
import { downloadIssueReport } from '../issue-report-api';
import { initialReportForm, reportPhotos, toggleReportPhoto } from '../issue-report-state';
import { useReportDownload } from '../use-report-download';
import { ReportErrorView, ReportFailedDialog, ReportLoadingView } from './ReportProgress';

/**
 * The issue PDF export dialog (001 §2, §3 "Export payload", §5 "Export"): standard and custom
 * tabs (the custom boxes start as settings → PDF reports says), the photos to include with or
 * without their descriptions, sub-issues, and an e-mail copy to up to 11 addresses; then the
 * loading view with cancel, and the error view with the export_failed dialog.
 */
export default function IssueReportDialog({ issue, onClose }: { issue: Issue; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const isPhone = useMediaQuery('(max-width: 48em)');
  const config = useQuery({ ...startConfigQuery, enabled: false });
  const settings = config.data?.client?.settings;
  const photos = useMemo(() => reportPhotos(issue.attachments), [issue.attachments]);
  const [form, setForm] = useState<IssueReportForm>(() =>
    initialReportForm(settings, resolveLanguage(i18n.language), photos),
  );
  const [checked, setChecked] = useState(false);
  const errors = validateIssueReportForm(form);
  const shown: IssueReportFormErrors | null = checked ? errors : null;

  const handlers = useMemo(
    () => ({
      onDone: (fileName: string) => {
        notify.ok('issue-report.done', { name: fileName });
        onClose();
      },
      onCancelled: onClose,
    }),
    [notify, onClose],
  );
  const run = useMemo(
    () => (signal: AbortSignal) => downloadIssueReport(issue.id, form, signal),
    [issue.id, form],
  );
  const download = useReportDownload(run, handlers);

  const update = (patch: Partial<IssueReportForm>) => setForm((current) => ({ ...current, ...patch }));
  const submit = () => {
    setChecked(true);
    if (isIssueReportFormValid(errors)) void download.start();
  };
  const emailError = (key: string | null | undefined) =>
    key ? t(`issue-report.email_errors.${key}`) : undefined;

  return (
    <>
      <Modal
        opened
        onClose={download.view === 'loading' ? download.cancel : onClose}
        title={t('issue-report.title')}
        size="lg"
        fullScreen={isPhone}
        closeOnClickOutside={download.view !== 'loading'}
        data-testid="issue-report-dialog"
      >
        {download.view === 'loading' && <ReportLoadingView onCancel={download.cancel} />}
        {download.view === 'error' && (
          <ReportErrorView
            message={download.error}
            onCancel={onClose}
            onRetry={() => void download.start()}
          />
        )}
        {download.view === 'form' && (
          <Stack>
            <Tabs
              value={form.export_type}
              onChange={(value) => update({ export_type: value === 'custom' ? 'custom' : 'standard' })}
            >
              <Tabs.List grow>
                <Tabs.Tab value="standard">{t('issue-report.standard')}</Tabs.Tab>
                <Tabs.Tab value="custom">{t('issue-report.custom')}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="standard" pt="md">
                <Text size="sm" c="dimmed">
                  {t('issue-report.standard_hint')}
                </Text>
              </Tabs.Panel>
              <Tabs.Panel value="custom" pt="md">
                <Stack gap="xs">
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs">
                    {ISSUE_REPORT_PARTS.map((part) => (
                      <Checkbox
                        key={part}
                        label={t(`issue-report.parts.${part}`)}
                        checked={form.parts[part]}
                        onChange={(e) =>
                          update({ parts: { ...form.parts, [part]: e.currentTarget.checked } })
                        }
                        data-testid={`issue-report-part-${part}`}
                      />
                    ))}
                  </SimpleGrid>
                  {shown?.parts && (
                    <Text size="sm" c="red" role="alert">
                      {t('issue-report.at_least_one')}
                    </Text>
                  )}
                  {form.parts.media && photos.length > 0 && (
                    <Stack gap={6} data-testid="issue-report-media">
                      <Text size="sm" fw={500}>
                        {t('issue-report.choose_photos')}
                      </Text>
                      {photos.map((photo, index) => {
                        const entry = form.media?.find((m) => m.id === photo.id);
                        const order = photos.map((p) => p.id);
                        return (
                          <Group key={photo.id} gap="sm" wrap="nowrap" align="center">
                            <Checkbox
                              checked={!!entry}
                              aria-label={t('issue-report.include_photo', { n: index + 1 })}
                              onChange={(e) =>
                                update({
                                  media: toggleReportPhoto(form.media, order, photo.id, {
                                    included: e.currentTarget.checked,
                                  }),
                                })
                              }
                              data-testid="issue-report-photo"
                            />
                            <Image
                              src={photo.web_mob_thumbnail_url ?? photo.url}
                              alt={photo.description ?? photo.name}
                              w={56}
                              h={42}
                              radius="sm"
                              fit="cover"
                            />
                            <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                              <Text size="xs" truncate>
                                {photo.description || photo.name}
                              </Text>
                              <Switch
                                size="xs"
                                label={t('issue-report.with_description')}
                                checked={!!entry?.include_description}
                                disabled={!entry || !photo.description}
                                onChange={(e) =>
                                  update({
                                    media: toggleReportPhoto(form.media, order, photo.id, {
                                      include_description: e.currentTarget.checked,
                                    }),
                                  })
                                }
                              />
                            </Stack>
                          </Group>
                        );
                      })}
                    </Stack>
                  )}
                </Stack>
              </Tabs.Panel>
            </Tabs>
            <Checkbox
              label={t('issue-report.include_subtasks')}
              checked={form.include_subtasks}
              onChange={(e) => update({ include_subtasks: e.currentTarget.checked })}
            />
            <Checkbox
              label={t('issue-report.send_email_copy')}
              checked={form.send_email_copy}
              onChange={(e) => update({ send_email_copy: e.currentTarget.checked })}
              data-testid="issue-report-email-copy"
            />
            {form.send_email_copy && (
              <Stack gap="xs">
                {form.emails.map((email, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the fields are controlled and named by position only
                  <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
                    <TextInput
                      style={{ flex: 1 }}
                      type="email"
                      aria-label={t('issue-report.email_n', { n: index + 1 })}
                      placeholder={t('issue-report.email_placeholder')}
                      value={email}
                      maxLength={300}
                      onChange={(e) => {
                        const emails = [...form.emails];
                        emails[index] = e.currentTarget.value;
                        update({ emails });
                      }}
                      error={emailError(shown?.emails[index])}
                    />
                    {form.emails.length > 1 && (
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        mt={4}
                        aria-label={t('issue-report.remove_email')}
                        onClick={() => update({ emails: form.emails.filter((_, n) => n !== index) })}
                      >
                        <IconX size={16} />
                      </ActionIcon>
                    )}
                  </Group>
                ))}
                {canAddReportEmail(form.emails.length) && (
                  <Button
                    variant="subtle"
                    size="xs"
                    leftSection={<IconPlus size={14} />}
                    onClick={() => update({ emails: [...form.emails, ''] })}
                    style={{ alignSelf: 'flex-start' }}
                  >
                    {t('issue-report.add_email')}
                  </Button>
                )}
              </Stack>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('issue-report.cancel')}
              </Button>
              <Button onClick={submit} data-testid="issue-report-export">
                {t('issue-report.export')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <ReportFailedDialog
        opened={download.failedOpen}
        detail={`${t('issue-report.title')} #${issue.id}: ${download.error}`}
        onClose={download.closeFailed}
      />
    </>
  );
}
