import {
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  type CreateEquipmentGroupRequest,
  type CreateEquipmentTypeRequest,
  type CreateExternalHolderRequest,
  type EquipmentGroupDetail,
  type EquipmentGroupListQuery,
  type EquipmentGroupListResponse,
  type EquipmentType,
  type EquipmentTypeListQuery,
  type EquipmentTypeListResponse,
  type ExternalHolder,
  type ExternalHolderListQuery,
  type ExternalHolderListResponse,
  equipmentContracts,
  equipmentGroupContracts,
  equipmentGroupListQueryToParams,
  equipmentTypeContracts,
  equipmentTypeListQueryToParams,
  externalHolderContracts,
  externalHolderListQueryToParams,
  type UpdateEquipmentGroupRequest,
  type UpdateEquipmentTypeRequest,
  type UpdateExternalHolderRequest,
  userContracts,
} from '@workbench/domain';
import { call } from '../../api/client';
import { equipmentPickerQuery } from './picker-query';

/**
 * The calls of the equipment groups, types and external holders pages and of the equipment
 * picker (001 §7 "Equipment"), all through the typed client. Groups live under
 * ['equipment-groups'], types under ['equipment-types'], holders under ['external-holders'];
 * a write refetches its own lists and the items (['equipment']), whose rows name groups, types
 * and holders.
 */
export const setKeys = {
  groups: ['equipment-groups'] as const,
  groupLists: ['equipment-groups', 'list'] as const,
  groupList: (query: EquipmentGroupListQuery) => ['equipment-groups', 'list', query] as const,
  group: (id: number) => ['equipment-groups', 'detail', id] as const,
  types: ['equipment-types'] as const,
  typeList: (query: EquipmentTypeListQuery) => ['equipment-types', 'list', query] as const,
  holders: ['external-holders'] as const,
  holderList: (query: ExternalHolderListQuery) => ['external-holders', 'list', query] as const,
  /** The items under ['equipment'], so that every item write refreshes the picker too. */
  picker: (search: string, workspaceId: number | null) =>
    ['equipment', 'picker', search, workspaceId] as const,
  /** One item, as the items' own detail key (equipmentKeys.detail) so both share it. */
  item: (id: number) => ['equipment', 'detail', id] as const,
  people: ['equipment-groups', 'people'] as const,
};

/** The list call's query: only what differs from the defaults, page and page size always. */
function listQuery(params: Record<string, string>, query: { page: number; paginate_by: number }) {
  return { ...params, page: String(query.page), paginate_by: String(query.paginate_by) };
}

/** Everything a changed group, type or holder may show in: its lists and the items' rows and options. */
function refreshAfter(client: QueryClient, key: readonly string[]) {
  void client.invalidateQueries({ queryKey: key });
  void client.invalidateQueries({ queryKey: ['equipment'] });
}

// ---------------------------------------------------------------------------------------------
// Groups
// ---------------------------------------------------------------------------------------------

export function useEquipmentGroupList(query: EquipmentGroupListQuery) {
  return useQuery({
    queryKey: setKeys.groupList(query),
    queryFn: ({ signal }) =>
      call(equipmentGroupContracts.list, {
        query: listQuery(equipmentGroupListQueryToParams(query), query),
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useEquipmentGroup(id: number | null) {
  return useQuery({
    queryKey: setKeys.group(id ?? 0),
    queryFn: ({ signal }) => call(equipmentGroupContracts.get, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null && id > 0,
    staleTime: 0,
  });
}

/** A group answered by a write: its detail, its card on the cached pages, then the lists and items. */
function putGroup(client: QueryClient, saved: EquipmentGroupDetail) {
  client.setQueryData(setKeys.group(saved.id), saved);
  const { equipment: _items, ...card } = saved;
  client.setQueriesData<EquipmentGroupListResponse>(
    { queryKey: setKeys.groupLists },
    (old) => old && { ...old, data: old.data.map((g) => (g.id === saved.id ? card : g)) },
  );
  refreshAfter(client, setKeys.groupLists);
}

export type SaveGroupInput = (CreateEquipmentGroupRequest | UpdateEquipmentGroupRequest) & { id?: number };

export function useSaveEquipmentGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: SaveGroupInput) =>
      id
        ? call(equipmentGroupContracts.update, { params: { id }, body })
        : call(equipmentGroupContracts.create, { body: body as CreateEquipmentGroupRequest }),
    onSuccess: (saved) => putGroup(client, saved),
  });
}

export function useDeleteEquipmentGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(equipmentGroupContracts.remove, { params: { id } }),
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: setKeys.group(id) });
      refreshAfter(client, setKeys.groups);
    },
  });
}

