import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ClientSettingsPatch, clientContracts, sessionContracts } from '@workbench/domain';
import { call } from '../../api/client';

/** The caller's organisation with all its settings (GET user/client_info). */
export function useOwnClient() {
  return useQuery({
    queryKey: ['client-info'],
    queryFn: ({ signal }) => call(clientContracts.mine, { signal }),
  });
}

/** PUT client/{id}; afterwards the config (menu, colours, switches) and this form read again. */
export function useUpdateClient(clientId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name?: string; settings?: ClientSettingsPatch }) =>
      call(clientContracts.update, { params: { id: clientId ?? 0 }, body }),
    onSuccess: (client) => {
      queryClient.setQueryData(['client-info'], client);
      void queryClient.invalidateQueries({ queryKey: ['config'] });
    },
  });
}

export const sessionKeys = { list: ['auth-sessions'] as const };

export function useSessions() {
  return useQuery({
    queryKey: sessionKeys.list,
    queryFn: ({ signal }) => call(sessionContracts.list, { signal }),
  });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(sessionContracts.revoke, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.list }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(sessionContracts.revokeOthers, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.list }),
  });
}
