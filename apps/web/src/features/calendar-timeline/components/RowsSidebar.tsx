import {
  Button,
  Checkbox,
  Group,
  Loader,
  MultiSelect,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { CalendarFilters } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { toggleHidden } from '../hidden-state';
import { useTimelineRows, useUserPositions } from '../timeline-api';

/** Search debounce of the sidebar lists (001 §9). */
export const ROW_SEARCH_DEBOUNCE_MS = 1000;
/** Names are cut at 20 characters in the sidebar (001 §9). */
const NAME_MAX = 20;

/**
 * The left sidebar of the daily and weekly views (001 §2, §4 "Calendar selection"): the people
 * (or workspaces) with a search, a checkbox each to show or hide its row, select all / clear all,
 * load more (25 a page) and, for people, narrowing by job position.
 */
export function RowsSidebar({
  kind,
  filters,
  window,
  hidden,
  allIds,
  onHiddenChange,
  onPositionsChange,
}: {
  kind: 'users' | 'workspaces';
  filters: CalendarFilters;
  window: { start_date: string; end_date: string };
  hidden: number[];
  /** Ids of the rows the timeline has loaded (clear all hides them too). */
  allIds: number[];
  onHiddenChange: (hidden: number[]) => void;
  onPositionsChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), ROW_SEARCH_DEBOUNCE_MS);
  const choices = useTimelineRows(kind, { filters, ...window, search: debounced, rowsOnly: true });
  const positions = useUserPositions(kind === 'users');
  const rows = choices.data?.pages.flatMap((page) => page.rows) ?? [];
  const hiddenSet = new Set(hidden);
  const listed = rows.map((row) => row.id);
  return (
    <Stack
      gap="xs"
      w={{ base: '100%', sm: 240 }}
      miw={{ base: 0, sm: 240 }}
      data-testid="calendar-rows-sidebar"
      style={{ alignSelf: 'stretch' }}
    >
      <TextInput
        size="xs"
        leftSection={<IconSearch size={14} />}
        placeholder={t(
          kind === 'users' ? 'calendar-timeline.search_users' : 'calendar-timeline.search_workspaces',
        )}
        aria-label={t(
          kind === 'users' ? 'calendar-timeline.search_users' : 'calendar-timeline.search_workspaces',
        )}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {kind === 'users' && (
        <MultiSelect
          size="xs"
          aria-label={t('calendar-timeline.job_positions')}
          placeholder={filters.job_positions.length ? undefined : t('calendar-timeline.job_positions')}
          data={(positions.data ?? []).map((p) => ({
            value: String(p.id),
            label: `${p.name} (${p.users_count})`,
          }))}
          value={filters.job_positions.map(String)}
          onChange={(values) => onPositionsChange(values.map(Number))}
          clearable
          searchable
        />
      )}
      {/* Natural widths, wrapping when the words are long ("Zaznacz wszystkie"), never cut. */}
      <Group gap={4} wrap="wrap">
        <Button size="compact-xs" variant="light" onClick={() => onHiddenChange([])}>
          {t('calendar-timeline.select_all')}
        </Button>
        <Button
          size="compact-xs"
          variant="default"
          onClick={() => onHiddenChange([...new Set([...hidden, ...listed, ...allIds])])}
        >
          {t('calendar-timeline.clear_all')}
        </Button>
      </Group>
      <ScrollArea.Autosize mah="calc(100vh - 300px)" type="auto" offsetScrollbars>
        <Stack gap={6} py={4}>
          {choices.isPending && <Loader size="xs" />}
          {choices.isError && !rows.length && (
            <ErrorPanel error={choices.error} onRetry={() => choices.refetch()} />
          )}
          {!choices.isPending && !choices.isError && rows.length === 0 && (
            <Text size="xs" c="dimmed">
              {t('calendar-timeline.no_available_data')}
            </Text>
          )}
          {rows.map((row) => (
            <Checkbox
              key={row.id}
              size="sm"
              checked={!hiddenSet.has(row.id)}
              onChange={(event) => onHiddenChange(toggleHidden(hidden, row.id, event.currentTarget.checked))}
              label={
                <span title={row.name.length > NAME_MAX ? row.name : undefined}>
                  {row.name.length > NAME_MAX ? `${row.name.slice(0, NAME_MAX)}…` : row.name}
                </span>
              }
            />
          ))}
          {choices.hasNextPage && (
            <Button
              size="compact-xs"
              variant="subtle"
              loading={choices.isFetchingNextPage}
              onClick={() => choices.fetchNextPage()}
            >
              {t('calendar-timeline.load_more')}
            </Button>
          )}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}
