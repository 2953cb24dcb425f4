import '@mantine/dates/styles.css';
import { Anchor, Box, Group, Select, Switch, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCalendar, IconSearch } from '@tabler/icons-react';
import {
  ISSUE_DATE_TYPES,
  ISSUE_LIST_PRIORITIES,
  type IssueDateType,
  type IssueListQuery,
  PRIORITIES,
  SEARCH_DEBOUNCE_MS,
} from '@workbench/domain';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAssigneeFilterChoices, useWorkspaceFilterChoices } from '../issue-list-api';
import { useCategories } from '../issues-api';
import { dateOnly, workspaceTreeOrder } from '../list-state';
import { IssueDates } from './IssueDates';
import { SummaryMultiSelect } from './SummaryMultiSelect';

/** One row of inputs (36 px) — what shows while the bar is folded. */
const ROW_HEIGHT = 36;

const ids = (values: string[]) => values.map(Number).filter((n) => Number.isSafeInteger(n) && n >= 0);
const strings = (values: number[]) => values.map(String);

/** The issue list's filter bar; every change goes to the URL (and back to page 1). */
export function IssueListFilters({
  query,
  onChange,
}: {
  query: IssueListQuery;
  onChange: (patch: Partial<IssueListQuery>) => void;
}) {
  const { t } = useTranslation();
  const workspaces = useWorkspaceFilterChoices();
  const people = useAssigneeFilterChoices();
  const categories = useCategories();

  // The search box writes to the URL 1000 ms after the last key (000 §9).
  const [searchText, setSearchText] = useState(query.search);
  const [debounced] = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new debounced value writes the URL
  useEffect(() => {
    if (debounced !== query.search) onChange({ search: debounced });
  }, [debounced]);
  // Back/forward (or 'clear filters') brings the URL's search into the box.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the URL only
  useEffect(() => {
    if (query.search !== searchText.trim()) setSearchText(query.search);
  }, [query.search]);

  // 'Show more / show less' appears only when the filters wrap onto a second row.
  const barRef = useRef<HTMLDivElement>(null);
  const [wraps, setWraps] = useState(false);
  // Opened at first when a filter from the second row is in use, so it is not hidden.
  const [expanded, setExpanded] = useState(
    () =>
      query.priority_id.length > 0 ||
      query.categories.length > 0 ||
      query.date_from !== null ||
      query.date_to !== null,
  );
  useLayoutEffect(() => {
    const bar = barRef.current;
    if (!bar) return;
    const check = () => {
      const items = [...bar.children] as HTMLElement[];
      const top = items[0]?.offsetTop ?? 0;
      setWraps(items.some((item) => item.offsetTop > top + 4));
    };
    check();
    const observer = new ResizeObserver(check);
    observer.observe(bar);
    return () => observer.disconnect();
  }, []);

  const workspaceOptions = workspaceTreeOrder(workspaces.data ?? []).map((w) => ({
    value: String(w.id),
    label: w.name,
    depth: w.depth,
  }));
  const assigneeOptions = [
    { value: '0', label: t('issues.list.filters.unassigned') },
    ...(people.data ?? []).map((p) => ({ value: String(p.id), label: p.full_name || p.email })),
  ];
  const priorityOptions = ISSUE_LIST_PRIORITIES.map((id) => ({
    value: String(id),
    label: t(`issues.priority.${PRIORITIES.find((p) => p.id === id)?.name ?? 'normal'}`),
  }));
  const categoryOptions = (categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  const hasDate = query.date_from !== null || query.date_to !== null;

  return (
    <Box>
      <Group
        ref={barRef}
        gap="sm"
        wrap="wrap"
        align="center"
        style={{ maxHeight: expanded ? undefined : ROW_HEIGHT, overflow: expanded ? undefined : 'hidden' }}
        data-testid="issue-filters"
      >
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('issues.list.search_placeholder')}
          aria-label={t('issues.list.search')}
          value={searchText}
          onChange={(e) => setSearchText(e.currentTarget.value)}
          w={{ base: '100%', sm: 290 }}
        />
        <SummaryMultiSelect
          label={t('issues.list.filters.workspaces')}
          data={workspaceOptions}
          value={strings(query.workspaces)}
          onChange={(v) => onChange({ workspaces: ids(v).filter((n) => n > 0) })}
          w={{ base: '100%', sm: 210 }}
        />
        <Switch
          checked={query.include_sub_ws === 1}
          onChange={(e) => onChange({ include_sub_ws: e.currentTarget.checked ? 1 : 0 })}
          label={t('issues.list.filters.include_sub_ws')}
        />
        <SummaryMultiSelect
          label={t('issues.list.filters.assignees')}
          data={assigneeOptions}
          value={strings(query.assignees)}
          onChange={(v) => onChange({ assignees: ids(v) })}
          w={{ base: '100%', sm: 210 }}
        />
        <SummaryMultiSelect
          label={t('issues.list.filters.priority')}
          data={priorityOptions}
          value={strings(query.priority_id)}
          onChange={(v) => onChange({ priority_id: ids(v) })}
          w={{ base: '100%', sm: 170 }}
        />
        <SummaryMultiSelect
          label={t('issues.list.filters.category')}
          data={categoryOptions}
          value={strings(query.categories)}
          onChange={(v) => onChange({ categories: ids(v).filter((n) => n > 0) })}
          w={{ base: '100%', sm: 200 }}
        />
        <IssueDates>
          <DatePickerInput
            type="range"
            allowSingleDateInRange
            clearable
            leftSection={<IconCalendar size={16} />}
            aria-label={`${t('issues.list.filters.date_from')} – ${t('issues.list.filters.date_to')}`}
            placeholder={`${t('issues.list.filters.date_from')} – ${t('issues.list.filters.date_to')}`}
            value={[dateOnly(query.date_from), dateOnly(query.date_to)]}
            onChange={([from, to]) => {
              // A range is written once both ends are chosen (or both cleared).
              if ((from && to) || (!from && !to))
                onChange({ date_from: dateOnly(from), date_to: dateOnly(to) });
            }}
            valueFormat="DD.MM.YYYY"
            styles={{ input: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } }}
            w={{ base: '100%', sm: 270 }}
          />
        </IssueDates>
        <Select
          aria-label={t('issues.list.filters.date_type')}
          value={query.date_type}
          onChange={(v) => v && onChange({ date_type: v as IssueDateType })}
          data={ISSUE_DATE_TYPES.map((d) => ({ value: d, label: t(`issues.list.date_types.${d}`) }))}
          allowDeselect={false}
          disabled={!hasDate}
          w={{ base: '100%', sm: 170 }}
        />
      </Group>
      {(wraps || expanded) && (
        <Anchor component="button" type="button" size="sm" mt={6} onClick={() => setExpanded((v) => !v)}>
          {t(expanded ? 'issues.list.show_less' : 'issues.list.show_more')}
        </Anchor>
      )}
    </Box>
  );
}
