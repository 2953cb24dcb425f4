import { readWorkspaceListQuery, WORKSPACE_LIST_DEFAULTS, type WorkspaceListQuery } from '@workbench/domain';

/** The URL's parameters the workspace list keeps (000 §2), read with the server's own rule. */
const URL_KEYS = [
  'search',
  'archived',
  'page',
  'paginate_by',
  'sort_by',
  'sort_direction',
  'include_subws',
] as const;

/** Reads the list state from a URL query; unsupported values fall back to the defaults. */
export function readListParams(params: URLSearchParams): WorkspaceListQuery {
  const raw: Record<string, string> = {};
  for (const key of URL_KEYS) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  return readWorkspaceListQuery(raw);
}

/** The URL's query string of a list state: only what differs from the defaults (a clean address). */
export function listQueryString(query: WorkspaceListQuery): string {
  const params = new URLSearchParams();
  for (const key of URL_KEYS) {
    const value = query[key];
    if (value !== WORKSPACE_LIST_DEFAULTS[key]) params.set(key, String(value));
  }
  return params.toString();
}

/** A new list state: changing any filter goes back to page 1 (000 §2); turning a page keeps them. */
export function changeListParams(
  query: WorkspaceListQuery,
  patch: Partial<WorkspaceListQuery>,
): WorkspaceListQuery {
  const next = { ...query, ...patch };
  if (!('page' in patch)) next.page = 1;
  return next;
}

/** Whether the list is narrowed by a filter (for the "no results found" empty state). */
export function isFiltered(query: WorkspaceListQuery): boolean {
  return query.search !== '' || query.archived !== 0;
}
