import { Button, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDownload, IconFileDescription } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pictureSource } from '../../attachment-model';
import type { GalleryItem } from '../../editing-state';

/** The file itself: the large picture, the PDF inline, or a download card for everything else. */
export function ViewerMedia({ item, kind, url }: { item: GalleryItem; kind: string; url: string | null }) {
  const { t } = useTranslation();
  const [loadedSource, setLoadedSource] = useState<string | null>(null);
  if (!url) return null;
  if (kind === 'image') {
    const source = item.original ? pictureSource(item.original, 'large', Date.now()) : url;
    return (
      <>
        {loadedSource !== source && (
          <Loader color="gray.3" style={{ position: 'absolute' }} aria-label={t('attachments.loading')} />
        )}
        <img
          onLoad={() => setLoadedSource(source)}
          src={source}
          alt={item.fields.description || item.name}
          data-testid="viewer-image"
          style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', display: 'block' }}
        />
      </>
    );
  }
  const downloadCard = (
    <Stack align="center" gap="sm" p="xl" bg="var(--mantine-color-body)" style={{ borderRadius: 12 }}>
      <ThemeIcon size={64} radius="md" variant="light">
        <IconFileDescription size={36} />
      </ThemeIcon>
      <Text fw={600} ta="center" style={{ overflowWrap: 'anywhere' }}>
        {item.name}
      </Text>
      <Text size="sm" c="dimmed">
        {t('attachments.no_preview')}
      </Text>
      <Button component="a" href={url} download={item.name} leftSection={<IconDownload size={16} />}>
        {t('attachments.download')}
      </Button>
    </Stack>
  );
  if (kind === 'pdf')
    return (
      <object
        data={url}
        type="application/pdf"
        aria-label={item.name}
        style={{ width: '100%', height: '100%' }}
      >
        {downloadCard}
      </object>
    );
  return downloadCard;
}
