import '@mantine/dropzone/styles.css';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  ActionIcon,
  Avatar,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Menu,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import {
  IconChevronLeft,
  IconChevronRight,
  IconDots,
  IconDownload,
  IconEye,
  IconFileDescription,
  IconGripVertical,
  IconLayoutList,
  IconPhoto,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import {
  ACCEPTED_UPLOAD_TYPES,
  ATTACHMENT_MAX_FILE_BYTES,
  GALLERY_DRAG_ACTIVATION_PX,
} from '@workbench/domain';
import { type ReactNode, type RefObject, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes, pictureSource } from '../attachment-model';
import { dotWindow, wrapIndex } from '../carousel';
import { canDeleteItem, canEditItem, fileUrlOf, type GalleryItem, visibleItems } from '../editing-state';

export type GalleryHandlers = {
  onFiles: (files: File[]) => void;
  onOpen: (key: string) => void;
  onDelete: (key: string) => void;
  /** Absent when ordering is not possible here (e.g. before the issue is saved). */
  onMove?: (fromKey: string, toKey: string) => void;
};

const smallSource = (item: GalleryItem) =>
  item.original ? pictureSource(item.original, 'small', Date.now()) : (item.previewUrl ?? '');
const largeSource = (item: GalleryItem) =>
  item.original ? pictureSource(item.original, 'large', Date.now()) : (item.previewUrl ?? '');

/**
 * The attachment gallery of 001 §2: a carousel and slider strip of images, a document list and
 * a drop zone, or the list view of cards with drag ordering.
 */
export function GalleryView({
  items,
  canAdd,
  busy,
  handlers,
  openFilesRef,
  changesBar,
  notice,
}: {
  items: GalleryItem[];
  canAdd: boolean;
  busy: boolean;
  handlers: GalleryHandlers;
  openFilesRef: RefObject<(() => void) | null>;
  changesBar: ReactNode;
  /** A hint above the pictures (e.g. a photo is still required). */
  notice?: ReactNode;
}) {
  const { t } = useTranslation();
  const [view, setView] = useState<'gallery' | 'list'>('gallery');
  const shown = visibleItems(items);
  const pictures = shown.filter((item) => item.media_type === 'picture');
  const documents = shown.filter((item) => item.media_type === 'document');
  return (
    <Card withBorder radius="md" padding="md" data-testid="attachment-gallery">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h5">
          {t('attachments.title', { count: shown.length })}
        </Title>
        <Group gap="xs">
          <SegmentedControl
            size="xs"
            value={view}
            onChange={(v) => setView(v as 'gallery' | 'list')}
            data={[
              {
                value: 'gallery',
                label: (
                  <Group gap={4} wrap="nowrap">
                    <IconPhoto size={14} />
                    <span>{t('attachments.view_gallery')}</span>
                  </Group>
                ),
              },
              {
                value: 'list',
                label: (
                  <Group gap={4} wrap="nowrap">
                    <IconLayoutList size={14} />
                    <span>{t('attachments.view_list')}</span>
                  </Group>
                ),
              },
            ]}
          />
          {canAdd && (
            <Button
              size="xs"
              leftSection={<IconUpload size={14} />}
              onClick={() => openFilesRef.current?.()}
              loading={busy}
            >
              {t('attachments.upload.button')}
            </Button>
          )}
        </Group>
      </Group>
      <Stack gap="md">
        {notice}
        {changesBar}
        {view === 'gallery' ? (
          <>
            <ImageCarousel pictures={pictures} onOpen={handlers.onOpen} />
            {documents.length > 0 && <DocumentList documents={documents} onOpen={handlers.onOpen} />}
          </>
        ) : (
          <CardList items={shown} handlers={handlers} />
        )}
        {canAdd && (
          <Dropzone
            // One drop is judged as a whole (valid and invalid together decide the outcome modal),
            // so both lists arrive here; the checks themselves are ours (upload-check.ts).
            onDrop={() => {}}
            onDropAny={(files, rejections) => handlers.onFiles([...files, ...rejections.map((r) => r.file)])}
            accept={ACCEPTED_UPLOAD_TYPES}
            openRef={openFilesRef}
            // The classic file input (not the File System Access picker): every browser, and
            // the 'add photo' button can open it within its own click.
            useFsAccessApi={false}
            loading={busy}
            radius="md"
            p="md"
            aria-label={t('attachments.upload.drop')}
            inputProps={{ 'aria-label': t('attachments.upload.drop') }}
            data-testid="attachment-dropzone"
          >
            <Group justify="center" gap="sm" mih={56} style={{ pointerEvents: 'none' }} wrap="nowrap">
              <ThemeIcon variant="light" size={40} radius="xl">
                <IconUpload size={20} />
              </ThemeIcon>
              <Box>
                <Text size="sm" fw={600}>
                  {t('attachments.upload.drop')}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('attachments.upload.or_click')} ·{' '}
                  {t('attachments.upload.hint', { max: formatBytes(ATTACHMENT_MAX_FILE_BYTES) })}
                </Text>
              </Box>
            </Group>
          </Dropzone>
        )}
      </Stack>
    </Card>
  );
}

