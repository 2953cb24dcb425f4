import {
  DEFAULT_EQUIPMENT_LIST_QUERY,
  EQUIPMENT_DENSITIES,
  type EquipmentDensity,
  type EquipmentListItem,
  type EquipmentListQuery,
  equipmentListQueryToParams,
  readEquipmentListQuery,
  withEquipmentListFilter,
} from '@workbench/domain';

/**
 * The equipment list's URL state (001 §2 "Equipment", §5 "List parameters"): the list
 * parameters read with the server's own rule (readEquipmentListQuery: unsupported values fall
 * back to the defaults) and the web-only 'density'.
 */
export type EquipmentListState = { query: EquipmentListQuery; density: EquipmentDensity };

export const EQUIPMENT_LIST_PATH = '/dashboard/equipment';

export function readEquipmentDensity(value: string | null): EquipmentDensity {
  return EQUIPMENT_DENSITIES.find((d) => d === value) ?? 'comfortable';
}

export function readEquipmentListState(params: URLSearchParams): EquipmentListState {
  return { query: readEquipmentListQuery(params), density: readEquipmentDensity(params.get('density')) };
}

/** The URL query string of a state: only what differs from the defaults. */
export function equipmentListSearch(state: EquipmentListState): string {
  const params = new URLSearchParams(equipmentListQueryToParams(state.query));
  if (state.density !== 'comfortable') params.set('density', state.density);
  return params.toString();
}

/** A changed state: any filter change goes back to page 1 (001 §5); turning a page keeps the filters. */
export function changeEquipmentList(
  state: EquipmentListState,
  patch: Partial<EquipmentListQuery>,
): EquipmentListState {
  return { ...state, query: withEquipmentListFilter(state.query, patch) };
}

/** Whether a filter narrows the list (the 'no results' empty state); sorting and paging are not filters. */
export function isEquipmentListFiltered(query: EquipmentListQuery): boolean {
  return (
    query.search !== '' ||
    query.status !== DEFAULT_EQUIPMENT_LIST_QUERY.status ||
    query.workspaces.length > 0 ||
    query.groups.length > 0 ||
    query.types.length > 0 ||
    query.holder.length > 0 ||
    query.external_holder.length > 0 ||
    query.reserved_for.length > 0 ||
    query.managers.length > 0
  );
}

/** 'Clear filters': every filter back to its default; sorting and page size stay. */
export function clearEquipmentListFilters(state: EquipmentListState): EquipmentListState {
  const { query } = state;
  return {
    ...state,
    query: {
      ...DEFAULT_EQUIPMENT_LIST_QUERY,
      sort_by: query.sort_by,
      sort_direction: query.sort_direction,
      paginate_by: query.paginate_by,
    },
  };
}

/**
 * The holder filter is one choice over people of the organisation (holder) and external holders
 * (external_holder): its values are 'u<id>' and 'e<id>'.
 */
export function holderValues(query: Pick<EquipmentListQuery, 'holder' | 'external_holder'>): string[] {
  return [...query.holder.map((id) => `u${id}`), ...query.external_holder.map((id) => `e${id}`)];
}

export function holderPatch(
  values: readonly string[],
): Pick<EquipmentListQuery, 'holder' | 'external_holder'> {
  const idsOf = (prefix: string) =>
    values
      .filter((v) => v.startsWith(prefix))
      .map((v) => Number(v.slice(1)))
      .filter((n) => Number.isSafeInteger(n) && n > 0);
  return { holder: idsOf('u'), external_holder: idsOf('e') };
}

export type EquipmentPart = EquipmentListItem['part'];
export const EQUIPMENT_PARTS = ['overdue', 'pending', 'regular'] as const satisfies readonly EquipmentPart[];

/**
 * The rows of a page in their parts (001 §2: overdue, waiting for a decision, the rest), in the
 * order they came; only the action_required sort shows parts, any other shows one run of rows.
 */
export function equipmentSections<T extends { part: EquipmentPart }>(
  rows: readonly T[],
  sortBy: EquipmentListQuery['sort_by'],
): Array<{ part: EquipmentPart | null; rows: T[] }> {
  if (sortBy !== 'action_required') return rows.length ? [{ part: null, rows: [...rows] }] : [];
  const out: Array<{ part: EquipmentPart | null; rows: T[] }> = [];
  for (const row of rows) {
    const last = out[out.length - 1];
    if (last && last.part === row.part) last.rows.push(row);
    else out.push({ part: row.part, rows: [row] });
  }
  return out;
}

export const equipmentPaths = {
  list: EQUIPMENT_LIST_PATH,
  add: `${EQUIPMENT_LIST_PATH}/add`,
  detail: (id: number) => `${EQUIPMENT_LIST_PATH}/detail/${id}`,
  edit: (id: number) => `${EQUIPMENT_LIST_PATH}/edit/${id}`,
  groups: `${EQUIPMENT_LIST_PATH}/groups`,
  types: `${EQUIPMENT_LIST_PATH}/types`,
  externalHolders: `${EQUIPMENT_LIST_PATH}/external-holders`,
};

/** What a link into an item carries: the list address it was opened from (001 §2). */
export type EquipmentOrigin = { from: string };

/**
 * The way back from an item: the exact list address it was opened from when that was an
 * equipment page (any other or missing origin: the plain list).
 */
export function equipmentBackPathOf(state: unknown): string {
  const from = (state as Partial<EquipmentOrigin> | null)?.from;
  if (typeof from !== 'string' || !from.startsWith(EQUIPMENT_LIST_PATH)) return EQUIPMENT_LIST_PATH;
  const path = from.split(/[?#]/)[0] ?? '';
  const known = [
    EQUIPMENT_LIST_PATH,
    equipmentPaths.groups,
    equipmentPaths.types,
    equipmentPaths.externalHolders,
  ];
  return known.includes(path) || path.startsWith(`${equipmentPaths.groups}/`) ? from : EQUIPMENT_LIST_PATH;
}
