import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  type CreateEquipmentRequest,
  type Equipment,
  type EquipmentListItem,
  type EquipmentListQuery,
  type EquipmentListResponse,
  equipmentContracts,
  equipmentGroupContracts,
  equipmentListQueryToParams,
  equipmentTypeContracts,
  type UpdateEquipmentRequest,
  userContracts,
} from '@workbench/domain';
import { call, callRaw, contractUrl } from '../../api/client';

/**
 * The equipment item screens' calls (001 §7 "Equipment"), all through the typed client. Writes
 * put the answered item where it is cached and refetch the lists whose rows may change. Other
 * features share these keys: a booking write invalidates ['equipment'] (and the groups).
 */
export const equipmentKeys = {
  all: ['equipment'] as const,
  lists: ['equipment', 'list'] as const,
  list: (query: EquipmentListQuery) => ['equipment', 'list', query] as const,
  filterOptions: ['equipment', 'filter-options'] as const,
  details: ['equipment', 'detail'] as const,
  detail: (id: number) => ['equipment', 'detail', id] as const,
  /** Everything shown on one item's tabs: activity and scan log. */
  of: (id: number) => ['equipment', 'of', id] as const,
  activity: (id: number, page: number) => ['equipment', 'of', id, 'activity', page] as const,
  scans: (id: number, page: number) => ['equipment', 'of', id, 'scans', page] as const,
  qr: (id: number) => ['equipment', 'qr', id] as const,
  people: (workspaceId: number | null) => ['equipment', 'people', workspaceId] as const,
};

/** The groups' lists and details show their items' counts and statuses. */
const GROUP_KEYS = ['equipment-groups'] as const;
const TYPE_KEYS = ['equipment-types'] as const;

/** The list call's query: only what differs from the defaults, page and page size always. */
export function equipmentListCallQuery(query: EquipmentListQuery): Record<string, string> {
  return {
    ...equipmentListQueryToParams(query),
    page: String(query.page),
    paginate_by: String(query.paginate_by),
  };
}

/** GET equipment/: a page of the items the person sees, with the counts of the list's parts. */
export function useEquipmentList(query: EquipmentListQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: equipmentKeys.list(query),
    queryFn: ({ signal }) => call(equipmentContracts.list, { query: equipmentListCallQuery(query), signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled: options.enabled ?? true,
  });
}

/** GET equipment/filter_options: the groups, types, managers and holders to offer. */
export function useEquipmentFilterOptions() {
  return useQuery({
    queryKey: equipmentKeys.filterOptions,
    queryFn: ({ signal }) => call(equipmentContracts.filterOptions, { signal }),
    staleTime: 30_000,
  });
}

