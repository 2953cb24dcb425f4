import '@mantine/dates/styles.css';
import {
  ActionIcon,
  Anchor,
  Avatar,
  Box,
  Button,
  Flex,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Select,
  Stack,
  Text,
  Textarea,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import {
  IconChevronLeft,
  IconChevronRight,
  IconDownload,
  IconFileDescription,
  IconPrinter,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import {
  ATTACHMENT_COMMENT_LOG_MAX_HEIGHT_PX,
  ATTACHMENT_COMMENT_MAX,
  ATTACHMENT_DESCRIPTION_MAX,
  PRIORITIES,
} from '@workbench/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../issues/issue-helpers';
import { useNotify } from '../../issues/use-notify';
import { formatBytes, personName, pictureSource, previewKind } from '../attachment-model';
import { useAddAttachmentComment, useAttachmentComments } from '../attachments-api';
import { stepIndex } from '../carousel';
import {
  canDeleteItem,
  canEditItem,
  type EditableFields,
  fileUrlOf,
  type GalleryItem,
} from '../editing-state';

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
  footer?: React.ReactNode;
}) {
  const { t, i18n } = useTranslation();
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
  const editable = item ? canEditItem(item) : false;
  const kind = item ? previewKind(item.mime_type, browserShowsPdf()) : 'download';
  const uploader = item?.original?.user ?? null;
  const priorityOptions = [
    { value: '', label: t('attachments.no_priority') },
    ...PRIORITIES.filter((p) => p.id !== 0).map((p) => ({
      value: String(p.id),
      label: t(`issues.priority.${p.name}`),
    })),
  ];

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
                {index + 1}/{items.length}
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
              {url && kind !== 'download' && (
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
                    onClick={() => setConfirmDelete(true)}
                    aria-label={t('attachments.delete')}
                  >
                    <IconTrash size={20} />
                  </ActionIcon>
                </Tooltip>
              )}
              <ActionIcon
                variant="subtle"
                size="lg"
                onClick={() => onOpenKey(null)}
                aria-label={t('attachments.close')}
              >
                <IconX size={22} />
              </ActionIcon>
            </Group>
          </Group>

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
              <Media item={item} kind={kind} url={url} />
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
              <Stack p="md" gap="md">
                <Group gap="sm" wrap="nowrap">
                  <Avatar
                    src={uploader?.profile_image}
                    radius="xl"
                    name={uploader?.full_name}
                    color="brand"
                  />
                  <Box style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} data-testid="viewer-uploader">
                      {uploader?.full_name ?? t('attachments.you_new')}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {item.original
                        ? formatDateTime(
                            new Date(item.original.created_at * 1000).toISOString(),
                            i18n.language,
                          )
                        : t('attachments.not_uploaded')}
                      {' · '}
                      {formatBytes(item.size_bytes)}
                    </Text>
                  </Box>
                </Group>
                <Textarea
                  label={t('attachments.description')}
                  placeholder={editable ? t('attachments.description_placeholder') : undefined}
                  value={item.fields.description}
                  maxLength={ATTACHMENT_DESCRIPTION_MAX}
                  onChange={(e) => onEdit(item.key, { description: e.currentTarget.value })}
                  disabled={!editable}
                  autosize
                  minRows={3}
                  maxRows={8}
                  description={
                    editable
                      ? t('attachments.characters_left', {
                          count: ATTACHMENT_DESCRIPTION_MAX - item.fields.description.length,
                        })
                      : undefined
                  }
                  inputWrapperOrder={['label', 'input', 'description']}
                />
                {options.showPriority && (
                  <Select
                    label={t('attachments.priority')}
                    data={priorityOptions}
                    value={item.fields.priority_id === null ? '' : String(item.fields.priority_id)}
                    onChange={(v) => onEdit(item.key, { priority_id: v ? Number(v) : null })}
                    disabled={!editable}
                    allowDeselect={false}
                    comboboxProps={{ withinPortal: true }}
                  />
                )}
                {options.showDeadline && (
                  <DateTimePicker
                    label={t('attachments.deadline')}
                    placeholder={t('attachments.deadline_placeholder')}
                    value={item.fields.due_date === null ? null : new Date(item.fields.due_date * 1000)}
                    onChange={(v) =>
                      onEdit(item.key, {
                        due_date: v ? Math.floor(new Date(v).getTime() / 1000) : null,
                      })
                    }
                    minDate={new Date()}
                    clearable
                    disabled={!editable}
                    valueFormat="DD.MM.YYYY HH:mm"
                    popoverProps={{ withinPortal: true }}
                  />
                )}
                {footer}
                {options.canComment && options.issueId !== null && item.original && item.state !== 'NEW' && (
                  <CommentLog issueId={options.issueId} attachmentId={item.original.id} />
                )}
              </Stack>
            </Box>
          </Flex>
          <Modal
            opened={confirmDelete}
            onClose={() => setConfirmDelete(false)}
            title={t('attachments.delete_title')}
            centered
          >
            <Stack>
              <Text size="sm">{t('attachments.delete_text', { name: item.name })}</Text>
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setConfirmDelete(false)}>
                  {t('attachments.cancel')}
                </Button>
                <Button
                  color="red"
                  data-autofocus
                  onClick={() => {
                    setConfirmDelete(false);
                    const next =
                      items.length > 1 ? items[stepIndex(index, 1, items.length, skippedIndexes)] : null;
                    onDelete(item.key);
                    onOpenKey(next && next.key !== item.key ? next.key : null);
                  }}
                >
                  {t('attachments.delete')}
                </Button>
              </Group>
            </Stack>
          </Modal>
        </Box>
      )}
    </Modal>
  );
}

