import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  FileButton,
  Group,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconFile, IconFileTypePdf, IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import type { LeaseFile } from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../ui/feedback/use-notify';
import { useRemoveLeaseFile, useUploadLeaseFiles } from '../workspace-info-api';

const ACCEPT = 'application/pdf,image/jpeg,image/png,image/gif,.doc,.docx,.xls,.xlsx,.odt,.ods';

function sizeText(bytes: number, language: string): string {
  const format = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  return bytes >= 1_048_576 ? `${format.format(bytes / 1_048_576)} MB` : `${format.format(bytes / 1024)} KB`;
}

/** The contract files of a lease: open (signed address), add, remove. */
export function LeaseFiles({
  workspaceId,
  files,
  canEdit,
  language,
}: {
  workspaceId: number;
  files: LeaseFile[];
  canEdit: boolean;
  language: string;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const upload = useUploadLeaseFiles(workspaceId);
  const remove = useRemoveLeaseFile(workspaceId);
  const add = (chosen: File[]) => {
    if (!chosen.length) return;
    upload.mutate(chosen, {
      onSuccess: () => notify.ok('workspace-info.files_added', { count: chosen.length }),
      onError: (error) => notify.failWithTitle(t('workspace-info.files_failed'), error),
    });
  };
  const confirmRemove = (file: LeaseFile) =>
    modals.openConfirmModal({
      title: t('workspace-info.remove_file_title'),
      children: <Text size="sm">{t('workspace-info.remove_file_text', { name: file.name })}</Text>,
      labels: { confirm: t('workspace-info.remove'), cancel: t('workspace-info.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(file.id, {
          onSuccess: () => notify.ok('workspace-info.file_removed'),
          onError: notify.fail,
        }),
    });
  return (
    <Card withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4">
            {t('workspace-info.files')}
          </Title>
          {canEdit && (
            <FileButton onChange={add} accept={ACCEPT} multiple>
              {(props) => (
                <Button
                  {...props}
                  size="xs"
                  variant="light"
                  leftSection={<IconUpload size={16} />}
                  loading={upload.isPending}
                >
                  {t('workspace-info.add_files')}
                </Button>
              )}
            </FileButton>
          )}
        </Group>
        {files.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('workspace-info.no_files')}
          </Text>
        ) : (
          <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {files.map((file) => {
              const Icon =
                file.media_type === 'picture'
                  ? IconPhoto
                  : file.mime_type === 'application/pdf'
                    ? IconFileTypePdf
                    : IconFile;
              return (
                <Group key={file.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
                  <Group gap="xs" wrap="nowrap" miw={0}>
                    <Icon size={20} aria-hidden style={{ flexShrink: 0 }} />
                    <Stack gap={0} miw={0}>
                      <Anchor
                        href={file.url}
                        target="_blank"
                        rel="noopener"
                        size="sm"
                        style={{ overflowWrap: 'anywhere' }}
                      >
                        {file.name}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {sizeText(file.size_bytes, language)}
                        {file.uploaded_by ? ` · ${file.uploaded_by.full_name}` : ''}
                      </Text>
                    </Stack>
                  </Group>
                  {canEdit && (
                    <Tooltip label={t('workspace-info.remove_file', { name: file.name })}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('workspace-info.remove_file', { name: file.name })}
                        onClick={() => confirmRemove(file)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
