import {
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Card,
  Group,
  Select,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconListCheck, IconPlus } from '@tabler/icons-react';
import {
  CHECKLIST_TEMPLATE_SORT_FIELDS,
  type ChecklistTemplate,
  type ChecklistTemplateListQuery,
} from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../ui/feedback/EmptyState';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { ListPaging } from '../../../ui/ListPaging';
import { ListSortControl } from '../../../ui/ListSortControl';
import { formatDateTime } from '../../issues/issue-helpers';
import { useCategories } from '../../issues/issues-api';
import { changeTemplateListParams, readTemplateListParams, templateQueryString } from '../list-params';
import { useChecklistTemplates } from '../templates-api';
import { useCanManageTemplates } from '../use-can-manage';

const SKELETON_ROWS = [1, 2, 3, 4];

/** /dashboard/templates/checklists: the organisation's checklist templates, list state in the URL. */
export function ChecklistTemplateListPage() {
  const { t, i18n } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const query = readTemplateListParams(searchParams);
  const list = useChecklistTemplates(query);
  const categories = useCategories();
  const canManage = useCanManageTemplates();
  const update = (patch: Partial<ChecklistTemplateListQuery>) =>
    setSearchParams(new URLSearchParams(templateQueryString(changeTemplateListParams(query, patch))));
  const page = list.data;

  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to="/dashboard/templates">
          {t('checklist-templates.landing_title')}
        </Anchor>
        <Text>{t('checklist-templates.checklist_templates')}</Text>
      </Breadcrumbs>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('checklist-templates.checklist_templates')}
        </Title>
        {canManage && (
          <Button
            component={Link}
            to="/dashboard/templates/checklists/add"
            leftSection={<IconPlus size={18} />}
          >
            {t('checklist-templates.add')}
          </Button>
        )}
      </Group>

      {/* 001 §2: the only filter is the category. */}
      <Group gap="sm" wrap="wrap" align="end">
        <Select
          label={t('checklist-templates.category')}
          placeholder={t('checklist-templates.all_categories')}
          clearable
          value={query.category_id ? String(query.category_id) : null}
          onChange={(v) => update({ category_id: v ? Number(v) : undefined })}
          data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          w={{ base: '100%', sm: 240 }}
        />
        <ListSortControl
          label={t('checklist-templates.sort_by')}
          showLabel
          value={query.sort_by}
          options={CHECKLIST_TEMPLATE_SORT_FIELDS.map((f) => ({
            value: f,
            label: t(`checklist-templates.sort.${f}`),
          }))}
          onChange={(sort_by) => update({ sort_by })}
          width={160}
          direction={query.sort_direction}
          ascendingLabel={t('checklist-templates.ascending')}
          descendingLabel={t('checklist-templates.descending')}
          toggleLabel={t('checklist-templates.toggle_direction')}
          onToggleDirection={() =>
            update({ sort_direction: query.sort_direction === 'asc' ? 'desc' : 'asc' })
          }
        />
      </Group>

      {list.isPending && (
        <Stack gap="sm" aria-busy="true">
          {SKELETON_ROWS.map((n) => (
            <Skeleton key={n} h={72} radius="md" />
          ))}
        </Stack>
      )}
      {list.isError && (
        <ErrorPanel
          title={t('checklist-templates.load_failed')}
          error={list.error}
          onRetry={() => list.refetch()}
        />
      )}
      {page && page.total === 0 && !list.isError && (
        <EmptyState
          filtered={query.category_id !== undefined}
          noResultsText={t('checklist-templates.no_results')}
          icon={IconListCheck}
          title={t('checklist-templates.empty_title')}
          text={t('checklist-templates.empty_text')}
          add={
            canManage
              ? { label: t('checklist-templates.add'), to: '/dashboard/templates/checklists/add' }
              : undefined
          }
        />
      )}
      {page && page.total > 0 && (
        <>
          <Stack gap="sm" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
            {page.data.map((template) => (
              <TemplateRow key={template.id} template={template} language={i18n.language} />
            ))}
          </Stack>
          <ListPaging
            page={page}
            showing={(range) => t('checklist-templates.showing', range)}
            pageSize={query.paginate_by}
            pageSizeLabel={t('checklist-templates.page_size')}
            perPageLabel={(n) => t('checklist-templates.per_page', { value: n })}
            onPageSize={(n) => update({ paginate_by: n })}
            onPage={(p) => update({ page: p })}
          />
        </>
      )}
    </Stack>
  );
}

function TemplateRow({ template, language }: { template: ChecklistTemplate; language: string }) {
  const { t } = useTranslation();
  const to = `/dashboard/templates/checklists/detail/${template.id}`;
  return (
    <Card withBorder radius="md" padding="sm" data-testid="template-row">
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Stack gap={2} miw={0}>
          <Anchor component={Link} to={to} fw={600} lineClamp={1}>
            {template.name}
          </Anchor>
          <Text size="sm" c="dimmed" lineClamp={1}>
            {template.items.map((i) => i.title).join(' · ') || t('checklist-templates.no_items')}
          </Text>
        </Stack>
        <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
          <Group gap={4} wrap="nowrap">
            {template.category && (
              <Badge variant="light" size="sm" maw={160}>
                {template.category.name}
              </Badge>
            )}
            <Badge variant="outline" color="gray" size="sm">
              {t('checklist-templates.items_count', { count: template.items_count })}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed" visibleFrom="sm">
            {t('checklist-templates.updated', { date: formatDateTime(template.updated_at, language) })}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}
