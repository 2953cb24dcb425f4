import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconBuildingSkyscraper, IconPlus, IconSearch, IconSitemap } from '@tabler/icons-react';
import { WORKSPACE_SORT_FIELDS, type WorkspaceItem, type WorkspaceListQuery } from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { currentLanguage } from '../../../i18n';
import { EmptyState } from '../../../ui/feedback/EmptyState';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { useUrlSearch } from '../../../ui/feedback/use-url-search';
import { ListPaging } from '../../../ui/ListPaging';
import { ListSortControl } from '../../../ui/ListSortControl';
import { FavoriteButton } from '../components/FavoriteButton';
import { RoleBadge } from '../components/RoleBadge';
import { WorkspaceImage } from '../components/WorkspaceImage';
import { changeListParams, isFiltered, listQueryString, readListParams } from '../list-params';
import { translatedText } from '../translated';
import { useCanAddWorkspace } from '../use-can-add';
import { useWorkspaceList } from '../workspace-api';

const SKELETON_CARDS = [1, 2, 3, 4, 5, 6];

/** /dashboard/workspaces: the workspaces the person can see, with the spec's list parameters in the URL. */
export function WorkspaceListPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const query = readListParams(searchParams);
  const list = useWorkspaceList(query);
  const canAdd = useCanAddWorkspace();

  const update = (patch: Partial<WorkspaceListQuery>) =>
    setSearchParams(new URLSearchParams(listQueryString(changeListParams(query, patch))));

  const [searchText, setSearchText] = useUrlSearch(query.search, (search) => update({ search }));

  const page = list.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('workspaces.title')}
        </Title>
        {canAdd && (
          <Button component={Link} to="/dashboard/workspaces/add" leftSection={<IconPlus size={18} />}>
            {t('workspaces.add')}
          </Button>
        )}
      </Group>

      <Group gap="sm" wrap="wrap" align="end">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('workspaces.search_placeholder')}
          aria-label={t('workspaces.search')}
          value={searchText}
          onChange={(e) => setSearchText(e.currentTarget.value)}
          w={{ base: '100%', sm: 280 }}
        />
        <SegmentedControl
          value={String(query.archived)}
          onChange={(v) => update({ archived: v === '1' ? 1 : 0 })}
          data={[
            { value: '0', label: t('workspaces.active') },
            { value: '1', label: t('workspaces.archived') },
          ]}
          aria-label={t('workspaces.archived_filter')}
        />
        <ListSortControl
          label={t('workspaces.sort_by')}
          value={query.sort_by}
          options={WORKSPACE_SORT_FIELDS.map((f) => ({ value: f, label: t(`workspaces.sort.${f}`) }))}
          onChange={(sort_by) => update({ sort_by })}
          width={150}
          direction={query.sort_direction}
          ascendingLabel={t('workspaces.ascending')}
          descendingLabel={t('workspaces.descending')}
          toggleLabel={t('workspaces.toggle_direction')}
          onToggleDirection={() =>
            update({ sort_direction: query.sort_direction === 'asc' ? 'desc' : 'asc' })
          }
        />
        <Switch
          checked={query.include_subws === 1}
          onChange={(e) => update({ include_subws: e.currentTarget.checked ? 1 : 0 })}
          label={t('workspaces.include_subws')}
          mb={8}
        />
      </Group>

      {list.isPending && (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          role="status"
          aria-busy="true"
          aria-label={t('common.loading')}
        >
          {SKELETON_CARDS.map((n) => (
            <Skeleton key={n} h={240} radius="md" />
          ))}
        </SimpleGrid>
      )}
      {list.isError && (
        <ErrorPanel title={t('workspaces.load_failed')} error={list.error} onRetry={() => list.refetch()} />
      )}
      {page && page.total === 0 && !list.isError && (
        <EmptyState
          filtered={isFiltered(query)}
          noResultsText={t('workspaces.no_results')}
          icon={IconBuildingSkyscraper}
          title={t('workspaces.empty_title')}
          text={t(query.include_subws === 1 ? 'workspaces.empty_text_all' : 'workspaces.empty_text')}
          add={canAdd ? { label: t('workspaces.add'), to: '/dashboard/workspaces/add' } : undefined}
        />
      )}
      {page && page.total > 0 && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
            {page.data.map((workspace) => (
              <WorkspaceCard key={workspace.id} workspace={workspace} />
            ))}
          </SimpleGrid>
          <ListPaging
            page={page}
            showing={(range) => t('workspaces.showing', range)}
            pageSize={query.paginate_by}
            pageSizeLabel={t('workspaces.page_size')}
            perPageLabel={(n) => t('workspaces.per_page', { value: n })}
            onPageSize={(n) => update({ paginate_by: n as WorkspaceListQuery['paginate_by'] })}
            onPage={(p) => update({ page: p })}
          />
        </>
      )}
    </Stack>
  );
}

function WorkspaceCard({ workspace }: { workspace: WorkspaceItem }) {
  const { t } = useTranslation();
  const to = workspace.parent_id
    ? `/dashboard/workspaces/detail/${workspace.parent_id}/${workspace.id}`
    : `/dashboard/workspaces/detail/${workspace.id}`;
  return (
    <Card withBorder radius="md" padding="sm" data-testid="workspace-card">
      <Card.Section>
        <Link to={to} aria-hidden tabIndex={-1}>
          <WorkspaceImage src={workspace.image} alt="" height={130} />
        </Link>
      </Card.Section>
      <Group justify="space-between" mt="sm" wrap="nowrap" align="start">
        <Stack gap={2} miw={0}>
          <Anchor component={Link} to={to} fw={600} lineClamp={1}>
            {translatedText(workspace, 'name', currentLanguage())}
          </Anchor>
          <Text size="sm" c="dimmed" lineClamp={1}>
            {workspace.reference_number || t('workspaces.no_reference')}
          </Text>
        </Stack>
        <FavoriteButton id={workspace.id} isFavorite={workspace.is_favorite} />
      </Group>
      <Group gap="xs" mt="xs">
        <RoleBadge role={workspace.my_role} />
        <Badge variant="outline" color="gray" size="sm" leftSection={<IconSitemap size={12} />}>
          {t('workspaces.children_count', { value: workspace.children_count })}
        </Badge>
        {workspace.archived && (
          <Badge color="gray" size="sm">
            {t('workspaces.archived_badge')}
          </Badge>
        )}
        {workspace.my_collaboration && (
          <Badge color="orange" variant="light" size="sm" maw="100%">
            {t('workspaces.shared_by', { name: workspace.my_collaboration.label })}
          </Badge>
        )}
      </Group>
    </Card>
  );
}
