import type { CategoryItem } from '@workbench/domain';
import type { CategoryRow } from './category-queries.js';

export function presentCategory(row: CategoryRow, issuesCount: number): CategoryItem {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    issues_count: issuesCount,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}
