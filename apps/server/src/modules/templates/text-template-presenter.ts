import type { TextTemplate, TextTemplateSuggestion } from '@workbench/domain';
import { personOf } from '../users/user-presenter.js';
import type { TextTemplateRow } from './text-template-queries.js';

type CategoryColumns = {
  category_id: number | null;
  category_name: string | null;
  category_color: string | null;
};

function categoryOf(row: CategoryColumns) {
  return row.category_id !== null && row.category_name !== null
    ? { id: row.category_id, name: row.category_name, color: row.category_color }
    : null;
}

export function presentTextTemplate(row: TextTemplateRow): TextTemplate {
  return {
    id: row.id,
    text: row.text,
    category_id: row.category_id,
    category: categoryOf(row),
    created_by: personOf({
      id: row.created_by,
      first_name: row.author_first_name,
      last_name: row.author_last_name,
    }),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

export function presentTextTemplateSuggestion(
  row: CategoryColumns & { id: number; text: string },
): TextTemplateSuggestion {
  return { id: row.id, text: row.text, category: categoryOf(row) };
}
