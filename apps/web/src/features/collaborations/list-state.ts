import {
  type CollaborationListFilters,
  collaborationListParams,
  parseCollaborationListQuery,
} from '@workbench/domain';

/** The list's filters as the URL holds them (000 §2: unsupported values fall back to defaults). */
export function readListFilters(search: URLSearchParams): CollaborationListFilters {
  return parseCollaborationListQuery(Object.fromEntries(search.entries()));
}

/** The URL after a change: any filter change resets the page to 1; only a page change keeps it. */
export function nextListSearch(
  current: CollaborationListFilters,
  patch: Partial<CollaborationListFilters>,
): URLSearchParams {
  const onlyPage = Object.keys(patch).every((k) => k === 'page');
  const next = { ...current, ...patch, page: onlyPage ? (patch.page ?? current.page) : 1 };
  return new URLSearchParams(collaborationListParams(next));
}
