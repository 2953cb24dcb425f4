import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  type Asset,
  type AssetGroup,
  type AssetGroupListQuery,
  type AssetGroupListResponse,
  type AssetListQuery,
  type AssetListResponse,
  type AssetSystem,
  type AssetSystemListQuery,
  type AssetSystemListResponse,
  assetContracts,
  assetGroupListQueryToParams,
  assetListQueryToParams,
  assetSystemListQueryToParams,
  type CreateAssetGroupRequest,
  type CreateAssetRequest,
  type CreateAssetSystemRequest,
  type RegulatoryFile,
  type RegulatoryFileList,
  type UpdateAssetGroupRequest,
  type UpdateAssetRequest,
  type UpdateAssetSystemRequest,
  userContracts,
} from '@workbench/domain';
import { call, callRaw } from '../../api/client';

/**
 * The asset screens' calls (001 §7 "Assets"), all through the typed client. Writes put the
 * answered entity where it is cached and refetch only the lists whose rows may change.
 */
export const assetKeys = {
  all: ['assets'] as const,
  lists: ['assets', 'list'] as const,
  list: (query: AssetListQuery) => ['assets', 'list', query] as const,
  filterOptions: ['assets', 'filter-options'] as const,
  details: ['assets', 'detail'] as const,
  detail: (id: number) => ['assets', 'detail', id] as const,
  /** Everything shown on one asset's tabs: activity, issues, tasks, schedules, regulatory files. */
  of: (id: number) => ['assets', 'of', id] as const,
  activity: (id: number, page: number) => ['assets', 'of', id, 'activity', page] as const,
  issues: (id: number, page: number) => ['assets', 'of', id, 'issues', page] as const,
  tasks: (id: number, page: number) => ['assets', 'of', id, 'tasks', page] as const,
  schedules: (id: number, page: number) => ['assets', 'of', id, 'schedules', page] as const,
  regulatory: (id: number) => ['assets', 'of', id, 'regulatory'] as const,
  qr: (id: number) => ['assets', 'qr', id] as const,
  groups: ['assets', 'groups'] as const,
  groupList: (query: AssetGroupListQuery) => ['assets', 'groups', query] as const,
  systems: ['assets', 'systems'] as const,
  systemList: (query: AssetSystemListQuery) => ['assets', 'systems', query] as const,
  people: (workspaceId: number | null) => ['assets', 'people', workspaceId] as const,
};

/** The list call's query: only what differs from the defaults, page and page size always. */
function listQuery(params: Record<string, string>, query: { page: number; paginate_by: number }) {
  return { ...params, page: String(query.page), paginate_by: String(query.paginate_by) };
}

