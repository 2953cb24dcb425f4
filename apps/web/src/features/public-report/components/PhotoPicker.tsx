import { ActionIcon, Box, Button, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCamera, IconX } from '@tabler/icons-react';
import { ATTACHMENT_MAX_FILE_BYTES, PUBLIC_FILES_MAX } from '@workbench/domain';
import type { TFunction } from 'i18next';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { rescaleImage } from '../../attachments/image-rescale';
import { fileKind } from '../../attachments/upload-check';

/**
 * Up to five photos from the camera or the gallery, with thumbnails to remove them. The native
 * input stays hidden (a phone offers its camera for it); the button opens it. Pictures over the
 * per-file limit are made smaller in the browser first, as the issue gallery does; other files
 * are left out with a note.
 */
export function PhotoPicker({
  files,
  onChange,
  t,
  label,
  required,
  error,
  buttonId,
  testId = 'photo',
  max = PUBLIC_FILES_MAX,
  disabled,
  onBusy,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  /** The texts of the page's language (the settings preview shows another than the staff's). */
  t: TFunction;
  label: string;
  required?: boolean;
  error?: string;
  buttonId?: string;
  testId?: string;
  max?: number;
  disabled?: boolean;
  onBusy?: (busy: boolean) => void;
}) {
  const ids = useId();
  const input = useRef<HTMLInputElement>(null);
  const [note, setNote] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const urls = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(
    () => () => {
      for (const url of urls) URL.revokeObjectURL(url);
    },
    [urls],
  );

  const add = async (chosen: File[]) => {
    setNote(null);
    const room = max - files.length;
    const pictures = chosen.filter((f) => fileKind(f) === 'picture');
    const notes: string[] = [];
    if (pictures.length < chosen.length) notes.push(t('public-report.photos_only_pictures'));
    if (pictures.length > room) notes.push(t('public-report.photos_max', { count: max }));
    setPreparing(true);
    onBusy?.(true);
    const added: File[] = [];
    try {
      for (const file of pictures.slice(0, Math.max(0, room))) {
        const ready = file.size > ATTACHMENT_MAX_FILE_BYTES ? await rescaleImage(file) : file;
        if (ready) added.push(ready);
        else notes.push(t('public-report.photo_too_big', { name: file.name }));
      }
    } finally {
      setPreparing(false);
      onBusy?.(false);
    }
    if (added.length) onChange([...files, ...added]);
    setNote(notes.length ? notes.join(' ') : null);
  };

  const full = files.length >= max;
  return (
    <Stack gap={6} role="group" aria-labelledby={`${ids}-label`}>
      <Text id={`${ids}-label`} size="sm" fw={500}>
        {label}
        {required && (
          <Text span c="var(--mantine-color-error)" aria-hidden>
            {' *'}
          </Text>
        )}
      </Text>
      <Text size="xs" c="dimmed" id={`${ids}-hint`}>
        {t('public-report.photos_hint', { count: max })}
      </Text>
      {files.length > 0 && (
        <SimpleGrid cols={{ base: 3, xs: 5 }} spacing="xs" data-testid={`${testId}-thumbnails`}>
          {files.map((file, index) => (
            <Box key={urls[index]} pos="relative">
              <Image
                src={urls[index]}
                alt={t('public-report.photo_n', { n: index + 1 })}
                radius="md"
                h={88}
                fit="cover"
              />
              <ActionIcon
                pos="absolute"
                top={4}
                right={4}
                size={32}
                radius="xl"
                color="dark"
                variant="filled"
                aria-label={t('public-report.remove_photo', { n: index + 1 })}
                onClick={() => onChange(files.filter((f) => f !== file))}
              >
                <IconX size={16} aria-hidden />
              </ActionIcon>
            </Box>
          ))}
        </SimpleGrid>
      )}
      <input
        ref={input}
        type="file"
        accept="image/*"
        capture="environment"
        multiple
        hidden
        aria-hidden="true"
        tabIndex={-1}
        data-testid={`${testId}-input`}
        onChange={(e) => {
          const chosen = Array.from(e.currentTarget.files ?? []);
          e.currentTarget.value = '';
          void add(chosen);
        }}
      />
      <Button
        id={buttonId}
        variant="light"
        leftSection={<IconCamera size={18} aria-hidden />}
        onClick={() => input.current?.click()}
        disabled={disabled || full}
        loading={preparing}
        fullWidth
        aria-describedby={`${ids}-hint`}
        aria-invalid={error ? true : undefined}
        data-testid={`${testId}-add`}
      >
        {files.length ? t('public-report.add_more_photos') : t('public-report.add_photos')}
      </Button>
      {note && (
        <Text size="xs" c="orange.9" role="status">
          {note}
        </Text>
      )}
      {error && (
        <Text size="xs" c="var(--mantine-color-error)" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
