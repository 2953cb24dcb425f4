import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CheckCollaborationEmailResponse,
  type CollaborationActionInfo,
  type CollaborationActionRequest,
  type CollaborationActionResponse,
  type CollaborationDetail,
  type CollaborationItem,
  type CollaborationListFilters,
  type CollaborationUser,
  type CreateCollaborationsRequest,
  type CreateCollaborationsResponse,
  collaborationListParams,
  type SyncCollaborationUsersRequest,
  type SyncCollaborationUsersResponse,
  type UpdateCollaborationRequest,
} from '@workbench/domain';
import { API_BASE, ApiError, api } from '../../api/client';
import { sessionStore } from '../auth/session-store';

export type CollaborationPage = {
  current_page: number;
  data: CollaborationItem[];
  last_page: number;
  per_page: number;
  total: number;
};

type NamedOption = { id: number; name: string; parent_id?: number | null };
type Person = { id: number; full_name: string; email: string; profile_image: string | null };

const keys = {
  all: ['collaborations'] as const,
  list: (filters: CollaborationListFilters) => ['collaborations', 'list', filters] as const,
  detail: (id: number) => ['collaborations', 'detail', id] as const,
  users: (id: number) => ['collaborations', 'users', id] as const,
};

export function useCollaborationList(filters: CollaborationListFilters) {
  const query = new URLSearchParams({
    ...collaborationListParams(filters),
    page: String(filters.page),
    paginate_by: String(filters.paginate_by),
  });
  return useQuery({
    queryKey: keys.list(filters),
    queryFn: () => api<CollaborationPage>(`collaboration?${query.toString()}`),
    placeholderData: keepPreviousData,
  });
}

export function useCollaboration(id: number) {
  return useQuery({
    queryKey: keys.detail(id),
    queryFn: () => api<CollaborationDetail>(`collaboration/${id}`),
    enabled: Number.isSafeInteger(id) && id > 0,
  });
}

export function useCollaborationUsers(id: number, enabled = true) {
  return useQuery({
    queryKey: keys.users(id),
    queryFn: () => api<CollaborationUser[]>(`collaboration/${id}/users`),
    enabled: enabled && Number.isSafeInteger(id) && id > 0,
  });
}

/** The caller's visible workspaces for pickers (built by the workspaces feature; empty when missing). */
export function useWorkspaceOptions() {
  return useQuery({
    queryKey: ['workspace_clean'],
    queryFn: () => api<NamedOption[]>('workspace_clean'),
    retry: false,
  });
}

/** The organisation's own people (for giving partner roles; users feature). */
export function useMainOrgPeople(enabled: boolean) {
  return useQuery({
    queryKey: ['users', 'main_org'],
    queryFn: () => api<Person[]>('users/main_org'),
    enabled,
    retry: false,
  });
}

export const collaborationsApi = {
  checkEmail: (email: string) =>
    api<CheckCollaborationEmailResponse>('collaboration/check-email', { body: { email } }),
  createMultiple: (body: CreateCollaborationsRequest) =>
    api<CreateCollaborationsResponse>('collaboration/create-multiple', { body }),
  actionInfo: (token: string) =>
    api<CollaborationActionInfo>(`public/collaboration_action?token=${encodeURIComponent(token)}`, {
      auth: false,
    }),
  answer: (body: CollaborationActionRequest) =>
    api<CollaborationActionResponse>('public/collaboration_action', { body, auth: false }),
};

/** Multipart upload with the stored token (api() sends JSON only). */
async function uploadLogo(id: number, file: File): Promise<CollaborationDetail> {
  const form = new FormData();
  form.append('file', file);
  const token = sessionStore.get().session?.token;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/collaboration/${id}/upload`, {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: form,
    });
  } catch {
    throw new ApiError(0, 'no_internet', 'No connection to the server');
  }
  const body = (await response.json().catch(() => null)) as
    | (CollaborationDetail & { error?: string; message?: string; fields?: Record<string, string> })
    | null;
  if (!response.ok) {
    throw new ApiError(
      response.status,
      body?.error ?? 'general_error',
      body?.message ?? '',
      body?.fields ?? {},
    );
  }
  return body as CollaborationDetail;
}

/** Every change to a collaboration refreshes the list and its details. */
export function useCollaborationMutations(id?: number) {
  const client = useQueryClient();
  const refresh = async (detail?: CollaborationDetail) => {
    if (detail && id) client.setQueryData(keys.detail(id), detail);
    await client.invalidateQueries({ queryKey: keys.all });
  };
  const target = (override?: number) => override ?? id ?? 0;
  return {
    reinvite: useMutation({
      mutationFn: (collabId?: number) =>
        api<CollaborationDetail>(`collaboration/${target(collabId)}/reinvite`, { method: 'POST' }),
      onSuccess: () => refresh(),
    }),
    remove: useMutation({
      mutationFn: (collabId?: number) =>
        api<{ success: true }>(`collaboration/${target(collabId)}`, { method: 'DELETE' }),
      onSuccess: () => refresh(),
    }),
    update: useMutation({
      mutationFn: (body: UpdateCollaborationRequest) =>
        api<CollaborationDetail>(`collaboration/${target()}`, { method: 'PUT', body }),
      onSuccess: refresh,
    }),
    upload: useMutation({ mutationFn: (file: File) => uploadLogo(target(), file), onSuccess: refresh }),
    addWorkspaces: useMutation({
      mutationFn: (workspace_ids: number[]) =>
        api<CollaborationDetail>(`collaboration/${target()}/workspaces/add`, { body: { workspace_ids } }),
      onSuccess: refresh,
    }),
    removeWorkspaces: useMutation({
      mutationFn: (workspace_ids: number[]) =>
        api<CollaborationDetail>(`collaboration/${target()}/workspaces/remove_access`, {
          method: 'PUT',
          body: { workspace_ids },
        }),
      onSuccess: refresh,
    }),
    syncUsers: useMutation({
      mutationFn: (args: { workspaceId: number; body: SyncCollaborationUsersRequest }) =>
        api<SyncCollaborationUsersResponse>(
          `collaboration/${target()}/workspaces/${args.workspaceId}/sync_users`,
          { body: args.body },
        ),
      onSuccess: () => refresh(),
    }),
  };
}

export function useInvalidateCollaborations() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: keys.all });
}
