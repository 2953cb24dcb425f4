import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ActivityLogItem,
  ClientSettings,
  CreateMultipleUsersRequest,
  CreateMultipleUsersResponse,
  ErrorBody,
  JobPosition,
  SessionUser,
  UpdateUserRequest,
  UserListResponse,
  UserWorkspaceRole,
  WorkspaceRole,
} from '@workbench/domain';
import { API_BASE, ApiError, api } from '../../api/client';
import { sessionStore } from '../auth/session-store';
import { type ProfileListParams, profileListApiPath } from './list-params';

type Paged<T> = Omit<UserListResponse, 'data'> & { data: T[] };

export const profileKeys = {
  all: ['users'] as const,
  list: (params: ProfileListParams) => ['users', 'list', params] as const,
  user: (id: number | 'me') => ['users', 'user', id] as const,
  roles: (id: number | 'me') => ['users', 'roles', id] as const,
  activity: (id: number | 'me', page: number) => ['users', 'activity', id, page] as const,
};

export function useProfileList(params: ProfileListParams, enabled = true) {
  return useQuery({
    queryKey: profileKeys.list(params),
    queryFn: ({ signal }) => api<UserListResponse>(profileListApiPath(params), { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled,
  });
}

export function useProfile(id: number | 'me') {
  return useQuery({
    queryKey: profileKeys.user(id),
    queryFn: ({ signal }) => api<SessionUser>(`user/${id}`, { signal }),
    staleTime: 0,
  });
}

export function useWorkspaceRoles(id: number | 'me', enabled: boolean) {
  return useQuery({
    queryKey: profileKeys.roles(id),
    queryFn: ({ signal }) => api<UserWorkspaceRole[]>(`user/${id}/workspace_roles`, { signal }),
    enabled,
    staleTime: 0,
  });
}

export function useActivityLog(id: number | 'me', page: number, enabled: boolean) {
  return useQuery({
    queryKey: profileKeys.activity(id, page),
    queryFn: ({ signal }) =>
      api<Paged<ActivityLogItem>>(`user/${id}/activity_log?page=${page}&paginate_by=10`, { signal }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useJobPositions() {
  return useQuery({
    queryKey: ['users', 'job_positions'],
    queryFn: ({ signal }) => api<JobPosition[]>('users/job_positions', { signal }),
  });
}

/** The organisation's settings (for the user-management rules), from the shared config call. */
export function useClientSettings(): ClientSettings | undefined {
  const config = useQuery({
    queryKey: ['config'],
    queryFn: () => api<{ client?: { settings: ClientSettings } }>('config?get_only=client,menu,categories'),
  });
  return config.data?.client?.settings;
}

export type WorkspaceOption = { id: number; name: string; parent_id: number | null };

/** workspace_clean (workspaces feature): while it is missing, the filter simply has no options. */
export function useWorkspaceOptions() {
  return useQuery({
    queryKey: ['workspace_clean'],
    queryFn: async ({ signal }) => {
      try {
        const rows = await api<WorkspaceOption[] | { data: WorkspaceOption[] }>('workspace_clean', {
          signal,
        });
        return Array.isArray(rows) ? rows : (rows.data ?? []);
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return [];
        throw err;
      }
    },
  });
}

function useInvalidatingMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}

export function useResendInvite() {
  return useInvalidatingMutation((userId: number) =>
    api<{ success: true }>('users/resend_invite', { body: { user_id: userId } }),
  );
}

export function useArchiveUsers(archive: boolean) {
  return useInvalidatingMutation((userIds: number[]) =>
    api<{ success: true }>(archive ? 'users/archive' : 'users/unarchive', { body: { user_ids: userIds } }),
  );
}

export function useCreateUsers() {
  return useInvalidatingMutation((body: CreateMultipleUsersRequest) =>
    api<CreateMultipleUsersResponse>('users/create-multiple', { body }),
  );
}

export function useUpdateUser(id: number | 'me') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserRequest) => api<SessionUser>(`user/${id}`, { method: 'PUT', body }),
    onSuccess: (user) => {
      if (user.id === sessionStore.get().session?.user.id) sessionStore.userChanged(user);
      return queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}

export function useSetWorkspaceRoles(id: number) {
  return useInvalidatingMutation((roles: Array<{ workspace_id: number; role: WorkspaceRole }>) =>
    api<UserWorkspaceRole[]>(`user/${id}/workspace_roles`, { body: { workspace_roles: roles } }),
  );
}

/** POST user/{id} multipart (attachments[0][file], _method PUT): the api() helper only sends JSON. */
export async function uploadProfileImage(id: number | 'me', file: File): Promise<SessionUser> {
  const form = new FormData();
  form.append('_method', 'PUT');
  form.append('attachments[0][file]', file, file.name);
  const token = sessionStore.get().session?.token;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/user/${id}`, {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: form,
    });
  } catch {
    throw new ApiError(0, 'no_internet', 'No connection to the server');
  }
  const body = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const error = (body ?? {}) as Partial<ErrorBody>;
    throw new ApiError(
      response.status,
      typeof error.error === 'string' ? error.error : 'general_error',
      error.message ?? response.statusText,
      error.fields ?? {},
    );
  }
  return body as SessionUser;
}

export function useUploadProfileImage(id: number | 'me') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadProfileImage(id, file),
    onSuccess: (user) => {
      if (user.id === sessionStore.get().session?.user.id) sessionStore.userChanged(user);
      return queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}
