import {
  flagParam,
  idsParam,
  type ListParam,
  type ListQueryOf,
  listQueryKit,
  oneOfParam,
  pageParam,
  paginateByParam,
  searchParam,
} from '../lists/list-params.js';
import { EQUIPMENT_PICKER_PAGE_SIZE, EQUIPMENT_SET_STATUSES, EQUIPMENT_STATUS_FILTERS } from './equipment.js';

/**
 * The equipment, group, type and external-holder lists (001 §2, §5 "List parameters", §9): their
 * parameters with defaults and fallbacks, for the server's queries and the web's URL state alike.
 */

export const EQUIPMENT_SORT_BY = [
  'action_required',
  'created',
  'updated',
  'name',
  'overdue',
  'reserved',
] as const;
export type EquipmentSortBy = (typeof EQUIPMENT_SORT_BY)[number];
export const EQUIPMENT_SET_SORT_BY = ['name', 'created', 'updated'] as const;
const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export const EQUIPMENT_SEARCH_MAX = 255;
export const EQUIPMENT_DENSITIES = ['comfortable', 'compact'] as const;
export type EquipmentDensity = (typeof EQUIPMENT_DENSITIES)[number];
/** Types, groups and holders: active, archived, or all of them. */
const SET_STATUS_FILTERS = ['all', ...EQUIPMENT_SET_STATUSES] as const;

/** The list's page sizes, and the equipment picker's 10 (001 §9), which only a call asks for. */
const equipmentPaginateByParam: ListParam<number> = {
  ...paginateByParam,
  read: (value, get) =>
    Number(value) === EQUIPMENT_PICKER_PAGE_SIZE
      ? EQUIPMENT_PICKER_PAGE_SIZE
      : paginateByParam.read(value, get),
  description: `${EQUIPMENT_PICKER_PAGE_SIZE} (the equipment picker)|${paginateByParam.description}`,
};

export const EQUIPMENT_LIST_PARAMS = {
  page: pageParam,
  paginate_by: equipmentPaginateByParam,
  search: searchParam(EQUIPMENT_SEARCH_MAX, 'title, serial or reference number'),
  status: oneOfParam(EQUIPMENT_STATUS_FILTERS, 'active'),
  workspaces: idsParam('comma-joined workspace ids'),
  include_sub_ws: flagParam('0|1 (or true|false): with the sub-workspaces of the workspaces given'),
  groups: idsParam('comma-joined equipment group ids'),
  types: idsParam('comma-joined equipment type ids'),
  holder: idsParam('comma-joined user ids holding the item now'),
  external_holder: idsParam('comma-joined external holder ids holding the item now'),
  reserved_for: idsParam('comma-joined user ids with a reservation of the item from today on'),
  managers: idsParam('comma-joined user ids managing the item'),
  sort_by: oneOfParam(EQUIPMENT_SORT_BY, 'action_required'),
  sort_direction: oneOfParam(SORT_DIRECTIONS, 'asc'),
};
const equipmentListKit = listQueryKit(EQUIPMENT_LIST_PARAMS, 'EquipmentListQuery');
export type EquipmentListQuery = ListQueryOf<typeof EQUIPMENT_LIST_PARAMS>;
export const DEFAULT_EQUIPMENT_LIST_QUERY: EquipmentListQuery = equipmentListKit.defaults;
export const readEquipmentListQuery = equipmentListKit.read;
export const equipmentListQueryToParams = equipmentListKit.toParams;
export const withEquipmentListFilter = equipmentListKit.withFilter;
export const ZEquipmentListQuerySchema = equipmentListKit.schema;

export const EQUIPMENT_GROUP_LIST_PARAMS = {
  page: pageParam,
  paginate_by: paginateByParam,
  search: searchParam(EQUIPMENT_SEARCH_MAX, 'name'),
  status: oneOfParam(SET_STATUS_FILTERS, 'active'),
  workspaces: idsParam('comma-joined workspace ids'),
  managers: idsParam('comma-joined user ids managing the group'),
  reserved_for: idsParam('comma-joined user ids with a reservation of the group from today on'),
  sort_by: oneOfParam(EQUIPMENT_SET_SORT_BY, 'name'),
  sort_direction: oneOfParam(SORT_DIRECTIONS, 'asc'),
};
const equipmentGroupListKit = listQueryKit(EQUIPMENT_GROUP_LIST_PARAMS, 'EquipmentGroupListQuery');
export type EquipmentGroupListQuery = ListQueryOf<typeof EQUIPMENT_GROUP_LIST_PARAMS>;
export const DEFAULT_EQUIPMENT_GROUP_LIST_QUERY: EquipmentGroupListQuery = equipmentGroupListKit.defaults;
export const readEquipmentGroupListQuery = equipmentGroupListKit.read;
export const equipmentGroupListQueryToParams = equipmentGroupListKit.toParams;
export const withEquipmentGroupListFilter = equipmentGroupListKit.withFilter;
export const ZEquipmentGroupListQuerySchema = equipmentGroupListKit.schema;

/** Types and external holders have a status filter only (001 §2), besides search, sort and page. */
export const EQUIPMENT_TYPE_LIST_PARAMS = {
  page: pageParam,
  paginate_by: paginateByParam,
  search: searchParam(EQUIPMENT_SEARCH_MAX, 'name'),
  status: oneOfParam(SET_STATUS_FILTERS, 'active'),
  sort_by: oneOfParam(EQUIPMENT_SET_SORT_BY, 'name'),
  sort_direction: oneOfParam(SORT_DIRECTIONS, 'asc'),
};
const equipmentTypeListKit = listQueryKit(EQUIPMENT_TYPE_LIST_PARAMS, 'EquipmentTypeListQuery');
export type EquipmentTypeListQuery = ListQueryOf<typeof EQUIPMENT_TYPE_LIST_PARAMS>;
export const DEFAULT_EQUIPMENT_TYPE_LIST_QUERY: EquipmentTypeListQuery = equipmentTypeListKit.defaults;
export const readEquipmentTypeListQuery = equipmentTypeListKit.read;
export const equipmentTypeListQueryToParams = equipmentTypeListKit.toParams;
export const withEquipmentTypeListFilter = equipmentTypeListKit.withFilter;
export const ZEquipmentTypeListQuerySchema = equipmentTypeListKit.schema;

/** 001 §2: page 1, paginate_by 20, status, sort_by created|updated|name (default name), asc, search. */
export const EXTERNAL_HOLDER_LIST_PARAMS = {
  page: pageParam,
  paginate_by: paginateByParam,
  search: searchParam(EQUIPMENT_SEARCH_MAX, 'name, company, e-mail or phone'),
  status: oneOfParam(SET_STATUS_FILTERS, 'active'),
  sort_by: oneOfParam(EQUIPMENT_SET_SORT_BY, 'name'),
  sort_direction: oneOfParam(SORT_DIRECTIONS, 'asc'),
};
const externalHolderListKit = listQueryKit(EXTERNAL_HOLDER_LIST_PARAMS, 'ExternalHolderListQuery');
export type ExternalHolderListQuery = ListQueryOf<typeof EXTERNAL_HOLDER_LIST_PARAMS>;
export const DEFAULT_EXTERNAL_HOLDER_LIST_QUERY: ExternalHolderListQuery = externalHolderListKit.defaults;
export const readExternalHolderListQuery = externalHolderListKit.read;
export const externalHolderListQueryToParams = externalHolderListKit.toParams;
export const withExternalHolderListFilter = externalHolderListKit.withFilter;
export const ZExternalHolderListQuerySchema = externalHolderListKit.schema;
