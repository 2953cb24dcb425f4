import { Group, MultiSelect, Radio, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ASSET_BULK_MAX, SCHEDULE_ASSETS_MODES } from '@workbench/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fitsWorkspace, workspaceSubtree } from '../../assets/components/asset-picker-rules';
import { useAssetChoices } from '../../assets/components/use-asset-choices';
import type { FieldProps } from './field-props';

/**
 * The schedule's assets (at most ASSET_BULK_MAX) and how issues are made for them: one issue per
 * asset, or one issue naming them all. Like the asset picker, only assets of the
 * workspace and those below it can be chosen (001 §5); the others show why not.
 */
export function ScheduleAssetsField({
  values,
  set,
  fieldError,
  readOnly,
  workspaces,
}: FieldProps & { workspaces: ReadonlyArray<{ id: number; parent_id: number | null; name: string }> }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const choices = useAssetChoices(debounced, values.workspace_id !== null && !readOnly);
  const subtree = useMemo(
    () => workspaceSubtree(workspaces, values.workspace_id),
    [workspaces, values.workspace_id],
  );
  const chosen = values.assets;

  const options = useMemo(() => {
    const out = new Map<string, { value: string; label: string; disabled: boolean }>();
    for (const a of chosen) out.set(String(a.id), { value: String(a.id), label: a.name, disabled: false });
    for (const a of choices.data ?? []) {
      if (out.has(String(a.id))) continue;
      const fits = fitsWorkspace(a.workspace_id, subtree);
      out.set(String(a.id), {
        value: String(a.id),
        label: fits ? a.name : `${a.name} (${t('errors.not_same_workspace')})`,
        disabled: !fits,
      });
    }
    return [...out.values()];
  }, [chosen, choices.data, subtree, t]);
  const names = new Map(options.map((o) => [o.value, o.label]));

  return (
    <Stack gap="xs">
      <MultiSelect
        label={t('schedule-editor.fields.assets')}
        placeholder={
          values.workspace_id === null
            ? t('schedule-editor.assets_need_workspace')
            : chosen.length
              ? undefined
              : t('schedule-editor.assets_placeholder')
        }
        description={t('schedule-editor.assets_count', { count: chosen.length, max: ASSET_BULK_MAX })}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        data={options}
        value={chosen.map((a) => String(a.id))}
        onChange={(ids) =>
          set(
            'assets',
            ids.map((id) => ({ id: Number(id), name: names.get(id) ?? id })),
          )
        }
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options: all }) => all}
        maxValues={ASSET_BULK_MAX}
        hidePickedOptions
        clearable
        nothingFoundMessage={t('schedule-editor.nothing_found')}
        disabled={values.workspace_id === null && !readOnly}
        error={fieldError('assets')}
        readOnly={readOnly}
        comboboxProps={{ withinPortal: true }}
        data-testid="schedule-assets"
      />
      <Radio.Group
        label={t('schedule-editor.fields.assets_mode')}
        description={t(`schedule-editor.assets_mode.${values.assets_mode}_hint`)}
        inputWrapperOrder={['label', 'input', 'description']}
        value={values.assets_mode}
        onChange={(v) => !readOnly && set('assets_mode', v as (typeof SCHEDULE_ASSETS_MODES)[number])}
      >
        <Group gap="lg" my={6}>
          {SCHEDULE_ASSETS_MODES.map((m) => (
            <Radio key={m} value={m} label={t(`schedule-editor.assets_mode.${m}`)} disabled={readOnly} />
          ))}
        </Group>
      </Radio.Group>
    </Stack>
  );
}
