import { CloseButton, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AssetChoice,
  type AssetSelection,
  fitsWorkspace,
  hasAssetSelection,
  keepAssetSelection,
  NO_ASSET,
  workspaceSubtree,
} from './asset-picker-rules';
import { useAssetChoices, useAssetGroupChoices } from './use-asset-choices';

type Option = { value: string; label: string; disabled: boolean; hint: string };

/**
 * The asset and asset group of an issue, bound to its workspace (001 §5 "Dropdowns bound to a
 * workspace"): items of the workspace and the workspaces below it can be chosen, the others are
 * shown disabled with the hint; when the workspace changes, a choice of another workspace is
 * cleared. Removing asks first and clears asset and group (000 §4).
 */
export function AssetPicker({
  workspaceId,
  workspaces,
  value,
  onChange,
  required = false,
  errors = {},
  disabled = false,
}: {
  workspaceId: number | null;
  /** The visible workspaces (GET workspace/flat): the tree below the workspace and the names. */
  workspaces: ReadonlyArray<{ id: number; parent_id: number | null; name: string }>;
  value: AssetSelection;
  onChange: (next: AssetSelection) => void;
  /** The organisation's is_asset_required setting. */
  required?: boolean;
  /** Translated errors of the fields asset_id and asset_group_id. */
  errors?: { asset_id?: string; asset_group_id?: string };
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const subtree = useMemo(() => workspaceSubtree(workspaces, workspaceId), [workspaces, workspaceId]);
  const workspaceName = useMemo(() => new Map(workspaces.map((w) => [w.id, w.name])), [workspaces]);

  // A new workspace: a choice of another workspace is cleared (not on the first render: a saved
  // issue keeps what it has until its workspace is changed here).
  const shownWorkspace = useRef(workspaceId);
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };
  useEffect(() => {
    if (shownWorkspace.current === workspaceId) return;
    shownWorkspace.current = workspaceId;
    const kept = keepAssetSelection(latest.current.value, subtree);
    if (kept !== latest.current.value) latest.current.onChange(kept);
  }, [workspaceId, subtree]);

  const [search, setSearch] = useState('');
  // Typing searches the server; the chosen name shown in the field is no search.
  const [debounced] = useDebouncedValue(search === value.asset?.name ? '' : search.trim(), 250);
  const noWorkspace = workspaceId === null;
  const assets = useAssetChoices(debounced, !noWorkspace && !disabled);
  const groups = useAssetGroupChoices(!noWorkspace && !disabled);

  const hint = t('errors.not_same_workspace');
  const optionOf = (item: AssetChoice, workspaceLabel?: string): Option => {
    const fits = fitsWorkspace(item.workspace_id, subtree);
    return {
      value: String(item.id),
      label: item.name,
      disabled: !fits,
      hint: fits ? (workspaceLabel ?? workspaceName.get(item.workspace_id) ?? '') : hint,
    };
  };
  /** The options, the current choice among them even when the search does not find it. */
  const withCurrent = (options: Option[], current: AssetChoice | null, id: number | null): Option[] => {
    if (id === null || options.some((o) => o.value === String(id))) return options;
    const label = current?.name ?? t('issues.asset_picker.unavailable');
    return [{ value: String(id), label, disabled: false, hint: '' }, ...options];
  };
  const assetOptions = withCurrent(
    (assets.data ?? []).map((a) => optionOf(a, a.workspace_name)),
    value.asset,
    value.asset_id,
  );
  const groupOptions = withCurrent(
    (groups.data?.groups ?? []).map((g) => optionOf(g)),
    value.asset_group,
    value.asset_group_id,
  );
  const hints = new Map([...assetOptions, ...groupOptions].map((o) => [`${o.value}:${o.label}`, o.hint]));

  const confirmRemoval = () =>
    modals.openConfirmModal({
      title: t('issues.asset_picker.remove_title'),
      children: <Text size="sm">{t('issues.asset_picker.remove_text')}</Text>,
      labels: { confirm: t('issues.asset_picker.remove'), cancel: t('issues.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => onChange(NO_ASSET),
    });

  const chooseAsset = (id: string | null) => {
    if (id === null) {
      if (hasAssetSelection(value)) confirmRemoval();
      return;
    }
    const found = assets.data?.find((a) => String(a.id) === id);
    if (!found || !fitsWorkspace(found.workspace_id, subtree)) return;
    const { workspace_name: _, ...asset } = found;
    onChange({ ...value, asset_id: asset.id, asset });
    setSearch(asset.name);
  };
  const chooseGroup = (id: string | null) => {
    if (id === null) {
      if (hasAssetSelection(value)) confirmRemoval();
      return;
    }
    const found = groups.data?.groups.find((g) => String(g.id) === id);
    if (!found || !fitsWorkspace(found.workspace_id, subtree)) return;
    onChange({ ...value, asset_group_id: found.id, asset_group: found });
  };

  const renderOption = ({ option }: { option: { value: string; label: string; disabled?: boolean } }) => (
    <Stack gap={0}>
      <Text size="sm">{option.label}</Text>
      {hints.get(`${option.value}:${option.label}`) && (
        <Text size="xs" c={option.disabled ? 'orange' : 'dimmed'}>
          {hints.get(`${option.value}:${option.label}`)}
        </Text>
      )}
    </Stack>
  );
  // Removing asks first (000 §4): a button of its own, so the field keeps showing the choice meanwhile.
  const removeButton = (id: number | null) =>
    id === null || disabled || noWorkspace ? undefined : (
      <CloseButton size="sm" aria-label={t('issues.asset_picker.remove')} onClick={confirmRemoval} />
    );
  const placeholder = (key: string) => (noWorkspace ? t('issues.assignee_pick_workspace') : t(key));

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Select
        label={t('issues.fields.asset')}
        placeholder={placeholder('issues.asset_picker.asset_placeholder')}
        required={required}
        data={assetOptions}
        value={value.asset_id === null ? null : String(value.asset_id)}
        onChange={chooseAsset}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        rightSection={removeButton(value.asset_id)}
        rightSectionPointerEvents={value.asset_id === null ? 'none' : 'all'}
        nothingFoundMessage={t('issues.no_results')}
        renderOption={renderOption}
        error={errors.asset_id}
        disabled={disabled || noWorkspace}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label={t('issues.fields.asset_group')}
        placeholder={placeholder('issues.asset_picker.asset_group_placeholder')}
        data={groupOptions}
        value={value.asset_group_id === null ? null : String(value.asset_group_id)}
        onChange={chooseGroup}
        searchable
        rightSection={removeButton(value.asset_group_id)}
        rightSectionPointerEvents={value.asset_group_id === null ? 'none' : 'all'}
        nothingFoundMessage={t('issues.no_results')}
        renderOption={renderOption}
        error={errors.asset_group_id}
        disabled={disabled || noWorkspace}
        comboboxProps={{ withinPortal: true }}
      />
    </SimpleGrid>
  );
}
