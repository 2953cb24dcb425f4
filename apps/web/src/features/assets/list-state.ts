import {
  ASSET_DENSITIES,
  type AssetDensity,
  type AssetListQuery,
  assetListQueryToParams,
  DEFAULT_ASSET_LIST_QUERY,
  readAssetListQuery,
  withAssetListFilter,
} from '@workbench/domain';
import { pageSelectionState } from '../../ui/bulk/selection';

/**
 * The asset list's URL state (001 §2 "Assets", §5 "List parameters"): the list parameters read
 * with the server's own rule (readAssetListQuery: unsupported values fall back to the defaults),
 * the web-only 'density', and the name of a group the list was opened for (shown as the active
 * filter; the server only reads the id).
 */
export type AssetListState = { query: AssetListQuery; density: AssetDensity; groupName: string | null };

export const ASSET_LIST_PATH = '/dashboard/assets';
const GROUP_NAME_MAX = 255;

export function readAssetDensity(value: string | null): AssetDensity {
  return ASSET_DENSITIES.find((d) => d === value) ?? 'comfortable';
}

export function readAssetListState(params: URLSearchParams): AssetListState {
  const query = readAssetListQuery(params);
  const name = params.get('group_name')?.trim().slice(0, GROUP_NAME_MAX) || null;
  return {
    query,
    density: readAssetDensity(params.get('density')),
    // The name only means something while the list shows exactly that one group.
    groupName: query.groups.length === 1 ? name : null,
  };
}

/** The URL query string of a state: only what differs from the defaults. */
export function assetListSearch(state: AssetListState): string {
  const params = new URLSearchParams(assetListQueryToParams(state.query));
  if (state.groupName && state.query.groups.length === 1) params.set('group_name', state.groupName);
  if (state.density !== 'comfortable') params.set('density', state.density);
  return params.toString();
}

/** A changed state: any filter change goes back to page 1 (001 §5); turning a page keeps the filters. */
export function changeAssetList(state: AssetListState, patch: Partial<AssetListQuery>): AssetListState {
  const query = withAssetListFilter(state.query, patch);
  const sameGroup = query.groups.length === 1 && query.groups[0] === state.query.groups[0];
  return { ...state, query, groupName: sameGroup ? state.groupName : null };
}

/** Whether a filter narrows the list (the 'no results' empty state); sorting and paging are not filters. */
export function isAssetListFiltered(query: AssetListQuery): boolean {
  return (
    query.search !== '' ||
    query.status.length > 0 ||
    query.workspaces.length > 0 ||
    query.groups.length > 0 ||
    query.systems.length > 0 ||
    query.models.length > 0 ||
    query.manufacturers.length > 0 ||
    query.managers.length > 0 ||
    query.legal_requirements.length > 0
  );
}

/** 'Clear filters': every filter back to its default; sorting and page size stay. */
export function clearAssetListFilters(state: AssetListState): AssetListState {
  const { query } = state;
  return {
    ...state,
    groupName: null,
    query: {
      ...DEFAULT_ASSET_LIST_QUERY,
      sort_by: query.sort_by,
      sort_direction: query.sort_direction,
      paginate_by: query.paginate_by,
    },
  };
}

/** The asset list filtered by one group, with its name for the active-filter chip (a group card's link). */
export function groupAssetsPath(group: { id: number; name: string }): string {
  const params = new URLSearchParams({ groups: String(group.id), group_name: group.name });
  return `${ASSET_LIST_PATH}?${params.toString()}`;
}

export const assetPaths = {
  list: ASSET_LIST_PATH,
  add: `${ASSET_LIST_PATH}/add`,
  detail: (id: number) => `${ASSET_LIST_PATH}/detail/${id}`,
  groups: `${ASSET_LIST_PATH}/groups`,
  systems: `${ASSET_LIST_PATH}/systems`,
};

/** What a link into an asset carries: the list address it was opened from (001 §2). */
export type AssetOrigin = { from: string };

/**
 * The way back from an asset: the exact list address it was opened from when that was an asset
 * list (any other or missing origin: the plain list).
 */
export function backPathOf(state: unknown): string {
  const from = (state as Partial<AssetOrigin> | null)?.from;
  if (typeof from !== 'string') return ASSET_LIST_PATH;
  const path = from.split(/[?#]/)[0];
  return path === ASSET_LIST_PATH || path === `${ASSET_LIST_PATH}/groups` ? from : ASSET_LIST_PATH;
}

/** The select-all box's state (ui/bulk/selection.ts), as this feature's lists use it. */
export { pageSelectionState };
