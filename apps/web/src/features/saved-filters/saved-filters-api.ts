import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ContractBody,
  compareSavedFilters,
  isSavedFilterType,
  type SavedFilter,
  type SavedFilterType,
  savedFilterContracts,
} from '@workbench/domain';
import { call } from '../../api/client';

export const savedFilterKeys = {
  all: ['saved-filters'] as const,
  ofType: (type: SavedFilterType) => [...savedFilterKeys.all, type] as const,
};

/** GET filters/{type}: the caller's own saved filters of one entity. */
export function useSavedFilters(type: SavedFilterType) {
  return useQuery({
    queryKey: savedFilterKeys.ofType(type),
    queryFn: ({ signal }) => call(savedFilterContracts.list, { params: { type }, signal }),
    staleTime: 60_000,
  });
}

type UpdateSavedFilterBody = ContractBody<typeof savedFilterContracts.update>;

/** Puts a saved filter the server answered into its entity's cached list, in the list's order. */
function putSavedFilter(client: QueryClient, saved: SavedFilter) {
  if (!isSavedFilterType(saved.filter_type)) return;
  client.setQueryData<SavedFilter[]>(savedFilterKeys.ofType(saved.filter_type), (old) =>
    old ? [...old.filter((f) => f.id !== saved.id), saved].sort(compareSavedFilters) : old,
  );
}

/**
 * Create, update, duplicate and delete. Each puts the server's answer into the cached list
 * instead of refetching it: saved filters are the caller's own, so nothing else changes.
 */
export function useSavedFilterMutations() {
  const client = useQueryClient();
  const put = (saved: SavedFilter) => putSavedFilter(client, saved);
  return {
    create: useMutation({
      mutationFn: (body: ContractBody<typeof savedFilterContracts.create>) =>
        call(savedFilterContracts.create, { body }),
      onSuccess: put,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: UpdateSavedFilterBody }) =>
        call(savedFilterContracts.update, { params: { id }, body }),
      onSuccess: put,
    }),
    duplicate: useMutation({
      mutationFn: (id: number) => call(savedFilterContracts.duplicate, { params: { id } }),
      onSuccess: put,
    }),
    remove: useMutation({
      mutationFn: (id: number) => call(savedFilterContracts.remove, { params: { id } }),
      onSuccess: (_, id) =>
        client.setQueriesData<SavedFilter[]>({ queryKey: savedFilterKeys.all }, (old) =>
          old?.filter((f) => f.id !== id),
        ),
    }),
  };
}
