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
  Alert,
  Anchor,
  Box,
  Breadcrumbs,
  Button,
  Card,
  Group,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconGripVertical, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  CHECKLIST_ITEM_DESCRIPTION_MAX,
  CHECKLIST_ITEM_TITLE_MAX,
  CHECKLIST_ITEMS_MAX,
  CHECKLIST_TEMPLATE_NAME_MAX,
  type ChecklistTemplate,
} from '@workbench/domain';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { useNotify } from '../../../ui/feedback/use-notify';
import { useCategories } from '../../issues/issues-api';
import { useChecklistTemplate, useTemplateActions } from '../templates-api';
import { useCanManageTemplates } from '../use-can-manage';

/** An item row of the form; `key` stays the same while the row moves, `id` names a saved item. */
type DraftItem = { key: string; id?: number; title: string; description: string };

/** /dashboard/templates/checklists/add and /dashboard/templates/checklists/detail/:id. */
export function ChecklistTemplateFormPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = params.id === undefined ? null : Number(params.id);
  const validId = id === null || (Number.isSafeInteger(id) && id > 0);
  const template = useChecklistTemplate(validId ? id : null);
  if (!validId || (template.isError && template.error instanceof ApiError && template.error.status === 404)) {
    return (
      <Alert color="orange" variant="light" title={t('checklist-templates.not_found')}>
        <Anchor component={Link} to="/dashboard/templates/checklists">
          {t('checklist-templates.back_to_list')}
        </Anchor>
      </Alert>
    );
  }
  if (id !== null && template.isError) {
    return (
      <ErrorPanel
        title={t('checklist-templates.load_failed')}
        error={template.error}
        onRetry={() => template.refetch()}
      />
    );
  }
  if (id !== null && !template.data) return <Skeleton h={320} radius="md" />;
  return <TemplateForm key={template.data?.id ?? 'new'} template={template.data ?? null} />;
}

