import {
  PAGE_SIZE_OPTIONS,
  PROFILE_FILTER_PAGE_SIZE,
  parseIdList,
  USER_SORT_FIELDS,
  type UserSortField,
} from '@workbench/domain';

/** The profile list's filter state, kept in the URL with the spec's parameter names (000 §2). */
export type ProfileListParams = {
  search: string;
  sort_by: UserSortField;
  sort_direction: 'asc' | 'desc';
  active: '' | '1' | '0';
  workspace_ids: number[];
  page: number;
  paginate_by: number;
};

export const PROFILE_PAGE_SIZES = [PROFILE_FILTER_PAGE_SIZE, ...PAGE_SIZE_OPTIONS] as const;

export const DEFAULT_PROFILE_LIST_PARAMS: ProfileListParams = {
  search: '',
  sort_by: 'name',
  sort_direction: 'asc',
  active: '',
  workspace_ids: [],
  page: 1,
  paginate_by: PROFILE_FILTER_PAGE_SIZE,
};

/** Reads the URL; an unsupported value falls back to its default. */
export function parseProfileListParams(query: URLSearchParams): ProfileListParams {
  const d = DEFAULT_PROFILE_LIST_PARAMS;
  const sortBy = query.get('sort_by');
  const direction = query.get('sort_direction');
  const active = query.get('active');
  const page = Number(query.get('page'));
  const perPage = Number(query.get('paginate_by'));
  return {
    search: (query.get('search') ?? '').slice(0, 255),
    sort_by: (USER_SORT_FIELDS as readonly string[]).includes(sortBy ?? '')
      ? (sortBy as UserSortField)
      : d.sort_by,
    sort_direction: direction === 'asc' || direction === 'desc' ? direction : d.sort_direction,
    active: active === '1' || active === '0' ? active : d.active,
    workspace_ids: parseIdList(query.get('workspace_ids')),
    page: Number.isSafeInteger(page) && page >= 1 ? page : d.page,
    paginate_by: (PROFILE_PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : d.paginate_by,
  };
}

/** Changing any filter resets the page to 1; changing only the page keeps the filters. */
export function changeProfileListParams(
  current: ProfileListParams,
  patch: Partial<ProfileListParams>,
): ProfileListParams {
  const onlyPage = Object.keys(patch).every((key) => key === 'page');
  return { ...current, ...patch, page: onlyPage ? (patch.page ?? current.page) : 1 };
}

/** The URL query: defaults are left out so a plain list has a plain address. */
export function profileListSearch(params: ProfileListParams): URLSearchParams {
  const d = DEFAULT_PROFILE_LIST_PARAMS;
  const out = new URLSearchParams();
  if (params.search) out.set('search', params.search);
  if (params.sort_by !== d.sort_by) out.set('sort_by', params.sort_by);
  if (params.sort_direction !== d.sort_direction) out.set('sort_direction', params.sort_direction);
  if (params.active) out.set('active', params.active);
  if (params.workspace_ids.length) out.set('workspace_ids', params.workspace_ids.join(','));
  if (params.page !== d.page) out.set('page', String(params.page));
  if (params.paginate_by !== d.paginate_by) out.set('paginate_by', String(params.paginate_by));
  return out;
}

export function isFiltered(params: ProfileListParams): boolean {
  return !!params.search || !!params.active || params.workspace_ids.length > 0;
}
