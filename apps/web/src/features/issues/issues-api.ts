import {
  keepPreviousData,
  type QueryClient,
  type QueryKey,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  type ContractBody,
  type CreateIssueRequest,
  configContracts,
  type Issue,
  type IssueStatusRequest,
  issueActionContracts,
  issueContracts,
  issueDetailContracts,
  type UpdateIssueRequest,
  userContracts,
  workspaceContracts,
} from '@workbench/domain';
import { call } from '../../api/client';
import { type OfflineMeta, type WriteOutcome, writeOrQueue } from '../offline/offline-store';

/** The lists that hang off one issue; each key is the prefix of its pages. */
type IssueLog = 'comments' | 'activity' | 'timer' | 'worktime';
export const issueLog = (log: IssueLog, id: number) => ['issues', log, id] as const;

export const issueKeys = {
  all: ['issues'] as const,
  /** Every page of the issue list, whatever its filters. */
  lists: ['issues', 'list'] as const,
  list: (query: Record<string, string>) => ['issues', 'list', query] as const,
  detail: (id: number) => ['issues', 'detail', id] as const,
  comments: (id: number, page: number) => [...issueLog('comments', id), page] as const,
  activity: (id: number, page: number) => [...issueLog('activity', id), page] as const,
  timer: (id: number) => issueLog('timer', id),
  worktime: (id: number) => issueLog('worktime', id),
  people: (workspaceId: number) => ['issues', 'people', workspaceId] as const,
};

const validId = (id: number | null | undefined): id is number =>
  typeof id === 'number' && Number.isSafeInteger(id) && id > 0;

/**
 * The reads of one issue's page, shared by its hooks and the offline copy
 * (features/offline/offline-copy.ts), which fetches them ahead for the person's own issues.
 */
export const issueQueries = {
  detail: (id: number) =>
    queryOptions({
      queryKey: issueKeys.detail(id),
      queryFn: ({ signal }) => call(issueContracts.get, { params: { id }, signal }),
    }),
  comments: (id: number, page: number) =>
    queryOptions({
      queryKey: issueKeys.comments(id, page),
      queryFn: ({ signal }) =>
        call(issueDetailContracts.comments, { params: { id }, query: { page, paginate_by: 20 }, signal }),
    }),
  activity: (id: number, page: number) =>
    queryOptions({
      queryKey: issueKeys.activity(id, page),
      queryFn: ({ signal }) =>
        call(issueDetailContracts.activity, { params: { id }, query: { page, paginate_by: 10 }, signal }),
    }),
  timer: (id: number) =>
    queryOptions({
      queryKey: issueKeys.timer(id),
      queryFn: ({ signal }) => call(issueDetailContracts.timer, { params: { id }, signal }),
    }),
  worktime: (id: number) =>
    queryOptions({
      queryKey: issueKeys.worktime(id),
      queryFn: ({ signal }) => call(issueDetailContracts.worktimeLogs, { params: { id }, signal }),
    }),
  workspaces: () =>
    queryOptions({
      queryKey: ['workspaces', 'flat'],
      queryFn: ({ signal }) => call(workspaceContracts.flat, { signal }),
    }),
  people: (workspaceId: number) =>
    queryOptions({
      queryKey: issueKeys.people(workspaceId),
      queryFn: ({ signal }) =>
        call(userContracts.listByWorkspaceAccess, { query: { workspace_id: workspaceId }, signal }),
    }),
};

export function useIssue(id: number | null) {
  return useQuery({ ...issueQueries.detail(id ?? 0), enabled: validId(id), staleTime: 0 });
}

export function useWorkspaceChoices() {
  return useQuery({ ...issueQueries.workspaces(), staleTime: 0 });
}

/** The people who can work in a workspace (the assignee and watcher choices). */
export function useWorkspacePeople(workspaceId: number | null) {
  return useQuery({
    ...issueQueries.people(workspaceId ?? 0),
    enabled: validId(workspaceId),
    staleTime: 30_000,
  });
}

export function useCategories() {
  return useQuery({
    queryKey: ['config', 'categories'],
    queryFn: ({ signal }) => call(configContracts.get, { query: { get_only: 'categories' }, signal }),
    select: (data) => data.categories ?? [],
  });
}

export function checkProcessNumber(value: string) {
  return call(issueContracts.processNumberExists, { params: { id: value } });
}

/** Refreshes everything about issues (details, children, logs): for writes that answer none of it. */
export function useInvalidateIssues() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: issueKeys.all });
}

/** What a write on one issue changed besides the issue and its activity log. */
export type Changed = { issue?: boolean; comments?: boolean; worktime?: boolean; timer?: boolean };

/**
 * Refetches what a write on issue `id` changed elsewhere: the issue lists, its activity log
 * (every write is logged), its parent's detail (which shows its sub-issues) and what `changed`
 * names. The issue itself is put from the answer when the write answers it (putIssue).
 */
