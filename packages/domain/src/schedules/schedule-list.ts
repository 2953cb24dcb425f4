import {
  allowedIdsParam,
  allowedWordsParam,
  flagParam,
  idList,
  idsParam,
  type ListParam,
  type ListQueryOf,
  listQueryKit,
  oneOfParam,
  pageParam,
  paginateByParam,
  searchParam,
} from '../lists/list-params.js';

/**
 * The schedule list (001 §2 "Scheduling", §7 "Schedules", §5 "List parameters", §9): its
 * parameters with defaults and fallbacks, for the server's query and the web's URL state alike.
 * The spec's `_ids` spellings of §7 (assignees_ids, watchers_ids, replacements_ids, categories_ids,
 * workspaces_ids) are read as the same filters.
 */

/** Status kinds a schedule is in (001 §4), as the list filters them. */
export const SCHEDULE_STATUS_KINDS = ['active', 'paused', 'pending', 'finished', 'archived'] as const;
export type ScheduleStatusKind = (typeof SCHEDULE_STATUS_KINDS)[number];
export const SCHEDULE_SORT_BY = ['updated', 'created', 'title', 'next_date'] as const;
export type ScheduleSortBy = (typeof SCHEDULE_SORT_BY)[number];
/** Card densities of the schedule list (001 §2: comfortable is the default; table is the list view). */
export const SCHEDULE_DENSITIES = ['comfortable', 'compact', 'table'] as const;
export type ScheduleDensity = (typeof SCHEDULE_DENSITIES)[number];
export const SCHEDULE_SEARCH_MAX = 255;
const PRIORITY_IDS = [0, 2, 3, 4, 5] as const;

/** An id list read from its name and the spec's `<name>_ids` spelling. */
const idsWithAlias = (name: string, description: string): ListParam<number[]> => ({
  ...idsParam(description),
  read: (value, get) => idList(`${value},${get(`${name}_ids`)}`),
  aliases: { [`${name}_ids`]: `the same as ${name}` },
});

export const SCHEDULE_LIST_PARAMS = {
  page: pageParam,
  paginate_by: paginateByParam,
  search: searchParam(SCHEDULE_SEARCH_MAX, 'title or description'),
  status: allowedWordsParam(
    SCHEDULE_STATUS_KINDS,
    'comma-joined: active, paused, pending, finished, archived; empty: every schedule but archived',
  ),
  priority_id: allowedIdsParam(PRIORITY_IDS, '0, 2..5, comma-joined'),
  assignees: idsWithAlias('assignees', 'comma-joined user ids: the assignee'),
  assignees_companies: idsParam('comma-joined company ids: the assignee belongs to one'),
  assignees_externals: idsParam('comma-joined partner user ids: the assignee'),
  watchers: idsWithAlias('watchers', 'comma-joined user ids: a watcher'),
  watchers_companies: idsParam('comma-joined company ids: a watcher belongs to one'),
  watchers_externals: idsParam('comma-joined partner user ids: a watcher'),
  replacements: idsWithAlias('replacements', 'comma-joined user ids: a replacement (stand-in)'),
  categories: idsWithAlias('categories', 'comma-joined category ids (main or extra)'),
  workspaces: idsWithAlias('workspaces', 'comma-joined workspace ids'),
  include_sub_ws: flagParam('0|1: with the sub-workspaces of the workspaces given'),
  assets: idsParam('comma-joined asset ids the schedule works on'),
  asset_system_ids: idsParam('comma-joined asset system ids of its assets'),
  asset_group_ids: idsParam('comma-joined asset group ids of its assets'),
  equipment: idsParam('comma-joined equipment ids (once equipment exists)'),
  job_positions: idsParam('comma-joined job position ids of the assignee'),
  sort_by: oneOfParam(SCHEDULE_SORT_BY, 'updated'),
  sort_direction: oneOfParam(['asc', 'desc'] as const, 'desc'),
};
const scheduleListKit = listQueryKit(SCHEDULE_LIST_PARAMS, 'ScheduleListQuery');
export type ScheduleListQuery = ListQueryOf<typeof SCHEDULE_LIST_PARAMS>;
export const DEFAULT_SCHEDULE_LIST_QUERY: ScheduleListQuery = scheduleListKit.defaults;
export const readScheduleListQuery = scheduleListKit.read;
export const scheduleListQueryToParams = scheduleListKit.toParams;
export const withScheduleListFilter = scheduleListKit.withFilter;
export const ZScheduleListQuerySchema = scheduleListKit.schema;
