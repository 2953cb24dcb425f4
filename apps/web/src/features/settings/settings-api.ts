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

/** The organisation changed: this form and the config (the header's logo) read the new one. */
function useClientChanged() {
  const queryClient = useQueryClient();
  return (client: Awaited<ReturnType<typeof call<typeof clientContracts.mine>>>) => {
    queryClient.setQueryData(['client-info'], client);
    void queryClient.invalidateQueries({ queryKey: ['config'] });
  };
}

/** POST client/{id}/logo with the chosen image (multipart `file`). */
export function useUploadLogo(clientId: number) {
  const changed = useClientChanged();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return call(clientContracts.uploadLogo, { params: { id: clientId }, form });
    },
    onSuccess: changed,
  });
}

/** DELETE client/{id}/logo. */
export function useRemoveLogo(clientId: number) {
  const changed = useClientChanged();
  return useMutation({
    mutationFn: () => call(clientContracts.removeLogo, { params: { id: clientId } }),
    onSuccess: changed,
  });
}
