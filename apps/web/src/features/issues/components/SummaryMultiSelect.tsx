import { CheckIcon, CloseButton, Combobox, Group, Pill, PillsInput, useCombobox } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { multiSelectSummary } from '../list-state';

export type SummaryOption = { value: string; label: string; depth?: number };

/**
 * A filter's multi-select that stays one line high: the first chosen label (cut to 20
 * characters) and '+N' for the others; the list is searchable.
 */
export function SummaryMultiSelect({
  label,
  data,
  value,
  onChange,
  w,
}: {
  label: string;
  data: SummaryOption[];
  value: string[];
  onChange: (value: string[]) => void;
  w?: number | string | Record<string, number | string>;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setSearch('');
    },
  });
  const labels = new Map(data.map((o) => [o.value, o.label]));
  const summary = multiSelectSummary(value, (v) => labels.get(v));
  const toggle = (v: string) => onChange(value.includes(v) ? value.filter((x) => x !== v) : [...value, v]);
  const needle = search.trim().toLowerCase();
  const shown = needle ? data.filter((o) => o.label.toLowerCase().includes(needle)) : data;

  return (
    <Combobox store={combobox} onOptionSubmit={toggle} withinPortal>
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
        >
          <Pill.Group style={{ flexWrap: 'nowrap', overflow: 'hidden' }}>
            {summary && (
              <Pill title={value.map((v) => labels.get(v)).join(', ')} style={{ flexShrink: 0 }}>
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
          {shown.length === 0 && <Combobox.Empty>{t('issues.no_results')}</Combobox.Empty>}
          {shown.map((o) => (
            <Combobox.Option value={o.value} key={o.value} active={value.includes(o.value)}>
              <Group gap="xs" wrap="nowrap" pl={(needle ? 0 : (o.depth ?? 0)) * 14}>
                {value.includes(o.value) ? <CheckIcon size={12} /> : <span style={{ width: 12 }} />}
                <span>{o.label}</span>
              </Group>
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
