import type { SavedFilter } from '@workbench/domain';
import type { Selectable } from 'kysely';
import type { SavedFiltersTable } from '../../db/schema.js';

export type SavedFilterRow = Selectable<SavedFiltersTable>;

export function presentSavedFilter(row: SavedFilterRow): SavedFilter {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    filter_type: row.filter_type,
    query_string: row.query_string,
    is_favorite: row.is_favorite,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}
