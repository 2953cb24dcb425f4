import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type LeaseRequest, type LeaseResponse, workspaceInfoContracts } from '@workbench/domain';
import { call } from '../../api/client';

/** The cache keys of the lease and maintenance pages. */
export const workspaceInfoKeys = {
  lease: (id: number) => ['workspace-info', 'lease', id] as const,
  maintenance: (id: number) => ['workspace-info', 'maintenance', id] as const,
};

export function useLease(workspaceId: number) {
  return useQuery({
    queryKey: workspaceInfoKeys.lease(workspaceId),
    queryFn: ({ signal }) => call(workspaceInfoContracts.getLease, { params: { id: workspaceId }, signal }),
    enabled: Number.isSafeInteger(workspaceId) && workspaceId > 0,
  });
}

export function useMaintenanceInfo(workspaceId: number) {
  return useQuery({
    queryKey: workspaceInfoKeys.maintenance(workspaceId),
    queryFn: ({ signal }) =>
      call(workspaceInfoContracts.maintenanceInfo, { params: { id: workspaceId }, signal }),
    enabled: Number.isSafeInteger(workspaceId) && workspaceId > 0,
  });
}

/** Every lease write answers the lease: it goes straight into the cache. */
function useLeaseWrite<Input>(workspaceId: number, write: (input: Input) => Promise<LeaseResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (answer) => queryClient.setQueryData(workspaceInfoKeys.lease(workspaceId), answer),
  });
}

export function useSaveLease(workspaceId: number) {
  return useLeaseWrite(workspaceId, (body: LeaseRequest) =>
    call(workspaceInfoContracts.putLease, { params: { id: workspaceId }, body }),
  );
}

export function useUploadLeaseFiles(workspaceId: number) {
  return useLeaseWrite(workspaceId, (files: File[]) => {
    const form = new FormData();
    for (const [i, file] of files.entries()) form.append(`attachments[${i}][file]`, file, file.name);
    return call(workspaceInfoContracts.uploadLeaseFiles, { params: { id: workspaceId }, form });
  });
}

export function useRemoveLeaseFile(workspaceId: number) {
  return useLeaseWrite(workspaceId, (fileId: number) =>
    call(workspaceInfoContracts.removeLeaseFile, { params: { id: workspaceId, fileId } }),
  );
}

export function useDeleteLease(workspaceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(workspaceInfoContracts.deleteLease, { params: { id: workspaceId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceInfoKeys.lease(workspaceId) }),
  });
}