export function refreshAfterWrite(client: QueryClient, id: number, changed: Changed = {}) {
  const parentId = client.getQueryData<Issue>(issueKeys.detail(id))?.parent_id;
  const keys: QueryKey[] = [issueKeys.lists, issueLog('activity', id)];
  if (parentId) keys.push(issueKeys.detail(parentId));
  if (changed.issue) keys.push(issueKeys.detail(id));
  if (changed.comments) keys.push(issueLog('comments', id));
  if (changed.worktime) keys.push(issueLog('worktime', id));
  if (changed.timer) keys.push(issueLog('timer', id));
  for (const queryKey of keys) void client.invalidateQueries({ queryKey });
}

/** A write answered the issue: the answer is its detail, and only the rest is refetched. */
export function putIssue(client: QueryClient, issue: Issue, changed?: Changed) {
  client.setQueryData(issueKeys.detail(issue.id), issue);
  refreshAfterWrite(client, issue.id, changed);
}

/** Changes the cached detail of an issue in place (a write that answers a part of it). */
function patchIssue(client: QueryClient, id: number, patch: (issue: Issue) => Issue) {
  client.setQueryData<Issue>(issueKeys.detail(id), (old) => old && patch(old));
}

/**
 * After bulk calls, whose answers say only which issues went through: the lists, the detail and
 * activity log of each issue named, and the cached details listing one of them as a sub-issue.
 */
export function refreshAfterIssueWrites(client: QueryClient, ids: readonly number[]) {
  void client.invalidateQueries({ queryKey: issueKeys.lists });
  for (const id of ids) {
    void client.invalidateQueries({ queryKey: issueKeys.detail(id) });
    void client.invalidateQueries({ queryKey: issueLog('activity', id) });
  }
  for (const [queryKey, issue] of client.getQueriesData<Issue>({ queryKey: ['issues', 'detail'] })) {
    if (issue?.children.some((child) => ids.includes(child.id))) void client.invalidateQueries({ queryKey });
  }
}

/** POST issue, or PUT issue/{editId} with the changed fields of the form (an UpdateIssueRequest). */
export function useSaveIssue(editId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateIssueRequest | UpdateIssueRequest) =>
      editId === null
        ? call(issueContracts.create, { body })
        : call(issueContracts.update, { params: { id: editId }, body: body as UpdateIssueRequest }),
    onSuccess: (issue) => putIssue(client, issue),
  });
}

/** One write on an issue: its call, and what its answer puts into or refetches from the cache. */
function useIssueWrite<TInput, TResult>(
  write: (input: TInput) => Promise<TResult>,
  cache: (client: QueryClient, result: TResult, input: TInput) => void,
) {
  const client = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: (result, input) => cache(client, result, input) });
}

/**
 * A write a technician may make offline (features/offline): its answer goes into the cache as
 * usual; while it waits on the device, `pending` shows it at once where that is needed.
 */
function useOfflineIssueWrite<TInput, TResult>(
  write: (input: TInput) => Promise<WriteOutcome<TResult>>,
  cache: (client: QueryClient, result: TResult, input: TInput) => void,
  pending?: (client: QueryClient, input: TInput) => void,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (outcome, input) =>
      outcome.queued ? pending?.(client, input) : cache(client, outcome.result, input),
  });
}

/** What a waiting change of issue `id` shows: the issue's title from the cache, and the change. */
export function offlineMeta(
  client: QueryClient,
  id: number,
  kind: OfflineMeta['kind'],
  detail: string,
): OfflineMeta {
  const title = client.getQueryData<Issue>(issueKeys.detail(id))?.title ?? `#${id}`;
  return { issueId: id, issueTitle: title, kind, detail };
}

