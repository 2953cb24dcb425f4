import {
  allowedIdsParam,
  allowedWordsParam,
  flagParam,
  idsParam,
  type ListQueryOf,
  listQueryKit,
  oneOfParam,
  pageParam,
  paginateByParam,
  searchParam,
  textsParam,
} from '../lists/list-params.js';
import { ASSET_STATUS_IDS, ASSET_TEXT_MAX, LEGAL_REQUIREMENT_STATES } from './asset.js';

/**
 * The asset, group and system lists (001 §2, §5 "List parameters", §9): their parameters with
 * defaults and fallbacks, for the server's queries and the web's URL state alike.
 */

export const ASSET_SORT_BY = ['name', 'created', 'updated', 'asset_issues', 'asset_tasks'] as const;
export type AssetSortBy = (typeof ASSET_SORT_BY)[number];
export const ASSET_GROUP_SORT_BY = ['name', 'created', 'updated'] as const;
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export const ASSET_SEARCH_MAX = 255;
/** Card density of the asset lists (001 §5). */
export const ASSET_DENSITIES = ['comfortable', 'compact'] as const;
export type AssetDensity = (typeof ASSET_DENSITIES)[number];

const statusParam = allowedIdsParam(
  ASSET_STATUS_IDS,
  '1..5, comma-joined; empty: every status but archived (5)',
);

export const ASSET_LIST_PARAMS = {
  page: pageParam,
  paginate_by: paginateByParam,
  search: searchParam(ASSET_SEARCH_MAX, 'name, serial or reference number, model or manufacturer'),
  status: statusParam,
  workspaces: idsParam('comma-joined workspace ids'),
  include_sub_ws: flagParam('0|1: with the sub-workspaces of the workspaces given'),
  groups: idsParam('comma-joined asset group ids'),
  systems: idsParam('comma-joined asset system ids'),
  models: textsParam('comma-joined models', ASSET_TEXT_MAX),
  manufacturers: textsParam('comma-joined manufacturers', ASSET_TEXT_MAX),
  managers: idsParam('comma-joined user ids managing the asset'),
  legal_requirements: allowedWordsParam(
    LEGAL_REQUIREMENT_STATES,
    'comma-joined states of the regulatory files: expired, expiring (within 30 days), valid, missing (none)',
  ),
  sort_by: oneOfParam(ASSET_SORT_BY, 'name'),
  sort_direction: oneOfParam(SORT_DIRECTIONS, 'asc'),
};
const assetListKit = listQueryKit(ASSET_LIST_PARAMS, 'AssetListQuery');
export type AssetListQuery = ListQueryOf<typeof ASSET_LIST_PARAMS>;
export const DEFAULT_ASSET_LIST_QUERY: AssetListQuery = assetListKit.defaults;
export const readAssetListQuery = assetListKit.read;
export const assetListQueryToParams = assetListKit.toParams;
export const withAssetListFilter = assetListKit.withFilter;
export const ZAssetListQuerySchema = assetListKit.schema;

export const ASSET_GROUP_LIST_PARAMS = {
  page: pageParam,
  paginate_by: paginateByParam,
  search: searchParam(ASSET_SEARCH_MAX, 'name'),
  status: allowedIdsParam(ASSET_STATUS_IDS, 'common status 1..5, comma-joined; empty: all but archived (5)'),
  workspaces: idsParam('comma-joined workspace ids'),
  managers: idsParam('comma-joined user ids managing the group'),
  sort_by: oneOfParam(ASSET_GROUP_SORT_BY, 'name'),
  sort_direction: oneOfParam(SORT_DIRECTIONS, 'asc'),
};
const assetGroupListKit = listQueryKit(ASSET_GROUP_LIST_PARAMS, 'AssetGroupListQuery');
export type AssetGroupListQuery = ListQueryOf<typeof ASSET_GROUP_LIST_PARAMS>;
export const DEFAULT_ASSET_GROUP_LIST_QUERY: AssetGroupListQuery = assetGroupListKit.defaults;
export const readAssetGroupListQuery = assetGroupListKit.read;
export const assetGroupListQueryToParams = assetGroupListKit.toParams;
export const withAssetGroupListFilter = assetGroupListKit.withFilter;
export const ZAssetGroupListQuerySchema = assetGroupListKit.schema;

export const ASSET_SYSTEM_LIST_PARAMS = {
  page: pageParam,
  paginate_by: paginateByParam,
  search: searchParam(ASSET_SEARCH_MAX, 'name'),
  status: allowedIdsParam(ASSET_STATUS_IDS, 'common status 1..5, comma-joined; empty: all but archived (5)'),
  sort_by: oneOfParam(ASSET_GROUP_SORT_BY, 'name'),
  sort_direction: oneOfParam(SORT_DIRECTIONS, 'asc'),
};
const assetSystemListKit = listQueryKit(ASSET_SYSTEM_LIST_PARAMS, 'AssetSystemListQuery');
export type AssetSystemListQuery = ListQueryOf<typeof ASSET_SYSTEM_LIST_PARAMS>;
export const DEFAULT_ASSET_SYSTEM_LIST_QUERY: AssetSystemListQuery = assetSystemListKit.defaults;
export const readAssetSystemListQuery = assetSystemListKit.read;
export const assetSystemListQueryToParams = assetSystemListKit.toParams;
export const withAssetSystemListFilter = assetSystemListKit.withFilter;
export const ZAssetSystemListQuerySchema = assetSystemListKit.schema;
