import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  IssueListPageResponse,
  IssueListQuery,
  JobPosition,
  PickerExternal,
  PickerUser,
} from '@workbench/domain';
import { api } from '../../api/client';
import { issueKeys } from './issues-api';
import { issueListApiQuery } from './list-state';

export type WorkspaceChoice = { id: number; name: string; parent_id: number | null };
type PickerPage = { data: PickerUser[] };

/** GET issue/ with the list query: one page and the counts of every state tab. */
export function useIssueList(query: IssueListQuery) {
  const qs = issueListApiQuery(query);
  return useQuery({
    queryKey: [...issueKeys.all, 'list', qs],
    queryFn: ({ signal }) => api<IssueListPageResponse>(`issue/?${qs}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET workspace_clean: every workspace the person can see (the workspace filter's choices). */
export function useWorkspaceFilterChoices() {
  return useQuery({
    queryKey: ['workspaces', 'clean'],
    queryFn: ({ signal }) => api<WorkspaceChoice[]>('workspace_clean', { signal }),
    staleTime: 60_000,
  });
}

/** GET users/filter-mix: the organisation's people (the assignee filter's choices). */
export function useAssigneeFilterChoices() {
  return useQuery({
    queryKey: ['users', 'filter-mix', 'issue-filter'],
    queryFn: ({ signal }) => api<PickerPage>('users/filter-mix?paginate_by=200', { signal }),
    select: (page) => page.data,
    staleTime: 60_000,
    retry: false,
  });
}

/**
 * GET users/filter-mix-collabs: the partner people (the externals filter's choices); their
 * companies are the collaborators filter's choices.
 */
export function useExternalFilterChoices(enabled: boolean) {
  return useQuery({
    queryKey: ['users', 'filter-mix-collabs', 'issue-filter'],
    queryFn: ({ signal }) =>
      api<{ data: PickerExternal[] }>('users/filter-mix-collabs?paginate_by=200', { signal }),
    select: (page) => page.data,
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}

/** GET users/job_positions: the organisation's job positions (the position filter's choices). */
export function useJobPositionFilterChoices() {
  return useQuery({
    queryKey: ['users', 'job_positions'],
    queryFn: ({ signal }) => api<JobPosition[]>('users/job_positions', { signal }),
    staleTime: 60_000,
    retry: false,
  });
}
