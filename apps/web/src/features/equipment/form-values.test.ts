import type { Equipment } from '@workbench/domain';
import { describe, expect, it } from 'vitest';
import {
  createEquipmentRequestOf,
  type EquipmentFormValues,
  emptyEquipmentForm,
  equipmentFormErrorsOf,
  equipmentFormOf,
  updateEquipmentRequestOf,
  validateEquipmentForm,
  withoutFieldErrors,
} from './form-values';

const valid = (patch: Partial<EquipmentFormValues> = {}): EquipmentFormValues => ({
  ...emptyEquipmentForm(4),
  title: 'Drill',
  type_id: 2,
  ...patch,
});

describe('equipment form (001 §5)', () => {
  it("needs a title ('title_mandatory', the spec's 'Enter longer schedule title'), a workspace and a type", () => {
    expect(validateEquipmentForm(emptyEquipmentForm())).toEqual({
      title: 'title_mandatory',
      workspace_id: 'required',
      type_id: 'type_required',
    });
    expect(validateEquipmentForm(valid({ title: '   ' })).title).toBe('title_mandatory');
    expect(validateEquipmentForm(valid())).toEqual({});
  });

  it('keeps the title at 255 and the serial and reference numbers under 256', () => {
    expect(validateEquipmentForm(valid({ title: 'x'.repeat(255) }))).toEqual({});
    expect(validateEquipmentForm(valid({ title: 'x'.repeat(256) })).title).toBe('too_long');
    const long = validateEquipmentForm(
      valid({ serial_number: 'x'.repeat(256), reference_number: 'y'.repeat(256) }),
    );
    expect(long).toEqual({ serial_number: 'too_long', reference_number: 'too_long' });
  });

  it('asks for the storage workspace or the place its storage choice names', () => {
    expect(validateEquipmentForm(valid({ storage: 'WORKSPACE' }))).toEqual({
      storage_workspace_id: 'required',
    });
    expect(validateEquipmentForm(valid({ storage: 'CUSTOM', location: ' ' }))).toEqual({
      location: 'required',
    });
    expect(validateEquipmentForm(valid({ storage: 'CUSTOM', location: 'Shelf 3' }))).toEqual({});
  });

  it("checks each link's title and address on its own field", () => {
    const errors = validateEquipmentForm(
      valid({
        links: [
          { title: 'Manual', url: 'https://example.test/manual.pdf' },
          { title: '', url: 'not an address' },
        ],
      }),
    );
    expect(errors).toEqual({ 'links.1.title': 'required', 'links.1.url': 'invalid_format' });
    expect(withoutFieldErrors(errors, 'links')).toEqual({});
    expect(withoutFieldErrors({ title: 'too_long', type_id: 'type_required' }, 'title')).toEqual({
      type_id: 'type_required',
    });
  });

  it('sends trimmed texts, empty ones as null, managers as ids, and only the storage field its choice uses', () => {
    const body = createEquipmentRequestOf(
      valid({
        title: '  Drill  ',
        serial_number: ' ',
        reference_number: ' R-1 ',
        storage: 'WORKSPACE',
        storage_workspace_id: 9,
        location: 'left over',
        managers: [{ id: 5, full_name: 'Ana', profile_image: null }],
        links: [{ title: ' Manual ', url: ' https://example.test ' }],
      }),
    );
    expect(body).toEqual({
      title: 'Drill',
      workspace_id: 4,
      type_id: 2,
      group_id: null,
      storage: 'WORKSPACE',
      storage_workspace_id: 9,
      location: null,
      description: null,
      serial_number: null,
      reference_number: 'R-1',
      handout_requires_approval: false,
      manager_ids: [5],
      links: [{ title: 'Manual', url: 'https://example.test' }],
    });
  });

  it('reads a saved item back into the same values, and a PUT carries only what changed', () => {
    const item = {
      title: 'Drill',
      workspace: { id: 4, name: 'North' },
      type: { id: 2, name: 'Tools' },
      group: { id: 6, name: 'Kit A' },
      storage: 'CUSTOM',
      storage_workspace: null,
      location: 'Shelf 3',
      description: null,
      serial_number: 'S1',
      reference_number: null,
      handout_requires_approval: true,
      managers: [{ id: 5, full_name: 'Ana', profile_image: null }],
      links: [],
    } as unknown as Equipment;
    const saved = equipmentFormOf(item);
    expect(saved).toMatchObject({ group_id: 6, storage: 'CUSTOM', location: 'Shelf 3', serial_number: 'S1' });
    expect(updateEquipmentRequestOf(saved, saved)).toEqual({});
    expect(updateEquipmentRequestOf(saved, { ...saved, title: 'Drill 2', managers: [] })).toEqual({
      title: 'Drill 2',
      manager_ids: [],
    });
    // A new storage choice sends its companions: the old place is cleared.
    expect(updateEquipmentRequestOf(saved, { ...saved, storage: 'NONE' })).toEqual({
      storage: 'NONE',
      storage_workspace_id: null,
      location: null,
    });
  });

  it("puts the server's refusals on their fields: managers for manager_ids.n, a link's own field", () => {
    expect(
      equipmentFormErrorsOf({
        title: 'title_mandatory',
        'manager_ids.1': 'not_in_workspace',
        'links.0.url': 'invalid_format',
        type_id: 'type_required',
      }),
    ).toEqual({
      title: 'title_mandatory',
      managers: 'not_in_workspace',
      'links.0.url': 'invalid_format',
      type_id: 'type_required',
    });
  });
});
