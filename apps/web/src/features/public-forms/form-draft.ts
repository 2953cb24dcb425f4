import {
  normalisePublicForm,
  type PublicForm,
  type PublicFormConfig,
  type PublicFormConfigResponse,
  type PublicFormField,
  type PublicFormFieldKey,
  type PublicFormRequest,
  type PublicFormTexts,
  type UiLanguage,
} from '@workbench/domain';

/**
 * The configurator's draft: the form as the admin edits it, kept consistent by the domain's
 * normalisePublicForm after every change (so the preview and the switches show what the server
 * will save: a form without a required title requires the description).
 */
export type FormDraft = PublicFormConfig;

export function draftOf(config: PublicFormConfigResponse): FormDraft {
  const { updated_at: _, ...form } = config;
  return normalisePublicForm(form.type, form);
}

const normalised = (draft: FormDraft): FormDraft => normalisePublicForm(draft.type, draft);

export function changeDraft(draft: FormDraft, patch: Partial<Omit<FormDraft, 'type'>>): FormDraft {
  return normalised({ ...draft, ...patch });
}

/** Shows, hides, requires a field (required only while shown). */
export function changeField(
  draft: FormDraft,
  key: PublicFormFieldKey,
  patch: Partial<Omit<PublicFormField, 'key'>>,
): FormDraft {
  return changeDraft(draft, {
    fields: draft.fields.map((f) => (f.key === key ? { ...f, ...patch } : f)),
  });
}

/** Moves a field one place up (-1) or down (+1); at an end nothing changes. */
export function moveField(draft: FormDraft, key: PublicFormFieldKey, by: -1 | 1): FormDraft {
  const index = draft.fields.findIndex((f) => f.key === key);
  const to = index + by;
  if (index < 0 || to < 0 || to >= draft.fields.length) return draft;
  const fields = [...draft.fields];
  const [moved] = fields.splice(index, 1);
  if (moved) fields.splice(to, 0, moved);
  return changeDraft(draft, { fields });
}

const EMPTY_TEXTS: PublicFormTexts = { title: null, intro: null, thank_you: null };

export function textsOf(draft: FormDraft, language: UiLanguage): PublicFormTexts {
  return draft.texts[language] ?? EMPTY_TEXTS;
}

/** One text of one language; an empty text is the product's own again. */
export function changeText(
  draft: FormDraft,
  language: UiLanguage,
  key: keyof PublicFormTexts,
  value: string,
): FormDraft {
  // Not normalised while typing: a cleared input would otherwise drop its language at once and
  // a trailing space would be kept anyway. The save and the comparison normalise.
  return { ...draft, texts: { ...draft.texts, [language]: { ...textsOf(draft, language), [key]: value } } };
}

export function requestOf(draft: FormDraft): PublicFormRequest {
  const { type: _, ...body } = normalised(draft);
  return body;
}

/** Whether the draft differs from what is saved. */
export function isDirty(draft: FormDraft, saved: FormDraft): boolean {
  return JSON.stringify(normalised(draft)) !== JSON.stringify(normalised(saved));
}

/** What a public page would get of this draft (the live preview). */
export function previewFormOf(
  draft: FormDraft,
  organisation: { logo: string | null },
  categories: Array<{ id: number; name: string }>,
): PublicForm {
  const form = normalised(draft);
  return {
    enabled: form.enabled,
    fields: form.fields,
    texts: form.texts,
    logo: form.show_logo ? organisation.logo : null,
    primary_color: form.primary_color,
    allow_follow: form.allow_follow,
    categories,
  };
}
