import {
  type CreateEquipmentTypeRequest,
  EQUIPMENT_BUFFER_DAYS_MAX,
  EQUIPMENT_PERIOD_VALUE_MAX,
  EQUIPMENT_TEXT_MAX,
  EQUIPMENT_TYPE_DEFAULTS,
  type EquipmentBufferPosition,
  type EquipmentPeriodUnit,
  type EquipmentSetStatus,
  type EquipmentStorage,
  type EquipmentType,
} from '@workbench/domain';

/**
 * The equipment type form (001 §3 "Equipment type"): name, description, where its items are
 * kept (nowhere in particular, a workspace or a place of its own), whether handouts wait for
 * approval, and the three periods, each behind its toggle. A number field that was emptied holds
 * '' (Mantine's NumberInput), so the values are number | ''.
 */
export type TypeFormValues = {
  name: string;
  description: string;
  status: EquipmentSetStatus;
  storage: EquipmentStorage;
  workspace_id: number | null;
  location: string;
  handout_requires_approval: boolean;
  set_default_return_period: boolean;
  default_return_period_value: number | '';
  default_return_period_type: EquipmentPeriodUnit;
  set_max_reservation_duration: boolean;
  max_reservation_duration_value: number | '';
  max_reservation_duration_type: EquipmentPeriodUnit;
  set_buffer_days_reservations: boolean;
  buffer_days_reservations_value: number | '';
  buffer_days_reservations_type: EquipmentBufferPosition;
};

export type TypeFormErrors = Partial<Record<keyof TypeFormValues, string>>;

/** A new type starts from the defaults of 001 §9: 1 week return, 1 week longest reservation, 1 buffer day before. */
export function newTypeForm(): TypeFormValues {
  return {
    name: '',
    description: '',
    status: 'active',
    storage: EQUIPMENT_TYPE_DEFAULTS.storage,
    workspace_id: null,
    location: '',
    handout_requires_approval: EQUIPMENT_TYPE_DEFAULTS.handout_requires_approval,
    set_default_return_period: EQUIPMENT_TYPE_DEFAULTS.set_default_return_period,
    default_return_period_value: EQUIPMENT_TYPE_DEFAULTS.default_return_period_value,
    default_return_period_type: EQUIPMENT_TYPE_DEFAULTS.default_return_period_type,
    set_max_reservation_duration: EQUIPMENT_TYPE_DEFAULTS.set_max_reservation_duration,
    max_reservation_duration_value: EQUIPMENT_TYPE_DEFAULTS.max_reservation_duration_value,
    max_reservation_duration_type: EQUIPMENT_TYPE_DEFAULTS.max_reservation_duration_type,
    set_buffer_days_reservations: EQUIPMENT_TYPE_DEFAULTS.set_buffer_days_reservations,
    buffer_days_reservations_value: EQUIPMENT_TYPE_DEFAULTS.buffer_days_reservations_value,
    buffer_days_reservations_type: EQUIPMENT_TYPE_DEFAULTS.buffer_days_reservations_type,
  };
}

/** The form filled from a saved type (editing). */
export function typeFormOf(type: EquipmentType): TypeFormValues {
  return {
    name: type.name,
    description: type.description ?? '',
    status: type.status,
    storage: type.storage,
    workspace_id: type.workspace?.id ?? null,
    location: type.location ?? '',
    handout_requires_approval: type.handout_requires_approval,
    set_default_return_period: type.set_default_return_period,
    default_return_period_value: type.default_return_period_value,
    default_return_period_type: type.default_return_period_type,
    set_max_reservation_duration: type.set_max_reservation_duration,
    max_reservation_duration_value: type.max_reservation_duration_value,
    max_reservation_duration_type: type.max_reservation_duration_type,
    set_buffer_days_reservations: type.set_buffer_days_reservations,
    buffer_days_reservations_value: type.buffer_days_reservations_value,
    buffer_days_reservations_type: type.buffer_days_reservations_type,
  };
}

const isWhole = (value: number | '', min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/**
 * What is wrong with the form, by field (error keys): a name; the workspace or the place the
 * storage names; and each period that is switched on needs a whole number in range (a switched
 * off one is not checked: its value is not sent).
 */
export function validateTypeForm(form: TypeFormValues): TypeFormErrors {
  const errors: TypeFormErrors = {};
  if (!form.name.trim()) errors.name = 'required';
  else if (form.name.trim().length > EQUIPMENT_TEXT_MAX) errors.name = 'too_long';
  if (form.storage === 'WORKSPACE' && form.workspace_id === null) errors.workspace_id = 'required';
  if (form.storage === 'CUSTOM' && !form.location.trim()) errors.location = 'required';
  if (
    form.set_default_return_period &&
    !isWhole(form.default_return_period_value, 1, EQUIPMENT_PERIOD_VALUE_MAX)
  )
    errors.default_return_period_value = 'invalid_format';
  if (
    form.set_max_reservation_duration &&
    !isWhole(form.max_reservation_duration_value, 1, EQUIPMENT_PERIOD_VALUE_MAX)
  )
    errors.max_reservation_duration_value = 'invalid_format';
  if (
    form.set_buffer_days_reservations &&
    !isWhole(form.buffer_days_reservations_value, 0, EQUIPMENT_BUFFER_DAYS_MAX)
  )
    errors.buffer_days_reservations_value = 'invalid_format';
  return errors;
}

/**
 * The body of POST equipment/type and PUT equipment/type/{id}: the storage's own field only (a
 * workspace for WORKSPACE, a place for CUSTOM, neither for NONE), and each period's value and
 * unit only while its toggle is on.
 */
export function typeRequestOf(form: TypeFormValues): CreateEquipmentTypeRequest {
  const body: CreateEquipmentTypeRequest = {
    name: form.name.trim(),
    description: form.description.trim() || null,
    status: form.status,
    storage: form.storage,
    workspace_id: form.storage === 'WORKSPACE' ? form.workspace_id : null,
    location: form.storage === 'CUSTOM' ? form.location.trim() || null : null,
    handout_requires_approval: form.handout_requires_approval,
    set_default_return_period: form.set_default_return_period,
    set_max_reservation_duration: form.set_max_reservation_duration,
    set_buffer_days_reservations: form.set_buffer_days_reservations,
  };
  if (form.set_default_return_period && form.default_return_period_value !== '') {
    body.default_return_period_value = form.default_return_period_value;
    body.default_return_period_type = form.default_return_period_type;
  }
  if (form.set_max_reservation_duration && form.max_reservation_duration_value !== '') {
    body.max_reservation_duration_value = form.max_reservation_duration_value;
    body.max_reservation_duration_type = form.max_reservation_duration_type;
  }
  if (form.set_buffer_days_reservations && form.buffer_days_reservations_value !== '') {
    body.buffer_days_reservations_value = form.buffer_days_reservations_value;
    body.buffer_days_reservations_type = form.buffer_days_reservations_type;
  }
  return body;
}

/**
 * Switching a period on gives it back a usable value: the default one when the field was left
 * empty (so the toggle never turns on a period the form then refuses).
 */
export function togglePeriod(
  form: TypeFormValues,
  period: 'default_return_period' | 'max_reservation_duration' | 'buffer_days_reservations',
  on: boolean,
): TypeFormValues {
  const valueKey = `${period}_value` as const;
  const next: TypeFormValues = { ...form, [`set_${period}`]: on };
  if (on && next[valueKey] === '') next[valueKey] = EQUIPMENT_TYPE_DEFAULTS[valueKey];
  return next;
}