export function useIssueActions(id: number) {
  const params = { id };
  const client = useQueryClient();
  const offline = (kind: OfflineMeta['kind'], detail: string) => offlineMeta(client, id, kind, detail);
  const answersIssue = (client: QueryClient, issue: Issue) => putIssue(client, issue);
  return {
    /** `label`: the button's words, shown while the change waits offline. */
    status: useOfflineIssueWrite(
      ({ body, label }: { body: IssueStatusRequest; label: string }) =>
        writeOrQueue(issueActionContracts.status, { params, body }, offline('status', label)),
      (client, issue, { body }) =>
        putIssue(client, issue, {
          comments: !!body.note,
          worktime: !!body.worktime_seconds,
          timer: !!body.worktime_seconds,
        }),
      // The issue shows its new status at once; its buttons come back with the server's answer.
      (client, { body }) =>
        patchIssue(client, id, (issue) => ({ ...issue, status_id: body.status_id, actions: [] })),
    ),
    takeover: useIssueWrite((_: undefined) => call(issueActionContracts.takeover, { params }), answersIssue),
    archive: useIssueWrite((_: undefined) => call(issueActionContracts.archive, { params }), answersIssue),
    unarchive: useIssueWrite(
      (_: undefined) => call(issueActionContracts.unarchive, { params }),
      answersIssue,
    ),
    remove: useRemoveIssue(id),
    quickComplete: useIssueWrite(
      (_: undefined) => call(issueActionContracts.quickComplete, { body: { ids: [id] } }),
      (client) => refreshAfterWrite(client, id, { issue: true }),
    ),
    reassign: useIssueWrite(
      (userId: number) =>
        call(issueActionContracts.reassignMany, { body: { issue_ids: [id], user_id: userId } }),
      (client) => refreshAfterWrite(client, id, { issue: true }),
    ),
    duplicate: useIssueWrite(
      (body: ContractBody<typeof issueActionContracts.duplicate>) =>
        call(issueActionContracts.duplicate, { params, body }),
      // A copy as sub-issue shows among the original's sub-issues.
      (client, _, body) => refreshAfterWrite(client, id, { issue: !!body.duplicate_to_subtask }),
    ),
    watchers: useIssueWrite(
      (userIds: number[]) => call(issueDetailContracts.watchers, { params, body: { user_ids: userIds } }),
      answersIssue,
    ),
    addLink: useIssueWrite(
      (body: ContractBody<typeof issueDetailContracts.addLink>) =>
        call(issueDetailContracts.addLink, { params, body }),
      (client, link) => {
        patchIssue(client, id, (issue) => ({ ...issue, links: [...issue.links, link] }));
        refreshAfterWrite(client, id);
      },
    ),
    removeLink: useIssueWrite(
      (linkId: number) => call(issueDetailContracts.removeLink, { params: { id, linkId } }),
      (client, _, linkId) => {
        patchIssue(client, id, (issue) => ({ ...issue, links: issue.links.filter((l) => l.id !== linkId) }));
        refreshAfterWrite(client, id);
      },
    ),
    comment: useOfflineIssueWrite(
      // is_public: a reply the public reporter sees (publicly reported issues only).
      (input: string | { comment: string; is_public?: boolean }) => {
        const body = typeof input === 'string' ? { comment: input } : input;
        return writeOrQueue(
          issueDetailContracts.addComment,
          { params, body },
          offline('comment', body.comment),
        );
      },
      (client) => {
        patchIssue(client, id, (issue) => ({ ...issue, number_of_comments: issue.number_of_comments + 1 }));
        refreshAfterWrite(client, id, { comments: true });
      },
    ),
    timer: useIssueWrite(
      (action: 'start' | 'stop') => call(issueDetailContracts.runTimer, { params, body: { action } }),
      (client, timer, action) => {
        client.setQueryData(issueKeys.timer(id), timer);
        // Stopping logs the elapsed time as a work-time entry, and the issue's buttons read its total.
        refreshAfterWrite(client, id, { issue: action === 'stop', worktime: action === 'stop' });
      },
    ),
    /** `label`: the time as the person entered it, shown while the entry waits offline. */
    addWorktime: useOfflineIssueWrite(
      ({ body, label }: { body: ContractBody<typeof issueDetailContracts.addWorktimeLog>; label: string }) =>
        writeOrQueue(issueDetailContracts.addWorktimeLog, { params, body }, offline('worktime', label)),
      (client, logs) => {
        client.setQueryData(issueKeys.worktime(id), logs);
        // The timer shows the total, and the issue's buttons read it.
        refreshAfterWrite(client, id, { issue: true, timer: true });
      },
    ),
  };
}

/** DELETE issue/{id}: the deleted issue and its logs leave the cache (not fetched again); lists and its parent refresh. */
function useRemoveIssue(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (_: undefined) => call(issueContracts.remove, { params: { id } }),
    onSuccess: () => {
      refreshAfterWrite(client, id);
      client.removeQueries({ queryKey: issueKeys.detail(id) });
      for (const log of ['comments', 'activity', 'timer', 'worktime'] as const) {
        client.removeQueries({ queryKey: issueLog(log, id) });
      }
    },
  });
}

export function useComments(id: number, page: number) {
  return useQuery({ ...issueQueries.comments(id, page), placeholderData: keepPreviousData, staleTime: 0 });
}

export function useActivity(id: number, page: number) {
  return useQuery({ ...issueQueries.activity(id, page), placeholderData: keepPreviousData, staleTime: 0 });
}

export function useTimer(id: number) {
  return useQuery({ ...issueQueries.timer(id), staleTime: 0 });
}

export function useWorktimeLogs(id: number) {
  return useQuery({ ...issueQueries.worktime(id), staleTime: 0 });
}
