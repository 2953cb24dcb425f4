import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { userContracts } from '@workbench/domain';
import { call } from '../../api/client';
import { mergePage, type PickerPerson, type PickerTab } from './picker-state';

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
      const input = {
        query: { page: pageParam, paginate_by: PICKER_PAGE_SIZE, search, workspace_ids: workspaceId },
        signal,
      };
      return tab === 'employees'
        ? call(userContracts.pickerUsers, input)
        : call(userContracts.pickerExternals, input);
    },
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
  });
  const people = (query.data?.pages ?? []).reduce<PickerPerson[]>(
    (all, page) => mergePage<PickerPerson>(all, page.current_page, page.data),
    [],
  );
  return { ...query, people };
}

/** users/add_workspaces: the chosen people become members of the picker's workspace. */
export function useAddToWorkspace(workspaceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userIds: number[]) =>
      call(userContracts.addWorkspaces, {
        body: { workspace_ids: [workspaceId], user_ids: userIds, role: 'member' },
      }),
    // Who is in the workspace shows in every list of people (isNotInWorkspace, filters).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