/** Takes every item out of the group. */
export function useUngroupEquipmentGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(equipmentGroupContracts.ungroup, { params: { id } }),
    onSuccess: (saved) => putGroup(client, saved),
  });
}

export function useEquipmentGroupAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'archive' | 'unarchive' }) =>
      call(equipmentGroupContracts.action, { params: { groupId: id, action } }),
    onSuccess: (saved) => putGroup(client, saved),
  });
}

/** The ids of a group's items (its detail, from the cache when it is there). */
export async function groupItemIds(id: number): Promise<number[]> {
  const group = await call(equipmentGroupContracts.get, { params: { id } });
  return group.equipment.map((item) => item.id);
}

/** Takes one item out of its group (PUT equipment/{id} group_id null); the group's detail and lists follow. */
export function useTakeOutOfGroup(groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (equipmentId: number) =>
      call(equipmentContracts.update, { params: { id: equipmentId }, body: { group_id: null } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: setKeys.group(groupId) });
      refreshAfter(client, setKeys.groupLists);
    },
  });
}

/** POST equipment/group/same_ws: whether the items lie in one workspace, and which. */
export function checkSameWorkspace(equipmentIds: number[]) {
  return call(equipmentGroupContracts.sameWorkspace, { body: { equipment_ids: equipmentIds } });
}

/** The organisation's people (users/filter-mix): managers to choose and the filters' names. */
export function useOrganisationPeople() {
  return useQuery({
    queryKey: setKeys.people,
    queryFn: ({ signal }) => call(userContracts.pickerUsers, { query: { paginate_by: 200 }, signal }),
    staleTime: 60_000,
  });
}

// ---------------------------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------------------------

export function useEquipmentTypeList(query: EquipmentTypeListQuery) {
  return useQuery({
    queryKey: setKeys.typeList(query),
    queryFn: ({ signal }) =>
      call(equipmentTypeContracts.list, {
        query: listQuery(equipmentTypeListQueryToParams(query), query),
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export type SaveTypeInput = (CreateEquipmentTypeRequest | UpdateEquipmentTypeRequest) & { id?: number };

export function useSaveEquipmentType() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: SaveTypeInput): Promise<EquipmentType> =>
      id
        ? call(equipmentTypeContracts.update, { params: { id }, body })
        : call(equipmentTypeContracts.create, { body: body as CreateEquipmentTypeRequest }),
    onSuccess: (saved) => {
      client.setQueriesData<EquipmentTypeListResponse>(
        { queryKey: setKeys.types },
        (old) => old && { ...old, data: old.data.map((x) => (x.id === saved.id ? saved : x)) },
      );
      refreshAfter(client, setKeys.types);
    },
  });
}

export function useDeleteEquipmentType() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(equipmentTypeContracts.remove, { params: { id } }),
    onSuccess: () => refreshAfter(client, setKeys.types),
  });
}

// ---------------------------------------------------------------------------------------------
// External holders
// ---------------------------------------------------------------------------------------------

export function useExternalHolderList(query: ExternalHolderListQuery) {
  return useQuery({
    queryKey: setKeys.holderList(query),
    queryFn: ({ signal }) =>
      call(externalHolderContracts.list, {
        query: listQuery(externalHolderListQueryToParams(query), query),
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export type SaveHolderInput = (CreateExternalHolderRequest | UpdateExternalHolderRequest) & { id?: number };

export function useSaveExternalHolder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: SaveHolderInput): Promise<ExternalHolder> =>
      id
        ? call(externalHolderContracts.update, { params: { id }, body })
        : call(externalHolderContracts.create, { body: body as CreateExternalHolderRequest }),
    onSuccess: (saved) => {
      client.setQueriesData<ExternalHolderListResponse>(
        { queryKey: setKeys.holders },
        (old) => old && { ...old, data: old.data.map((x) => (x.id === saved.id ? saved : x)) },
      );
      refreshAfter(client, setKeys.holders);
    },
  });
}

export function useDeleteExternalHolder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(externalHolderContracts.remove, { params: { id } }),
    onSuccess: () => refreshAfter(client, setKeys.holders),
  });
}

// ---------------------------------------------------------------------------------------------
// The equipment picker
// ---------------------------------------------------------------------------------------------

/**
 * Active items matching the search, EQUIPMENT_PICKER_PAGE_SIZE at a time (001 §9), the next page
 * loaded on demand; with a workspace, only its items (and its sub-workspaces').
 */
export function useEquipmentPickerPages(search: string, workspaceId: number | null, enabled = true) {
  return useInfiniteQuery({
    queryKey: setKeys.picker(search, workspaceId),
    queryFn: ({ signal, pageParam }) =>
      call(equipmentContracts.list, {
        query: equipmentPickerQuery({ search, page: pageParam, workspaceId }),
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    enabled,
    staleTime: 30_000,
  });
}
