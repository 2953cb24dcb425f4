import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedFilter, SavedFilterType } from '@workbench/domain';
import { api } from '../../api/client';

export const savedFilterKeys = {
  all: ['saved-filters'] as const,
  ofType: (type: SavedFilterType) => [...savedFilterKeys.all, type] as const,
};

/** GET filters/{type}: the caller's own saved filters of one entity. */
export function useSavedFilters(type: SavedFilterType) {
  return useQuery({
    queryKey: savedFilterKeys.ofType(type),
    queryFn: ({ signal }) => api<SavedFilter[]>(`filters/${type}`, { signal }),
    staleTime: 60_000,
  });
}

export type CreateSavedFilterBody = {
  filter_type: SavedFilterType;
  name: string;
  description: string | null;
  query_string: string;
  is_favorite: boolean;
};
export type UpdateSavedFilterBody = Partial<Omit<CreateSavedFilterBody, 'filter_type'>>;

/** Create, update, duplicate and delete; each refreshes the lists (and the config's copy). */
export function useSavedFilterMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: savedFilterKeys.all });
  return {
    create: useMutation({
      mutationFn: (body: CreateSavedFilterBody) => api<SavedFilter>('filters', { method: 'POST', body }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: UpdateSavedFilterBody }) =>
        api<SavedFilter>(`filters/${id}`, { method: 'PUT', body }),
      onSuccess: refresh,
    }),
    duplicate: useMutation({
      mutationFn: (id: number) => api<SavedFilter>(`filters/duplicate/${id}`, { method: 'POST' }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api<{ success: true }>(`filters/${id}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
  };
}
