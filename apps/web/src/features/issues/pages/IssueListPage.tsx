import {
  ActionIcon,
  Badge,
  Button,
  Center,
  Group,
  Pagination,
  ScrollArea,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Tabs,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconClipboardList,
  IconLayoutList,
  IconList,
  IconPlus,
  IconSearch,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import {
  ISSUE_SORT_BY,
  ISSUE_STATE_TAB_IDS,
  type IssueListQuery,
  type IssueSortBy,
  PAGE_SIZE_OPTIONS,
} from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { IssueBulkBar } from '../../issue-bulk/components/IssueBulkBar';
import { useIssueSelection } from '../../issue-bulk/use-issue-selection';
import { IssueExportMenu } from '../../issue-export/components/IssueExportMenu';
import { SavedFiltersMenu } from '../../saved-filters/components/SavedFiltersMenu';
import { IssueListFilters } from '../components/IssueListFilters';
import { IssueCards, IssueTable } from '../components/IssueListRows';
import { IssueErrorPanel } from '../components/IssueStates';
import { issuePaths } from '../issue-helpers';
import { useIssueList } from '../issue-list-api';
import {
  changeIssueList,
  clearIssueListFilters,
  type IssueListDensity,
  type IssueListState,
  isIssueListFiltered,
  issueListSearch,
  pageRange,
  readIssueListState,
  shownSortBy,
  toggledSort,
} from '../list-state';

const SKELETON_ROWS = [1, 2, 3, 4, 5, 6, 7, 8];

/** /dashboard/issues: the issues the person may see, by state tab, with filters kept in the URL. */
export function IssueListPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = readIssueListState(searchParams);
  const { query, density } = state;
  const list = useIssueList(query);
  const selection = useIssueSelection();

  const go = (next: IssueListState) => setSearchParams(new URLSearchParams(issueListSearch(next)));
  const update = (patch: Partial<IssueListQuery>) => go(changeIssueList(state, patch));
  const setDensity = (value: IssueListDensity) => go({ ...state, density: value });

  const page = list.data;
  const counts = page?.state_counts;
  const filtered = isIssueListFiltered(query);

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('issues.list.title')}
        </Title>
        <Button component={Link} to={issuePaths.add()} leftSection={<IconPlus size={18} />}>
          {t('issues.list.new_issue')}
        </Button>
      </Group>

      <Tabs
        value={query.issue_state}
        onChange={(v) => v && update({ issue_state: v as IssueListQuery['issue_state'] })}
      >
        <ScrollArea type="hover" scrollbarSize={6} offsetScrollbars="x">
          <Tabs.List style={{ flexWrap: 'nowrap' }}>
            {ISSUE_STATE_TAB_IDS.map((tab) => (
              <Tabs.Tab
                key={tab}
                value={tab}
                rightSection={
                  <Badge
                    size="sm"
                    variant={tab === query.issue_state ? 'filled' : 'light'}
                    color="gray"
                    circle={false}
                  >
                    {counts ? counts[tab] : '…'}
                  </Badge>
                }
                style={{ whiteSpace: 'nowrap', flexShrink: 0 }}
              >
                {t(`issues.list.tabs.${tab}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </ScrollArea>
      </Tabs>

      <IssueListFilters query={query} onChange={update} />
      <IssueBulkBar selection={selection} />

      <Group justify="space-between" wrap="wrap" gap="sm">
        <SavedFiltersMenu />
        <Group gap={4} wrap="nowrap">
          <Select
            aria-label={t('issues.list.sort_by')}
            value={shownSortBy(query)}
            onChange={(v) => v && update({ sort_by: v as IssueSortBy })}
            data={ISSUE_SORT_BY.map((f) => ({ value: f, label: t(`issues.list.sort.${f}`) }))}
            allowDeselect={false}
            w={180}
          />
          <Tooltip
            label={t(query.sort_direction === 'asc' ? 'issues.list.ascending' : 'issues.list.descending')}
          >
            <ActionIcon
              variant="default"
              size="input-sm"
              aria-label={t('issues.list.toggle_direction')}
              onClick={() => update(toggledSort(query))}
            >
              {query.sort_direction === 'asc' ? (
                <IconSortAscending size={18} />
              ) : (
                <IconSortDescending size={18} />
              )}
            </ActionIcon>
          </Tooltip>
        </Group>
        <SegmentedControl
          size="xs"
          aria-label={t('issues.list.density')}
          value={density}
          onChange={(v) => setDensity(v === 'compact' ? 'compact' : 'comfortable')}
          data={[
            {
              value: 'comfortable',
              label: (
                <Group gap={4} wrap="nowrap">
                  <IconLayoutList size={14} />
                  <span>{t('issues.list.comfortable')}</span>
                </Group>
              ),
            },
            {
              value: 'compact',
              label: (
                <Group gap={4} wrap="nowrap">
                  <IconList size={14} />
                  <span>{t('issues.list.compact')}</span>
                </Group>
              ),
            },
          ]}
        />
        <IssueExportMenu query={query} />
      </Group>

      {list.isPending && (
        <Stack gap="xs" aria-busy="true" aria-label={t('common.loading')} data-testid="issue-list-loading">
          {SKELETON_ROWS.map((n) => (
            <Skeleton key={n} h={density === 'compact' ? 32 : 52} radius="sm" />
          ))}
        </Stack>
      )}
      {list.isError && !page && (
        <IssueErrorPanel
          error={list.error}
          onRetry={() => list.refetch()}
          title={t('issues.list.load_failed')}
        />
      )}
      {page && page.total === 0 && (
        <EmptyState
          filtered={filtered}
          onClear={() => go({ ...state, query: clearIssueListFilters(query) })}
        />
      )}
      {page && page.total > 0 && (
        <Stack gap="sm" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          {list.isError && (
            <IssueErrorPanel
              error={list.error}
              onRetry={() => list.refetch()}
              title={t('issues.list.load_failed')}
            />
          )}
          <IssueTable issues={page.data} density={density} selection={selection} />
          <IssueCards issues={page.data} density={density} selection={selection} />
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text size="sm" c="dimmed" data-testid="issue-list-range">
              {t('issues.list.showing', pageRange(page))}
            </Text>
            <Group gap="sm" wrap="wrap">
              <Select
                aria-label={t('issues.list.page_size')}
                value={String(query.paginate_by)}
                onChange={(v) => v && update({ paginate_by: Number(v) })}
                data={PAGE_SIZE_OPTIONS.map((n) => ({
                  value: String(n),
                  label: t('issues.list.per_page', { value: n }),
                }))}
                allowDeselect={false}
                w={150}
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
        </Stack>
      )}
    </Stack>
  );
}

function EmptyState({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  const { t } = useTranslation();
  if (filtered) {
    return (
      <Center py="xl">
        <Stack align="center" gap="xs">
          <IconSearch size={28} color="var(--mantine-color-dimmed)" />
          <Text c="dimmed">{t('issues.list.no_results')}</Text>
          <Button variant="light" size="xs" onClick={onClear}>
            {t('issues.list.clear_filters')}
          </Button>
        </Stack>
      </Center>
    );
  }
  return (
    <Center py={48}>
      <Stack align="center" ta="center" gap="sm" maw={440}>
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconClipboardList size={34} />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t('issues.list.empty_title')}
        </Title>
        <Text c="dimmed">{t('issues.list.empty_text')}</Text>
        <Button component={Link} to={issuePaths.add()} leftSection={<IconPlus size={18} />}>
          {t('issues.list.new_issue')}
        </Button>
      </Stack>
    </Center>
  );
}
