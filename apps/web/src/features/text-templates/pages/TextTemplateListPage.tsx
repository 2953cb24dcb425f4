import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Menu,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconChevronLeft,
  IconDots,
  IconPencil,
  IconPlus,
  IconSearch,
  IconTextPlus,
  IconTrash,
} from '@tabler/icons-react';
import { TEXT_TEMPLATE_SORT_FIELDS, type TextTemplate, type TextTemplateListQuery } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { currentLanguage } from '../../../i18n';
import { EmptyState } from '../../../ui/feedback/EmptyState';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { useNotify } from '../../../ui/feedback/use-notify';
import { useUrlSearch } from '../../../ui/feedback/use-url-search';
import { ListPaging } from '../../../ui/ListPaging';
import { ListSortControl } from '../../../ui/ListSortControl';
import { useCategories } from '../../categories/categories-api';
import { TextTemplateModal } from '../components/TextTemplateModal';
import { changeListParams, isFiltered, listQueryString, readListParams } from '../list-params';
import { useDeleteTextTemplate, useTextTemplateList } from '../text-templates-api';
import { useCanManageTextTemplates } from '../use-can-manage';

const SKELETON_ROWS = [1, 2, 3, 4, 5];

/** /dashboard/templates/autocomplete: the text templates, with the list parameters in the URL (001 §2). */
export function TextTemplateListPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const [searchParams, setSearchParams] = useSearchParams();
  const query = readListParams(searchParams);
  const list = useTextTemplateList(query);
  const categories = useCategories();
  const canManage = useCanManageTextTemplates();
  // undefined: closed; null: adding; a template: editing it.
  const [editing, setEditing] = useState<TextTemplate | null | undefined>(undefined);

  const update = (patch: Partial<TextTemplateListQuery>) =>
    setSearchParams(new URLSearchParams(listQueryString(changeListParams(query, patch))));

  const [searchText, setSearchText] = useUrlSearch(query.search, (search) => update({ search }));

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
        <ListSortControl
          label={t('text-templates.sort_by')}
          value={query.sort_by}
          options={TEXT_TEMPLATE_SORT_FIELDS.map((f) => ({ value: f, label: t(`text-templates.sort.${f}`) }))}
          onChange={(sort_by) => update({ sort_by })}
          width={170}
          direction={query.sort_direction}
          ascendingLabel={t('text-templates.ascending')}
          descendingLabel={t('text-templates.descending')}
          toggleLabel={t('text-templates.toggle_direction')}
          onToggleDirection={() =>
            update({ sort_direction: query.sort_direction === 'asc' ? 'desc' : 'asc' })
          }
        />
      </Group>

      {list.isPending && (
        <Stack gap="sm" role="status" aria-busy="true" aria-label={t('common.loading')}>
          {SKELETON_ROWS.map((n) => (
            <Skeleton key={n} h={72} radius="md" />
          ))}
        </Stack>
      )}
      {list.isError && <ErrorPanel error={list.error} onRetry={() => list.refetch()} />}
      {page && page.total === 0 && !list.isError && (
        <EmptyState
          filtered={isFiltered(query)}
          noResultsText={t('text-templates.no_results')}
          icon={IconTextPlus}
          title={t('text-templates.empty_title')}
          text={t('text-templates.empty_text')}
          add={canManage ? { label: t('text-templates.add'), onClick: () => setEditing(null) } : undefined}
        />
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
          <ListPaging
            page={page}
            showing={(range) => t('text-templates.showing', range)}
            pageSize={query.paginate_by}
            pageSizeLabel={t('text-templates.page_size')}
            perPageLabel={(n) => t('text-templates.per_page', { value: n })}
            onPageSize={(n) => update({ paginate_by: n as TextTemplateListQuery['paginate_by'] })}
            onPage={(p) => update({ page: p })}
          />
        </>
      )}

      <TextTemplateModal
        opened={editing !== undefined}
        template={editing ?? null}
        defaultCategoryId={query.category_id || null}
        onClose={() => setEditing(undefined)}
        onSaved={(saved) => {
          notify.ok(editing ? 'text-templates.saved' : 'text-templates.added');
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
  const notify = useNotify();
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
          onSuccess: () => notify.ok('text-templates.deleted'),
          onError: notify.fail,
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
