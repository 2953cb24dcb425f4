import {
  ASSET_DESCRIPTION_MAX,
  ASSET_NAME_MAX,
  ASSET_STATUS,
  ASSET_TEXT_MAX,
  type Asset,
  type AssetStatusId,
  type CreateAssetRequest,
  isAssetStatusId,
  type UpdateAssetRequest,
} from '@workbench/domain';

/** The asset form's values (001 §2 "Assets", §3 "Asset"): texts as typed, ids or null. */
export type AssetFormValues = {
  name: string;
  workspace_id: number | null;
  status: AssetStatusId;
  group_id: number | null;
  system_id: number | null;
  manager_ids: number[];
  manufacturer: string;
  model: string;
  serial_number: string;
  reference_number: string;
  description: string;
  location_required: boolean;
  auth_maintenance_required: boolean;
  auth_inspection_required: boolean;
};

export type AssetFormErrors = Partial<Record<keyof AssetFormValues, string>>;

const TEXT_FIELDS = ['manufacturer', 'model', 'serial_number', 'reference_number', 'description'] as const;
const FLAGS = ['location_required', 'auth_maintenance_required', 'auth_inspection_required'] as const;

export function emptyAssetForm(workspaceId: number | null = null): AssetFormValues {
  return {
    name: '',
    workspace_id: workspaceId,
    status: ASSET_STATUS.ACTIVE,
    group_id: null,
    system_id: null,
    manager_ids: [],
    manufacturer: '',
    model: '',
    serial_number: '',
    reference_number: '',
    description: '',
    location_required: false,
    auth_maintenance_required: false,
    auth_inspection_required: false,
  };
}

export function assetFormOf(asset: Asset): AssetFormValues {
  return {
    name: asset.name,
    workspace_id: asset.workspace.id,
    status: isAssetStatusId(asset.status) ? asset.status : ASSET_STATUS.ACTIVE,
    group_id: asset.group?.id ?? null,
    system_id: asset.system?.id ?? null,
    manager_ids: asset.managers.map((m) => m.id),
    manufacturer: asset.manufacturer ?? '',
    model: asset.model ?? '',
    serial_number: asset.serial_number ?? '',
    reference_number: asset.reference_number ?? '',
    description: asset.description ?? '',
    location_required: asset.location_required,
    auth_maintenance_required: asset.auth_maintenance_required,
    auth_inspection_required: asset.auth_inspection_required,
  };
}

/**
 * The workspace and every workspace above it (the flat tree of GET workspace/flat): the
 * workspaces whose groups an asset of this workspace may join. null without a workspace.
 */
export function workspaceAndAbove(
  workspaces: ReadonlyArray<{ id: number; parent_id: number | null }>,
  workspaceId: number | null,
): Set<number> | null {
  if (workspaceId === null) return null;
  const parentOf = new Map(workspaces.map((w) => [w.id, w.parent_id]));
  const out = new Set<number>();
  let current: number | null | undefined = workspaceId;
  while (current !== null && current !== undefined && !out.has(current)) {
    out.add(current);
    current = parentOf.get(current);
  }
  return out;
}

/**
 * Whether a group may be chosen for an asset (001 §5 "Dropdowns bound to a workspace"): the
 * asset's workspace must be the group's or lie below it, so the group's workspace is among the
 * asset's workspace and those above it. Without a workspace no group fits yet.
 */
export function groupFits(group: { workspace_id: number }, workspaceAndAboveIds: ReadonlySet<number> | null) {
  return workspaceAndAboveIds?.has(group.workspace_id) ?? false;
}

/**
 * A new workspace for the form: the chosen group stays only when it fits the new workspace (a
 * selection from a different workspace is cleared, 001 §5). `workspaces` is the flat tree.
 */
export function withWorkspace(
  values: AssetFormValues,
  workspaceId: number | null,
  groups: ReadonlyArray<{ id: number; workspace_id: number }>,
  workspaces: ReadonlyArray<{ id: number; parent_id: number | null }>,
): AssetFormValues {
  const group = groups.find((g) => g.id === values.group_id);
  const fits = !!group && groupFits(group, workspaceAndAbove(workspaces, workspaceId));
  return {
    ...values,
    workspace_id: workspaceId,
    group_id: values.group_id !== null && fits ? values.group_id : null,
  };
}

/** The form's own checks before it is sent (the server checks the same, and more). */
export function validateAssetForm(values: AssetFormValues): AssetFormErrors {
  const errors: AssetFormErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = 'required';
  else if (name.length > ASSET_NAME_MAX) errors.name = 'too_long';
  if (values.workspace_id === null) errors.workspace_id = 'required';
  for (const field of TEXT_FIELDS) {
    const max = field === 'description' ? ASSET_DESCRIPTION_MAX : ASSET_TEXT_MAX;
    if (values[field].trim().length > max) errors[field] = 'too_long';
  }
  return errors;
}

