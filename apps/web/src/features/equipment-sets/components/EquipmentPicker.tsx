import {
  CheckIcon,
  CloseButton,
  Combobox,
  Group,
  Input,
  Loader,
  Pill,
  PillsInput,
  ScrollArea,
  Stack,
  Text,
  useCombobox,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueries } from '@tanstack/react-query';
import { EQUIPMENT_BULK_MAX, equipmentContracts, SEARCH_DEBOUNCE_MS } from '@workbench/domain';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import { setKeys, useEquipmentPickerPages } from '../sets-api';

const MORE = '__more__';

export type EquipmentPickerProps = {
  /** The chosen items' ids. */
  value: number[];
  /** The new choice, and the chosen items with the names the picker knows ('' while one loads). */
  onChange: (ids: number[], items: Array<{ id: number; title: string }>) => void;
  /** Only items of this workspace (and the ones below it) are offered. */
  workspaceId?: number | null;
  /** Names of chosen items the caller already knows (a saved issue's equipments, a group's items). */
  known?: ReadonlyArray<{ id: number; title: string }>;
  label?: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  disabled?: boolean;
  readOnly?: boolean;
  /** Most items that may be chosen. */
  max?: number;
  'data-testid'?: string;
};

/**
 * A searchable multi-select of equipment (001 §9 "Equipment picker page size 10 with status
 * active"): the active items matching the search, ten at a time, more as the list is scrolled
 * to its end or "Show more" is chosen; the chosen ones show as chips. Items chosen earlier that
 * the loaded pages do not hold are named from GET equipment/{id}.
 */
export function EquipmentPicker({
  value,
  onChange,
  workspaceId = null,
  known = [],
  label,
  description,
  error,
  disabled = false,
  readOnly = false,
  max = EQUIPMENT_BULK_MAX,
  'data-testid': testId,
}: EquipmentPickerProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [opened, setOpened] = useState(false);
  const combobox = useCombobox({
    onDropdownOpen: () => setOpened(true),
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setSearch('');
    },
  });
  const pages = useEquipmentPickerPages(debounced, workspaceId, opened && !disabled && !readOnly);
  const options = useMemo(() => pages.data?.pages.flatMap((p) => p.data) ?? [], [pages.data]);

  // Names of the chosen items: the known ones, the loaded pages, and one call each for the rest.
  const loadedNames = useMemo(() => {
    const names = new Map<number, string>();
    for (const k of known) if (k.title) names.set(k.id, k.title);
    for (const o of options) names.set(o.id, o.title);
    return names;
  }, [known, options]);
  const missing = value.filter((id) => !loadedNames.has(id));
  const fetched = useQueries({
    queries: missing.map((id) => ({
      queryKey: setKeys.item(id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        call(equipmentContracts.get, { params: { id }, signal }),
      staleTime: 60_000,
      retry: false,
    })),
  });
  const nameOf = (id: number, index = missing.indexOf(id)) =>
    loadedNames.get(id) ??
    (index >= 0 ? fetched[index]?.data?.title : undefined) ??
    (index >= 0 && fetched[index]?.isError ? t('equipment-sets.picker.unavailable') : '…');

  const change = (ids: number[]) =>
    onChange(
      ids,
      ids.map((id) => {
        const index = missing.indexOf(id);
        return {
          id,
          title: loadedNames.get(id) ?? (index >= 0 ? fetched[index]?.data?.title : undefined) ?? '',
        };
      }),
    );
  const toggle = (id: number) => {
    if (value.includes(id)) change(value.filter((v) => v !== id));
    else if (value.length < max) change([...value, id]);
  };
  const loadMore = () => {
    if (pages.hasNextPage && !pages.isFetchingNextPage) void pages.fetchNextPage();
  };

  const locked = disabled || readOnly;
  const chips = value.map((id) => (
    <Pill
      key={id}
      withRemoveButton={!locked}
      onRemove={() => toggle(id)}
      removeButtonProps={{ 'aria-label': t('equipment-sets.picker.remove', { name: nameOf(id) }) }}
    >
      {nameOf(id)}
    </Pill>
  ));

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(v) => {
        if (v === MORE) loadMore();
        else toggle(Number(v));
      }}
      withinPortal
    >
      <Combobox.DropdownTarget>
        <PillsInput
          id={inputId}
          label={label}
          description={description}
          error={error}
          disabled={disabled}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          onClick={() => !locked && combobox.openDropdown()}
          rightSection={
            value.length > 0 && !locked ? (
              <CloseButton
                size="sm"
                aria-label={t('equipment-sets.picker.clear')}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => change([])}
              />
            ) : (
              <Combobox.Chevron />
            )
          }
          rightSectionPointerEvents={value.length > 0 && !locked ? 'all' : 'none'}
          data-testid={testId}
        >
          <Pill.Group>
            {chips}
            {!readOnly && (
              <Combobox.EventsTarget>
                <PillsInput.Field
                  value={search}
                  placeholder={value.length ? undefined : t('equipment-sets.picker.placeholder')}
                  aria-label={typeof label === 'string' ? label : t('equipment-sets.picker.label')}
                  disabled={disabled}
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
                      change(value.slice(0, -1));
                    }
                  }}
                />
              </Combobox.EventsTarget>
            )}
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>

      <Combobox.Dropdown>
        <Combobox.Options>
          <ScrollArea.Autosize mah={280} type="scroll" onBottomReached={loadMore}>
            {pages.isLoading && (
              <Group justify="center" p="xs">
                <Loader size="xs" aria-label={t('equipment-sets.loading')} />
              </Group>
            )}
            {pages.isError && <Combobox.Empty>{t('equipment-sets.picker.load_failed')}</Combobox.Empty>}
            {pages.isSuccess && options.length === 0 && (
              <Combobox.Empty>{t('equipment-sets.picker.nothing_found')}</Combobox.Empty>
            )}
            {options.map((item) => {
              const chosen = value.includes(item.id);
              return (
                <Combobox.Option
                  value={String(item.id)}
                  key={item.id}
                  active={chosen}
                  disabled={!chosen && value.length >= max}
                  aria-selected={chosen}
                >
                  <Group gap="xs" wrap="nowrap">
                    {chosen ? <CheckIcon size={12} /> : <span style={{ width: 12 }} />}
                    <Stack gap={0} miw={0}>
                      <Text size="sm" truncate>
                        {item.title}
                      </Text>
                      <Text size="xs" c="dimmed" truncate>
                        {[item.workspace.name, item.type.name, item.serial_number]
                          .filter(Boolean)
                          .join(' · ')}
                      </Text>
                    </Stack>
                  </Group>
                </Combobox.Option>
              );
            })}
            {pages.hasNextPage && (
              <Combobox.Option value={MORE} data-testid="equipment-picker-more">
                <Group gap="xs" justify="center">
                  {pages.isFetchingNextPage && <Loader size="xs" />}
                  <Text size="sm" c="blue">
                    {t('equipment-sets.picker.more')}
                  </Text>
                </Group>
              </Combobox.Option>
            )}
          </ScrollArea.Autosize>
        </Combobox.Options>
        {value.length > 0 && (
          <Combobox.Footer>
            <Input.Description>
              {t('equipment-sets.picker.chosen', { count: value.length })}
            </Input.Description>
          </Combobox.Footer>
        )}
      </Combobox.Dropdown>
    </Combobox>
  );
}