export function useAssetList(query: AssetListQuery) {
  return useQuery({
    queryKey: assetKeys.list(query),
    queryFn: ({ signal }) =>
      call(assetContracts.list, { query: listQuery(assetListQueryToParams(query), query), signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET asset/filter_options: the groups, systems, models, manufacturers and managers to offer. */
export function useAssetFilterOptions() {
  return useQuery({
    queryKey: assetKeys.filterOptions,
    queryFn: ({ signal }) => call(assetContracts.filterOptions, { signal }),
    staleTime: 30_000,
  });
}

export function useAsset(id: number | null) {
  return useQuery({
    queryKey: assetKeys.detail(id ?? 0),
    queryFn: ({ signal }) => call(assetContracts.get, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

export function useAssetActivity(id: number, page: number) {
  return useQuery({
    queryKey: assetKeys.activity(id, page),
    queryFn: ({ signal }) => call(assetContracts.activityLog, { params: { id }, query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The asset's issues (all states, newest change first) or its tasks. */
export function useAssetIssues(id: number, page: number, kind: 'issues' | 'tasks') {
  return useQuery({
    queryKey: kind === 'issues' ? assetKeys.issues(id, page) : assetKeys.tasks(id, page),
    queryFn: ({ signal }) =>
      call(kind === 'issues' ? assetContracts.issues : assetContracts.tasks, {
        params: { id },
        query: { page: String(page), issue_state: 'all' },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAssetSchedules(id: number, page: number) {
  return useQuery({
    queryKey: assetKeys.schedules(id, page),
    queryFn: ({ signal }) => call(assetContracts.schedules, { params: { id }, query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRegulatoryFiles(id: number) {
  return useQuery({
    queryKey: assetKeys.regulatory(id),
    queryFn: ({ signal }) => call(assetContracts.regulatoryList, { params: { id }, signal }),
  });
}

/** The QR code as SVG text (the call needs the token, so an <img src> cannot load it). */
export function useAssetQrSvg(id: number, enabled: boolean) {
  return useQuery({
    queryKey: assetKeys.qr(id),
    queryFn: async ({ signal }) =>
      (await callRaw(assetContracts.qrCode, { params: { id }, query: { format: 'svg' }, signal })).text(),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The QR code as a file to save (png or svg). */
export async function assetQrBlob(id: number, format: 'png' | 'svg'): Promise<Blob> {
  return (await callRaw(assetContracts.qrCode, { params: { id }, query: { format } })).blob();
}

/**
 * People of the organisation for the managers choice (users/filter-mix); with a workspace, those
 * who cannot work in it are marked (isNotInWorkspace): the server refuses them as managers.
 */
export function useAssetPeople(workspaceId: number | null) {
  return useQuery({
    queryKey: assetKeys.people(workspaceId),
    queryFn: ({ signal }) =>
      call(userContracts.pickerUsers, {
        query: { paginate_by: 200, ...(workspaceId ? { workspace_ids: String(workspaceId) } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

// ---------------------------------------------------------------------------------------------
// Asset writes
// ---------------------------------------------------------------------------------------------

/** Puts an answered asset into its detail and the list rows that show it. */
function putAsset(client: QueryClient, saved: Asset) {
  client.setQueryData(assetKeys.detail(saved.id), saved);
  client.setQueriesData<AssetListResponse>(
    { queryKey: assetKeys.lists },
    (old) =>
      old && {
        ...old,
        data: old.data.map((a) =>
          a.id === saved.id ? { ...a, ...listFieldsOf(saved), statistics: saved.statistics } : a,
        ),
      },
  );
}

function listFieldsOf(asset: Asset) {
  const {
    managers: _m,
    serial_number: _s,
    reference_number: _r,
    description: _d,
    location_required: _l,
    auth_maintenance_required: _am,
    auth_inspection_required: _ai,
    public_code: _p,
    attachments: _a,
    created_by: _c,
    ...fields
  } = asset;
  return fields;
}

/** What a changed set of assets changes elsewhere: the lists (order, filters), their options, the groups' counts. */
function invalidateAssetLists(client: QueryClient) {
  void client.invalidateQueries({ queryKey: assetKeys.lists });
  void client.invalidateQueries({ queryKey: assetKeys.filterOptions });
  void client.invalidateQueries({ queryKey: assetKeys.groups });
  void client.invalidateQueries({ queryKey: assetKeys.systems });
}

export function useCreateAsset() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAssetRequest) => call(assetContracts.create, { body }),
    onSuccess: (saved) => {
      client.setQueryData(assetKeys.detail(saved.id), saved);
      invalidateAssetLists(client);
    },
  });
}

export function useUpdateAsset(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAssetRequest) => call(assetContracts.update, { params: { id }, body }),
    onSuccess: (saved) => {
      putAsset(client, saved);
      invalidateAssetLists(client);
      void client.invalidateQueries({ queryKey: assetKeys.of(id) });
    },
  });
}

export function useDeleteAsset() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(assetContracts.remove, { params: { id } }),
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: assetKeys.detail(id) });
      client.removeQueries({ queryKey: assetKeys.of(id) });
      invalidateAssetLists(client);
      // Its issues no longer name it.
      void client.invalidateQueries({ queryKey: ['issues'] });
    },
  });
}

export function useMultiDeleteAssets() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => call(assetContracts.multiDelete, { body: { ids } }),
    onSuccess: (result) => {
      for (const id of result.deleted) client.removeQueries({ queryKey: assetKeys.detail(id) });
      invalidateAssetLists(client);
      if (result.deleted.length) void client.invalidateQueries({ queryKey: ['issues'] });
    },
  });
}

export function useMultiArchiveAssets() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => call(assetContracts.multiArchive, { body: { ids } }),
    onSuccess: (result) => {
      for (const id of result.archived) void client.invalidateQueries({ queryKey: assetKeys.detail(id) });
      invalidateAssetLists(client);
    },
  });
}

/** Adds pictures (multipart attachments[n][file]); answers the asset. */
export function useUploadAssetPictures(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (files: File[]) => {
      const form = new FormData();
      files.forEach((file, n) => {
        form.append(`attachments[${n}][file]`, file, file.name);
      });
      return call(assetContracts.upload, { params: { id }, form });
    },
    onSuccess: (saved) => {
      putAsset(client, saved);
      void client.invalidateQueries({ queryKey: assetKeys.activity(id, 1) });
    },
  });
}

export function useRemoveAssetPicture(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (pictureId: number) => call(assetContracts.removePicture, { params: { id, pictureId } }),
    onSuccess: (saved) => {
      putAsset(client, saved);
      void client.invalidateQueries({ queryKey: assetKeys.activity(id, 1) });
    },
  });
}

/** A new public code: printed QR codes stop working. */
export function useRegenerateAssetQr(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(assetContracts.regenerateQrCode, { params: { id } }),
    onSuccess: (saved) => {
      putAsset(client, saved);
      void client.invalidateQueries({ queryKey: assetKeys.qr(id) });
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Regulatory files
// ---------------------------------------------------------------------------------------------

export type RegulatoryUpload = {
  file: File;
  name: string;
  kind: string;
  issued_on: string | null;
  valid_until: string | null;
};

/** What a change of an asset's files shows: its list, the legal flag on the asset and the cards. */
function afterRegulatoryChange(client: QueryClient, assetIds: number[]) {
  for (const id of assetIds) {
    void client.invalidateQueries({ queryKey: assetKeys.regulatory(id) });
    void client.invalidateQueries({ queryKey: assetKeys.detail(id) });
  }
  void client.invalidateQueries({ queryKey: assetKeys.lists });
}

export function useUploadRegulatoryFile(assetId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (upload: RegulatoryUpload) => {
      const form = new FormData();
      form.append('name', upload.name);
      form.append('kind', upload.kind);
      if (upload.issued_on) form.append('issued_on', upload.issued_on);
      if (upload.valid_until) form.append('valid_until', upload.valid_until);
      form.append('file', upload.file, upload.file.name);
      return call(assetContracts.regulatoryUpload, { params: { id: assetId }, form });
    },
    onSuccess: (saved) => {
      client.setQueryData<RegulatoryFileList>(
        assetKeys.regulatory(assetId),
        (old) => old && { data: [...old.data.filter((f) => f.id !== saved.id), saved] },
      );
      afterRegulatoryChange(
        client,
        saved.assets.map((a) => a.id),
      );
    },
  });
}

export function useDeleteRegulatoryFile(assetId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: RegulatoryFile) => call(assetContracts.regulatoryRemove, { params: { id: file.id } }),
    onSuccess: (_, file) => {
      client.setQueryData<RegulatoryFileList>(
        assetKeys.regulatory(assetId),
        (old) => old && { data: old.data.filter((f) => f.id !== file.id) },
      );
      afterRegulatoryChange(client, [assetId, ...file.assets.map((a) => a.id)]);
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Groups and systems
// ---------------------------------------------------------------------------------------------

export function useAssetGroupList(query: AssetGroupListQuery) {
  return useQuery({
    queryKey: assetKeys.groupList(query),
    queryFn: ({ signal }) =>
      call(assetContracts.groupList, {
        query: listQuery(assetGroupListQueryToParams(query), query),
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useAssetSystemList(query: AssetSystemListQuery) {
  return useQuery({
    queryKey: assetKeys.systemList(query),
    queryFn: ({ signal }) =>
      call(assetContracts.systemList, {
        query: listQuery(assetSystemListQueryToParams(query), query),
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** A saved group or system: its row in the cached pages, then the lists (order) and the options. */
function putGroup(client: QueryClient, saved: AssetGroup) {
  client.setQueriesData<AssetGroupListResponse>(
    { queryKey: assetKeys.groups },
    (old) => old && { ...old, data: old.data.map((g) => (g.id === saved.id ? saved : g)) },
  );
  void client.invalidateQueries({ queryKey: assetKeys.groups });
  void client.invalidateQueries({ queryKey: assetKeys.filterOptions });
}

function putSystem(client: QueryClient, saved: AssetSystem) {
  client.setQueriesData<AssetSystemListResponse>(
    { queryKey: assetKeys.systems },
    (old) => old && { ...old, data: old.data.map((s) => (s.id === saved.id ? saved : s)) },
  );
  void client.invalidateQueries({ queryKey: assetKeys.systems });
  void client.invalidateQueries({ queryKey: assetKeys.filterOptions });
}

export function useSaveAssetGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: (CreateAssetGroupRequest | UpdateAssetGroupRequest) & { id?: number }) =>
      id
        ? call(assetContracts.groupUpdate, { params: { id }, body })
        : call(assetContracts.groupCreate, { body: body as CreateAssetGroupRequest }),
    onSuccess: (saved, { id }) => {
      putGroup(client, saved);
      // A renamed group shows on its assets' cards.
      if (id) void client.invalidateQueries({ queryKey: assetKeys.lists });
    },
  });
}

export function useDeleteAssetGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(assetContracts.groupRemove, { params: { id } }),
    onSuccess: () => {
      invalidateAssetLists(client);
      void client.invalidateQueries({ queryKey: assetKeys.details });
    },
  });
}

export function useSaveAssetSystem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: (CreateAssetSystemRequest | UpdateAssetSystemRequest) & { id?: number }) =>
      id
        ? call(assetContracts.systemUpdate, { params: { id }, body })
        : call(assetContracts.systemCreate, { body: body as CreateAssetSystemRequest }),
    onSuccess: (saved, { id }) => {
      putSystem(client, saved);
      if (id) void client.invalidateQueries({ queryKey: assetKeys.lists });
    },
  });
}

export function useDeleteAssetSystem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(assetContracts.systemRemove, { params: { id } }),
    onSuccess: () => {
      invalidateAssetLists(client);
      void client.invalidateQueries({ queryKey: assetKeys.details });
    },
  });
}
