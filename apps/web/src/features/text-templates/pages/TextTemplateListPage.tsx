import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Menu,
  Pagination,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  IconChevronLeft,
  IconDots,
  IconPencil,
  IconPlus,
  IconSearch,
  IconSortAscending,
  IconSortDescending,
  IconTextPlus,
  IconTrash,
} from '@tabler/icons-react';
import {
  PAGE_SIZE_OPTIONS,
  SEARCH_DEBOUNCE_MS,
  TEXT_TEMPLATE_SORT_FIELDS,
  type TextTemplate,
  type TextTemplateListQuery,
} from '@workbench/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { currentLanguage } from '../../../i18n';
import { useCategories } from '../../categories/categories-api';
import { TextTemplateModal } from '../components/TextTemplateModal';
import { changeListParams, isFiltered, listQueryString, readListParams } from '../list-params';
import { useDeleteTextTemplate, useTextTemplateList } from '../text-templates-api';
import { useCanManageTextTemplates } from '../use-can-manage';

const SKELETON_ROWS = [1, 2, 3, 4, 5];

/** /dashboard/templates/autocomplete: the text templates, with the list parameters in the URL (001 §2). */
export function TextTemplateListPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const query = readListParams(searchParams);
  const list = useTextTemplateList(query);
  const categories = useCategories();
  const canManage = useCanManageTextTemplates();
  // undefined: closed; null: adding; a template: editing it.
  const [editing, setEditing] = useState<TextTemplate | null | undefined>(undefined);

  const update = (patch: Partial<TextTemplateListQuery>) =>
    setSearchParams(new URLSearchParams(listQueryString(changeListParams(query, patch))));

  // The search box writes to the URL 1000 ms after the last key (000 §9).
  const [searchText, setSearchText] = useState(query.search);
  const [debouncedSearch] = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new debounced value writes the URL
  useEffect(() => {
    if (debouncedSearch !== query.search) update({ search: debouncedSearch });
  }, [debouncedSearch]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the URL only
  useEffect(() => {
    if (query.search !== searchText.trim()) setSearchText(query.search);
  }, [query.search]);

  const page = list.data;
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/dashboard/templates" size="sm" w="fit-content">
        <Group gap={4}>
          <IconChevronLeft size={16} />
          {t('text-templates.back_to_templates')}
        </Group>
      </Anchor>
      <Group justify="space-between" wrap="wrap" align="end">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {t('text-templates.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('text-templates.subtitle')}
          </Text>
        </Stack>
        {canManage && (
          <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing(null)}>
            {t('text-templates.add')}
          </Button>
        )}
      </Group>

      <Group gap="sm" wrap="wrap" align="end">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('text-templates.search_placeholder')}
          aria-label={t('text-templates.search')}
          value={searchText}
          onChange={(e) => setSearchText(e.currentTarget.value)}
          w={{ base: '100%', sm: 280 }}
        />
        <Select
          aria-label={t('text-templates.category_filter')}
          placeholder={t('text-templates.all_categories')}
          data={[
            { value: '0', label: t('text-templates.all_categories') },
            ...(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
          ]}
          value={String(query.category_id)}
          onChange={(v) => update({ category_id: Number(v ?? 0) })}
          allowDeselect={false}
          searchable
          w={{ base: '100%', sm: 220 }}
        />
        <Group gap={4} wrap="nowrap">
          <Select
            aria-label={t('text-templates.sort_by')}
            value={query.sort_by}
            onChange={(v) => v && update({ sort_by: v as TextTemplateListQuery['sort_by'] })}
            data={TEXT_TEMPLATE_SORT_FIELDS.map((f) => ({ value: f, label: t(`text-templates.sort.${f}`) }))}
            allowDeselect={false}
            w={170}
          />
          <Tooltip
            label={t(
              query.sort_direction === 'asc' ? 'text-templates.ascending' : 'text-templates.descending',
            )}
          >
            <ActionIcon
              variant="default"
              size="input-sm"
              aria-label={t('text-templates.toggle_direction')}
              onClick={() => update({ sort_direction: query.sort_direction === 'asc' ? 'desc' : 'asc' })}
            >
              {query.sort_direction === 'asc' ? (
                <IconSortAscending size={18} />
              ) : (
                <IconSortDescending size={18} />
              )}
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>

      {list.isPending && (
        <Stack gap="sm" aria-busy="true" aria-label={t('common.loading')}>
          {SKELETON_ROWS.map((n) => (
            <Skeleton key={n} h={72} radius="md" />
          ))}
        </Stack>
      )}
      {list.isError && (
        <Paper withBorder p="lg" radius="md">
          <Group justify="space-between">
            <Text c="red">
              {t(`errors.${list.error instanceof ApiError ? list.error.key : 'general_error'}`, {
                defaultValue: t('errors.general_error'),
              })}
            </Text>
            <Button variant="light" onClick={() => list.refetch()}>
              {t('common.retry')}
            </Button>
          </Group>
        </Paper>
      )}
      {page && page.total === 0 && !list.isError && (
        <EmptyState filtered={isFiltered(query)} canManage={canManage} onAdd={() => setEditing(null)} />
      )}
      {page && page.total > 0 && (
        <>
          <Stack gap="sm" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
            {page.data.map((template) => (
              <TemplateRow
                key={template.id}
                template={template}
                canManage={canManage}
                onEdit={() => setEditing(template)}
              />
            ))}
          </Stack>
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text size="sm" c="dimmed">
              {t('text-templates.showing', { from: page.from ?? 0, to: page.to ?? 0, total: page.total })}
            </Text>
            <Group gap="sm" wrap="wrap">
              <Select
                aria-label={t('text-templates.page_size')}
                value={String(query.paginate_by)}
                onChange={(v) =>
                  v && update({ paginate_by: Number(v) as TextTemplateListQuery['paginate_by'] })
                }
                data={PAGE_SIZE_OPTIONS.map((n) => ({
                  value: String(n),
                  label: t('text-templates.per_page', { value: n }),
                }))}
                allowDeselect={false}
                w={140}
              />
              {page.last_page > 1 && (
                <Pagination
                  total={page.last_page}
                  value={page.current_page}
                  onChange={(p) => update({ page: p })}
                  size="sm"
                  siblings={1}
                />
              )}
            </Group>
          </Group>
        </>
      )}

      <TextTemplateModal
        opened={editing !== undefined}
        template={editing ?? null}
        defaultCategoryId={query.category_id || null}
        onClose={() => setEditing(undefined)}
        onSaved={(saved) => {
          notifications.show({
            color: 'teal',
            message: t(editing ? 'text-templates.saved' : 'text-templates.added'),
          });
          setEditing(undefined);
          // A new template shows at the top of the default order.
          if (!editing && saved) update({ page: 1 });
        }}
      />
    </Stack>
  );
}

