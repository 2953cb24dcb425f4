import {
  type CreateEquipmentRequest,
  EQUIPMENT_DESCRIPTION_MAX,
  EQUIPMENT_LINKS_MAX,
  EQUIPMENT_STORAGES,
  EQUIPMENT_TEXT_MAX,
  EQUIPMENT_TITLE_MAX,
  type Equipment,
  type EquipmentStorage,
  type UpdateEquipmentRequest,
} from '@workbench/domain';

/** A manager as the form shows them (the picker's people carry more; only these are kept). */
export type EquipmentFormPerson = { id: number; full_name: string; profile_image: string | null };
export type EquipmentFormLink = { title: string; url: string };

/** The equipment form's values (001 §3 "Equipment" form defaults, §5): texts as typed, ids or null. */
export type EquipmentFormValues = {
  title: string;
  workspace_id: number | null;
  type_id: number | null;
  group_id: number | null;
  storage: EquipmentStorage;
  storage_workspace_id: number | null;
  location: string;
  description: string;
  serial_number: string;
  reference_number: string;
  handout_requires_approval: boolean;
  managers: EquipmentFormPerson[];
  links: EquipmentFormLink[];
};

export type EquipmentFormField = keyof EquipmentFormValues;
/**
 * Error keys by field; a link's own fields are 'links.<n>.title' and 'links.<n>.url' (the
 * server's field paths), the rest by their field name.
 */
export type EquipmentFormErrors = Partial<Record<string, string>>;

const URL_PATTERN = /^https?:\/\/[^\s/$.?#].[^\s]*$/i;

export function emptyEquipmentForm(workspaceId: number | null = null): EquipmentFormValues {
  return {
    title: '',
    workspace_id: workspaceId,
    type_id: null,
    group_id: null,
    storage: 'NONE',
    storage_workspace_id: null,
    location: '',
    description: '',
    serial_number: '',
    reference_number: '',
    handout_requires_approval: false,
    managers: [],
    links: [],
  };
}

export function equipmentFormOf(item: Equipment): EquipmentFormValues {
  return {
    title: item.title,
    workspace_id: item.workspace.id,
    type_id: item.type.id,
    group_id: item.group?.id ?? null,
    storage: EQUIPMENT_STORAGES.includes(item.storage) ? item.storage : 'NONE',
    storage_workspace_id: item.storage_workspace?.id ?? null,
    location: item.location ?? '',
    description: item.description ?? '',
    serial_number: item.serial_number ?? '',
    reference_number: item.reference_number ?? '',
    handout_requires_approval: item.handout_requires_approval,
    managers: item.managers.map((m) => ({
      id: m.id,
      full_name: m.full_name,
      profile_image: m.profile_image,
    })),
    links: item.links.map((l) => ({ title: l.title, url: l.url })),
  };
}

/**
 * The form's own checks before it is sent (001 §5; the server checks the same, and more): the
 * title 1..255 ('title_mandatory', 'too_long'), a workspace, a type ('type_required'), the
 * numbers under 256, the storage's workspace or location, and each link's title and address.
 */
export function validateEquipmentForm(values: EquipmentFormValues): EquipmentFormErrors {
  const errors: EquipmentFormErrors = {};
  const title = values.title.trim();
  if (!title) errors.title = 'title_mandatory';
  else if (title.length > EQUIPMENT_TITLE_MAX) errors.title = 'too_long';
  if (values.workspace_id === null) errors.workspace_id = 'required';
  if (values.type_id === null) errors.type_id = 'type_required';
  for (const field of ['serial_number', 'reference_number', 'location'] as const) {
    if (values[field].trim().length > EQUIPMENT_TEXT_MAX) errors[field] = 'too_long';
  }
  if (values.description.trim().length > EQUIPMENT_DESCRIPTION_MAX) errors.description = 'too_long';
  if (values.storage === 'WORKSPACE' && values.storage_workspace_id === null)
    errors.storage_workspace_id = 'required';
  if (values.storage === 'CUSTOM' && !values.location.trim()) errors.location = 'required';
  if (values.links.length > EQUIPMENT_LINKS_MAX) errors.links = 'too_long';
  values.links.forEach((link, n) => {
    const linkTitle = link.title.trim();
    const url = link.url.trim();
    if (!linkTitle) errors[`links.${n}.title`] = 'required';
    else if (linkTitle.length > EQUIPMENT_TEXT_MAX) errors[`links.${n}.title`] = 'too_long';
    if (!url) errors[`links.${n}.url`] = 'required';
    else if (!URL_PATTERN.test(url)) errors[`links.${n}.url`] = 'invalid_format';
  });
  return errors;
}

const textOrNull = (text: string) => text.trim() || null;

/** What storage sends: only the field its choice uses (a workspace, or a place in words). */
function storageFields(values: EquipmentFormValues) {
  return {
    storage: values.storage,
    storage_workspace_id: values.storage === 'WORKSPACE' ? values.storage_workspace_id : null,
    location: values.storage === 'CUSTOM' ? textOrNull(values.location) : null,
  };
}

/** POST equipment from valid values. */
export function createEquipmentRequestOf(values: EquipmentFormValues): CreateEquipmentRequest {
  return {
    title: values.title.trim(),
    workspace_id: values.workspace_id ?? 0,
    type_id: values.type_id ?? 0,
    group_id: values.group_id,
    ...storageFields(values),
    description: textOrNull(values.description),
    serial_number: textOrNull(values.serial_number),
    reference_number: textOrNull(values.reference_number),
    handout_requires_approval: values.handout_requires_approval,
    manager_ids: values.managers.map((m) => m.id),
    links: values.links.map((l) => ({ title: l.title.trim(), url: l.url.trim() })),
  };
}

/** PUT equipment/{id}: only the fields that changed from the saved values. */
export function updateEquipmentRequestOf(
  saved: EquipmentFormValues,
  values: EquipmentFormValues,
): UpdateEquipmentRequest {
  const next = createEquipmentRequestOf(values);
  const before = createEquipmentRequestOf(saved);
  const body: Record<string, unknown> = {};
  for (const key of Object.keys(next) as Array<keyof CreateEquipmentRequest>) {
    if (JSON.stringify(next[key]) !== JSON.stringify(before[key])) body[key] = next[key];
  }
  // A changed storage choice sends its companions too, so the server never keeps a stale one.
  if ('storage' in body || 'storage_workspace_id' in body || 'location' in body) {
    Object.assign(body, storageFields(values));
  }
  return body as UpdateEquipmentRequest;
}

/**
 * A refusal's field keys as the form's: 'manager_ids.2' marks the managers, 'links.1.url' stays
 * on its link; the first key of a field wins.
 */
export function equipmentFormErrorsOf(fields: Record<string, string>): EquipmentFormErrors {
  const out: EquipmentFormErrors = {};
  for (const [key, value] of Object.entries(fields)) {
    const [head, n, sub] = key.split('.');
    let field = head ?? key;
    if (field === 'manager_ids') field = 'managers';
    if (field === 'links' && n !== undefined && sub) field = `links.${n}.${sub}`;
    if (!(field in out)) out[field] = value;
  }
  return out;
}

/** The errors that still hold after a field changed: that field's (and a link's own) go. */
export function withoutFieldErrors(errors: EquipmentFormErrors, changed: string): EquipmentFormErrors {
  const out: EquipmentFormErrors = {};
  for (const [key, value] of Object.entries(errors)) {
    if (key === changed || key.startsWith(`${changed}.`)) continue;
    out[key] = value;
  }
  return out;
}
