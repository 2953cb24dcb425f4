import {
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import {
  EQUIPMENT_BUFFER_DAYS_MAX,
  EQUIPMENT_BUFFER_POSITIONS,
  EQUIPMENT_PERIOD_UNITS,
  EQUIPMENT_PERIOD_VALUE_MAX,
  EQUIPMENT_STORAGES,
  EQUIPMENT_TEXT_MAX,
  type EquipmentType,
} from '@workbench/domain';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WorkspaceSelect } from '../../issues/components/WorkspaceSelect';
import { useSaveEquipmentType } from '../sets-api';
import {
  newTypeForm,
  type TypeFormValues,
  togglePeriod,
  typeFormOf,
  typeRequestOf,
  validateTypeForm,
} from '../type-form';
import { NameDescriptionFields, SetFormModal, useFormErrors } from './SetFormModal';

type Period = 'default_return_period' | 'max_reservation_duration' | 'buffer_days_reservations';

/** A period behind its toggle: the switch, then (while on) the number and its unit. */
function PeriodField({
  period,
  form,
  setForm,
  error,
  min,
  max,
  unit,
}: {
  period: Period;
  form: TypeFormValues;
  setForm: (next: TypeFormValues, changed: keyof TypeFormValues) => void;
  error?: string;
  min: number;
  max: number;
  unit: ReactNode;
}) {
  const { t } = useTranslation();
  const on = form[`set_${period}`];
  const valueKey = `${period}_value` as const;
  return (
    <Paper withBorder radius="sm" p="sm">
      <Stack gap="xs">
        <Switch
          label={t(`equipment-sets.types.${period}`)}
          description={t(`equipment-sets.types.${period}_hint`)}
          checked={on}
          onChange={(e) => setForm(togglePeriod(form, period, e.currentTarget.checked), `set_${period}`)}
          data-testid={`toggle-${period}`}
        />
        {on && (
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <NumberInput
              aria-label={t(`equipment-sets.types.${period}_value`)}
              value={form[valueKey]}
              onChange={(v) => setForm({ ...form, [valueKey]: typeof v === 'number' ? v : '' }, valueKey)}
              min={min}
              max={max}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="strict"
              w={100}
              error={error}
              data-testid={`value-${period}`}
            />
            {unit}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Add or change an equipment type (001 §3 "Equipment type"): name, description, where its items
 * are kept, whether handouts need approval, and the default return period, the longest
 * reservation and the buffer days, each behind its toggle. A new type starts from the defaults
 * of 001 §9 (1 week, 1 week, 1 day before).
 */
export function TypeModal({
  opened,
  type,
  onClose,
  onSaved,
}: {
  opened: boolean;
  type: EquipmentType | null;
  onClose: () => void;
  onSaved: (saved: EquipmentType) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveEquipmentType();
  const errors = useFormErrors({ not_in_workspace: 'workspace_id' });
  const [form, setFormState] = useState<TypeFormValues>(newTypeForm);
  const { setErrors } = errors;

  useEffect(() => {
    if (!opened) return;
    setFormState(type ? typeFormOf(type) : newTypeForm());
    setErrors({});
  }, [opened, type, setErrors]);

  const setForm = (next: TypeFormValues, changed: keyof TypeFormValues) => {
    setFormState(next);
    errors.clear(changed);
  };
  const set = <K extends keyof TypeFormValues>(key: K, value: TypeFormValues[K]) =>
    setForm({ ...form, [key]: value }, key);

  const submit = () => {
    const found = validateTypeForm(form);
    setErrors(found as Record<string, string>);
    if (Object.keys(found).length) return;
    void errors.save(
      () => save.mutateAsync({ ...(type ? { id: type.id } : {}), ...typeRequestOf(form) }),
      onSaved,
    );
  };

  const unitSelect = (period: 'default_return_period' | 'max_reservation_duration') => {
    const key = `${period}_type` as const;
    const count = typeof form[`${period}_value`] === 'number' ? Number(form[`${period}_value`]) : 2;
    return (
      <Select
        aria-label={t('equipment-sets.types.unit')}
        data={EQUIPMENT_PERIOD_UNITS.map((u) => ({
          value: u,
          label: t(`equipment-sets.units.${u}`, { count }),
        }))}
        value={form[key]}
        onChange={(v) => v && set(key, v as TypeFormValues[typeof key])}
        allowDeselect={false}
        w={140}
        comboboxProps={{ withinPortal: true }}
      />
    );
  };
  const bufferCount =
    typeof form.buffer_days_reservations_value === 'number' ? form.buffer_days_reservations_value : 2;

  return (
    <SetFormModal
      opened={opened}
      title={t(type ? 'equipment-sets.types.edit_title' : 'equipment-sets.types.add_title')}
      errors={errors}
      saving={save.isPending}
      onClose={onClose}
      onSubmit={submit}
      size="lg"
    >
      <NameDescriptionFields
        name={form.name}
        description={form.description}
        onName={(value) => set('name', value)}
        onDescription={(value) => set('description', value)}
        errors={errors}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="type-storage-label">
          {t('equipment-sets.fields.storage')}
        </Text>
        <SegmentedControl
          aria-labelledby="type-storage-label"
          fullWidth
          data={EQUIPMENT_STORAGES.map((s) => ({ value: s, label: t(`equipment-sets.storage.${s}`) }))}
          value={form.storage}
          onChange={(v) => set('storage', v as TypeFormValues['storage'])}
        />
        <Text size="xs" c="dimmed">
          {t(`equipment-sets.storage.${form.storage}_hint`)}
        </Text>
      </Stack>
      {form.storage === 'WORKSPACE' && (
        <WorkspaceSelect
          label={t('equipment-sets.fields.storage_workspace')}
          placeholder={t('equipment-sets.fields.workspace_placeholder')}
          withAsterisk
          value={form.workspace_id}
          onChange={(id) => set('workspace_id', id)}
          error={errors.fieldError('workspace_id')}
        />
      )}
      {form.storage === 'CUSTOM' && (
        <TextInput
          label={t('equipment-sets.fields.location')}
          placeholder={t('equipment-sets.fields.location_placeholder')}
          withAsterisk
          maxLength={EQUIPMENT_TEXT_MAX}
          value={form.location}
          onChange={(e) => set('location', e.currentTarget.value)}
          error={errors.fieldError('location')}
        />
      )}
      <Switch
        label={t('equipment-sets.fields.handout_requires_approval')}
        description={t('equipment-sets.types.approval_hint')}
        checked={form.handout_requires_approval}
        onChange={(e) => set('handout_requires_approval', e.currentTarget.checked)}
      />
      <PeriodField
        period="default_return_period"
        form={form}
        setForm={setForm}
        error={errors.fieldError('default_return_period_value')}
        min={1}
        max={EQUIPMENT_PERIOD_VALUE_MAX}
        unit={unitSelect('default_return_period')}
      />
      <PeriodField
        period="max_reservation_duration"
        form={form}
        setForm={setForm}
        error={errors.fieldError('max_reservation_duration_value')}
        min={1}
        max={EQUIPMENT_PERIOD_VALUE_MAX}
        unit={unitSelect('max_reservation_duration')}
      />
      <PeriodField
        period="buffer_days_reservations"
        form={form}
        setForm={setForm}
        error={errors.fieldError('buffer_days_reservations_value')}
        min={0}
        max={EQUIPMENT_BUFFER_DAYS_MAX}
        unit={
          <Select
            aria-label={t('equipment-sets.types.buffer_position')}
            data={EQUIPMENT_BUFFER_POSITIONS.map((p) => ({
              value: p,
              label: t(`equipment-sets.buffer.${p}`, { count: bufferCount }),
            }))}
            value={form.buffer_days_reservations_type}
            onChange={(v) =>
              v && set('buffer_days_reservations_type', v as TypeFormValues['buffer_days_reservations_type'])
            }
            allowDeselect={false}
            w={{ base: 170, sm: 220 }}
            comboboxProps={{ withinPortal: true }}
          />
        }
      />
    </SetFormModal>
  );
}
