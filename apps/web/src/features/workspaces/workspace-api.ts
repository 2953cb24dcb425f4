import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  type CreateWorkspaceRequest,
  type UpdateWorkspaceRequest,
  userContracts,
  type WorkspaceDetail,
  type WorkspaceItem,
  type WorkspaceListQuery,
  type WorkspaceListResponse,
  type WorkspaceUsersRequest,
  workspaceContracts,
} from '@workbench/domain';
import { call, callRaw } from '../../api/client';

export const workspaceKeys = {
  all: ['workspaces'] as const,
  lists: ['workspaces', 'list'] as const,
  list: (query: WorkspaceListQuery) => ['workspaces', 'list', query] as const,
  details: ['workspaces', 'detail'] as const,
  detail: (id: number) => ['workspaces', 'detail', id] as const,
  flat: ['workspaces', 'flat'] as const,
  /** GET workspace_clean, shared by every picker that lists workspaces by name. */
  clean: ['workspaces', 'clean'] as const,
  scanLog: (id: number, page: number) => ['workspaces', 'scan-log', id, page] as const,
  presence: (id: number, page: number) => ['workspaces', 'presence', id, page] as const,
  qr: (id: number) => ['workspaces', 'qr', id] as const,
};

export function useWorkspaceList(query: WorkspaceListQuery) {
  return useQuery({
    queryKey: workspaceKeys.list(query),
    // The screen lists workspaces shared by partner companies too (the call's default leaves them out).
    queryFn: ({ signal }) =>
      call(workspaceContracts.list, { query: { ...query, include_collabs: 1 }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useWorkspaceDetail(id: number) {
  return useQuery({
    queryKey: workspaceKeys.detail(id),
    queryFn: ({ signal }) =>
      call(workspaceContracts.detail, { params: { id }, query: { prune_offline: 0 }, signal }),
    enabled: Number.isSafeInteger(id) && id > 0,
    staleTime: 0,
  });
}

export function useWorkspaceFlat() {
  return useQuery({
    queryKey: workspaceKeys.flat,
    queryFn: ({ signal }) => call(workspaceContracts.flat, { signal }),
    staleTime: 0,
  });
}

export function useScanLog(id: number, page: number, enabled: boolean) {
  return useQuery({
    queryKey: workspaceKeys.scanLog(id, page),
    queryFn: ({ signal }) => call(workspaceContracts.scanLog, { params: { id }, query: { page }, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function usePresenceLog(id: number, page: number, enabled: boolean) {
  return useQuery({
    queryKey: workspaceKeys.presence(id, page),
    queryFn: ({ signal }) =>
      call(workspaceContracts.presenceLogs, { params: { id }, query: { page }, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/**
 * Puts a write's answer where the workspace is cached: its detail, the list rows and the child
 * rows of its parent's detail. Children stay as each query read them (the detail keeps archived
 * children, the answer leaves them out).
 */
function putWorkspace(client: QueryClient, saved: WorkspaceItem) {
  const { children: _answerChildren, ...fields } = saved;
  client.setQueryData<WorkspaceDetail>(workspaceKeys.detail(saved.id), (old) => old && { ...old, ...fields });
  client.setQueriesData<WorkspaceListResponse>(
    { queryKey: workspaceKeys.lists },
    (old) => old && { ...old, data: old.data.map((w) => (w.id === saved.id ? { ...w, ...fields } : w)) },
  );
  client.setQueriesData<WorkspaceDetail>({ queryKey: workspaceKeys.details }, (old) =>
    old?.children.some((c) => c.id === saved.id)
      ? { ...old, children: old.children.map((c) => (c.id === saved.id ? { ...c, ...fields } : c)) }
      : old,
  );
}

/**
 * What a change to the tree shows beyond the workspace itself: which rows the lists hold, the
 * pickers' names and paths, and the children and breadcrumbs of other details.
 */
function invalidateTree(client: QueryClient, except?: number) {
  void client.invalidateQueries({ queryKey: workspaceKeys.lists });
  void client.invalidateQueries({ queryKey: workspaceKeys.flat });
  void client.invalidateQueries({ queryKey: workspaceKeys.clean });
  void client.invalidateQueries({
    queryKey: workspaceKeys.details,
    predicate: (query) => query.queryKey[2] !== except,
  });
}

export function useCreateWorkspace() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWorkspaceRequest) => call(workspaceContracts.create, { body }),
    onSuccess: () => invalidateTree(client),
  });
}

export function useUpdateWorkspace(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateWorkspaceRequest) => call(workspaceContracts.update, { params: { id }, body }),
    onSuccess: (saved) => {
      putWorkspace(client, saved);
      // A new name, place or archived state changes other rows than its own.
      invalidateTree(client, id);
    },
  });
}

export function useDeleteWorkspace() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(workspaceContracts.remove, { params: { id } }),
    onSuccess: (_, id) => {
      // Its sub-workspaces go with it; only the tree's queries know which those were.
      client.removeQueries({ queryKey: workspaceKeys.detail(id) });
      invalidateTree(client);
    },
  });
}

export function useToggleFavorite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, favorite }: { id: number; favorite: boolean }) =>
      call(favorite ? workspaceContracts.addFavorite : workspaceContracts.removeFavorite, { params: { id } }),
    onSuccess: (saved) => putWorkspace(client, saved),
  });
}

export function useSetWorkspaceUsers(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WorkspaceUsersRequest) => call(workspaceContracts.setUsers, { params: { id }, body }),
    onSuccess: (saved) => {
      putWorkspace(client, saved);
      // The detail lists the people by name, which the answer (ids only) does not carry.
      void client.invalidateQueries({ queryKey: workspaceKeys.detail(id) });
    },
  });
}

/** Sets the image (multipart field "image") of a workspace just saved by the form. */
export async function uploadWorkspaceImage(id: number, file: File): Promise<WorkspaceItem> {
  const form = new FormData();
  form.append('image', file, file.name);
  return call(workspaceContracts.uploadImage, { params: { id }, form });
}

/** The QR code as SVG text (the endpoint needs the token, so an <img src> cannot load it). */
export function useWorkspaceQrSvg(id: number, enabled: boolean) {
  return useQuery({
    queryKey: workspaceKeys.qr(id),
    queryFn: async ({ signal }) =>
      (await callRaw(workspaceContracts.qrCode, { params: { id }, query: { format: 'svg' }, signal })).text(),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** A new public code: the printed QR codes stop working; the modal shows the new code. */
export function useRegenerateQrCode(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(workspaceContracts.regenerateQrCode, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: workspaceKeys.qr(id) }),
  });
}

/** People of the organisation for the simple people picker (users/filter-mix). */
export function usePickablePeople(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['workspaces', 'people', search],
    queryFn: ({ signal }) => call(userContracts.pickerUsers, { query: { paginate_by: 200, search }, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