/** GET equipment/{id}; nothing while id is null. */
export function useEquipment(id: number | null) {
  return useQuery({
    queryKey: equipmentKeys.detail(id ?? 0),
    queryFn: ({ signal }) => call(equipmentContracts.get, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

export function useEquipmentActivity(id: number, page: number) {
  return useQuery({
    queryKey: equipmentKeys.activity(id, page),
    queryFn: ({ signal }) =>
      call(equipmentContracts.activityLog, { params: { id }, query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** QR scans of the item's code and finders' reports, newest first. */
export function useEquipmentScanLog(id: number, page: number) {
  return useQuery({
    queryKey: equipmentKeys.scans(id, page),
    queryFn: ({ signal }) => call(equipmentContracts.scanLog, { params: { id }, query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The address of the item's QR code (png or svg), for links the browser fetches with the session. */
export function equipmentQrUrl(id: number, format: 'png' | 'svg'): string {
  return contractUrl(equipmentContracts.qrCode, { params: { id }, query: { format } });
}

/** The QR code as SVG text (the call carries the session's token, which an <img src> cannot). */
export function useEquipmentQrSvg(id: number, enabled: boolean) {
  return useQuery({
    queryKey: equipmentKeys.qr(id),
    queryFn: async ({ signal }) =>
      (await callRaw(equipmentContracts.qrCode, { params: { id }, query: { format: 'svg' }, signal })).text(),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The QR code as a file to save (png or svg). */
export async function equipmentQrBlob(id: number, format: 'png' | 'svg'): Promise<Blob> {
  return (await callRaw(equipmentContracts.qrCode, { params: { id }, query: { format } })).blob();
}

/**
 * People of the organisation (users/filter-mix) for the 'reserved for' filter; with a workspace,
 * those who cannot work in it are marked (isNotInWorkspace).
 */
export function useEquipmentPeople(workspaceId: number | null, enabled = true) {
  return useQuery({
    queryKey: equipmentKeys.people(workspaceId),
    queryFn: ({ signal }) =>
      call(userContracts.pickerUsers, {
        query: { paginate_by: 200, ...(workspaceId ? { workspace_ids: String(workspaceId) } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled,
  });
}

/** The active types to choose from on the form (with their defaults: storage, place, approval). */
export function useEquipmentTypeOptions() {
  return useQuery({
    queryKey: [...TYPE_KEYS, 'options'],
    queryFn: ({ signal }) =>
      call(equipmentTypeContracts.list, { query: { status: 'active', paginate_by: '200' }, signal }),
    select: (answer) => answer.data,
    staleTime: 30_000,
  });
}

/** The active groups to choose from (with the workspace a bound group keeps its items in). */
export function useEquipmentGroupOptions() {
  return useQuery({
    queryKey: [...GROUP_KEYS, 'options'],
    queryFn: ({ signal }) =>
      call(equipmentGroupContracts.list, { query: { status: 'active', paginate_by: '200' }, signal }),
    select: (answer) => answer.data,
    staleTime: 30_000,
  });
}

// ---------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------

/** The fields a list row shares with the item. */
function listFieldsOf(item: Equipment): Partial<EquipmentListItem> {
  const {
    description: _d,
    storage: _s,
    storage_workspace: _sw,
    location: _l,
    handout_requires_approval: _h,
    requires_approval: _r,
    links: _li,
    managers: _m,
    public_code: _p,
    attachments: _a,
    handout: _ho,
    default_return_date: _dr,
    max_reservation_days: _mr,
    buffer_days: _b,
    can_book: _cb,
    can_return: _cr,
    created_by: _c,
    ...fields
  } = item;
  return fields;
}

/** Puts an answered item into its detail and the list rows that show it. */
export function putEquipment(client: QueryClient, saved: Equipment) {
  client.setQueryData(equipmentKeys.detail(saved.id), saved);
  client.setQueriesData<EquipmentListResponse>(
    { queryKey: equipmentKeys.lists },
    (old) =>
      old && {
        ...old,
        data: old.data.map((row) => (row.id === saved.id ? { ...row, ...listFieldsOf(saved) } : row)),
      },
  );
}

/** What a changed set of items changes elsewhere: the lists (order, filters), their options, the groups and types. */
export function invalidateEquipmentLists(client: QueryClient) {
  void client.invalidateQueries({ queryKey: equipmentKeys.lists });
  void client.invalidateQueries({ queryKey: equipmentKeys.filterOptions });
  void client.invalidateQueries({ queryKey: GROUP_KEYS });
  void client.invalidateQueries({ queryKey: TYPE_KEYS });
}

export function useCreateEquipment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateEquipmentRequest) => call(equipmentContracts.create, { body }),
    onSuccess: (saved) => {
      client.setQueryData(equipmentKeys.detail(saved.id), saved);
      invalidateEquipmentLists(client);
    },
  });
}

export function useUpdateEquipment(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateEquipmentRequest) => call(equipmentContracts.update, { params: { id }, body }),
    onSuccess: (saved) => {
      putEquipment(client, saved);
      invalidateEquipmentLists(client);
      void client.invalidateQueries({ queryKey: equipmentKeys.of(id) });
    },
  });
}

export function useDeleteEquipment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(equipmentContracts.remove, { params: { id } }),
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: equipmentKeys.detail(id) });
      client.removeQueries({ queryKey: equipmentKeys.of(id) });
      invalidateEquipmentLists(client);
      // Issues and schedules no longer name it.
      void client.invalidateQueries({ queryKey: ['issues'] });
      void client.invalidateQueries({ queryKey: ['schedules'] });
    },
  });
}

/** A copy of the item (stored, no bookings, no pictures). */
export function useDuplicateEquipment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(equipmentContracts.duplicate, { params: { id } }),
    onSuccess: (saved) => {
      client.setQueryData(equipmentKeys.detail(saved.id), saved);
      invalidateEquipmentLists(client);
    },
  });
}

/** Adds pictures (multipart attachments[n][file]); answers the item. */
export function useUploadEquipmentPictures(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (files: File[]) => {
      const form = new FormData();
      files.forEach((file, n) => {
        form.append(`attachments[${n}][file]`, file, file.name);
      });
      return call(equipmentContracts.upload, { params: { id }, form });
    },
    onSuccess: (saved) => {
      putEquipment(client, saved);
      void client.invalidateQueries({ queryKey: equipmentKeys.of(id) });
    },
  });
}

export function useRemoveEquipmentPicture(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (pictureId: number) => call(equipmentContracts.removePicture, { params: { id, pictureId } }),
    onSuccess: (saved) => {
      putEquipment(client, saved);
      void client.invalidateQueries({ queryKey: equipmentKeys.of(id) });
    },
  });
}

/** After a bulk call: the items it named may have changed anywhere. */
function afterBulk(client: QueryClient, ids: readonly number[]) {
  for (const id of ids) void client.invalidateQueries({ queryKey: equipmentKeys.detail(id) });
  invalidateEquipmentLists(client);
}

export function useAddEquipmentToGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { equipment_ids: number[]; group_id: number }) =>
      call(equipmentContracts.addToGroup, { body }),
    onSuccess: (result) => afterBulk(client, result.done),
  });
}

export function useMultiArchiveEquipment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => call(equipmentContracts.multiArchive, { body: { equipment_ids: ids } }),
    onSuccess: (result) => afterBulk(client, result.done),
  });
}

export function useMultiDeleteEquipment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => call(equipmentContracts.multiDelete, { body: { equipment_ids: ids } }),
    onSuccess: (result) => {
      for (const id of result.done) {
        client.removeQueries({ queryKey: equipmentKeys.detail(id) });
        client.removeQueries({ queryKey: equipmentKeys.of(id) });
      }
      invalidateEquipmentLists(client);
      if (result.done.length) {
        void client.invalidateQueries({ queryKey: ['issues'] });
        void client.invalidateQueries({ queryKey: ['schedules'] });
      }
    },
  });
}
