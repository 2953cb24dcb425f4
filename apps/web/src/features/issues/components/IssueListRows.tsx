import {
  Anchor,
  Avatar,
  Badge,
  Card,
  Group,
  Stack,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconMessage, IconSubtask } from '@tabler/icons-react';
import { type IssueListItem, type IssueListQuery, type IssueSortBy, PRIORITIES } from '@workbench/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SelectIssueCheckbox, SelectPageCheckbox } from '../../issue-bulk/components/SelectionCheckboxes';
import type { IssueSelection } from '../../issue-bulk/use-issue-selection';
import { formatDateTime, issuePaths, priorityColor, statusColor } from '../issue-helpers';
import { type IssueListDensity, shownSortBy } from '../list-state';

const pathOf = (issue: IssueListItem) =>
  issue.parent_id ? issuePaths.detail(issue.parent_id, issue.id) : issuePaths.detail(issue.id);

function StatusBadge({ issue, size }: { issue: IssueListItem; size: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="wrap">
      <Badge
        color={statusColor(issue.status_id)}
        variant="light"
        size={size}
        style={{ flexShrink: 0, overflow: 'visible' }}
        styles={{ label: { overflow: 'visible' } }}
      >
        {t(`issues.status.${issue.status_id}`)}
      </Badge>
      {issue.archived && (
        <Badge color="gray" variant="outline" size={size}>
          {t('issues.archived')}
        </Badge>
      )}
    </Group>
  );
}

function PriorityText({ priorityId }: { priorityId: number }) {
  const { t } = useTranslation();
  const name = PRIORITIES.find((p) => p.id === priorityId)?.name ?? 'no_priority';
  return (
    <Text
      size="sm"
      c={priorityId >= 2 ? priorityColor(priorityId) : 'dimmed'}
      fw={priorityId >= 4 ? 600 : 400}
    >
      {t(`issues.priority.${name}`)}
    </Text>
  );
}

function Assignee({ issue, compact }: { issue: IssueListItem; compact: boolean }) {
  const { t } = useTranslation();
  if (!issue.assignee) {
    return (
      <Text size="sm" c="dimmed">
        {t('issues.unassigned')}
      </Text>
    );
  }
  return (
    <Group gap={6} wrap="nowrap" miw={0}>
      <Avatar
        src={issue.assignee.profile_image}
        name={issue.assignee.full_name}
        size={compact ? 20 : 26}
        radius="xl"
      />
      <Text size="sm" truncate>
        {issue.assignee.full_name}
      </Text>
    </Group>
  );
}

function DueDate({ issue }: { issue: IssueListItem }) {
  const { t, i18n } = useTranslation();
  if (!issue.due_date) {
    return (
      <Text size="sm" c="dimmed">
        {t('issues.none')}
      </Text>
    );
  }
  return (
    <Group gap={6} wrap="wrap">
      <Text size="sm" c={issue.due_state === 'overdue' ? 'red' : undefined} style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(issue.due_date, i18n.language)}
      </Text>
      {issue.due_state && (
        <Badge size="xs" color={issue.due_state === 'overdue' ? 'red' : 'orange'} variant="filled">
          {t(`issues.due_state.${issue.due_state}`)}
        </Badge>
      )}
    </Group>
  );
}

function Counts({ issue }: { issue: IssueListItem }) {
  const { t } = useTranslation();
  const subtasks = t('issues.list.open_subtasks', { count: issue.open_subtasks_count });
  const comments = t('issues.list.comments', { count: issue.number_of_comments });
  return (
    <Group gap="sm" wrap="nowrap">
      <Tooltip label={subtasks}>
        <Group
          gap={3}
          wrap="nowrap"
          aria-label={subtasks}
          c={issue.open_subtasks_count ? undefined : 'dimmed'}
        >
          <IconSubtask size={15} />
          <Text size="sm">{issue.open_subtasks_count}</Text>
        </Group>
      </Tooltip>
      <Tooltip label={comments}>
        <Group
          gap={3}
          wrap="nowrap"
          aria-label={comments}
          c={issue.number_of_comments ? undefined : 'dimmed'}
        >
          <IconMessage size={15} />
          <Text size="sm">{issue.number_of_comments}</Text>
        </Group>
      </Tooltip>
    </Group>
  );
}

function TitleLink({ issue, lines = 2 }: { issue: IssueListItem; lines?: number }) {
  return (
    <Anchor
      component={Link}
      to={pathOf(issue)}
      fw={600}
      size="sm"
      lineClamp={lines}
      data-testid="issue-title"
    >
      {issue.process_number ? (
        <Text span c="dimmed" size="sm" mr={6}>
          #{issue.process_number}
        </Text>
      ) : null}
      {issue.title}
    </Anchor>
  );
}

