import { useMutation, useQuery } from '@tanstack/react-query';
import { type FoundReportRequest, publicEquipmentContracts } from '@workbench/domain';
import { call } from '../../api/client';

/**
 * The public equipment calls (001 §2): no login; codes and tokens are unguessable and the
 * server rate limits them. Nothing here is retried on its own: a refused code stays refused.
 */
export const publicEquipmentKeys = {
  item: (code: string, group: boolean) => ['public-equipment', group ? 'group' : 'item', code] as const,
  handout: (token: string) => ['public-equipment', 'handout', token] as const,
};

/** What a finder may see of an item or a group, by its public code. */
export function usePublicEquipment(code: string, group: boolean) {
  return useQuery({
    queryKey: publicEquipmentKeys.item(code, group),
    queryFn: ({ signal }) =>
      call(group ? publicEquipmentContracts.getGroup : publicEquipmentContracts.get, {
        params: { id: code },
        signal,
      }),
    enabled: code.length > 0,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Tells the owner it was found (name, contact, message, location: all optional). */
export function useReportFound(code: string, group: boolean) {
  return useMutation({
    mutationFn: (body: FoundReportRequest) =>
      call(group ? publicEquipmentContracts.foundGroup : publicEquipmentContracts.found, {
        params: { id: code },
        body,
      }),
  });
}

/** The handout(s) the holder's e-mailed link names. */
export function usePublicHandout(token: string) {
  return useQuery({
    queryKey: publicEquipmentKeys.handout(token),
    queryFn: ({ signal }) => call(publicEquipmentContracts.extendHandout, { query: { token }, signal }),
    enabled: token.length > 0,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useExtendPublicHandout() {
  return useMutation({
    mutationFn: (body: { token: string; return_at: string }) =>
      call(publicEquipmentContracts.extend, { body }),
  });
}
