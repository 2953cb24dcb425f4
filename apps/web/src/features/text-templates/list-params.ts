import {
  readTextTemplateListQuery,
  TEXT_TEMPLATE_LIST_DEFAULTS,
  type TextTemplateListQuery,
} from '@workbench/domain';

/** The URL's parameters the text-template list keeps (001 §2), read with the server's own rule. */
const URL_KEYS = ['category_id', 'search', 'page', 'paginate_by', 'sort_by', 'sort_direction'] as const;

/** Reads the list state from a URL query; unsupported values fall back to the defaults. */
export function readListParams(params: URLSearchParams): TextTemplateListQuery {
  const raw: Record<string, string> = {};
  for (const key of URL_KEYS) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  return readTextTemplateListQuery(raw);
}

/** The URL's query: only what differs from the defaults (a clean address). */
export function listQueryString(query: TextTemplateListQuery): string {
  const params = new URLSearchParams();
  for (const key of URL_KEYS) {
    const value = query[key];
    if (value !== TEXT_TEMPLATE_LIST_DEFAULTS[key]) params.set(key, String(value));
  }
  return params.toString();
}

/** Changing any filter goes back to page 1 (000 §2); turning a page keeps them. */
export function changeListParams(
  query: TextTemplateListQuery,
  patch: Partial<TextTemplateListQuery>,
): TextTemplateListQuery {
  const next = { ...query, ...patch };
  if (!('page' in patch)) next.page = 1;
  return next;
}

export function isFiltered(query: TextTemplateListQuery): boolean {
  return query.search !== '' || query.category_id !== 0;
}
