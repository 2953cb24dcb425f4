import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Pagination,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconBuildingSkyscraper,
  IconPlus,
  IconSearch,
  IconSitemap,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import {
  PAGE_SIZE_OPTIONS,
  SEARCH_DEBOUNCE_MS,
  WORKSPACE_SORT_FIELDS,
  type WorkspaceItem,
  type WorkspaceListQuery,
} from '@workbench/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { currentLanguage } from '../../../i18n';
import { ErrorPanel } from '../components/ErrorPanel';
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

  // The search box writes to the URL 1000 ms after the last key (000 §9).
  const [searchText, setSearchText] = useState(query.search);
  const [debouncedSearch] = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new debounced value writes the URL
  useEffect(() => {
    if (debouncedSearch !== query.search) update({ search: debouncedSearch });
  }, [debouncedSearch]);
  // Back/forward in the browser brings the URL's search into the box.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the URL only
  useEffect(() => {
    if (query.search !== searchText.trim()) setSearchText(query.search);
  }, [query.search]);

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
        <Group gap={4} wrap="nowrap">
          <Select
            aria-label={t('workspaces.sort_by')}
            value={query.sort_by}
            onChange={(v) => v && update({ sort_by: v as WorkspaceListQuery['sort_by'] })}
            data={WORKSPACE_SORT_FIELDS.map((f) => ({ value: f, label: t(`workspaces.sort.${f}`) }))}
            allowDeselect={false}
            w={150}
          />
          <Tooltip
            label={t(query.sort_direction === 'asc' ? 'workspaces.ascending' : 'workspaces.descending')}
          >
            <ActionIcon
              variant="default"
              size="input-sm"
              aria-label={t('workspaces.toggle_direction')}
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
        <Switch
          checked={query.include_subws === 1}
          onChange={(e) => update({ include_subws: e.currentTarget.checked ? 1 : 0 })}
          label={t('workspaces.include_subws')}
          mb={8}
        />
      </Group>

      {list.isPending && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true" aria-label={t('common.loading')}>
          {SKELETON_CARDS.map((n) => (
            <Skeleton key={n} h={240} radius="md" />
          ))}
        </SimpleGrid>
      )}
      {list.isError && <ErrorPanel error={list.error} onRetry={() => list.refetch()} />}
      {page && page.total === 0 && !list.isError && (
        <EmptyState filtered={isFiltered(query)} canAdd={canAdd} subWorkspaces={query.include_subws === 1} />
      )}
      {page && page.total > 0 && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
            {page.data.map((workspace) => (
              <WorkspaceCard key={workspace.id} workspace={workspace} />
            ))}
          </SimpleGrid>
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text size="sm" c="dimmed">
              {t('workspaces.showing', { from: page.from ?? 0, to: page.to ?? 0, total: page.total })}
            </Text>
            <Group gap="sm" wrap="wrap">
              <Select
                aria-label={t('workspaces.page_size')}
                value={String(query.paginate_by)}
                onChange={(v) => v && update({ paginate_by: Number(v) as WorkspaceListQuery['paginate_by'] })}
                data={PAGE_SIZE_OPTIONS.map((n) => ({
                  value: String(n),
                  label: t('workspaces.per_page', { value: n }),
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

function EmptyState({
  filtered,
  canAdd,
  subWorkspaces,
}: {
  filtered: boolean;
  canAdd: boolean;
  subWorkspaces: boolean;
}) {
  const { t } = useTranslation();
  if (filtered) {
    return (
      <Center py="xl">
        <Stack align="center" gap={4}>
          <IconSearch size={28} color="var(--mantine-color-dimmed)" />
          <Text c="dimmed">{t('workspaces.no_results')}</Text>
        </Stack>
      </Center>
    );
  }
  return (
    <Center py={48}>
      <Stack align="center" ta="center" gap="sm" maw={420}>
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconBuildingSkyscraper size={34} />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t('workspaces.empty_title')}
        </Title>
        <Text c="dimmed">{t(subWorkspaces ? 'workspaces.empty_text_all' : 'workspaces.empty_text')}</Text>
        {canAdd && (
          <Button component={Link} to="/dashboard/workspaces/add" leftSection={<IconPlus size={18} />}>
            {t('workspaces.add')}
          </Button>
        )}
      </Stack>
    </Center>
  );
}
