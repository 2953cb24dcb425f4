import {
  Alert,
  Badge,
  Button,
  Group,
  ScrollArea,
  SegmentedControl,
  Skeleton,
  Stack,
  Tabs,
  Title,
} from '@mantine/core';
import {
  IconClipboardList,
  IconInfoCircle,
  IconLayoutList,
  IconList,
  IconPlus,
  IconTable,
} from '@tabler/icons-react';
import {
  ISSUE_SEARCH_CANDIDATES,
  ISSUE_SORT_BY,
  ISSUE_STATE_TAB_IDS,
  type IssueListQuery,
  type IssueSortBy,
} from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../ui/feedback/EmptyState';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { ListPaging } from '../../../ui/ListPaging';
import { ListSortControl } from '../../../ui/ListSortControl';
import { IssueBulkBar } from '../../issue-bulk/components/IssueBulkBar';
import { useIssueSelection } from '../../issue-bulk/use-issue-selection';
import { IssueExportMenu } from '../../issue-export/components/IssueExportMenu';
import { SavedFiltersMenu } from '../../saved-filters/components/SavedFiltersMenu';
import { IssueListFilters } from '../components/IssueListFilters';
import { IssueCards, IssueTable } from '../components/IssueListRows';
import { issuePaths } from '../issue-helpers';
import { useIssueList } from '../issue-list-api';
import {
  changeIssueList,
  clearIssueListFilters,
  ISSUE_LIST_DENSITIES,
  type IssueListDensity,
  type IssueListState,
  isIssueListFiltered,
  issueListSearch,
  readDensity,
  readIssueListState,
  shownSortBy,
  sortByColumn,
  toggledSort,
} from '../list-state';

const SKELETON_ROWS = [1, 2, 3, 4, 5, 6, 7, 8];

const DENSITY_ICONS = { comfortable: IconLayoutList, compact: IconList, table: IconTable } as const;

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
                    {counts ? `${counts[tab]}${page?.search_capped && counts[tab] > 0 ? '+' : ''}` : '…'}
                  </Badge>
                }
                style={{ whiteSpace: 'nowrap', flexShrink: 0 }}
              >
                {t(`issues.list.tabs.${tab}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </ScrollArea>
        {/* The tabs filter one list: its filters and results are the panel of the selected tab. */}
        <Tabs.Panel value={query.issue_state} pt="md">
          <Stack gap="md">
            <IssueListFilters query={query} onChange={update} />
            <IssueBulkBar selection={selection} />

            <Group justify="space-between" wrap="wrap" gap="sm">
              <SavedFiltersMenu />
              <ListSortControl<IssueSortBy>
                label={t('issues.list.sort_by')}
                value={shownSortBy(query)}
                options={ISSUE_SORT_BY.map((f) => ({ value: f, label: t(`issues.list.sort.${f}`) }))}
                onChange={(sort_by) => update({ sort_by })}
                width={180}
                direction={query.sort_direction}
                ascendingLabel={t('issues.list.ascending')}
                descendingLabel={t('issues.list.descending')}
                toggleLabel={t('issues.list.toggle_direction')}
                onToggleDirection={() => update(toggledSort(query))}
              />
              <SegmentedControl
                size="xs"
                aria-label={t('issues.list.density')}
                value={density}
                onChange={(v) => setDensity(readDensity(v))}
                data={ISSUE_LIST_DENSITIES.map((value) => {
                  const Icon = DENSITY_ICONS[value];
                  return {
                    value,
                    label: (
                      <Group gap={4} wrap="nowrap">
                        <Icon size={14} />
                        <span>{t(`issues.list.${value}`)}</span>
                      </Group>
                    ),
                  };
                })}
              />
              <IssueExportMenu query={query} />
            </Group>

            {list.isPending && (
              <Stack
                gap="xs"
                role="status"
                aria-busy="true"
                aria-label={t('common.loading')}
                data-testid="issue-list-loading"
              >
                {SKELETON_ROWS.map((n) => (
                  <Skeleton key={n} h={density === 'comfortable' ? 52 : 32} radius="sm" />
                ))}
              </Stack>
            )}
            {list.isError && !page && (
              <ErrorPanel
                error={list.error}
                onRetry={() => list.refetch()}
                title={t('issues.list.load_failed')}
              />
            )}
            {page && page.total === 0 && (
              <EmptyState
                filtered={filtered}
                noResultsText={t('issues.list.no_results')}
                clearFilters={{
                  label: t('issues.list.clear_filters'),
                  onClick: () => go({ ...state, query: clearIssueListFilters(query) }),
                }}
                icon={IconClipboardList}
                title={t('issues.list.empty_title')}
                text={t('issues.list.empty_text')}
                add={{ label: t('issues.list.new_issue'), to: issuePaths.add() }}
              />
            )}
            {page && page.total > 0 && (
              <Stack gap="sm" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
                {list.isError && (
                  <ErrorPanel
                    error={list.error}
                    onRetry={() => list.refetch()}
                    title={t('issues.list.load_failed')}
                  />
                )}
                {page.search_capped && (
                  <Alert
                    color="blue"
                    variant="light"
                    icon={<IconInfoCircle size={18} />}
                    data-testid="search-capped"
                  >
                    {t('issues.list.search_capped', { count: ISSUE_SEARCH_CANDIDATES })}
                  </Alert>
                )}
                <IssueTable
                  issues={page.data}
                  density={density}
                  sort={{ query, onSort: (column) => update(sortByColumn(query, column)) }}
                  selection={selection}
                />
                {density !== 'table' && (
                  <IssueCards issues={page.data} density={density} selection={selection} />
                )}
                <ListPaging
                  page={page}
                  showing={(range) =>
                    t(page.search_capped ? 'issues.list.showing_at_least' : 'issues.list.showing', range)
                  }
                  rangeTestId="issue-list-range"
                  pageSize={query.paginate_by}
                  pageSizeLabel={t('issues.list.page_size')}
                  perPageLabel={(n) => t('issues.list.per_page', { value: n })}
                  pageSizeWidth={150}
                  onPageSize={(n) => update({ paginate_by: n })}
                  onPage={(p) => update({ page: p })}
                />
              </Stack>
            )}
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
