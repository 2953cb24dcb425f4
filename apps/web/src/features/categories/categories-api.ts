import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CategoryItem,
  type CreateCategoryRequest,
  categoryContracts,
  type UpdateCategoryRequest,
} from '@workbench/domain';
import { call } from '../../api/client';

export const categoryKeys = { all: ['categories'] as const };

/** GET category/: the organisation's categories by name, with their issue counts. */
export function useCategories() {
  return useQuery({
    queryKey: categoryKeys.all,
    queryFn: ({ signal }) => call(categoryContracts.list, { signal }),
    staleTime: 0,
  });
}

/**
 * Saves a category (new without an id) and puts the answer into the cached list. Categories also
 * travel in the start-up config (filters, issue forms) and on issues and templates, so those are
 * refetched too.
 */
export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: (CreateCategoryRequest | UpdateCategoryRequest) & { id?: number }) =>
      id
        ? call(categoryContracts.update, { params: { id }, body })
        : call(categoryContracts.create, { body: body as CreateCategoryRequest }),
    onSuccess: (saved) => {
      queryClient.setQueryData<CategoryItem[]>(categoryKeys.all, (old) =>
        old
          ? [...old.filter((c) => c.id !== saved.id), saved].sort((a, b) => a.name.localeCompare(b.name))
          : old,
      );
      invalidateCategoryUsers(queryClient);
    },
  });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(categoryContracts.remove, { params: { id } }),
    onSuccess: (_, id) => {
      queryClient.setQueryData<CategoryItem[]>(categoryKeys.all, (old) => old?.filter((c) => c.id !== id));
      invalidateCategoryUsers(queryClient);
    },
  });
}

/** What shows categories besides their own list. */
function invalidateCategoryUsers(queryClient: QueryClient) {
  for (const queryKey of [['config'], ['issues'], ['text-templates']]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}