function TemplateForm({ template }: { template: ChecklistTemplate | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const canManage = useCanManageTemplates();
  const categories = useCategories();
  const actions = useTemplateActions();
  const nextKey = useRef(0);
  const newKey = () => `new-${nextKey.current++}`;
  const [name, setName] = useState(template?.name ?? '');
  const [categoryId, setCategoryId] = useState<string | null>(
    template?.category_id ? String(template.category_id) : null,
  );
  const [items, setItems] = useState<DraftItem[]>(
    () =>
      template?.items.map((item) => ({
        key: `saved-${item.id}`,
        id: item.id,
        title: item.title,
        description: item.description ?? '',
      })) ?? [],
  );
  const [newItem, setNewItem] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const readOnly = !canManage;
  const saving = actions.create.isPending || actions.update.isPending;

  const addItem = () => {
    const title = newItem.trim();
    if (!title || items.length >= CHECKLIST_ITEMS_MAX) return;
    setItems((list) => [...list, { key: newKey(), title, description: '' }]);
    setNewItem('');
  };
  const change = (key: string, patch: Partial<DraftItem>) =>
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    setItems((list) => {
      const from = list.findIndex((i) => i.key === active.id);
      const to = list.findIndex((i) => i.key === over.id);
      return from < 0 || to < 0 ? list : arrayMove(list, from, to);
    });
  };

  const save = () => {
    if (!name.trim()) {
      setNameError(t('checklist-templates.name_required'));
      return;
    }
    // Rows left without a title are dropped rather than refused.
    const body = {
      name: name.trim(),
      category_id: categoryId ? Number(categoryId) : null,
      items: items
        .filter((item) => item.title.trim())
        .map((item) => ({
          ...(item.id ? { id: item.id } : {}),
          title: item.title.trim(),
          description: item.description.trim() || null,
        })),
    };
    if (template) {
      actions.update.mutate(
        { id: template.id, body },
        {
          onSuccess: () => notify.ok('checklist-templates.saved'),
          onError: notify.fail,
        },
      );
    } else {
      actions.create.mutate(body, {
        onSuccess: (created) => {
          notify.ok('checklist-templates.created');
          navigate(`/dashboard/templates/checklists/detail/${created.id}`, { replace: true });
        },
        onError: notify.fail,
      });
    }
  };

  const confirmDelete = () =>
    template &&
    modals.openConfirmModal({
      title: t('checklist-templates.delete_title'),
      children: <Text size="sm">{t('checklist-templates.delete_text', { name: template.name })}</Text>,
      labels: { confirm: t('checklist-templates.delete'), cancel: t('checklist-templates.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        actions.remove.mutate(template.id, {
          onSuccess: () => navigate('/dashboard/templates/checklists'),
          onError: notify.fail,
        }),
    });

  return (
    <Stack gap="md" maw={860}>
      <Breadcrumbs>
        <Anchor component={Link} to="/dashboard/templates">
          {t('checklist-templates.landing_title')}
        </Anchor>
        <Anchor component={Link} to="/dashboard/templates/checklists">
          {t('checklist-templates.checklist_templates')}
        </Anchor>
        <Text lineClamp={1}>{template?.name ?? t('checklist-templates.new')}</Text>
      </Breadcrumbs>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {template ? template.name : t('checklist-templates.new')}
        </Title>
        {template && canManage && (
          <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={confirmDelete}>
            {t('checklist-templates.delete')}
          </Button>
        )}
      </Group>
      {readOnly && (
        <Alert variant="light" color="gray">
          {t('checklist-templates.read_only')}
        </Alert>
      )}

      <Card withBorder radius="md" padding="md">
        <Stack>
          <Group grow align="flex-start" wrap="wrap" preventGrowOverflow={false}>
            <TextInput
              label={t('checklist-templates.name')}
              value={name}
              maxLength={CHECKLIST_TEMPLATE_NAME_MAX}
              onChange={(e) => {
                setName(e.currentTarget.value);
                setNameError(null);
              }}
              error={nameError}
              required
              readOnly={readOnly}
              miw={240}
            />
            <Select
              label={t('checklist-templates.category')}
              placeholder={t('checklist-templates.no_category')}
              clearable
              value={categoryId}
              onChange={setCategoryId}
              data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
              readOnly={readOnly}
              miw={200}
            />
          </Group>

          <Box>
            <Group justify="space-between" mb={6}>
              <Text fw={600} size="sm">
                {t('checklist-templates.items')}
              </Text>
              <Text size="xs" c="dimmed">
                {t('checklist-templates.items_count', { count: items.length })}
              </Text>
            </Group>
            {items.length === 0 && (
              <Text size="sm" c="dimmed" mb="xs">
                {t('checklist-templates.no_items')}
              </Text>
            )}
            <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={handleDragEnd}>
              <SortableContext items={items.map((i) => i.key)} strategy={verticalListSortingStrategy}>
                <Stack gap={6}>
                  {items.map((item, index) => (
                    <DraftRow
                      key={item.key}
                      item={item}
                      position={index + 1}
                      readOnly={readOnly}
                      onChange={(patch) => change(item.key, patch)}
                      onRemove={() => setItems((list) => list.filter((i) => i.key !== item.key))}
                    />
                  ))}
                </Stack>
              </SortableContext>
            </DndContext>
            {!readOnly && (
              <Group gap="xs" mt="sm" wrap="nowrap">
                <TextInput
                  style={{ flex: 1 }}
                  placeholder={t('checklist-templates.new_item')}
                  aria-label={t('checklist-templates.new_item')}
                  value={newItem}
                  maxLength={CHECKLIST_ITEM_TITLE_MAX}
                  onChange={(e) => setNewItem(e.currentTarget.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      addItem();
                    }
                  }}
                />
                <Button
                  variant="light"
                  leftSection={<IconPlus size={16} />}
                  onClick={addItem}
                  disabled={!newItem.trim() || items.length >= CHECKLIST_ITEMS_MAX}
                >
                  {t('checklist-templates.add_item')}
                </Button>
              </Group>
            )}
          </Box>
        </Stack>
      </Card>

      {!readOnly && (
        <Group justify="flex-end">
          <Button variant="default" component={Link} to="/dashboard/templates/checklists">
            {t('checklist-templates.cancel')}
          </Button>
          <Button onClick={save} loading={saving}>
            {t(template ? 'checklist-templates.save' : 'checklist-templates.create')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function DraftRow({
  item,
  position,
  readOnly,
  onChange,
  onRemove,
}: {
  item: DraftItem;
  position: number;
  readOnly: boolean;
  onChange: (patch: Partial<DraftItem>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: item.key, disabled: readOnly });
  return (
    <Group
      ref={setNodeRef}
      gap={6}
      wrap="nowrap"
      align="flex-start"
      data-testid="template-item"
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : 1,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
      }}
    >
      {!readOnly && (
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          mt={4}
          aria-label={t('checklist-templates.drag', { position })}
          style={{ cursor: 'grab', touchAction: 'none' }}
          {...attributes}
          {...listeners}
        >
          <IconGripVertical size={16} />
        </ActionIcon>
      )}
      <Text size="sm" c="dimmed" mt={6} w={22} ta="right" style={{ flexShrink: 0 }}>
        {position}.
      </Text>
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <TextInput
          size="sm"
          aria-label={t('checklist-templates.item_title', { position })}
          value={item.title}
          maxLength={CHECKLIST_ITEM_TITLE_MAX}
          onChange={(e) => onChange({ title: e.currentTarget.value })}
          readOnly={readOnly}
        />
        {(!readOnly || item.description) && (
          <TextInput
            size="xs"
            variant="filled"
            placeholder={t('checklist-templates.item_description')}
            aria-label={t('checklist-templates.item_description_of', { position })}
            value={item.description}
            maxLength={CHECKLIST_ITEM_DESCRIPTION_MAX}
            onChange={(e) => onChange({ description: e.currentTarget.value })}
            readOnly={readOnly}
          />
        )}
      </Stack>
      {!readOnly && (
        <ActionIcon
          variant="subtle"
          color="red"
          mt={4}
          aria-label={t('checklist-templates.remove_item', { position })}
          onClick={onRemove}
        >
          <IconTrash size={16} />
        </ActionIcon>
      )}
    </Group>
  );
}
