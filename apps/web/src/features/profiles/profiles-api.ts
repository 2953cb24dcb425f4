import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  type ClientSettings,
  type CreateMultipleUsersRequest,
  type SessionUser,
  type UpdateUserRequest,
  type UserWorkspaceRole,
  userContracts,
  type WorkspaceRole,
  workspaceContracts,
} from '@workbench/domain';
import { call } from '../../api/client';
import { sessionStore } from '../auth/session-store';
import { useConfig } from '../config/use-config';
import type { ProfileListParams } from './list-params';

export const profileKeys = {
  all: ['users'] as const,
  list: (params: ProfileListParams) => ['users', 'list', params] as const,
  user: (id: number | 'me') => ['users', 'user', id] as const,
  roles: (id: number | 'me') => ['users', 'roles', id] as const,
  activity: (id: number | 'me', page: number) => ['users', 'activity', id, page] as const,
  jobPositions: ['users', 'job_positions'] as const,
};

/** Queries under ['users'] that hold one thing a write answers, not a list of people. */
const ENTITY_QUERIES = new Set<unknown>(['user', 'roles', 'job_positions']);

/**
 * What lists people (the profile list, the pickers, the issue filters, the activity logs): it
 * refetches after a write, while the entity the write answered goes straight into the cache.
 */
function refetchPeopleLists(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    queryKey: profileKeys.all,
    predicate: (query) => !ENTITY_QUERIES.has(query.queryKey[1]),
  });
}

const isSelf = (id: number) => id === sessionStore.get().session?.user.id;

/** A person a write answered: cached under their id (and "me" for oneself), the session kept in step. */
function userSaved(queryClient: QueryClient, user: SessionUser) {
  queryClient.setQueryData(profileKeys.user(user.id), user);
  if (isSelf(user.id)) {
    queryClient.setQueryData(profileKeys.user('me'), user);
    sessionStore.userChanged(user);
  }
  return refetchPeopleLists(queryClient);
}

export function useProfileList(params: ProfileListParams, enabled = true) {
  return useQuery({
    queryKey: profileKeys.list(params),
    queryFn: ({ signal }) => call(userContracts.list, { query: params, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled,
  });
}

export function useProfile(id: number | 'me') {
  return useQuery({
    queryKey: profileKeys.user(id),
    queryFn: ({ signal }) => call(userContracts.get, { params: { id }, signal }),
    staleTime: 0,
  });
}

export function useWorkspaceRoles(id: number | 'me', enabled: boolean) {
  return useQuery({
    queryKey: profileKeys.roles(id),
    queryFn: ({ signal }) => call(userContracts.workspaceRoles, { params: { id }, signal }),
    enabled,
    staleTime: 0,
  });
}

export function useActivityLog(id: number | 'me', page: number, enabled: boolean) {
  return useQuery({
    queryKey: profileKeys.activity(id, page),
    queryFn: ({ signal }) =>
      call(userContracts.activityLog, { params: { id }, query: { page, paginate_by: 10 }, signal }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useJobPositions() {
  return useQuery({
    queryKey: profileKeys.jobPositions,
    queryFn: ({ signal }) => call(userContracts.jobPositions, { signal }),
  });
}

/** The organisation's settings (for the user-management rules), from the start-up config. */
export function useClientSettings(): ClientSettings | undefined {
  return useConfig(true).data?.client?.settings;
}

/** GET workspace_clean: every workspace the caller can see (filters and role choices). */
export function useWorkspaceOptions() {
  return useQuery({
    queryKey: ['workspace_clean'],
    queryFn: ({ signal }) => call(workspaceContracts.clean, { signal }),
  });
}

export function useResendInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => call(userContracts.resendInvite, { body: { user_id: userId } }),
    onSuccess: () => refetchPeopleLists(queryClient),
  });
}

/** Archiving changes the people themselves (their status) as well as every list of them. */
export function useArchiveUsers(archive: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userIds: number[]) =>
      call(archive ? userContracts.archive : userContracts.unarchive, { body: { user_ids: userIds } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}

export function useCreateUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateMultipleUsersRequest) => call(userContracts.createMultiple, { body }),
    onSuccess: () => refetchPeopleLists(queryClient),
  });
}

export function useUpdateUser(id: number | 'me') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserRequest) => call(userContracts.update, { params: { id }, body }),
    onSuccess: (user) => userSaved(queryClient, user),
  });
}

export function useSetWorkspaceRoles(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roles: Array<{ workspace_id: number; role: WorkspaceRole }>) =>
      call(userContracts.setWorkspaceRoles, { params: { id }, body: { workspace_roles: roles } }),
    onSuccess: (roles: UserWorkspaceRole[]) => {
      queryClient.setQueryData(profileKeys.roles(id), roles);
      if (isSelf(id)) queryClient.setQueryData(profileKeys.roles('me'), roles);
      return refetchPeopleLists(queryClient);
    },
  });
}

/** POST user/{id} as a form (attachments[0][file], _method PUT): a new profile picture. */
export function useUploadProfileImage(id: number | 'me') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('_method', 'PUT');
      form.append('attachments[0][file]', file, file.name);
      return call(userContracts.uploadImage, { params: { id }, form });
    },
    onSuccess: (user) => userSaved(queryClient, user),
  });
}
