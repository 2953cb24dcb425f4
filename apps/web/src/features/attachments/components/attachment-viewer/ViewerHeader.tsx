import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconPrinter, IconTrash, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { canDeleteItem, type GalleryItem } from '../../editing-state';

/** A hidden frame that prints itself once loaded and goes away a minute later. */
function hiddenFrame(): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  frame.style.position = 'fixed';
  frame.style.width = '0';
  frame.style.height = '0';
  frame.style.border = '0';
  return frame;
}

function printFrame(frame: HTMLIFrameElement) {
  frame.contentWindow?.focus();
  frame.contentWindow?.print();
  window.setTimeout(() => frame.remove(), 60_000);
}

/**
 * Prints a file with the browser's own print dialog. A PDF is loaded into the frame itself; an
 * image is put into an empty frame of the page, because the server sandboxes the image's own
 * document (an opaque origin the page may not ask to print).
 */
function printFile(url: string, kind: 'image' | 'pdf') {
  const frame = hiddenFrame();
  if (kind === 'pdf') {
    frame.src = url;
    frame.onload = () => printFrame(frame);
    document.body.appendChild(frame);
    return;
  }
  document.body.appendChild(frame);
  const page = frame.contentDocument;
  if (!page) return;
  const image = page.createElement('img');
  image.style.maxWidth = '100%';
  image.onload = () => printFrame(frame);
  image.src = url;
  page.body.appendChild(image);
}

/** The viewer's top bar: 'n/total', the file name, download, print, delete and close. */
export function ViewerHeader({
  item,
  position,
  total,
  url,
  printAs,
  onDelete,
  onClose,
}: {
  item: GalleryItem;
  /** 1-based place of the item in the gallery. */
  position: number;
  total: number;
  url: string | null;
  /** How the file prints, if it does (images and PDFs the browser shows). */
  printAs: 'image' | 'pdf' | null;
  onDelete: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      px="md"
      py="xs"
      gap="xs"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Text fw={700} size="sm" data-testid="viewer-counter" style={{ flexShrink: 0 }}>
          {position}/{total}
        </Text>
        <Text size="sm" truncate="end" title={item.name} data-testid="viewer-file-name">
          {item.name}
        </Text>
      </Group>
      <Group gap={4} wrap="nowrap">
        {url && (
          <Tooltip label={t('attachments.download')}>
            <ActionIcon
              component="a"
              href={url}
              download={item.name}
              variant="subtle"
              size="lg"
              aria-label={t('attachments.download')}
            >
              <IconDownload size={20} />
            </ActionIcon>
          </Tooltip>
        )}
        {url && printAs && (
          <Tooltip label={t('attachments.print')}>
            <ActionIcon
              variant="subtle"
              size="lg"
              onClick={() => printFile(url, printAs)}
              aria-label={t('attachments.print')}
            >
              <IconPrinter size={20} />
            </ActionIcon>
          </Tooltip>
        )}
        {canDeleteItem(item) && (
          <Tooltip label={t('attachments.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              onClick={onDelete}
              aria-label={t('attachments.delete')}
            >
              <IconTrash size={20} />
            </ActionIcon>
          </Tooltip>
        )}
        <ActionIcon variant="subtle" size="lg" onClick={onClose} aria-label={t('attachments.close')}>
          <IconX size={22} />
        </ActionIcon>
      </Group>
    </Group>
  );
}