function Media({ item, kind, url }: { item: GalleryItem; kind: string; url: string | null }) {
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

/** The comments on one attachment (oldest first, at most 350 px high) and a new one. */
function CommentLog({ issueId, attachmentId }: { issueId: number; attachmentId: number }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const comments = useAttachmentComments(issueId, attachmentId, true);
  const add = useAddAttachmentComment(issueId, attachmentId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    if (!text.trim()) return setError(t('errors.required'));
    try {
      await add.mutateAsync(text.trim());
      setText('');
    } catch (err) {
      notify.fail(err);
    }
  };
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        {t('attachments.comments')}
      </Text>
      <ScrollArea.Autosize mah={ATTACHMENT_COMMENT_LOG_MAX_HEIGHT_PX} type="auto" offsetScrollbars>
        <Stack gap="sm" data-testid="attachment-comments">
          {comments.isPending && <Loader size="sm" />}
          {comments.isError && (
            <Group gap="xs">
              <Text size="sm" c="red">
                {t('errors.general_error')}
              </Text>
              <Anchor size="sm" component="button" onClick={() => comments.refetch()}>
                {t('attachments.retry')}
              </Anchor>
            </Group>
          )}
          {comments.data?.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('attachments.no_comments')}
            </Text>
          )}
          {comments.data?.map((c) => (
            <Group key={c.id} align="flex-start" wrap="nowrap" gap="xs">
              <Avatar
                src={c.user?.profile_image}
                radius="xl"
                size="sm"
                name={personName(c.user) ?? undefined}
              />
              <Box style={{ minWidth: 0 }}>
                <Group gap={6}>
                  <Text size="xs" fw={600}>
                    {personName(c.user) ?? t('attachments.someone')}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(new Date(c.created_at * 1000).toISOString(), i18n.language)}
                  </Text>
                </Group>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {c.comment}
                </Text>
              </Box>
            </Group>
          ))}
        </Stack>
      </ScrollArea.Autosize>
      <Stack
        gap={6}
        component="form"
        onSubmit={(e) => {
          // The viewer may sit inside the issue form: this submit is the comment's alone.
          e.preventDefault();
          e.stopPropagation();
          void send();
        }}
      >
        <Textarea
          aria-label={t('attachments.new_comment')}
          placeholder={t('attachments.comment_placeholder')}
          autosize
          minRows={2}
          maxLength={ATTACHMENT_COMMENT_MAX}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setError(null);
          }}
          error={error}
        />
        <Group justify="flex-end">
          <Button type="submit" size="xs" loading={add.isPending}>
            {t('attachments.send_comment')}
          </Button>
        </Group>
      </Stack>
    </Stack>
  );
}
