import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateWorkspaceRequest,
  ErrorBody,
  PresenceLogItem,
  QrScanLogItem,
  UpdateWorkspaceRequest,
  WorkspaceDetail,
  WorkspaceFlatItem,
  WorkspaceItem,
  WorkspaceListQuery,
  WorkspaceListResponse,
  WorkspaceUsersRequest,
} from '@workbench/domain';
import { API_BASE, ApiError, api } from '../../api/client';
import { sessionStore } from '../auth/session-store';
import { listQueryString } from './list-params';

export type Paged<T> = Omit<WorkspaceListResponse, 'data'> & { data: T[] };

export const workspaceKeys = {
  all: ['workspaces'] as const,
  list: (query: WorkspaceListQuery) => ['workspaces', 'list', query] as const,
  detail: (id: number) => ['workspaces', 'detail', id] as const,
  flat: ['workspaces', 'flat'] as const,
  scanLog: (id: number, page: number) => ['workspaces', 'scan-log', id, page] as const,
  presence: (id: number, page: number) => ['workspaces', 'presence', id, page] as const,
};

export function useWorkspaceList(query: WorkspaceListQuery) {
  return useQuery({
    queryKey: workspaceKeys.list(query),
    // The screen lists workspaces shared by partner companies too (the call's default leaves them out).
    queryFn: ({ signal }) =>
      api<WorkspaceListResponse>(`workspace/?${listQueryString({ ...query, include_collabs: 1 }, true)}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useWorkspaceDetail(id: number) {
  return useQuery({
    queryKey: workspaceKeys.detail(id),
    queryFn: ({ signal }) => api<WorkspaceDetail>(`workspace/${id}?prune_offline=0`, { signal }),
    enabled: Number.isSafeInteger(id) && id > 0,
    staleTime: 0,
  });
}

export function useWorkspaceFlat() {
  return useQuery({
    queryKey: workspaceKeys.flat,
    queryFn: ({ signal }) => api<WorkspaceFlatItem[]>('workspace/flat', { signal }),
    staleTime: 0,
  });
}

export function useScanLog(id: number, page: number, enabled: boolean) {
  return useQuery({
    queryKey: workspaceKeys.scanLog(id, page),
    queryFn: ({ signal }) => api<Paged<QrScanLogItem>>(`qr_code/scan_log/${id}?page=${page}`, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function usePresenceLog(id: number, page: number, enabled: boolean) {
  return useQuery({
    queryKey: workspaceKeys.presence(id, page),
    queryFn: ({ signal }) =>
      api<Paged<PresenceLogItem>>(`workspace/${id}/presence/logs?page=${page}`, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Every change to a workspace may show in lists, details and pickers: refresh them all. */
function useInvalidateWorkspaces() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: workspaceKeys.all });
}

export function useCreateWorkspace() {
  const invalidate = useInvalidateWorkspaces();
  return useMutation({
    mutationFn: (body: CreateWorkspaceRequest) => api<WorkspaceItem>('workspace', { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useUpdateWorkspace(id: number) {
  const invalidate = useInvalidateWorkspaces();
  return useMutation({
    mutationFn: (body: UpdateWorkspaceRequest) =>
      api<WorkspaceItem>(`workspace/${id}`, { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

export function useDeleteWorkspace() {
  const invalidate = useInvalidateWorkspaces();
  return useMutation({
    mutationFn: (id: number) => api<{ success: true }>(`workspace/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useToggleFavorite() {
  const invalidate = useInvalidateWorkspaces();
  return useMutation({
    mutationFn: ({ id, favorite }: { id: number; favorite: boolean }) =>
      api<WorkspaceItem>(`workspace/${id}/favorite`, { method: favorite ? 'POST' : 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useSetWorkspaceUsers(id: number) {
  const invalidate = useInvalidateWorkspaces();
  return useMutation({
    mutationFn: (body: WorkspaceUsersRequest) =>
      api<WorkspaceItem>(`workspace/${id}/users`, { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

/** Sends a request with the stored token and returns the raw response (files, uploads). */
async function authorisedFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const token = sessionStore.get().session?.token;
  const headers = new Headers(init.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/${path}`, { ...init, headers });
  } catch {
    throw new ApiError(0, 'no_internet', 'No connection to the server');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as Partial<ErrorBody>;
    if (response.status === 403 && body.error === 'access_denied' && token)
      sessionStore.loggedOut({ expired: true });
    throw new ApiError(response.status, body.error ?? 'general_error', body.message ?? '', body.fields ?? {});
  }
  return response;
}

export async function uploadWorkspaceImage(id: number, file: File): Promise<WorkspaceItem> {
  const form = new FormData();
  form.append('image', file, file.name);
  const response = await authorisedFetch(`workspace/${id}/upload`, { method: 'POST', body: form });
  return (await response.json()) as WorkspaceItem;
}

/** The QR code as SVG text (the endpoint needs the token, so an <img src> cannot load it). */
export function useWorkspaceQrSvg(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ['workspaces', 'qr', id],
    queryFn: async () => (await authorisedFetch(`workspace/${id}/qr_code?format=svg`)).text(),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** People of the organisation for the simple people picker (users/filter-mix). */
export type PickablePerson = { id: number; full_name: string; email: string; profile_image: string | null };
export function usePickablePeople(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['workspaces', 'people', search],
    queryFn: ({ signal }) =>
      api<Paged<PickablePerson>>(`users/filter-mix?paginate_by=200&search=${encodeURIComponent(search)}`, {
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
