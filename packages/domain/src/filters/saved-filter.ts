import { z } from 'zod';
import { issueListQueryToParams, readIssueListQuery } from '../issues/issue-list.js';

/**
 * Saved filters (000 §3 "Saved filter", §5 "Save filter", §7 Saved filters): a user's named list
 * query for one entity, private to that user, optionally a favourite.
 */
export const SAVED_FILTER_TYPES = [
  'issue',
  'schedule',
  'workspace',
  'asset',
  'equipment',
  'user',
  'collaboration',
  'calendar',
] as const;
export type SavedFilterType = (typeof SAVED_FILTER_TYPES)[number];
export const SAVED_FILTER_NAME_MAX = 255;
export const SAVED_FILTER_DESCRIPTION_MAX = 255;
/** A query string longer than this names no real list. */
export const SAVED_FILTER_QUERY_MAX = 10_000;
export const SAVED_FILTER_COPY_SUFFIX = ' (Copy)';

export function isSavedFilterType(value: string): value is SavedFilterType {
  return (SAVED_FILTER_TYPES as readonly string[]).includes(value);
}

/**
 * The query string as stored: for issue filters the list parameters read and written back
 * (unsupported values dropped, defaults left out, no page); others keep their text without a
 * leading '?'.
 */
export function normaliseSavedFilterQuery(filterType: SavedFilterType, queryString: string): string {
  const text = queryString.trim().replace(/^\?/, '');
  if (filterType !== 'issue') return text;
  const params = issueListQueryToParams({ ...readIssueListQuery(new URLSearchParams(text)), page: 1 });
  return new URLSearchParams(params).toString();
}

/** The name of a copy, kept within the name limit. */
export function savedFilterCopyName(name: string): string {
  return `${name.slice(0, SAVED_FILTER_NAME_MAX - SAVED_FILTER_COPY_SUFFIX.length)}${SAVED_FILTER_COPY_SUFFIX}`;
}

/** Favourites first, then by name (case-insensitive), then by id. */
export function compareSavedFilters(
  a: Pick<SavedFilter, 'id' | 'name' | 'is_favorite'>,
  b: Pick<SavedFilter, 'id' | 'name' | 'is_favorite'>,
): number {
  if (a.is_favorite !== b.is_favorite) return a.is_favorite ? -1 : 1;
  const byName = a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });
  return byName !== 0 ? byName : a.id - b.id;
}

/** Save enabled only with a non-empty name within the limits (000 §4 save-filter dialog). */
export function canSaveFilter(draft: { name: string; description: string }): boolean {
  const name = draft.name.trim();
  return (
    name.length > 0 &&
    name.length <= SAVED_FILTER_NAME_MAX &&
    draft.description.trim().length <= SAVED_FILTER_DESCRIPTION_MAX
  );
}

const ZName = z.string('required').trim().min(1, 'required').max(SAVED_FILTER_NAME_MAX, 'too_long');
const ZDescription = z
  .string('invalid_format')
  .trim()
  .max(SAVED_FILTER_DESCRIPTION_MAX, 'too_long')
  .nullable();
const ZQueryString = z.string('invalid_format').max(SAVED_FILTER_QUERY_MAX, 'too_long');

export const ZSavedFilterSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    filter_type: z.string(),
    query_string: z.string(),
    is_favorite: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'SavedFilter' });
export type SavedFilter = z.infer<typeof ZSavedFilterSchema>;

export const ZSavedFilterListResponseSchema = z.array(ZSavedFilterSchema);

export const ZSavedFilterTypeParamsSchema = z.object({ type: z.enum(SAVED_FILTER_TYPES, 'invalid_format') });

export const ZCreateSavedFilterRequestSchema = z
  .object({
    filter_type: z.enum(SAVED_FILTER_TYPES, 'invalid_format'),
    name: ZName,
    description: ZDescription.optional(),
    query_string: ZQueryString.default(''),
    is_favorite: z.boolean('invalid_format').optional(),
  })
  .meta({ id: 'CreateSavedFilterRequest' });
export type CreateSavedFilterRequest = z.infer<typeof ZCreateSavedFilterRequestSchema>;

export const ZUpdateSavedFilterRequestSchema = z
  .object({
    name: ZName.optional(),
    description: ZDescription.optional(),
    query_string: ZQueryString.optional(),
    is_favorite: z.boolean('invalid_format').optional(),
  })
  .meta({ id: 'UpdateSavedFilterRequest' });
export type UpdateSavedFilterRequest = z.infer<typeof ZUpdateSavedFilterRequestSchema>;
