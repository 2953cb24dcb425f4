import { EQUIPMENT_TYPE_DEFAULTS, type EquipmentType } from '@workbench/domain';
import { describe, expect, it } from 'vitest';
import { newTypeForm, togglePeriod, typeFormOf, typeRequestOf, validateTypeForm } from './type-form';

/** A saved type as GET equipment/type/{id} answers it. */
function savedType(overrides: Partial<EquipmentType> = {}): EquipmentType {
  return {
    id: 4,
    name: 'Ladders',
    description: null,
    status: 'active',
    storage: 'WORKSPACE',
    workspace: { id: 3, name: 'Depot' },
    location: null,
    handout_requires_approval: true,
    set_default_return_period: true,
    default_return_period_value: 3,
    default_return_period_type: 'DAYS',
    set_max_reservation_duration: false,
    max_reservation_duration_value: 1,
    max_reservation_duration_type: 'WEEKS',
    set_buffer_days_reservations: true,
    buffer_days_reservations_value: 2,
    buffer_days_reservations_type: 'AFTER',
    equipment_count: 5,
    can_edit: true,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

describe('a new equipment type', () => {
  it('starts from 001 §9: 1 week return, 1 week longest reservation, 1 buffer day before, all switched on', () => {
    const form = newTypeForm();
    expect(form).toMatchObject({
      name: '',
      storage: 'NONE',
      handout_requires_approval: false,
      set_default_return_period: true,
      default_return_period_value: 1,
      default_return_period_type: 'WEEKS',
      set_max_reservation_duration: true,
      max_reservation_duration_value: 1,
      max_reservation_duration_type: 'WEEKS',
      set_buffer_days_reservations: true,
      buffer_days_reservations_value: 1,
      buffer_days_reservations_type: 'BEFORE',
    });
  });

  it('sends the defaults as they are when only a name is typed', () => {
    const body = typeRequestOf({ ...newTypeForm(), name: '  Drills ' });
    expect(body).toEqual({
      name: 'Drills',
      description: null,
      status: 'active',
      workspace_id: null,
      location: null,
      ...EQUIPMENT_TYPE_DEFAULTS,
    });
  });
});

describe('the toggles', () => {
  it('a period switched off sends only its toggle, not its value or unit', () => {
    const form = {
      ...newTypeForm(),
      name: 'Meters',
      set_max_reservation_duration: false,
      set_buffer_days_reservations: false,
    };
    const body = typeRequestOf(form);
    expect(body.set_max_reservation_duration).toBe(false);
    expect(body).not.toHaveProperty('max_reservation_duration_value');
    expect(body).not.toHaveProperty('max_reservation_duration_type');
    expect(body.set_buffer_days_reservations).toBe(false);
    expect(body).not.toHaveProperty('buffer_days_reservations_value');
    expect(body).toMatchObject({ default_return_period_value: 1, default_return_period_type: 'WEEKS' });
  });

  it('a switched-off period is not checked; a switched-on one needs a whole number in range', () => {
    const form = { ...newTypeForm(), name: 'Meters', default_return_period_value: '' as const };
    expect(validateTypeForm(form)).toEqual({ default_return_period_value: 'invalid_format' });
    expect(validateTypeForm({ ...form, set_default_return_period: false })).toEqual({});
    expect(validateTypeForm({ ...newTypeForm(), name: 'M', max_reservation_duration_value: 0 })).toEqual({
      max_reservation_duration_value: 'invalid_format',
    });
    // Zero buffer days are allowed (the toggle on, nothing kept free).
    expect(validateTypeForm({ ...newTypeForm(), name: 'M', buffer_days_reservations_value: 0 })).toEqual({});
    expect(validateTypeForm({ ...newTypeForm(), name: 'M', buffer_days_reservations_value: 1.5 })).toEqual({
      buffer_days_reservations_value: 'invalid_format',
    });
  });

  it('switching a period back on after its value was emptied gives it the default again', () => {
    const off = togglePeriod(
      { ...newTypeForm(), default_return_period_value: '' },
      'default_return_period',
      false,
    );
    expect(off.set_default_return_period).toBe(false);
    const on = togglePeriod(off, 'default_return_period', true);
    expect(on).toMatchObject({ set_default_return_period: true, default_return_period_value: 1 });
    // A value that was kept stays.
    const kept = togglePeriod(
      { ...newTypeForm(), buffer_days_reservations_value: 3 },
      'buffer_days_reservations',
      true,
    );
    expect(kept.buffer_days_reservations_value).toBe(3);
  });
});

describe('storage and editing', () => {
  it('sends only the storage’s own field: a workspace, a place, or neither', () => {
    const base = { ...newTypeForm(), name: 'T', workspace_id: 3, location: 'Shelf 3' };
    expect(typeRequestOf({ ...base, storage: 'WORKSPACE' })).toMatchObject({
      workspace_id: 3,
      location: null,
    });
    expect(typeRequestOf({ ...base, storage: 'CUSTOM' })).toMatchObject({
      workspace_id: null,
      location: 'Shelf 3',
    });
    expect(typeRequestOf({ ...base, storage: 'NONE' })).toMatchObject({ workspace_id: null, location: null });
  });

  it('asks for a name, and for the workspace or the place the storage names', () => {
    expect(validateTypeForm({ ...newTypeForm(), storage: 'WORKSPACE' })).toEqual({
      name: 'required',
      workspace_id: 'required',
    });
    expect(validateTypeForm({ ...newTypeForm(), name: 'T', storage: 'CUSTOM', location: ' ' })).toEqual({
      location: 'required',
    });
  });

  it('an edit starts from the saved type and sends it back unchanged', () => {
    const form = typeFormOf(savedType());
    expect(form).toMatchObject({ storage: 'WORKSPACE', workspace_id: 3, default_return_period_value: 3 });
    expect(typeRequestOf(form)).toMatchObject({
      storage: 'WORKSPACE',
      workspace_id: 3,
      handout_requires_approval: true,
      default_return_period_value: 3,
      default_return_period_type: 'DAYS',
      set_max_reservation_duration: false,
      buffer_days_reservations_value: 2,
      buffer_days_reservations_type: 'AFTER',
    });
    expect(typeRequestOf(form)).not.toHaveProperty('max_reservation_duration_value');
  });
});
