import {
  Autocomplete,
  Checkbox,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  ASSET_DESCRIPTION_MAX,
  ASSET_LIVE_STATUS_IDS,
  ASSET_NAME_MAX,
  ASSET_STATUS,
  ASSET_STATUS_IDS,
  ASSET_TEXT_MAX,
  type AssetStatusId,
} from '@workbench/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../ui/feedback/use-error-text';
import { WorkspaceSelect } from '../../issues/components/WorkspaceSelect';
import { useWorkspaceChoices } from '../../issues/issues-api';
import { useAssetFilterOptions, useAssetPeople } from '../assets-api';
import {
  type AssetFormErrors,
  type AssetFormValues,
  groupFits,
  withWorkspace,
  workspaceAndAbove,
} from '../form-values';
import { useAssetStatusName } from './AssetBadges';

const TEXT_FIELDS = ['serial_number', 'reference_number'] as const;
const FLAGS = ['location_required', 'auth_maintenance_required', 'auth_inspection_required'] as const;

/**
 * The asset's fields (001 §2, §3), the same on the add screen and the detail: name, workspace,
 * status, group (bound to the workspace, 001 §5), system, managers, manufacturer, model, serial
 * and reference numbers, description and the three flags. Read only when `readOnly`.
 */
export function AssetForm({
  values,
  onChange,
  errors,
  readOnly = false,
  savedManagers = [],
}: {
  values: AssetFormValues;
  onChange: (next: AssetFormValues, changed: keyof AssetFormValues) => void;
  errors: AssetFormErrors;
  readOnly?: boolean;
  /** The saved managers, so they show by name even when the people list does not hold them. */
  savedManagers?: ReadonlyArray<{ id: number; full_name: string }>;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const statusName = useAssetStatusName();
  const options = useAssetFilterOptions();
  const people = useAssetPeople(values.workspace_id);
  const groups = options.data?.groups ?? [];
  const workspaces = useWorkspaceChoices().data ?? [];
  const fitting = workspaceAndAbove(workspaces, values.workspace_id);

  const set = <K extends keyof AssetFormValues>(key: K, value: AssetFormValues[K]) =>
    onChange({ ...values, [key]: value }, key);
  const fieldError = (field: keyof AssetFormValues) => (errors[field] ? errorText(errors[field]) : undefined);

  // Archived is not chosen here: the archive action does it (and an archived asset is read only).
  const statuses: readonly AssetStatusId[] =
    values.status === ASSET_STATUS.ARCHIVED ? ASSET_STATUS_IDS : ASSET_LIVE_STATUS_IDS;
  const groupOptions = groups.map((g) => ({
    value: String(g.id),
    label: g.name,
    disabled: !groupFits(g, fitting),
  }));
  const hasForeignGroups = values.workspace_id !== null && groupOptions.some((g) => g.disabled);
  const managerOptions = useMemo(() => {
    const byId = new Map<number, string>();
    for (const m of savedManagers) byId.set(m.id, m.full_name);
    const outside = new Set<number>();
    for (const p of people.data?.data ?? []) {
      byId.set(p.id, p.full_name || p.email);
      if (p.isNotInWorkspace) outside.add(p.id);
    }
    // Who cannot work in the workspace cannot manage its asset (kept when already chosen, to be removed).
    return [...byId].map(([id, label]) => ({
      value: String(id),
      label,
      disabled: outside.has(id) && !values.manager_ids.includes(id),
    }));
  }, [people.data, savedManagers, values.manager_ids]);

  return (
    <Stack gap="md">
      <TextInput
        label={t('assets.fields.name')}
        withAsterisk={!readOnly}
        maxLength={ASSET_NAME_MAX}
        value={values.name}
        onChange={(e) => set('name', e.currentTarget.value)}
        error={fieldError('name')}
        readOnly={readOnly}
        data-testid="asset-name"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <WorkspaceSelect
          label={t('assets.fields.workspace')}
          placeholder={t('assets.fields.workspace_placeholder')}
          withAsterisk={!readOnly}
          value={values.workspace_id}
          onChange={(id) => onChange(withWorkspace(values, id, groups, workspaces), 'workspace_id')}
          error={fieldError('workspace_id')}
          readOnly={readOnly}
          data-testid="asset-workspace"
        />
        <Select
          label={t('assets.fields.status')}
          data={statuses.map((s) => ({ value: String(s), label: statusName(s) }))}
          value={String(values.status)}
          onChange={(v) => v && set('status', Number(v) as AssetStatusId)}
          allowDeselect={false}
          error={fieldError('status')}
          readOnly={readOnly}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={t('assets.fields.group')}
          placeholder={
            values.workspace_id === null ? t('assets.fields.group_needs_workspace') : t('assets.fields.none')
          }
          description={hasForeignGroups && !readOnly ? t('errors.not_same_workspace') : undefined}
          data={groupOptions}
          value={values.group_id === null ? null : String(values.group_id)}
          onChange={(v) => set('group_id', v === null ? null : Number(v))}
          renderOption={({ option }) => (
            <Stack gap={0}>
              <Text size="sm">{option.label}</Text>
              {option.disabled && (
                <Text size="xs" c="dimmed">
                  {t('errors.not_same_workspace')}
                </Text>
              )}
            </Stack>
          )}
          clearable
          searchable
          nothingFoundMessage={t('assets.nothing_found')}
          disabled={values.workspace_id === null && !readOnly}
          error={fieldError('group_id')}
          readOnly={readOnly}
          comboboxProps={{ withinPortal: true }}
          data-testid="asset-group"
        />
        <Select
          label={t('assets.fields.system')}
          placeholder={t('assets.fields.none')}
          data={(options.data?.systems ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          value={values.system_id === null ? null : String(values.system_id)}
          onChange={(v) => set('system_id', v === null ? null : Number(v))}
          clearable
          searchable
          nothingFoundMessage={t('assets.nothing_found')}
          error={fieldError('system_id')}
          readOnly={readOnly}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      <MultiSelect
        label={t('assets.fields.managers')}
        placeholder={
          values.manager_ids.length || readOnly ? undefined : t('assets.fields.managers_placeholder')
        }
        data={managerOptions}
        value={values.manager_ids.map(String)}
        onChange={(v) => set('manager_ids', v.map(Number))}
        searchable
        nothingFoundMessage={t('assets.nothing_found')}
        error={fieldError('manager_ids')}
        readOnly={readOnly}
        comboboxProps={{ withinPortal: true }}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Autocomplete
          label={t('assets.fields.manufacturer')}
          data={options.data?.manufacturers ?? []}
          maxLength={ASSET_TEXT_MAX}
          value={values.manufacturer}
          onChange={(v) => set('manufacturer', v)}
          error={fieldError('manufacturer')}
          readOnly={readOnly}
          comboboxProps={{ withinPortal: true }}
        />
        <Autocomplete
          label={t('assets.fields.model')}
          data={options.data?.models ?? []}
          maxLength={ASSET_TEXT_MAX}
          value={values.model}
          onChange={(v) => set('model', v)}
          error={fieldError('model')}
          readOnly={readOnly}
          comboboxProps={{ withinPortal: true }}
        />
        {TEXT_FIELDS.map((field) => (
          <TextInput
            key={field}
            label={t(`assets.fields.${field}`)}
            maxLength={ASSET_TEXT_MAX}
            value={values[field]}
            onChange={(e) => set(field, e.currentTarget.value)}
            error={fieldError(field)}
            readOnly={readOnly}
          />
        ))}
      </SimpleGrid>
      <Textarea
        label={t('assets.fields.description')}
        autosize
        minRows={3}
        maxRows={10}
        maxLength={ASSET_DESCRIPTION_MAX}
        value={values.description}
        onChange={(e) => set('description', e.currentTarget.value)}
        error={fieldError('description')}
        readOnly={readOnly}
      />
      <Stack gap="xs">
        {FLAGS.map((flag) => (
          <Checkbox
            key={flag}
            label={t(`assets.fields.${flag}`)}
            checked={values[flag]}
            onChange={(e) => !readOnly && set(flag, e.currentTarget.checked)}
            disabled={readOnly}
          />
        ))}
      </Stack>
    </Stack>
  );
}
