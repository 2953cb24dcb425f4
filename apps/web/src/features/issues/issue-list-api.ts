import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type IssueListQuery,
  isIssueListPage,
  issueContracts,
  userContracts,
  workspaceContracts,
} from '@workbench/domain';
import { call } from '../../api/client';
import { issueKeys } from './issues-api';
import { issueListApiQuery } from './list-state';

/** GET issue/ with the list query: one page and the counts of every state tab. */
export function useIssueList(query: IssueListQuery) {
  const params = issueListApiQuery(query);
  return useQuery({
    queryKey: issueKeys.list(params),
    queryFn: async ({ signal }) => {
      const page = await call(issueContracts.list, { query: params, signal });
      // Without parent_id the call answers the list page; only a parent's sub-issues come without tab counts.
      if (!isIssueListPage(page)) throw new Error('GET issue/ answered a sub-issue page to a list query');
      return page;
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET workspace_clean: every workspace the person can see (the workspace filter's choices). */
export function useWorkspaceFilterChoices() {
  return useQuery({
    queryKey: ['workspaces', 'clean'],
    queryFn: ({ signal }) => call(workspaceContracts.clean, { signal }),
    staleTime: 60_000,
  });
}

/** GET users/filter-mix: the organisation's people (the assignee filter's choices). */
export function useAssigneeFilterChoices() {
  return useQuery({
    queryKey: ['users', 'filter-mix', 'issue-filter'],
    queryFn: ({ signal }) => call(userContracts.pickerUsers, { query: { paginate_by: 200 }, signal }),
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
    queryFn: ({ signal }) => call(userContracts.pickerExternals, { query: { paginate_by: 200 }, signal }),
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
    queryFn: ({ signal }) => call(userContracts.jobPositions, { signal }),
    staleTime: 60_000,
    retry: false,
  });
}
