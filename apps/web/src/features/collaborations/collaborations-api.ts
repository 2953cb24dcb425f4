import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CollaborationActionRequest,
  type CollaborationDetail,
  type CollaborationListFilters,
  type ContractResponse,
  type CreateCollaborationsRequest,
  collaborationContracts,
  type SyncCollaborationUsersRequest,
  type UpdateCollaborationRequest,
  userContracts,
  workspaceContracts,
} from '@workbench/domain';
import { call } from '../../api/client';
import { workspaceKeys } from '../workspaces/workspace-api';

const keys = {
  all: ['collaborations'] as const,
  lists: ['collaborations', 'list'] as const,
  list: (filters: CollaborationListFilters) => ['collaborations', 'list', filters] as const,
  detail: (id: number) => ['collaborations', 'detail', id] as const,
  users: (id: number) => ['collaborations', 'users', id] as const,
};

type CollaborationPage = ContractResponse<typeof collaborationContracts.list>;

export function useCollaborationList(filters: CollaborationListFilters) {
  return useQuery({
    queryKey: keys.list(filters),
    // The filters are the call's own parameters; empty ones are left out of the address.
    queryFn: ({ signal }) => call(collaborationContracts.list, { query: filters, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCollaboration(id: number) {
  return useQuery({
    queryKey: keys.detail(id),
    queryFn: ({ signal }) => call(collaborationContracts.detail, { params: { id }, signal }),
    enabled: Number.isSafeInteger(id) && id > 0,
  });
}

export function useCollaborationUsers(id: number, enabled = true) {
  return useQuery({
    queryKey: keys.users(id),
    queryFn: ({ signal }) => call(collaborationContracts.users, { params: { id }, signal }),
    enabled: enabled && Number.isSafeInteger(id) && id > 0,
  });
}

/** The caller's visible workspaces for pickers (GET workspace_clean, cached with the workspaces). */
export function useWorkspaceOptions() {
  return useQuery({
    queryKey: workspaceKeys.clean,
    queryFn: ({ signal }) => call(workspaceContracts.clean, { signal }),
    retry: false,
  });
}

/** The organisation's own people (for giving partner roles). */
export function useMainOrgPeople(enabled: boolean) {
  return useQuery({
    queryKey: ['users', 'main_org'],
    queryFn: ({ signal }) => call(userContracts.mainOrg, { signal }),
    enabled,
    retry: false,
  });
}

export const collaborationsApi = {
  checkEmail: (email: string) => call(collaborationContracts.checkEmail, { body: { email } }),
  createMultiple: (body: CreateCollaborationsRequest) =>
    call(collaborationContracts.createMultiple, { body }),
  actionInfo: (token: string) => call(collaborationContracts.actionInfo, { query: { token } }),
  answer: (body: CollaborationActionRequest) => call(collaborationContracts.answer, { body }),
};

/**
 * The writes on one collaboration. Those answering it put the answer into its detail and its
 * list rows; the shared workspaces and the partner's people it names are refetched where shown.
 */
export function useCollaborationMutations(id?: number) {
  const client = useQueryClient();
  const target = (override?: number) => override ?? id ?? 0;
  const put = (saved: CollaborationDetail) => {
    client.setQueryData(keys.detail(saved.id), saved);
    // A detail is a list row with more fields.
    client.setQueriesData<CollaborationPage>(
      { queryKey: keys.lists },
      (old) => old && { ...old, data: old.data.map((c) => (c.id === saved.id ? saved : c)) },
    );
  };
  /** Workspaces show whom they are shared with. */
  const invalidateSharedWorkspaces = () => {
    void client.invalidateQueries({ queryKey: workspaceKeys.lists });
    void client.invalidateQueries({ queryKey: workspaceKeys.details });
  };
  /** Sharing also changes where the partner's people have roles. */
  const putShared = (saved: CollaborationDetail) => {
    put(saved);
    void client.invalidateQueries({ queryKey: keys.users(saved.id) });
    invalidateSharedWorkspaces();
  };
  return {
    reinvite: useMutation({
      mutationFn: (collabId?: number) =>
        call(collaborationContracts.reinvite, { params: { id: target(collabId) } }),
      onSuccess: put,
    }),
    remove: useMutation({
      mutationFn: (collabId?: number) =>
        call(collaborationContracts.remove, { params: { id: target(collabId) } }),
      onSuccess: (_, collabId) => {
        client.removeQueries({ queryKey: keys.detail(target(collabId)) });
        void client.invalidateQueries({ queryKey: keys.lists });
        invalidateSharedWorkspaces();
      },
    }),
    update: useMutation({
      mutationFn: (body: UpdateCollaborationRequest) =>
        call(collaborationContracts.update, { params: { id: target() }, body }),
      onSuccess: put,
    }),
    upload: useMutation({
      mutationFn: (file: File) => {
        const form = new FormData();
        form.append('file', file);
        return call(collaborationContracts.uploadLogo, { params: { id: target() }, form });
      },
      onSuccess: put,
    }),
    addWorkspaces: useMutation({
      mutationFn: (workspace_ids: number[]) =>
        call(collaborationContracts.addWorkspaces, { params: { id: target() }, body: { workspace_ids } }),
      onSuccess: putShared,
    }),
    removeWorkspaces: useMutation({
      mutationFn: (workspace_ids: number[]) =>
        call(collaborationContracts.removeWorkspaces, { params: { id: target() }, body: { workspace_ids } }),
      onSuccess: putShared,
    }),
    syncUsers: useMutation({
      mutationFn: (args: { workspaceId: number; body: SyncCollaborationUsersRequest }) =>
        call(collaborationContracts.syncUsers, {
          params: { collabId: target(), workspaceId: args.workspaceId },
          body: args.body,
        }),
      // The answer names ids only; the people's names and the list's faces come from the server.
      onSuccess: () => {
        void client.invalidateQueries({ queryKey: keys.users(target()) });
        void client.invalidateQueries({ queryKey: keys.detail(target()) });
        void client.invalidateQueries({ queryKey: keys.lists });
      },
    }),
  };
}

export function useInvalidateCollaborations() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: keys.all });
}
