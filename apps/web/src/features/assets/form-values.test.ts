import type { Asset } from '@workbench/domain';
import { describe, expect, it } from 'vitest';
import {
  assetFormOf,
  createRequestOf,
  emptyAssetForm,
  formErrorsOf,
  groupFits,
  loadAssetDraft,
  saveAssetDraft,
  updateRequestOf,
  validateAssetForm,
  withWorkspace,
  workspaceAndAbove,
} from './form-values';

// Site (1) > Building A (2) > Boiler room (3); Site B (4).
const tree = [
  { id: 1, parent_id: null },
  { id: 2, parent_id: 1 },
  { id: 3, parent_id: 2 },
  { id: 4, parent_id: null },
];
const groups = [
  { id: 10, workspace_id: 1 },
  { id: 20, workspace_id: 2 },
  { id: 40, workspace_id: 4 },
];

describe('groups bound to the workspace (001 §5)', () => {
  it("a group fits an asset of its workspace or of a workspace below it, never another tree's", () => {
    const fitting = workspaceAndAbove(tree, 3);
    expect([...(fitting ?? [])].sort()).toEqual([1, 2, 3]);
    expect(groupFits({ workspace_id: 1 }, fitting)).toBe(true);
    expect(groupFits({ workspace_id: 2 }, fitting)).toBe(true);
    expect(groupFits({ workspace_id: 4 }, fitting)).toBe(false);
    expect(groupFits({ workspace_id: 3 }, workspaceAndAbove(tree, 2))).toBe(false);
    expect(groupFits({ workspace_id: 1 }, workspaceAndAbove(tree, null))).toBe(false);
  });

  it('changing the workspace clears a group that no longer fits and keeps one that does', () => {
    const values = { ...emptyAssetForm(2), group_id: 20 };
    expect(withWorkspace(values, 3, groups, tree)).toMatchObject({ workspace_id: 3, group_id: 20 });
    expect(withWorkspace(values, 4, groups, tree)).toMatchObject({ workspace_id: 4, group_id: null });
    expect(withWorkspace(values, 1, groups, tree).group_id).toBeNull();
    expect(withWorkspace(values, null, groups, tree).group_id).toBeNull();
  });
});

describe('the asset form', () => {
  it('asks for a name and a workspace', () => {
    expect(validateAssetForm(emptyAssetForm())).toEqual({ name: 'required', workspace_id: 'required' });
    expect(validateAssetForm({ ...emptyAssetForm(1), name: '   ' })).toEqual({ name: 'required' });
    expect(validateAssetForm({ ...emptyAssetForm(1), name: 'Boiler', model: 'x'.repeat(256) })).toEqual({
      model: 'too_long',
    });
    expect(validateAssetForm({ ...emptyAssetForm(1), name: 'Boiler' })).toEqual({});
  });

  it('creates with trimmed texts, empty ones as null', () => {
    const body = createRequestOf({
      ...emptyAssetForm(3),
      name: ' Boiler 1 ',
      model: ' ',
      serial_number: 'SN-1 ',
    });
    expect(body).toMatchObject({
      name: 'Boiler 1',
      workspace_id: 3,
      status: 1,
      model: null,
      serial_number: 'SN-1',
    });
  });

  it('an update sends only what changed', () => {
    const saved = { ...emptyAssetForm(3), name: 'Boiler', manager_ids: [5, 6], manufacturer: 'Acme' };
    expect(updateRequestOf(saved, saved)).toEqual({});
    expect(updateRequestOf(saved, { ...saved, manager_ids: [6, 5] })).toEqual({});
    expect(
      updateRequestOf(saved, { ...saved, name: 'Boiler 2', manufacturer: '', location_required: true }),
    ).toEqual({ name: 'Boiler 2', manufacturer: null, location_required: true });
  });

  it('reads a saved asset', () => {
    const asset = {
      name: 'Lift',
      workspace: { id: 2, name: 'A' },
      status: 3,
      group: { id: 20, name: 'Lifts' },
      system: null,
      managers: [{ id: 7, full_name: 'M', profile_image: null }],
      manufacturer: null,
      model: 'X',
      serial_number: null,
      reference_number: 'R',
      description: null,
      location_required: false,
      auth_maintenance_required: true,
      auth_inspection_required: false,
    } as unknown as Asset;
    expect(assetFormOf(asset)).toMatchObject({
      workspace_id: 2,
      status: 3,
      group_id: 20,
      system_id: null,
      manager_ids: [7],
      manufacturer: '',
      model: 'X',
      auth_maintenance_required: true,
    });
  });

  it("marks the field a refusal names ('manager_ids.1' is the managers)", () => {
    expect(formErrorsOf({ 'manager_ids.1': 'not_in_workspace', group_id: 'not_same_workspace' })).toEqual({
      manager_ids: 'not_in_workspace',
      group_id: 'not_same_workspace',
    });
  });
});

describe('the add screen keeps its values (001 §2)', () => {
  const memory = () => {
    const data = new Map<string, string>();
    return {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
    } as unknown as Storage;
  };

  it('a saved draft comes back as it was typed', () => {
    const storage = memory();
    const values = {
      ...emptyAssetForm(3),
      name: 'Boiler',
      group_id: 20,
      manager_ids: [5],
      location_required: true,
    };
    saveAssetDraft(values, storage);
    expect(loadAssetDraft(storage)).toEqual(values);
  });

  it('a damaged draft is read field by field, never as archived', () => {
    const storage = memory();
    storage.setItem(
      'workbench.asset-draft',
      JSON.stringify({ name: 3, workspace_id: 'x', status: 5, manager_ids: [1, 'a', -2], model: 'M' }),
    );
    expect(loadAssetDraft(storage)).toEqual({ ...emptyAssetForm(), manager_ids: [1], model: 'M' });
    storage.setItem('workbench.asset-draft', '{not json');
    expect(loadAssetDraft(storage)).toBeNull();
  });
});