/** Phone: one card per issue. */
export function IssueCards({
  issues,
  density,
  selection,
}: {
  issues: IssueListItem[];
  density: IssueListDensity;
  selection?: IssueSelection;
}) {
  const compact = density === 'compact';
  return (
    <Stack gap={compact ? 6 : 'sm'} hiddenFrom="sm" data-testid="issue-cards">
      {selection && <SelectPageCheckbox selection={selection} issues={issues} withLabel />}
      {issues.map((issue) => (
        <Card key={issue.id} withBorder radius="md" padding={compact ? 'xs' : 'sm'} data-testid="issue-card">
          <Group justify="space-between" wrap="nowrap" gap="xs" align="start">
            <Group gap="xs" wrap="nowrap">
              {selection && <SelectIssueCheckbox selection={selection} issue={issue} />}
              <StatusBadge issue={issue} size="xs" />
            </Group>
            <PriorityText priorityId={issue.priority_id} />
          </Group>
          <Stack gap={compact ? 2 : 6} mt={compact ? 4 : 8}>
            <TitleLink issue={issue} />
            <Text size="xs" c="dimmed" lineClamp={1}>
              {issue.workspace.name}
              {issue.category ? ` · ${issue.category.name}` : ''}
            </Text>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Assignee issue={issue} compact={compact} />
              <Counts issue={issue} />
            </Group>
            {issue.due_date && <DueDate issue={issue} />}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/** A date and time, or a dash. */
function DateText({ iso }: { iso: string | null }) {
  const { t, i18n } = useTranslation();
  return (
    <Text size="sm" c={iso ? undefined : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
      {iso ? formatDateTime(iso, i18n.language) : t('issues.none')}
    </Text>
  );
}

function CategoryText({ issue }: { issue: IssueListItem }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" lineClamp={2} c={issue.category ? undefined : 'dimmed'}>
      {issue.category?.name ?? t('issues.none')}
    </Text>
  );
}

/** The list's sort, and what a click on a sortable column header asks for. */
export type IssueTableSort = { query: IssueListQuery; onSort: (column: IssueSortBy) => void };

/** A column header that sorts the list by its column (aria-sort tells which one does now). */
function SortableTh({ column, sort, w }: { column: IssueSortBy; sort: IssueTableSort; w?: number | string }) {
  const { t } = useTranslation();
  const active = shownSortBy(sort.query) === column;
  const ascending = sort.query.sort_direction === 'asc';
  const Arrow = ascending ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th w={w} aria-sort={active ? (ascending ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => sort.onSort(column)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          <span>{t(`issues.list.sort.${column}`)}</span>
          {active && <Arrow size={14} aria-hidden />}
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** One column of the table: its header (sortable when it names a sort), width and cell. */
type IssueColumn = {
  sortBy?: IssueSortBy;
  /** Header key under issues.list.columns, for a column without a sort. */
  label?: string;
  w?: number | string;
  /** Only in the 'table' density. */
  tableOnly?: boolean;
  cell: (issue: IssueListItem, density: IssueListDensity) => ReactNode;
};

const COLUMNS: IssueColumn[] = [
  {
    sortBy: 'status',
    w: 160,
    cell: (issue, density) => <StatusBadge issue={issue} size={density === 'comfortable' ? 'sm' : 'xs'} />,
  },
  {
    sortBy: 'title',
    w: '22%',
    cell: (issue, density) => (
      <>
        <TitleLink issue={issue} lines={density === 'compact' ? 1 : 2} />
        {density === 'comfortable' && issue.category && (
          <Text size="xs" c="dimmed" mt={2}>
            {issue.category.name}
          </Text>
        )}
      </>
    ),
  },
  {
    sortBy: 'workspace',
    w: 160,
    cell: (issue, density) => (
      <Text size="sm" lineClamp={density === 'compact' ? 1 : 2}>
        {issue.workspace.name}
      </Text>
    ),
  },
  {
    sortBy: 'category',
    w: 130,
    tableOnly: true,
    cell: (issue) => <CategoryText issue={issue} />,
  },
  {
    sortBy: 'assignee',
    w: 170,
    cell: (issue, density) => <Assignee issue={issue} compact={density !== 'comfortable'} />,
  },
  { label: 'priority', w: 90, cell: (issue) => <PriorityText priorityId={issue.priority_id} /> },
  { sortBy: 'start_date', w: 170, tableOnly: true, cell: (issue) => <DateText iso={issue.start_date} /> },
  { sortBy: 'due_date', w: 200, cell: (issue) => <DueDate issue={issue} /> },
  { sortBy: 'created', w: 170, tableOnly: true, cell: (issue) => <DateText iso={issue.created_at} /> },
  { sortBy: 'updated', w: 170, tableOnly: true, cell: (issue) => <DateText iso={issue.updated_at} /> },
  { label: 'activity', w: 100, cell: (issue) => <Counts issue={issue} /> },
];

/**
 * The issues as a table, one row each; a click on a header sorts by that column. Comfortable and
 * compact show the main columns on a wide screen (a phone gets the cards); 'table' shows every
 * column on every screen (a phone scrolls it sideways).
 */
export function IssueTable({
  issues,
  density,
  sort,
  selection,
}: {
  issues: IssueListItem[];
  density: IssueListDensity;
  sort: IssueTableSort;
  selection?: IssueSelection;
}) {
  const { t } = useTranslation();
  const everything = density === 'table';
  const columns = COLUMNS.filter((column) => everything || !column.tableOnly);
  return (
    <Table.ScrollContainer minWidth={everything ? 1800 : 960} visibleFrom={everything ? undefined : 'sm'}>
      <Table
        verticalSpacing={density === 'comfortable' ? 'sm' : 4}
        horizontalSpacing="sm"
        highlightOnHover
        striped={density !== 'comfortable'}
        withColumnBorders={everything}
        data-testid={everything ? 'issue-data-table' : 'issue-table'}
      >
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th w={36}>
                <SelectPageCheckbox selection={selection} issues={issues} />
              </Table.Th>
            )}
            {columns.map((column) =>
              column.sortBy ? (
                <SortableTh key={column.sortBy} column={column.sortBy} sort={sort} w={column.w} />
              ) : (
                <Table.Th key={column.label} w={column.w}>
                  {t(`issues.list.columns.${column.label}`)}
                </Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {issues.map((issue) => (
            <Table.Tr key={issue.id} data-testid="issue-row">
              {selection && (
                <Table.Td>
                  <SelectIssueCheckbox selection={selection} issue={issue} />
                </Table.Td>
              )}
              {columns.map((column) => (
                <Table.Td key={column.sortBy ?? column.label}>{column.cell(issue, density)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
