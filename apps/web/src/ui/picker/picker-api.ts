import { useInfiniteQuery } from '@tanstack/react-query';
import type { PickerExternal, PickerUser, UserListResponse } from '@workbench/domain';
import { api } from '../../api/client';
import { mergePage, type PickerPerson, type PickerTab } from './picker-state';

type Page<T> = Omit<UserListResponse, 'data'> & { data: T[] };

const PICKER_PAGE_SIZE = 20;

/** One tab's people: users/filter-mix (employees) or users/filter-mix-collabs (externals). */
export function usePickerPeople(
  tab: PickerTab,
  search: string,
  workspaceId: number | undefined,
  enabled: boolean,
) {
  const query = useInfiniteQuery({
    queryKey: ['users', 'picker', tab, search, workspaceId ?? null],
    initialPageParam: 1,
    enabled,
    staleTime: 0,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ page: String(pageParam), paginate_by: String(PICKER_PAGE_SIZE) });
      if (search) params.set('search', search);
      if (workspaceId !== undefined) params.set('workspace_ids', String(workspaceId));
      const path = tab === 'employees' ? 'users/filter-mix' : 'users/filter-mix-collabs';
      return api<Page<PickerUser | PickerExternal>>(`${path}?${params.toString()}`, { signal });
    },
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
  });
  const people = (query.data?.pages ?? []).reduce<PickerPerson[]>(
    (all, page) => mergePage(all, page.current_page, page.data as PickerPerson[]),
    [],
  );
  return { ...query, people };
}
