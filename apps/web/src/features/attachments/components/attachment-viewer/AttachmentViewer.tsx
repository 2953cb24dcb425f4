import { ActionIcon, Box, Flex, Modal } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { previewKind } from '../../attachment-model';
import { stepIndex } from '../../carousel';
import { type EditableFields, fileUrlOf, type GalleryItem } from '../../editing-state';
import { DeleteAttachmentModal } from './DeleteAttachmentModal';
import { ViewerDetails } from './ViewerDetails';
import { ViewerHeader } from './ViewerHeader';
import { ViewerMedia } from './ViewerMedia';

export type ViewerOptions = {
  issueId: number | null;
  showPriority: boolean;
  showDeadline: boolean;
  /** The caller may comment on the issue and the organisation allows attachment comments. */
  canComment: boolean;
};

/** Chromium, Firefox and Safari say whether they show PDFs inline; older browsers get a download. */
const browserShowsPdf = () =>
  typeof navigator !== 'undefined' ? navigator.pdfViewerEnabled === true : false;

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The full-screen single-item viewer of 001 §2: the media, the uploader, the description with
 * characters left, priority and deadline when the organisation uses them, the comment log,
 * previous/next (arrow keys), download, print, delete, 'n/total' and the file name. Escape closes.
 */
export function AttachmentViewer({
  items,
  openKey,
  onOpenKey,
  onEdit,
  onDelete,
  options,
  footer,
}: {
  items: GalleryItem[];
  openKey: string | null;
  onOpenKey: (key: string | null) => void;
  onEdit: (key: string, patch: Partial<EditableFields>) => void;
  onDelete: (key: string) => void;
  options: ViewerOptions;
  /** The pending-changes bar, shown under the fields. */
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const [skipped, setSkipped] = useState<ReadonlySet<string>>(new Set());
  const [confirmDelete, setConfirmDelete] = useState(false);
  const index = items.findIndex((item) => item.key === openKey);
  const item = index >= 0 ? items[index] : undefined;
  const skippedIndexes = new Set(items.flatMap((it, i) => (skipped.has(it.key) ? [i] : [])));
  const [direction, setDirection] = useState<1 | -1>(1);

  const go = (step: 1 | -1) => {
    if (index < 0) return;
    setDirection(step);
    const next = items[stepIndex(index, step, items.length, skippedIndexes)];
    if (next) onOpenKey(next.key);
  };

  useEffect(() => {
    if (!openKey || confirmDelete) return;
    const onKey = (event: KeyboardEvent) => {
      if (isTyping(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'ArrowRight') go(1);
      else if (event.key === 'ArrowLeft') go(-1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  // A PDF that cannot be fetched is skipped silently (001 §8), in the direction of travel.
  const skipFailedPdf = useRef(() => {});
  skipFailedPdf.current = () => {
    if (!item) return;
    setSkipped((s) => new Set([...s, item.key]));
    const next = items[stepIndex(index, direction, items.length, new Set([...skippedIndexes, index]))];
    onOpenKey(next && next.key !== item.key ? next.key : null);
  };
  const pdfUrl =
    item && previewKind(item.mime_type, true) === 'pdf' && item.original ? item.original.url : null;
  useEffect(() => {
    if (!pdfUrl) return;
    const controller = new AbortController();
    fetch(pdfUrl, { method: 'HEAD', signal: controller.signal })
      .then((response) => {
        if (!response.ok) skipFailedPdf.current();
      })
      .catch((err: Error) => {
        if (err.name !== 'AbortError') skipFailedPdf.current();
      });
    return () => controller.abort();
  }, [pdfUrl]);

  const url = item ? fileUrlOf(item) : null;
  const kind = item ? previewKind(item.mime_type, browserShowsPdf()) : 'download';

  return (
    <Modal
      opened={item !== undefined}
      onClose={() => onOpenKey(null)}
      fullScreen
      withCloseButton={false}
      padding={0}
      transitionProps={{ duration: 0 }}
      aria-label={item?.name}
    >
      {item && (
        <Box
          style={{ display: 'flex', flexDirection: 'column', height: '100dvh' }}
          data-testid="attachment-viewer"
        >
          <ViewerHeader
            item={item}
            position={index + 1}
            total={items.length}
            url={url}
            printAs={kind === 'download' ? null : kind}
            onDelete={() => setConfirmDelete(true)}
            onClose={() => onOpenKey(null)}
          />

          <Flex
            direction={{ base: 'column', md: 'row' }}
            style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}
          >
            <Box
              h={{ base: '55dvh', md: '100%' }}
              flex={{ base: 'none', md: 1 }}
              miw={0}
              style={{
                position: 'relative',
                background: 'var(--mantine-color-dark-7)',
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
              }}
            >
              <ViewerMedia item={item} kind={kind} url={url} />
              {items.length > 1 && (
                <>
                  <ActionIcon
                    variant="white"
                    radius="xl"
                    size="xl"
                    onClick={() => go(-1)}
                    aria-label={t('attachments.previous')}
                    style={{ position: 'absolute', left: 12, top: '50%', transform: 'translateY(-50%)' }}
                  >
                    <IconChevronLeft size={24} />
                  </ActionIcon>
                  <ActionIcon
                    variant="white"
                    radius="xl"
                    size="xl"
                    onClick={() => go(1)}
                    aria-label={t('attachments.next')}
                    style={{ position: 'absolute', right: 12, top: '50%', transform: 'translateY(-50%)' }}
                  >
                    <IconChevronRight size={24} />
                  </ActionIcon>
                </>
              )}
            </Box>
            <Box
              w={{ base: '100%', md: 400 }}
              h={{ base: 'auto', md: '100%' }}
              style={{
                flexShrink: 0,
                overflowY: 'auto',
                borderLeft: '1px solid var(--mantine-color-default-border)',
              }}
            >
              <ViewerDetails item={item} options={options} onEdit={onEdit} footer={footer} />
            </Box>
          </Flex>
          <DeleteAttachmentModal
            opened={confirmDelete}
            name={item.name}
            onCancel={() => setConfirmDelete(false)}
            onConfirm={() => {
              setConfirmDelete(false);
              const next = items.length > 1 ? items[stepIndex(index, 1, items.length, skippedIndexes)] : null;
              onDelete(item.key);
              onOpenKey(next && next.key !== item.key ? next.key : null);
            }}
          />
        </Box>
      )}
    </Modal>
  );
}
