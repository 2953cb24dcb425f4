import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AnswerLocationRequest, locationRequestContracts, workspaceContracts } from '@workbench/domain';
import { call } from '../../api/client';

export const locationRequestKeys = {
  mine: ['location-requests', 'mine'] as const,
  /** Under the workspaces' prefix, so their live changes refetch it (live-invalidation.ts). */
  presence: (userId: number) => ['workspaces', 'user-presence', userId] as const,
};

/** GET user/me/location_requests: the caller's pending requests (the prompt shows the newest). */
export function useMyLocationRequests(enabled = true) {
  return useQuery({
    queryKey: locationRequestKeys.mine,
    queryFn: ({ signal }) => call(locationRequestContracts.mine, { signal }),
    enabled,
    // The live notification refetches at once; this catches a missed one.
    refetchInterval: 5 * 60_000,
  });
}

export function useRequestLocation(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { workspace_id: number; message?: string }) =>
      call(locationRequestContracts.request, { params: { id: userId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: locationRequestKeys.presence(userId) }),
  });
}

export function useAnswerLocationRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: AnswerLocationRequest & { id: number }) =>
      call(locationRequestContracts.answer, { params: { id }, body }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: locationRequestKeys.mine }),
        queryClient.invalidateQueries({ queryKey: ['workspaces'] }),
      ]),
  });
}

/** GET workspace/user/{id}/presence/logs: one person's presence logs the caller may read. */
export function useUserPresence(userId: number) {
  return useQuery({
    queryKey: locationRequestKeys.presence(userId),
    queryFn: ({ signal }) => call(workspaceContracts.userPresenceLogs, { params: { id: userId }, signal }),
  });
}
