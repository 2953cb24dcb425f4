import {
  CheckIcon,
  CloseButton,
  Combobox,
  Group,
  Loader,
  Pill,
  PillsInput,
  useCombobox,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueries } from '@tanstack/react-query';
import { SEARCH_DEBOUNCE_MS, scheduleContracts } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import { multiSelectSummary } from '../../issues/list-state';
import { scheduleKeys, useScheduleChoices } from '../schedule-queries';

/** Choices searched on the server a little sooner than a list's search: the dropdown is open and waiting. */
const CHOICE_DEBOUNCE_MS = Math.min(SEARCH_DEBOUNCE_MS, 300);

/**
 * The titles of chosen schedules the choices did not bring (the address named them): each read
 * once by id; one the person may not see stays '#id'.
 */
function useChosenTitles(chosen: number[], known: ReadonlyMap<number, string>) {
  const missing = chosen.filter((id) => !known.has(id));
  const answers = useQueries({
    queries: missing.map((id) => ({
      queryKey: scheduleKeys.detail(id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        call(scheduleContracts.get, { params: { id }, signal }),
      retry: false,
      staleTime: 60_000,
    })),
  });
  const titles = new Map(known);
  for (const [i, id] of missing.entries()) titles.set(id, answers[i]?.data?.title ?? `#${id}`);
  return titles;
}

/**
 * The issue list's schedule filter (001 §2 "Issues": schedule_id): schedules by title, searched
 * on the server, several at once; the field stays one line high (first title and '+N').
 */
export function ScheduleFilterSelect({
  value,
  onChange,
  w,
}: {
  value: number[];
  onChange: (ids: number[]) => void;
  w?: number | string | Record<string, number | string>;
}) {
  const { t } = useTranslation();
  const label = t('schedules.issue_filter.label');
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const [debounced] = useDebouncedValue(search.trim(), CHOICE_DEBOUNCE_MS);
  const choices = useScheduleChoices(debounced, opened);
  const combobox = useCombobox({
    onDropdownOpen: () => setOpened(true),
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setSearch('');
    },
  });
  const options = choices.data ?? [];
  const titles = useChosenTitles(value, new Map(options.map((o) => [o.id, o.title])));
  const summary = multiSelectSummary(value.map(String), (v) => titles.get(Number(v)));
  const toggle = (id: number) =>
    onChange(value.includes(id) ? value.filter((x) => x !== id) : [...value, id]);

  return (
    <Combobox store={combobox} onOptionSubmit={(v) => toggle(Number(v))} withinPortal>
      <Combobox.DropdownTarget>
        <PillsInput
          w={w}
          onClick={() => combobox.openDropdown()}
          rightSection={
            value.length > 0 ? (
              <CloseButton
                size="sm"
                aria-label={`${t('issues.list.clear_selection')}: ${label}`}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => onChange([])}
              />
            ) : (
              <Combobox.Chevron />
            )
          }
          rightSectionPointerEvents={value.length > 0 ? 'all' : 'none'}
          data-testid="issue-schedule-filter"
        >
          <Pill.Group style={{ flexWrap: 'nowrap', overflow: 'hidden' }}>
            {summary && (
              <Pill title={value.map((id) => titles.get(id)).join(', ')} style={{ flexShrink: 0 }}>
                {summary.first}
              </Pill>
            )}
            {summary && summary.more > 0 && <Pill style={{ flexShrink: 0 }}>+{summary.more}</Pill>}
            <Combobox.EventsTarget>
              <PillsInput.Field
                aria-label={label}
                placeholder={summary ? undefined : label}
                value={search}
                onFocus={() => combobox.openDropdown()}
                onBlur={() => combobox.closeDropdown()}
                onChange={(e) => {
                  combobox.openDropdown();
                  combobox.updateSelectedOptionIndex();
                  setSearch(e.currentTarget.value);
                }}
                onKeyDown={(e) => {
                  if (e.key === 'Backspace' && search === '' && value.length > 0) {
                    e.preventDefault();
                    onChange(value.slice(0, -1));
                  }
                }}
                style={{ minWidth: 40 }}
              />
            </Combobox.EventsTarget>
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>
      <Combobox.Dropdown>
        <Combobox.Options mah={300} style={{ overflowY: 'auto' }} aria-label={label}>
          {choices.isFetching && options.length === 0 && (
            <Combobox.Empty>
              <Loader size="xs" />
            </Combobox.Empty>
          )}
          {!choices.isFetching && options.length === 0 && (
            <Combobox.Empty>{t('issues.no_results')}</Combobox.Empty>
          )}
          {options.map((o) => (
            <Combobox.Option value={String(o.id)} key={o.id} active={value.includes(o.id)}>
              <Group gap="xs" wrap="nowrap">
                {value.includes(o.id) ? <CheckIcon size={12} /> : <span style={{ width: 12 }} />}
                <span>{o.title}</span>
              </Group>
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
