import { type ChecklistTemplateListQuery, ZChecklistTemplateListQuerySchema } from '@workbench/domain';

/** The list's defaults (001 §2, §9): page 1, 20 a page, updated, descending. */
export const TEMPLATE_LIST_DEFAULTS: ChecklistTemplateListQuery = ZChecklistTemplateListQuerySchema.parse({});

const URL_KEYS = ['category_id', 'page', 'paginate_by', 'sort_by', 'sort_direction'] as const;

/** Reads the list state from the URL; each unsupported value falls back to its default (000 §2). */
export function readTemplateListParams(params: URLSearchParams): ChecklistTemplateListQuery {
  const query: Record<string, unknown> = { ...TEMPLATE_LIST_DEFAULTS };
  for (const key of URL_KEYS) {
    const value = params.get(key);
    if (value === null) continue;
    const parsed = ZChecklistTemplateListQuerySchema.shape[key].safeParse(value);
    if (parsed.success) query[key] = parsed.data;
  }
  return query as ChecklistTemplateListQuery;
}

/** The URL's query: only what differs from the defaults (a clean address). */
export function templateQueryString(query: ChecklistTemplateListQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    if (value === TEMPLATE_LIST_DEFAULTS[key as keyof ChecklistTemplateListQuery]) continue;
    params.set(key, String(value));
  }
  return params.toString();
}

/** Changing any filter goes back to page 1 (000 §2); turning a page keeps them. */
export function changeTemplateListParams(
  query: ChecklistTemplateListQuery,
  patch: Partial<ChecklistTemplateListQuery>,
): ChecklistTemplateListQuery {
  const next = { ...query, ...patch };
  if (!('page' in patch)) next.page = 1;
  return next;
}
