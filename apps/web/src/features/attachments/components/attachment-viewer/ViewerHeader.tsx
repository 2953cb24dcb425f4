import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconPrinter, IconTrash, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { canDeleteItem, type GalleryItem } from '../../editing-state';

/** Prints a file from a hidden frame (the browser's own print dialog for images and PDFs). */
function printFile(url: string) {
  const frame = document.createElement('iframe');
  frame.style.position = 'fixed';
  frame.style.width = '0';
  frame.style.height = '0';
  frame.style.border = '0';
  frame.src = url;
  frame.onload = () => {
    frame.contentWindow?.focus();
    frame.contentWindow?.print();
    window.setTimeout(() => frame.remove(), 60_000);
  };
  document.body.appendChild(frame);
}

/** The viewer's top bar: 'n/total', the file name, download, print, delete and close. */
export function ViewerHeader({
  item,
  position,
  total,
  url,
  printable,
  onDelete,
  onClose,
}: {
  item: GalleryItem;
  /** 1-based place of the item in the gallery. */
  position: number;
  total: number;
  url: string | null;
  printable: boolean;
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
        {url && printable && (
          <Tooltip label={t('attachments.print')}>
            <ActionIcon
              variant="subtle"
              size="lg"
              onClick={() => printFile(url)}
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
