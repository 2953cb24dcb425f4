import '@mantine/dates/styles.css';
import {
  ActionIcon,
  Anchor,
  Button,
  FileInput,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { modals } from '@mantine/modals';
import { IconCertificate, IconDownload, IconFileUpload, IconTrash } from '@tabler/icons-react';
import {
  REGULATORY_FILE_KINDS,
  REGULATORY_NAME_MAX,
  type RegulatoryFile,
  type RegulatoryFileKind,
} from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { EmptyState } from '../../../ui/feedback/EmptyState';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { errorKeyOf } from '../../../ui/feedback/error-text';
import { useErrorText } from '../../../ui/feedback/use-error-text';
import { useNotify } from '../../../ui/feedback/use-notify';
import { IssueDates } from '../../issues/components/IssueDates';
import { useDeleteRegulatoryFile, useRegulatoryFiles, useUploadRegulatoryFile } from '../assets-api';
import { RegulatoryStateBadge } from './AssetBadges';

/** What the upload accepts (the server checks the content): PDF, images and office documents. */
const ACCEPT = '.pdf,.jpg,.jpeg,.png,.gif,.doc,.docx,.xls,.xlsx,.odt,.ods,.txt';

/** 'YYYY-MM-DD' shown in the reader's language. */
function formatDay(day: string | null, language: string): string {
  if (!day) return '';
  const d = new Date(`${day}T00:00:00`);
  return Number.isNaN(d.getTime())
    ? day
    : new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(d);
}

/** The name a file suggests: its file name without the extension. */
export function nameFromFile(fileName: string): string {
  return fileName.replace(/\.[^.]+$/, '').slice(0, REGULATORY_NAME_MAX);
}

/**
 * The asset's regulatory files (certificates, contracts, permits…): soonest expiry first, each
 * with its state (expired, expiring within 30 days, valid), download and, for those who may edit,
 * upload and delete.
 */
export function RegulatoryFiles({ assetId, canEdit }: { assetId: number; canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const files = useRegulatoryFiles(assetId);
  const remove = useDeleteRegulatoryFile(assetId);
  const [uploading, setUploading] = useState(false);

  const confirmDelete = (file: RegulatoryFile) =>
    modals.openConfirmModal({
      title: t('assets.regulatory.delete_title'),
      children: (
        <Text size="sm">
          {file.assets.length > 1
            ? t('assets.regulatory.delete_text_shared', { name: file.name, count: file.assets.length })
            : t('assets.regulatory.delete_text', { name: file.name })}
        </Text>
      ),
      labels: { confirm: t('assets.delete'), cancel: t('assets.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(file, {
          onSuccess: () => notify.ok('assets.regulatory.deleted', { name: file.name }),
          onError: notify.fail,
        }),
    });

  return (
    <Stack gap="sm">
      {canEdit && (
        <Group justify="flex-end">
          <Button size="xs" leftSection={<IconFileUpload size={16} />} onClick={() => setUploading(true)}>
            {t('assets.regulatory.upload')}
          </Button>
        </Group>
      )}
      {files.isPending && <Skeleton h={60} radius="md" role="status" aria-label={t('common.loading')} />}
      {files.isError && <ErrorPanel error={files.error} onRetry={() => files.refetch()} />}
      {files.data?.data.length === 0 && (
        <EmptyState
          icon={IconCertificate}
          title={t('assets.regulatory.empty_title')}
          text={t('assets.regulatory.empty_text')}
          add={
            canEdit ? { label: t('assets.regulatory.upload'), onClick: () => setUploading(true) } : undefined
          }
        />
      )}
      {files.data?.data.map((file) => (
        <Paper key={file.id} withBorder radius="md" p="sm" data-testid="regulatory-file">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2} miw={0}>
              <Group gap="xs" wrap="wrap">
                <Anchor href={file.url} target="_blank" rel="noreferrer" fw={600} lineClamp={1}>
                  {file.name}
                </Anchor>
                <RegulatoryStateBadge state={file.state} />
              </Group>
              <Text size="sm" c="dimmed">
                {t(`assets.regulatory.kinds.${file.kind}`)}
                {file.issued_on &&
                  ` · ${t('assets.regulatory.issued_on_short', { date: formatDay(file.issued_on, i18n.language) })}`}
                {file.valid_until &&
                  ` · ${t('assets.regulatory.valid_until_short', { date: formatDay(file.valid_until, i18n.language) })}`}
              </Text>
              {file.assets.length > 1 && (
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {t('assets.regulatory.covers', { names: file.assets.map((a) => a.name).join(', ') })}
                </Text>
              )}
            </Stack>
            <Group gap={4} wrap="nowrap">
              <Tooltip label={t('assets.regulatory.download')}>
                <ActionIcon
                  component="a"
                  href={file.url}
                  download={file.original_filename}
                  variant="subtle"
                  color="gray"
                  aria-label={t('assets.regulatory.download_named', { name: file.name })}
                >
                  <IconDownload size={18} />
                </ActionIcon>
              </Tooltip>
              {canEdit && file.can_edit && (
                <Tooltip label={t('assets.delete')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('assets.regulatory.delete_named', { name: file.name })}
                    onClick={() => confirmDelete(file)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          </Group>
        </Paper>
      ))}
      {uploading && <UploadModal assetId={assetId} onClose={() => setUploading(false)} />}
    </Stack>
  );
}

function UploadModal({ assetId, onClose }: { assetId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const errorText = useErrorText();
  const upload = useUploadRegulatoryFile(assetId);
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [kind, setKind] = useState<RegulatoryFileKind>('inspection_certificate');
  const [issuedOn, setIssuedOn] = useState<string | null>(null);
  const [validUntil, setValidUntil] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fieldError = (field: string) => (errors[field] ? errorText(errors[field]) : undefined);

  const submit = async () => {
    const found: Record<string, string> = {};
    if (!file) found.file = 'required';
    if (!name.trim()) found.name = 'required';
    if (issuedOn && validUntil && validUntil < issuedOn) found.valid_until = 'valid_until_before_issued';
    setErrors(found);
    if (!file || Object.keys(found).length) return;
    try {
      const saved = await upload.mutateAsync({
        file,
        name: name.trim(),
        kind,
        issued_on: issuedOn,
        valid_until: validUntil,
      });
      notify.ok('assets.regulatory.uploaded', { name: saved.name });
      onClose();
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length) setErrors(err.fields);
      else if (err instanceof ApiError && err.files.length) setErrors({ file: err.key });
      else setErrors({ form: errorKeyOf(err) });
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('assets.regulatory.upload_title')} centered size="lg">
      <IssueDates>
        <Stack
          component="form"
          gap="sm"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <FileInput
            label={t('assets.regulatory.file')}
            placeholder={t('assets.regulatory.file_placeholder')}
            withAsterisk
            accept={ACCEPT}
            value={file}
            onChange={(f) => {
              setFile(f);
              if (f && !name.trim()) setName(nameFromFile(f.name));
              setErrors({});
            }}
            error={fieldError('file')}
            clearable
            clearButtonProps={{ 'aria-label': t('assets.regulatory.clear_file') }}
          />
          <TextInput
            label={t('assets.regulatory.name')}
            withAsterisk
            maxLength={REGULATORY_NAME_MAX}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={fieldError('name')}
          />
          <Select
            label={t('assets.regulatory.kind')}
            data={REGULATORY_FILE_KINDS.map((k) => ({ value: k, label: t(`assets.regulatory.kinds.${k}`) }))}
            value={kind}
            onChange={(v) => v && setKind(v as RegulatoryFileKind)}
            allowDeselect={false}
            error={fieldError('kind')}
            comboboxProps={{ withinPortal: true }}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DateInput
              label={t('assets.regulatory.issued_on')}
              value={issuedOn}
              onChange={setIssuedOn}
              valueFormat="DD.MM.YYYY"
              clearable
              error={fieldError('issued_on')}
              popoverProps={{ withinPortal: true }}
            />
            <DateInput
              label={t('assets.regulatory.valid_until')}
              value={validUntil}
              onChange={setValidUntil}
              valueFormat="DD.MM.YYYY"
              clearable
              minDate={issuedOn ?? undefined}
              error={fieldError('valid_until')}
              popoverProps={{ withinPortal: true }}
            />
          </SimpleGrid>
          {errors.form && (
            <Text c="red" size="sm">
              {errorText(errors.form)}
            </Text>
          )}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t('assets.cancel')}
            </Button>
            <Button type="submit" loading={upload.isPending}>
              {t('assets.regulatory.upload')}
            </Button>
          </Group>
        </Stack>
      </IssueDates>
    </Modal>
  );
}
