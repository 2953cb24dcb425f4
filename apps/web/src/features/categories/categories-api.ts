import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CategoryItem, CreateCategoryRequest, UpdateCategoryRequest } from '@workbench/domain';
import { api } from '../../api/client';

export const categoryKeys = { all: ['categories'] as const };

/** GET category/: the organisation's categories by name, with their issue counts. */
export function useCategories() {
  return useQuery({
    queryKey: categoryKeys.all,
    queryFn: ({ signal }) => api<CategoryItem[]>('category/', { signal }),
    staleTime: 0,
  });
}

/**
 * Saves a category (new without an id). Categories also travel in the start-up config (filters,
 * issue forms) and on issues and templates, so those are refetched too.
 */
export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: (CreateCategoryRequest | UpdateCategoryRequest) & { id?: number }) =>
      id
        ? api<CategoryItem>(`category/${id}`, { method: 'PUT', body })
        : api<CategoryItem>('category/', { method: 'POST', body }),
    onSuccess: () => invalidateCategoryUsers(queryClient),
  });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ success: true }>(`category/${id}`, { method: 'DELETE' }),
    onSuccess: () => invalidateCategoryUsers(queryClient),
  });
}

function invalidateCategoryUsers(queryClient: ReturnType<typeof useQueryClient>) {
  for (const queryKey of [categoryKeys.all, ['config'], ['issues'], ['text-templates']]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}
