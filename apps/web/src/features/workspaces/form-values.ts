import {
  type CreateWorkspaceRequest,
  TEXT_FIELD_MAX,
  UI_LANGUAGES,
  type UiLanguage,
  WORKSPACE_DESCRIPTION_MAX,
  type WorkspaceDetail,
  ZCreateWorkspaceRequestSchema,
} from '@workbench/domain';

export type WorkspaceFormValues = {
  name: string;
  description: string;
  reference_number: string;
  parent_id: number | null;
  translations: {
    name: Partial<Record<UiLanguage, string>>;
    description: Partial<Record<UiLanguage, string>>;
  };
};

export const FORM_LIMITS = {
  name: TEXT_FIELD_MAX,
  reference_number: TEXT_FIELD_MAX,
  description: WORKSPACE_DESCRIPTION_MAX,
};

export function emptyFormValues(parentId: number | null): WorkspaceFormValues {
  return {
    name: '',
    description: '',
    reference_number: '',
    parent_id: parentId,
    translations: { name: {}, description: {} },
  };
}

export function formValuesOf(detail: WorkspaceDetail): WorkspaceFormValues {
  return {
    name: detail.name,
    description: detail.description ?? '',
    reference_number: detail.reference_number ?? '',
    parent_id: detail.parent_id,
    translations: {
      name: { ...detail.available_translations.name },
      description: { ...detail.available_translations.description },
    },
  };
}

/** Leaves out empty translations, so a cleared field removes that translation. */
function cleanTranslations(values: Partial<Record<UiLanguage, string>>): Partial<Record<UiLanguage, string>> {
  const out: Partial<Record<UiLanguage, string>> = {};
  for (const lang of UI_LANGUAGES) {
    const text = values[lang]?.trim();
    if (text) out[lang] = text;
  }
  return out;
}

export function requestOf(values: WorkspaceFormValues): CreateWorkspaceRequest {
  return {
    name: values.name,
    description: values.description,
    reference_number: values.reference_number,
    parent_id: values.parent_id,
    translations: {
      name: cleanTranslations(values.translations.name),
      description: cleanTranslations(values.translations.description),
    },
  };
}

/** The form's field errors by the server's own schema: { 'name': 'required', 'translations.name.de': 'too_long' }. */
export function validateForm(values: WorkspaceFormValues): Record<string, string> {
  const result = ZCreateWorkspaceRequestSchema.safeParse(requestOf(values));
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    if (!(path in fields)) fields[path] = /^[a-z_]+$/.test(issue.message) ? issue.message : 'invalid_format';
  }
  return fields;
}