function TemplateRow({
  template,
  canManage,
  onEdit,
}: {
  template: TextTemplate;
  canManage: boolean;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteTextTemplate();
  const updated = new Date(template.updated_at).toLocaleDateString(currentLanguage(), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('text-templates.delete_title'),
      children: (
        <Stack gap="xs">
          <Text size="sm">{t('text-templates.delete_text')}</Text>
          <Text size="sm" c="dimmed" lineClamp={3} fs="italic">
            {template.text}
          </Text>
        </Stack>
      ),
      labels: { confirm: t('text-templates.delete'), cancel: t('text-templates.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(template.id, {
          onSuccess: () => notifications.show({ color: 'teal', message: t('text-templates.deleted') }),
          onError: (err) =>
            notifications.show({
              color: 'red',
              message: t(`errors.${err instanceof ApiError ? err.key : 'general_error'}`, {
                defaultValue: t('errors.general_error'),
              }),
            }),
        }),
    });
  return (
    <Paper withBorder radius="md" p="sm" data-testid="text-template-row">
      <Group justify="space-between" wrap="nowrap" align="start" gap="sm">
        <Stack gap={6} miw={0} style={{ flex: 1 }}>
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} lineClamp={4}>
            {template.text}
          </Text>
          <Group gap="xs">
            {template.category ? (
              <Badge size="sm" variant="light" color={template.category.color ?? 'gray'}>
                {template.category.name}
              </Badge>
            ) : (
              <Badge size="sm" variant="outline" color="gray">
                {t('text-templates.no_category')}
              </Badge>
            )}
            <Text size="xs" c="dimmed">
              {template.created_by
                ? t('text-templates.updated_by', { date: updated, name: template.created_by.full_name })
                : t('text-templates.updated_on', { date: updated })}
            </Text>
          </Group>
        </Stack>
        {canManage && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={t('text-templates.actions')}>
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconPencil size={16} />} onClick={onEdit}>
                {t('text-templates.edit')}
              </Menu.Item>
              <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={confirmDelete}>
                {t('text-templates.delete')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
    </Paper>
  );
}

function EmptyState({
  filtered,
  canManage,
  onAdd,
}: {
  filtered: boolean;
  canManage: boolean;
  onAdd: () => void;
}) {
  const { t } = useTranslation();
  if (filtered) {
    return (
      <Center py="xl">
        <Stack align="center" gap={4}>
          <IconSearch size={28} color="var(--mantine-color-dimmed)" />
          <Text c="dimmed">{t('text-templates.no_results')}</Text>
        </Stack>
      </Center>
    );
  }
  return (
    <Center py={48}>
      <Stack align="center" ta="center" gap="sm" maw={440}>
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconTextPlus size={34} />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t('text-templates.empty_title')}
        </Title>
        <Text c="dimmed">{t('text-templates.empty_text')}</Text>
        {canManage && (
          <Button leftSection={<IconPlus size={18} />} onClick={onAdd}>
            {t('text-templates.add')}
          </Button>
        )}
      </Stack>
    </Center>
  );
}