const textOrNull = (text: string) => text.trim() || null;

/** POST asset from valid values. */
export function createRequestOf(values: AssetFormValues): CreateAssetRequest {
  return {
    name: values.name.trim(),
    workspace_id: values.workspace_id ?? 0,
    status: values.status,
    group_id: values.group_id,
    system_id: values.system_id,
    manager_ids: values.manager_ids,
    manufacturer: textOrNull(values.manufacturer),
    model: textOrNull(values.model),
    serial_number: textOrNull(values.serial_number),
    reference_number: textOrNull(values.reference_number),
    description: textOrNull(values.description),
    location_required: values.location_required,
    auth_maintenance_required: values.auth_maintenance_required,
    auth_inspection_required: values.auth_inspection_required,
  };
}

/** PUT asset/{id}: only the fields that changed from the saved values. */
export function updateRequestOf(saved: AssetFormValues, values: AssetFormValues): UpdateAssetRequest {
  const body: UpdateAssetRequest = {};
  if (values.name.trim() !== saved.name) body.name = values.name.trim();
  if (values.workspace_id !== saved.workspace_id && values.workspace_id !== null)
    body.workspace_id = values.workspace_id;
  if (values.status !== saved.status) body.status = values.status;
  if (values.group_id !== saved.group_id) body.group_id = values.group_id;
  if (values.system_id !== saved.system_id) body.system_id = values.system_id;
  const managers = [...values.manager_ids].sort((a, b) => a - b);
  if (managers.join(',') !== [...saved.manager_ids].sort((a, b) => a - b).join(','))
    body.manager_ids = values.manager_ids;
  for (const field of TEXT_FIELDS) {
    if (textOrNull(values[field]) !== textOrNull(saved[field])) body[field] = textOrNull(values[field]);
  }
  for (const flag of FLAGS) if (values[flag] !== saved[flag]) body[flag] = values[flag];
  return body;
}

// ---------------------------------------------------------------------------------------------
// The add screen's draft (001 §2: on an add screen the form values are kept)
// ---------------------------------------------------------------------------------------------

const DRAFT_KEY = 'workbench.asset-draft';

/** The values typed on the add screen, kept for the browser tab's session. */
export function saveAssetDraft(values: AssetFormValues, storage: Storage = sessionStorage) {
  try {
    storage.setItem(DRAFT_KEY, JSON.stringify(values));
  } catch {
    // A full or disabled storage only loses the draft.
  }
}

export function clearAssetDraft(storage: Storage = sessionStorage) {
  try {
    storage.removeItem(DRAFT_KEY);
  } catch {
    // Nothing kept.
  }
}

/** The kept draft, each field read with care (anything unreadable takes the empty form's value). */
export function loadAssetDraft(storage: Storage = sessionStorage): AssetFormValues | null {
  let raw: unknown;
  try {
    raw = JSON.parse(storage.getItem(DRAFT_KEY) ?? 'null');
  } catch {
    return null;
  }
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const base = emptyAssetForm();
  const id = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? v : null);
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    ...base,
    name: text(r.name),
    workspace_id: id(r.workspace_id),
    status: isAssetStatusId(r.status) && r.status !== ASSET_STATUS.ARCHIVED ? r.status : base.status,
    group_id: id(r.group_id),
    system_id: id(r.system_id),
    manager_ids: Array.isArray(r.manager_ids)
      ? r.manager_ids.map(id).filter((v): v is number => v !== null)
      : [],
    manufacturer: text(r.manufacturer),
    model: text(r.model),
    serial_number: text(r.serial_number),
    reference_number: text(r.reference_number),
    description: text(r.description),
    location_required: r.location_required === true,
    auth_maintenance_required: r.auth_maintenance_required === true,
    auth_inspection_required: r.auth_inspection_required === true,
  };
}

/** Whether the values hold anything typed (an untouched form keeps no draft). */
export function isEmptyAssetForm(values: AssetFormValues): boolean {
  return JSON.stringify(values) === JSON.stringify(emptyAssetForm(values.workspace_id));
}

/** A refusal's field keys as the form's fields: 'manager_ids.2' marks the managers. */
export function formErrorsOf(fields: Record<string, string>): AssetFormErrors {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) {
    const field = key.split('.')[0] ?? key;
    if (!(field in out)) out[field] = value;
  }
  return out as AssetFormErrors;
}
