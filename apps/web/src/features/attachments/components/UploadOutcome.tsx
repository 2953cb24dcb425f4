import { Button, Group, List, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFileAlert } from '@tabler/icons-react';
import { ATTACHMENT_MAX_FILE_BYTES, ATTACHMENT_MAX_TOTAL_BYTES } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../ui/feedback/use-error-text';
import { formatBytes } from '../attachment-model';
import { rescaleImage } from '../image-rescale';
import { fileKind, planUpload, uploadOutcome, withinTotal } from '../upload-check';

export type RefusedFile = { name: string; reason: string };

type Pending =
  | { kind: 'only_invalid'; refused: RefusedFile[] }
  | { kind: 'mixed'; refused: RefusedFile[]; valid: File[] }
  | { kind: 'total'; addedBytes: number }
  | null;

/**
 * The checks before an upload (000 §5, 001 §5 and §8): type and size per file, oversized images
 * rescaled in the browser, the issue total. Only invalid files → an info modal listing them;
 * valid and invalid mixed → a confirm modal "N files cannot be uploaded", then the valid ones go.
 */
export function useUploadFlow({
  existingBytes,
  onAccepted,
}: {
  existingBytes: number;
  onAccepted: (files: Array<{ file: File; media_type: 'picture' | 'document' }>) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [pending, setPending] = useState<Pending>(null);
  const [checking, setChecking] = useState(false);

  const accept = (files: File[]) =>
    onAccepted(files.map((file) => ({ file, media_type: fileKind(file) ?? 'document' })));

  const handleFiles = async (chosen: File[]) => {
    if (!chosen.length) return;
    setChecking(true);
    try {
      const plan = planUpload(chosen);
      const refused: RefusedFile[] = plan.refused.map(({ file, reason }) => ({ name: file.name, reason }));
      const valid = [...plan.ready];
      for (const image of plan.rescale) {
        const smaller = await rescaleImage(image);
        if (smaller) valid.push(smaller);
        else refused.push({ name: image.name, reason: 'file_too_big' });
      }
      const addedBytes = valid.reduce((sum, f) => sum + f.size, 0);
      if (valid.length && !withinTotal(existingBytes, addedBytes))
        return setPending({ kind: 'total', addedBytes });
      const outcome = uploadOutcome(valid.length, refused.length);
      if (outcome === 'all_valid') accept(valid);
      else if (outcome === 'only_invalid') setPending({ kind: 'only_invalid', refused });
      else if (outcome === 'mixed') setPending({ kind: 'mixed', refused, valid });
    } finally {
      setChecking(false);
    }
  };

  /** The server refused files after all (its checks read the content). */
  const showRefused = (refused: RefusedFile[]) => setPending({ kind: 'only_invalid', refused });

  const close = () => setPending(null);
  const modal = (
    <Modal
      opened={pending !== null}
      onClose={close}
      centered
      title={
        pending?.kind === 'mixed'
          ? t('attachments.upload.mixed_title', { count: pending.refused.length })
          : pending?.kind === 'total'
            ? t('attachments.upload.total_title')
            : t('attachments.upload.invalid_title')
      }
    >
      <Stack>
        {pending?.kind === 'total' ? (
          <Text size="sm">
            {t('errors.total_limit_exceeded')}{' '}
            {t('attachments.upload.total_text', {
              max: formatBytes(ATTACHMENT_MAX_TOTAL_BYTES),
              used: formatBytes(existingBytes),
              added: formatBytes(pending.addedBytes),
            })}
          </Text>
        ) : (
          pending && (
            <>
              <Text size="sm">
                {t(
                  pending.kind === 'mixed'
                    ? 'attachments.upload.mixed_text'
                    : 'attachments.upload.invalid_text',
                  { max: formatBytes(ATTACHMENT_MAX_FILE_BYTES) },
                )}
              </Text>
              <List
                spacing={6}
                size="sm"
                icon={
                  <ThemeIcon color="red" variant="light" size={22} radius="xl">
                    <IconFileAlert size={14} />
                  </ThemeIcon>
                }
                aria-label={t('attachments.upload.refused_files')}
              >
                {pending.refused.map((file) => (
                  <List.Item key={`${file.name}:${file.reason}`}>
                    <Text span size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {file.name}
                    </Text>
                    <Text span size="sm" c="dimmed">
                      {' — '}
                      {errorText(file.reason)}
                    </Text>
                  </List.Item>
                ))}
              </List>
            </>
          )
        )}
        <Group justify="flex-end">
          {pending?.kind === 'mixed' ? (
            <>
              <Button variant="default" onClick={close}>
                {t('attachments.cancel')}
              </Button>
              <Button
                data-autofocus
                onClick={() => {
                  accept(pending.valid);
                  close();
                }}
              >
                {t('attachments.upload.upload_valid', { count: pending.valid.length })}
              </Button>
            </>
          ) : (
            <Button onClick={close} data-autofocus>
              {t('attachments.ok')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
  return { handleFiles, showRefused, checking, modal };
}