/** A large picture with previous/next (wrapping), at most 6 dots, and the slider strip below. */
function ImageCarousel({ pictures, onOpen }: { pictures: GalleryItem[]; onOpen: (key: string) => void }) {
  const { t } = useTranslation();
  const [active, setActive] = useState(0);
  const current = wrapIndex(active, pictures.length);
  const item = pictures[current];
  if (!item)
    return (
      <Paper bg="var(--mantine-color-default-hover)" radius="md" p="xl" data-testid="carousel-placeholder">
        <Stack align="center" gap={6}>
          <IconPhoto size={36} color="var(--mantine-color-dimmed)" />
          <Text size="sm" c="dimmed">
            {t('attachments.no_pictures')}
          </Text>
        </Stack>
      </Paper>
    );
  return (
    <Stack gap="xs">
      <Box
        pos="relative"
        h={260}
        style={{ borderRadius: 8, overflow: 'hidden', background: 'var(--mantine-color-dark-6)' }}
      >
        <UnstyledButton
          onClick={() => onOpen(item.key)}
          w="100%"
          h="100%"
          aria-label={t('attachments.open', { name: item.name })}
        >
          <img
            src={largeSource(item)}
            alt={item.fields.description || item.name}
            style={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
          />
        </UnstyledButton>
        {pictures.length > 1 && (
          <>
            <ActionIcon
              variant="white"
              radius="xl"
              onClick={() => setActive(wrapIndex(current - 1, pictures.length))}
              aria-label={t('attachments.previous')}
              style={{ position: 'absolute', left: 8, top: '50%', transform: 'translateY(-50%)' }}
            >
              <IconChevronLeft size={18} />
            </ActionIcon>
            <ActionIcon
              variant="white"
              radius="xl"
              onClick={() => setActive(wrapIndex(current + 1, pictures.length))}
              aria-label={t('attachments.next')}
              style={{ position: 'absolute', right: 8, top: '50%', transform: 'translateY(-50%)' }}
            >
              <IconChevronRight size={18} />
            </ActionIcon>
            {/* Each dot is a 24 px target (WCAG 2.2, 2.5.8) around the 8 px dot it shows. */}
            <Group gap={0} justify="center" style={{ position: 'absolute', bottom: 0, left: 0, right: 0 }}>
              {dotWindow(current, pictures.length).map((i) => (
                <UnstyledButton
                  key={i}
                  onClick={() => setActive(i)}
                  aria-label={t('attachments.show_picture', { n: i + 1 })}
                  w={24}
                  h={24}
                  style={{ display: 'grid', placeItems: 'center' }}
                >
                  <span
                    style={{
                      width: 8,
                      height: 8,
                      borderRadius: 8,
                      background: i === current ? 'white' : 'rgba(255,255,255,0.45)',
                    }}
                  />
                </UnstyledButton>
              ))}
            </Group>
          </>
        )}
      </Box>
      <Group gap={8} wrap="nowrap" style={{ overflowX: 'auto' }} pb={4} data-testid="picture-strip">
        {pictures.map((picture, i) => (
          <UnstyledButton
            key={picture.key}
            onClick={() => {
              setActive(i);
              onOpen(picture.key);
            }}
            aria-label={t('attachments.open', { name: picture.name })}
            data-testid="strip-item"
            style={{
              flexShrink: 0,
              width: 84,
              height: 64,
              borderRadius: 6,
              overflow: 'hidden',
              outline: i === current ? '2px solid var(--mantine-primary-color-filled)' : undefined,
              outlineOffset: 1,
              position: 'relative',
            }}
          >
            <img
              src={smallSource(picture)}
              alt=""
              style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
            {picture.state !== 'ORIGINAL' && <StateBadge item={picture} floating />}
          </UnstyledButton>
        ))}
      </Group>
    </Stack>
  );
}

function DocumentList({ documents, onOpen }: { documents: GalleryItem[]; onOpen: (key: string) => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {t('attachments.documents')}
      </Text>
      {documents.map((doc) => {
        const url = fileUrlOf(doc);
        return (
          <Group key={doc.key} wrap="nowrap" gap="sm" justify="space-between">
            <UnstyledButton onClick={() => onOpen(doc.key)} style={{ minWidth: 0, flex: 1 }}>
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon variant="light" radius="md">
                  <IconFileDescription size={18} />
                </ThemeIcon>
                <Box style={{ minWidth: 0 }}>
                  <Text size="sm" truncate="end">
                    {doc.name}
                  </Text>
                  <Text size="xs" c="dimmed" truncate="end">
                    {formatBytes(doc.size_bytes)}
                    {doc.original?.user ? ` · ${doc.original.user.full_name}` : ''}
                  </Text>
                </Box>
                {doc.state !== 'ORIGINAL' && <StateBadge item={doc} />}
              </Group>
            </UnstyledButton>
            {url && (
              <ActionIcon
                component="a"
                href={url}
                download={doc.name}
                variant="subtle"
                aria-label={t('attachments.download')}
              >
                <IconDownload size={18} />
              </ActionIcon>
            )}
          </Group>
        );
      })}
    </Stack>
  );
}

function StateBadge({ item, floating }: { item: GalleryItem; floating?: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge
      size="xs"
      color={item.state === 'NEW' ? 'teal' : 'orange'}
      variant="filled"
      style={floating ? { position: 'absolute', top: 4, left: 4 } : { flexShrink: 0 }}
    >
      {t(`attachments.state.${item.state}`)}
    </Badge>
  );
}

/** The list view: a card per attachment, ordered by dragging (activation after 8 px). */
function CardList({ items, handlers }: { items: GalleryItem[]; handlers: GalleryHandlers }) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: GALLERY_DRAG_ACTIVATION_PX } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  if (!items.length)
    return (
      <Text size="sm" c="dimmed">
        {t('attachments.empty')}
      </Text>
    );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) handlers.onMove?.(String(active.id), String(over.id));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={items.map((i) => i.key)} strategy={verticalListSortingStrategy}>
        <Stack gap="xs" data-testid="attachment-cards">
          {items.map((item) => (
            <AttachmentCard key={item.key} item={item} handlers={handlers} />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}

function AttachmentCard({ item, handlers }: { item: GalleryItem; handlers: GalleryHandlers }) {
  const { t } = useTranslation();
  // Ordering needs edit permission on the item and a saved item (001 §6).
  const draggable = handlers.onMove !== undefined && canEditItem(item) && item.original !== null;
  const sortable = useSortable({ id: item.key, disabled: !draggable });
  const url = fileUrlOf(item);
  const user = item.original?.user;
  return (
    <Paper
      ref={sortable.setNodeRef}
      withBorder
      radius="md"
      p="xs"
      data-testid="attachment-card"
      data-name={item.name}
      style={{
        transform: CSS.Transform.toString(sortable.transform),
        transition: sortable.transition,
        opacity: sortable.isDragging ? 0.7 : 1,
        position: 'relative',
        zIndex: sortable.isDragging ? 2 : undefined,
      }}
    >
      <Group wrap="nowrap" gap="sm" align="center">
        <ActionIcon
          variant="subtle"
          color="gray"
          disabled={!draggable}
          aria-label={t('attachments.drag', { name: item.name })}
          style={{ cursor: draggable ? 'grab' : undefined, touchAction: 'none' }}
          {...sortable.attributes}
          {...sortable.listeners}
        >
          <IconGripVertical size={18} />
        </ActionIcon>
        <UnstyledButton
          onClick={() => handlers.onOpen(item.key)}
          style={{ flexShrink: 0 }}
          aria-label={t('attachments.open', { name: item.name })}
        >
          {item.media_type === 'picture' ? (
            <img
              src={smallSource(item)}
              alt=""
              style={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 6, display: 'block' }}
            />
          ) : (
            <ThemeIcon variant="light" size={56} radius="md">
              <IconFileDescription size={28} />
            </ThemeIcon>
          )}
        </UnstyledButton>
        <Box style={{ minWidth: 0, flex: 1 }}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={600} truncate="end">
              {item.name}
            </Text>
            {item.state !== 'ORIGINAL' && <StateBadge item={item} />}
          </Group>
          <Group gap={6} wrap="nowrap">
            <Avatar src={user?.profile_image} size={18} radius="xl" name={user?.full_name} />
            <Text size="xs" c="dimmed" truncate="end">
              {user?.full_name ?? t('attachments.you_new')}
            </Text>
          </Group>
          <Text size="xs" c={item.fields.description ? undefined : 'dimmed'} lineClamp={2}>
            {item.fields.description || t('attachments.no_description')}
          </Text>
        </Box>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={t('attachments.menu', { name: item.name })}>
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconEye size={16} />} onClick={() => handlers.onOpen(item.key)}>
              {t('attachments.view')}
            </Menu.Item>
            {url && (
              <Menu.Item
                leftSection={<IconDownload size={16} />}
                component="a"
                href={url}
                download={item.name}
              >
                {t('attachments.download')}
              </Menu.Item>
            )}
            {canDeleteItem(item) && (
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => handlers.onDelete(item.key)}
              >
                {t('attachments.delete')}
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Paper>
  );
}
