import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Category,
  CreateIssueRequest,
  DuplicateIssueRequest,
  DuplicateResult,
  Issue,
  IssueActivity,
  IssueComment,
  IssueListResponse,
  IssueStatusRequest,
  IssueTimer,
  Person,
  QuickCompleteResponse,
  ReassignIssuesResponse,
  UpdateIssueRequest,
  WorkspaceFlatItem,
  WorktimeLog,
} from '@workbench/domain';
import { api } from '../../api/client';

export type WorktimeLogList = { data: WorktimeLog[]; worktime_total: number };
export type Paged<T> = Omit<IssueListResponse, 'data'> & { data: T[] };

export const issueKeys = {
  all: ['issues'] as const,
  detail: (id: number) => ['issues', 'detail', id] as const,
  comments: (id: number, page: number) => ['issues', 'comments', id, page] as const,
  activity: (id: number, page: number) => ['issues', 'activity', id, page] as const,
  timer: (id: number) => ['issues', 'timer', id] as const,
  worktime: (id: number) => ['issues', 'worktime', id] as const,
  people: (workspaceId: number) => ['issues', 'people', workspaceId] as const,
};

const validId = (id: number | null | undefined): id is number =>
  typeof id === 'number' && Number.isSafeInteger(id) && id > 0;

export function useIssue(id: number | null) {
  return useQuery({
    queryKey: issueKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api<Issue>(`issue/${id}`, { signal }),
    enabled: validId(id),
    staleTime: 0,
  });
}

export function useWorkspaceChoices() {
  return useQuery({
    queryKey: ['workspaces', 'flat'],
    queryFn: ({ signal }) => api<WorkspaceFlatItem[]>('workspace/flat', { signal }),
    staleTime: 0,
  });
}

/** The people who can work in a workspace (the assignee and watcher choices). */
export function useWorkspacePeople(workspaceId: number | null) {
  return useQuery({
    queryKey: issueKeys.people(workspaceId ?? 0),
    queryFn: ({ signal }) =>
      api<Person[]>(`users/list-by-workspace-access?workspace_id=${workspaceId}`, { signal }),
    enabled: validId(workspaceId),
    staleTime: 30_000,
  });
}

export function useCategories() {
  return useQuery({
    queryKey: ['config', 'categories'],
    queryFn: ({ signal }) => api<{ categories?: Category[] }>('config?get_only=categories', { signal }),
    select: (data) => data.categories ?? [],
  });
}

export function checkProcessNumber(value: string) {
  return api<{ exists: boolean }>(`process_number/${encodeURIComponent(value)}/check_exists`);
}

/** After any change to an issue: refresh everything about issues (details, children, logs). */
export function useInvalidateIssues() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: issueKeys.all });
}

export function useSaveIssue(editId: number | null) {
  const invalidate = useInvalidateIssues();
  return useMutation({
    mutationFn: (body: CreateIssueRequest | UpdateIssueRequest) =>
      editId === null
        ? api<Issue>('issue', { method: 'POST', body })
        : api<Issue>(`issue/${editId}`, { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

/** Every write on one issue answers and then refreshes the issue screens. */
function useIssueWrite<TBody, TResult>(call: (body: TBody) => Promise<TResult>) {
  const invalidate = useInvalidateIssues();
  return useMutation({ mutationFn: call, onSuccess: invalidate });
}

export function useIssueActions(id: number) {
  return {
    status: useIssueWrite((body: IssueStatusRequest) =>
      api<Issue>(`issue/${id}/status`, { method: 'POST', body }),
    ),
    takeover: useIssueWrite((_: undefined) =>
      api<Issue>(`issue/${id}/takeover`, { method: 'POST', body: {} }),
    ),
    archive: useIssueWrite((_: undefined) => api<Issue>(`issue/${id}/archive`, { method: 'POST', body: {} })),
    unarchive: useIssueWrite((_: undefined) =>
      api<Issue>(`issue/${id}/unarchive`, { method: 'POST', body: {} }),
    ),
    remove: useRemoveIssue(id),
    quickComplete: useIssueWrite((_: undefined) =>
      api<QuickCompleteResponse>('issue/quick_complete', { method: 'POST', body: { ids: [id] } }),
    ),
    reassign: useIssueWrite((userId: number) =>
      api<ReassignIssuesResponse>('issue/multiple/reassign', {
        method: 'POST',
        body: { issue_ids: [id], user_id: userId },
      }),
    ),
    duplicate: useIssueWrite((body: DuplicateIssueRequest) =>
      api<DuplicateResult>(`issue/${id}/duplicate`, { method: 'POST', body }),
    ),
    watchers: useIssueWrite((userIds: number[]) =>
      api<unknown>(`issue/${id}/watchers`, { method: 'PUT', body: { user_ids: userIds } }),
    ),
    addLink: useIssueWrite((body: { url: string; title: string | null }) =>
      api<unknown>(`issue/${id}/links`, { method: 'POST', body }),
    ),
    removeLink: useIssueWrite((linkId: number) =>
      api<unknown>(`issue/${id}/links/${linkId}`, { method: 'DELETE' }),
    ),
    comment: useIssueWrite((comment: string) =>
      api<IssueComment>(`issue/${id}/comments`, { method: 'POST', body: { comment } }),
    ),
    timer: useIssueWrite((action: 'start' | 'stop') =>
      api<IssueTimer>(`issue/${id}/timer`, { method: 'POST', body: { action } }),
    ),
    addWorktime: useIssueWrite((body: { seconds: number; note: string | null }) =>
      api<unknown>(`issue/${id}/worktime-logs`, { method: 'POST', body }),
    ),
  };
}

/** DELETE issue/{id}: the deleted issue is dropped from the cache (not fetched again), the rest refreshed. */
function useRemoveIssue(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (_: undefined) => api<unknown>(`issue/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      client.removeQueries({ queryKey: issueKeys.detail(id) });
      void client.invalidateQueries({ queryKey: issueKeys.all, refetchType: 'none' });
    },
  });
}

export function useComments(id: number, page: number) {
  return useQuery({
    queryKey: issueKeys.comments(id, page),
    queryFn: ({ signal }) =>
      api<Paged<IssueComment>>(`issue/${id}/comments?page=${page}&paginate_by=20`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useActivity(id: number, page: number) {
  return useQuery({
    queryKey: issueKeys.activity(id, page),
    queryFn: ({ signal }) =>
      api<Paged<IssueActivity>>(`issue/${id}/activity_log?page=${page}&paginate_by=10`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useTimer(id: number) {
  return useQuery({
    queryKey: issueKeys.timer(id),
    queryFn: ({ signal }) => api<IssueTimer>(`issue/${id}/timer`, { signal }),
    staleTime: 0,
  });
}

export function useWorktimeLogs(id: number) {
  return useQuery({
    queryKey: issueKeys.worktime(id),
    queryFn: ({ signal }) => api<WorktimeLogList>(`issue/${id}/worktime-logs`, { signal }),
    staleTime: 0,
  });
}
