import {
  canSaveFilter,
  compareSavedFilters,
  normaliseSavedFilterQuery,
  SAVED_FILTER_DESCRIPTION_MAX,
  SAVED_FILTER_NAME_MAX,
  type SavedFilter,
} from '@workbench/domain';

/** Where the issue list lives (000 §2). */
export const ISSUE_LIST_PATH = '/dashboard/issues';

/** The issue list as a saved filter describes it. */
export function savedFilterHref(filter: Pick<SavedFilter, 'query_string'>): string {
  const qs = filter.query_string.replace(/^\?/, '');
  return qs ? `${ISSUE_LIST_PATH}?${qs}` : ISSUE_LIST_PATH;
}

/**
 * The list state worth saving from the current URL: the list parameters only, read with the
 * server's rule (unsupported values dropped, defaults left out), without page or density.
 */
export function currentIssueFilterQuery(search: URLSearchParams | string): string {
  return normaliseSavedFilterQuery('issue', typeof search === 'string' ? search : search.toString());
}

/** Favourites first, then by name; a new array. */
export function sortedSavedFilters<T extends Pick<SavedFilter, 'id' | 'name' | 'is_favorite'>>(
  filters: readonly T[],
): T[] {
  return [...filters].sort(compareSavedFilters);
}

/** The saved filter the list shows right now, if any. */
export function activeSavedFilter<T extends Pick<SavedFilter, 'query_string'>>(
  filters: readonly T[],
  currentQuery: string,
): T | undefined {
  return filters.find((f) => currentIssueFilterQuery(f.query_string) === currentQuery);
}

export type SaveFilterDraft = { name: string; description: string; is_favorite: boolean };

export const EMPTY_DRAFT: SaveFilterDraft = { name: '', description: '', is_favorite: false };

/** Save is enabled only with a non-empty name within the limits (000 §4). */
export function canSaveDraft(draft: SaveFilterDraft): boolean {
  return canSaveFilter(draft);
}

/** The request fields of a draft (an empty description is sent as null). */
export function draftBody(draft: SaveFilterDraft) {
  return {
    name: draft.name.trim(),
    description: draft.description.trim() || null,
    is_favorite: draft.is_favorite,
  };
}

export const NAME_MAX = SAVED_FILTER_NAME_MAX;
export const DESCRIPTION_MAX = SAVED_FILTER_DESCRIPTION_MAX;
