import {
  checkFormDefinition,
  DEFAULT_LANGUAGE,
  type FormDefinition,
  type FormField,
  type FormFieldKind,
  type FormLabels,
  fieldKeyFrom,
  isChoiceKind,
  labelIn,
} from '@workbench/domain';

/** A field being designed: its stored key once saved (new ones get theirs from the label). */
export type DraftOption = { uid: string; key: string | null; label: FormLabels };
export type DraftField = Omit<FormField, 'key' | 'options'> & {
  uid: string;
  key: string | null;
  options: DraftOption[];
};
export type Draft = { title: FormLabels; fields: DraftField[] };

let counter = 0;
const uid = () => `d${++counter}`;

export function draftOf(definition: FormDefinition | null): Draft {
  return {
    title: definition?.title ?? {},
    fields: (definition?.fields ?? []).map((f) => ({
      ...f,
      uid: uid(),
      options: (f.options ?? []).map((o) => ({ ...o, uid: uid() })),
    })),
  };
}

export function newField(kind: FormFieldKind = 'text'): DraftField {
  return {
    uid: uid(),
    key: null,
    kind,
    label: {},
    required: false,
    options: isChoiceKind(kind) ? [newOption()] : [],
  };
}

export const newOption = (): DraftOption => ({ uid: uid(), key: null, label: {} });

export function moveField(fields: DraftField[], index: number, by: -1 | 1): DraftField[] {
  const to = index + by;
  if (to < 0 || to >= fields.length) return fields;
  const next = [...fields];
  const [moved] = next.splice(index, 1);
  if (moved) next.splice(to, 0, moved);
  return next;
}

/**
 * The design to send: new fields and options get keys from their labels (unique in the form),
 * limits of other kinds are left out. Blank labels stay blank (the rule refuses them).
 */
export function definitionOf(draft: Draft): FormDefinition {
  const taken = new Set(draft.fields.flatMap((f) => (f.key ? [f.key] : [])));
  const fields = draft.fields.map((f): FormField => {
    const key = f.key ?? fieldKeyFrom(labelIn(f.label, DEFAULT_LANGUAGE), taken);
    taken.add(key);
    const field: FormField = { key, kind: f.kind, label: clean(f.label), required: f.required };
    if (isChoiceKind(f.kind)) {
      const optionKeys = new Set(f.options.flatMap((o) => (o.key ? [o.key] : [])));
      field.options = f.options.map((o) => {
        const optionKey = o.key ?? fieldKeyFrom(labelIn(o.label, DEFAULT_LANGUAGE), optionKeys);
        optionKeys.add(optionKey);
        return { key: optionKey, label: clean(o.label) };
      });
    }
    if ((f.kind === 'text' || f.kind === 'long_text') && f.max_length) field.max_length = f.max_length;
    if (f.kind === 'number' && f.min !== undefined) field.min = f.min;
    if (f.kind === 'number' && f.max !== undefined) field.max = f.max;
    if (f.kind === 'photo' && f.max_photos) field.max_photos = f.max_photos;
    return field;
  });
  return { title: clean(draft.title), fields };
}

function clean(labels: FormLabels): FormLabels {
  return Object.fromEntries(
    Object.entries(labels).flatMap(([lang, text]) => (text?.trim() ? [[lang, text.trim()]] : [])),
  ) as FormLabels;
}

/** The same checks as the server's schema, as `fields.<n>.<part>` → key. */
export const draftErrors = (draft: Draft) => checkFormDefinition(definitionOf(draft));
