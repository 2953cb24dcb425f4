import {
  ActionIcon,
  Alert,
  Anchor,
  Box,
  Button,
  ColorInput,
  ColorSwatch,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCategory, IconInfoCircle, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { CATEGORY_NAME_MAX, type CategoryItem } from '@workbench/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client';
import { EmptyState } from '../../../ui/feedback/EmptyState';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { errorKeyOf } from '../../../ui/feedback/error-text';
import { useErrorText } from '../../../ui/feedback/use-error-text';
import { useNotify } from '../../../ui/feedback/use-notify';
import { useCanManageCategories } from '../../text-templates/use-can-manage';
import { useCategories, useDeleteCategory, useSaveCategory } from '../categories-api';

/** Colours offered first; any other can be typed or picked. */
const SWATCHES = [
  '#e03131',
  '#f08c00',
  '#f59f00',
  '#37b24d',
  '#0ca678',
  '#1c7ed6',
  '#4263eb',
  '#7048e8',
  '#ae3ec9',
  '#868e96',
];
const SKELETON_ROWS = [1, 2, 3, 4];

/** /dashboard/categories: the organisation's categories; admins add, rename, recolour and delete them. */
export function CategoriesPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const categories = useCategories();
  const canManage = useCanManageCategories();
  // undefined: closed; null: adding; a category: editing it.
  const [editing, setEditing] = useState<CategoryItem | null | undefined>(undefined);
  const remove = useDeleteCategory();

  const confirmDelete = (category: CategoryItem) =>
    modals.openConfirmModal({
      title: t('categories.delete_title', { name: category.name }),
      children: (
        <Text size="sm">
          {category.issues_count > 0
            ? t('categories.delete_text_issues', { count: category.issues_count })
            : t('categories.delete_text')}
        </Text>
      ),
      labels: { confirm: t('categories.delete'), cancel: t('categories.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(category.id, {
          onSuccess: () => notify.ok('categories.deleted', { name: category.name }),
          onError: notify.fail,
        }),
    });

  return (
    <Stack gap="md" maw={860}>
      <Group justify="space-between" wrap="wrap" align="end">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {t('categories.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('categories.subtitle')}
          </Text>
        </Stack>
        {canManage && (
          <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing(null)}>
            {t('categories.add')}
          </Button>
        )}
      </Group>
      {!canManage && (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
          {t('categories.admins_only')}
        </Alert>
      )}

      {categories.isPending && (
        <Stack gap="xs" aria-busy="true" aria-label={t('common.loading')}>
          {SKELETON_ROWS.map((n) => (
            <Skeleton key={n} h={56} radius="md" />
          ))}
        </Stack>
      )}
      {categories.isError && <ErrorPanel error={categories.error} onRetry={() => categories.refetch()} />}
      {categories.data?.length === 0 && (
        <EmptyState
          icon={IconCategory}
          title={t('categories.empty_title')}
          text={t('categories.empty_text')}
          add={canManage ? { label: t('categories.add'), onClick: () => setEditing(null) } : undefined}
        />
      )}
      {!!categories.data?.length && (
        <Paper withBorder radius="md">
          {categories.data.map((category, index) => (
            <Group
              key={category.id}
              justify="space-between"
              wrap="nowrap"
              px="md"
              py="sm"
              data-testid="category-row"
              style={{ borderTop: index ? '1px solid var(--mantine-color-default-border)' : undefined }}
            >
              <Group gap="sm" wrap="nowrap" miw={0}>
                <ColorSwatch
                  color={category.color ?? 'var(--mantine-color-gray-3)'}
                  size={22}
                  aria-hidden
                  style={{ flexShrink: 0 }}
                />
                <Box miw={0}>
                  <Text fw={600} truncate>
                    {category.name}
                  </Text>
                  <Anchor
                    component={Link}
                    to={`/dashboard/issues?categories=${category.id}`}
                    size="xs"
                    c="dimmed"
                  >
                    {t('categories.issues_count', { count: category.issues_count })}
                  </Anchor>
                </Box>
              </Group>
              {canManage && (
                <Group gap={4} wrap="nowrap">
                  <Tooltip label={t('categories.edit')}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={t('categories.edit_named', { name: category.name })}
                      onClick={() => setEditing(category)}
                    >
                      <IconPencil size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('categories.delete')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('categories.delete_named', { name: category.name })}
                      onClick={() => confirmDelete(category)}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              )}
            </Group>
          ))}
        </Paper>
      )}

      <CategoryModal
        opened={editing !== undefined}
        category={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={(saved) => {
          notify.ok(editing ? 'categories.saved' : 'categories.added', { name: saved.name });
          setEditing(undefined);
        }}
      />
    </Stack>
  );
}

function CategoryModal({
  opened,
  category,
  onClose,
  onSaved,
}: {
  opened: boolean;
  category: CategoryItem | null;
  onClose: () => void;
  onSaved: (saved: CategoryItem) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const save = useSaveCategory();
  const [name, setName] = useState('');
  const [color, setColor] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (!opened) return;
    setName(category?.name ?? '');
    setColor(category?.color ?? SWATCHES[5] ?? '');
    setErrors({});
  }, [opened, category]);

  const fieldError = (field: string) => (errors[field] ? errorText(errors[field]) : undefined);

  const submit = async () => {
    if (!name.trim()) {
      setErrors({ name: 'required' });
      return;
    }
    if (color && !/^#[0-9a-fA-F]{6}$/.test(color)) {
      setErrors({ color: 'invalid_format' });
      return;
    }
    try {
      onSaved(
        await save.mutateAsync({ ...(category ? { id: category.id } : {}), name, color: color || null }),
      );
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length) setErrors(err.fields);
      else setErrors({ form: errorKeyOf(err) });
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(category ? 'categories.edit_title' : 'categories.add_title')}
    >
      <Stack
        component="form"
        gap="md"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextInput
          label={t('categories.fields.name')}
          withAsterisk
          maxLength={CATEGORY_NAME_MAX}
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setErrors({});
          }}
          error={fieldError('name')}
          data-autofocus
        />
        <ColorInput
          label={t('categories.fields.color')}
          format="hex"
          swatches={SWATCHES}
          swatchesPerRow={10}
          value={color}
          onChange={(v) => {
            setColor(v);
            setErrors({});
          }}
          error={fieldError('color')}
          popoverProps={{ withinPortal: true }}
        />
        {errors.form && (
          <Text c="red" size="sm">
            {errorText(errors.form)}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('categories.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('categories.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
