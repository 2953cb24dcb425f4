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
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Checkbox,
  Group,
  Menu,
  Paper,
  Progress,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconArrowForwardUp,
  IconDots,
  IconGripVertical,
  IconPaperclip,
  IconPencil,
  IconPlus,
  IconSubtask,
  IconTemplate,
  IconTrash,
} from '@tabler/icons-react';
import {
  ACCEPTED_UPLOAD_TYPES,
  CHECKLIST_ITEM_STATUS,
  CHECKLIST_ITEM_TITLE_MAX,
  type Checklist,
  type ChecklistItem,
  type Issue,
} from '@workbench/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../ui/feedback/use-notify';
import { AttachmentLink } from '../../attachments/components/AttachmentLink';
import { withItems } from '../checklist-view';
import type { useChecklistActions } from '../checklists-api';
import { ConvertItemModal } from './ConvertItemModal';
import { ItemEditModal, TitleEditModal } from './EditModals';
import { SaveTemplateModal } from './SaveTemplateModal';

type Actions = ReturnType<typeof useChecklistActions>;

/** One checklist: title with progress (3/5), its items in order, and what the caller may do. */
export function ChecklistCard({
  issue,
  checklist,
  canEdit,
  canSaveTemplate,
  actions,
}: {
  issue: Issue;
  checklist: Checklist;
  canEdit: boolean;
  canSaveTemplate: boolean;
  actions: Actions;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [newItem, setNewItem] = useState('');
  const [renaming, setRenaming] = useState(false);
  const [saving, setSaving] = useState(false);
  const [editing, setEditing] = useState<ChecklistItem | null>(null);
  const [converting, setConverting] = useState<ChecklistItem | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [attachingTo, setAttachingTo] = useState<ChecklistItem | null>(null);
  const attach = (files: File[]) => {
    if (!attachingTo || !files.length) return;
    actions.uploadToItem.mutate(
      { checklistId: checklist.id, itemId: attachingTo.id, files },
      { onSuccess: () => notify.ok('checklists.files_attached'), onError: notify.fail },
    );
  };
  // Items move after 5 px of pointer travel, so a click on the checkbox is never a drag.
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const progress = checklist.items_count ? (checklist.done_count / checklist.items_count) * 100 : 0;

  // Ticking shows at once and reverts when the server refuses (001 §2).
  const tick = (item: ChecklistItem, isDone: boolean) => {
    const status_id = isDone ? CHECKLIST_ITEM_STATUS.done : CHECKLIST_ITEM_STATUS.open;
    const undo = actions.showNow(
      withItems(
        checklist,
        checklist.items.map((i) => (i.id === item.id ? { ...i, status_id, is_done: isDone } : i)),
      ),
    );
    actions.updateItem.mutate(
      { checklistId: checklist.id, itemId: item.id, changes: { status_id } },
      {
        onError: (err) => {
          undo();
          notify.fail(err);
        },
      },
    );
  };

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = checklist.items.findIndex((i) => i.id === active.id);
    const to = checklist.items.findIndex((i) => i.id === over.id);
    if (from < 0 || to < 0) return;
    const undo = actions.showNow(withItems(checklist, arrayMove(checklist.items, from, to)));
    actions.updateItem.mutate(
      { checklistId: checklist.id, itemId: Number(active.id), changes: { index: to } },
      {
        onError: (err) => {
          undo();
          notify.fail(err);
        },
      },
    );
  };

  const addItem = () => {
    const title = newItem.trim();
    if (!title) return;
    actions.addItem.mutate(
      { checklistId: checklist.id, item: { title } },
      { onSuccess: () => setNewItem(''), onError: notify.fail },
    );
  };

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('checklists.delete_title'),
      children: <Text size="sm">{t('checklists.delete_text', { title: checklist.title })}</Text>,
      labels: { confirm: t('checklists.delete'), cancel: t('checklists.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => actions.remove.mutate(checklist.id, { onError: notify.fail }),
    });

  const deleteItem = (item: ChecklistItem) =>
    modals.openConfirmModal({
      title: t('checklists.delete_item_title'),
      children: <Text size="sm">{t('checklists.delete_item_text', { title: item.title })}</Text>,
      labels: { confirm: t('checklists.delete'), cancel: t('checklists.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        actions.removeItem.mutate({ checklistId: checklist.id, itemId: item.id }, { onError: notify.fail }),
    });

  return (
    <Paper withBorder radius="md" p="sm" data-testid="checklist" aria-label={checklist.title}>
      <Group justify="space-between" wrap="nowrap" gap="xs" mb={6}>
        <Group gap="xs" wrap="nowrap" miw={0}>
          <Text fw={600} lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
            {checklist.title}
          </Text>
          <Badge
            variant="light"
            color={
              checklist.items_count > 0 && checklist.done_count === checklist.items_count ? 'teal' : 'gray'
            }
            style={{ flexShrink: 0 }}
            data-testid="checklist-progress"
          >
            {t('checklists.progress', { done: checklist.done_count, total: checklist.items_count })}
          </Badge>
        </Group>
        {(canEdit || canSaveTemplate) && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('checklists.menu', { title: checklist.title })}
              >
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {canEdit && (
                <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setRenaming(true)}>
                  {t('checklists.rename')}
                </Menu.Item>
              )}
              {canSaveTemplate && (
                <Menu.Item leftSection={<IconTemplate size={14} />} onClick={() => setSaving(true)}>
                  {t('checklists.save_as_template')}
                </Menu.Item>
              )}
              {canEdit && (
                <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={confirmDelete}>
                  {t('checklists.delete')}
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      <Progress value={progress} size="sm" mb="sm" color="teal" aria-hidden />

      {checklist.items.length === 0 && (
        <Text size="sm" c="dimmed" mb="xs">
          {t('checklists.no_items')}
        </Text>
      )}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={handleDragEnd}>
        <SortableContext items={checklist.items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
          <Stack gap={2}>
            {checklist.items.map((item) => (
              <SortableItem
                key={item.id}
                item={item}
                canEdit={canEdit}
                canCreateSubissue={issue.permissions.can_create_subissue}
                onTick={(isDone) => tick(item, isDone)}
                onEdit={() => setEditing(item)}
                onConvert={() => setConverting(item)}
                onAttach={() => {
                  setAttachingTo(item);
                  fileInput.current?.click();
                }}
                uploading={actions.uploadToItem.isPending && attachingTo?.id === item.id}
                onDelete={() => deleteItem(item)}
              />
            ))}
          </Stack>
        </SortableContext>
      </DndContext>

      {canEdit && (
        <Group gap="xs" mt="xs" wrap="nowrap">
          <TextInput
            size="xs"
            style={{ flex: 1 }}
            placeholder={t('checklists.new_item')}
            aria-label={t('checklists.new_item_in', { title: checklist.title })}
            value={newItem}
            maxLength={CHECKLIST_ITEM_TITLE_MAX}
            onChange={(e) => setNewItem(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') addItem();
            }}
          />
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={addItem}
            loading={actions.addItem.isPending}
            disabled={!newItem.trim()}
          >
            {t('checklists.add_item')}
          </Button>
        </Group>
      )}

      <input
        ref={fileInput}
        type="file"
        multiple
        hidden
        accept={Object.values(ACCEPTED_UPLOAD_TYPES).flat().join(',')}
        data-testid="checklist-file-input"
        onChange={(e) => {
          attach([...(e.currentTarget.files ?? [])]);
          e.currentTarget.value = '';
        }}
      />
      <TitleEditModal
        opened={renaming}
        title={t('checklists.rename')}
        label={t('checklists.checklist_title')}
        initial={checklist.title}
        pending={actions.rename.isPending}
        onClose={() => setRenaming(false)}
        onSave={(title) =>
          actions.rename.mutate(
            { checklistId: checklist.id, title },
            { onSuccess: () => setRenaming(false), onError: notify.fail },
          )
        }
      />
      <ItemEditModal
        item={editing}
        pending={actions.updateItem.isPending}
        onClose={() => setEditing(null)}
        onSave={(changes) =>
          editing &&
          actions.updateItem.mutate(
            { checklistId: checklist.id, itemId: editing.id, changes },
            { onSuccess: () => setEditing(null), onError: notify.fail },
          )
        }
      />
      <ConvertItemModal
        issue={issue}
        item={converting}
        actions={actions}
        onClose={() => setConverting(null)}
      />
      <SaveTemplateModal
        opened={saving}
        checklist={checklist}
        actions={actions}
        onClose={() => setSaving(false)}
      />
    </Paper>
  );
}

function SortableItem({
  item,
  canEdit,
  canCreateSubissue,
  onTick,
  onEdit,
  onConvert,
  onAttach,
  uploading,
  onDelete,
}: {
  item: ChecklistItem;
  canEdit: boolean;
  canCreateSubissue: boolean;
  onTick: (isDone: boolean) => void;
  onEdit: () => void;
  onConvert: () => void;
  onAttach: () => void;
  uploading: boolean;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: item.id, disabled: !canEdit });
  // The box follows the click in the same event; the checklist's optimistic copy (and an undo on
  // failure) arrives a moment later through the query cache and is then followed.
  const [checked, setChecked] = useState(item.is_done);
  useEffect(() => setChecked(item.is_done), [item.is_done]);
  return (
    <Group
      ref={setNodeRef}
      gap={6}
      wrap="nowrap"
      align="flex-start"
      py={4}
      px={4}
      data-testid="checklist-item"
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : 1,
        background: isDragging ? 'var(--mantine-color-gray-0)' : undefined,
        borderRadius: 6,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
      }}
    >
      {canEdit && (
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={t('checklists.drag', { title: item.title })}
          style={{ cursor: 'grab', touchAction: 'none' }}
          {...attributes}
          {...listeners}
        >
          <IconGripVertical size={14} />
        </ActionIcon>
      )}
      <Checkbox
        mt={2}
        checked={checked}
        disabled={!canEdit}
        onChange={(e) => {
          setChecked(e.currentTarget.checked);
          onTick(e.currentTarget.checked);
        }}
        aria-label={item.title}
      />
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Text
          size="sm"
          td={item.is_done ? 'line-through' : undefined}
          c={item.is_done ? 'dimmed' : undefined}
          style={{ overflowWrap: 'anywhere' }}
        >
          {item.title}
        </Text>
        {item.description && (
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {item.description}
          </Text>
        )}
        {(item.attachments.length > 0 || uploading) && (
          <Group gap={6} mt={4} data-testid="checklist-item-attachments">
            {item.attachments.map((file) => (
              <AttachmentLink key={file.id} file={file} thumbnail={{ w: 44, h: 44 }} />
            ))}
            {uploading && (
              <Text size="xs" c="dimmed">
                {t('checklists.uploading')}
              </Text>
            )}
          </Group>
        )}
      </Box>
      {canEdit && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={t('checklists.item_menu', { title: item.title })}
            >
              <IconDots size={14} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconPencil size={14} />} onClick={onEdit}>
              {t('checklists.edit_item')}
            </Menu.Item>
            <Menu.Item leftSection={<IconPaperclip size={14} />} onClick={onAttach}>
              {t('checklists.attach_files')}
            </Menu.Item>
            <Menu.Item
              leftSection={canCreateSubissue ? <IconSubtask size={14} /> : <IconArrowForwardUp size={14} />}
              onClick={onConvert}
            >
              {t('checklists.convert')}
            </Menu.Item>
            <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={onDelete}>
              {t('checklists.delete')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
