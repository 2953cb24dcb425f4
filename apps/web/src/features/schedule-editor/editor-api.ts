import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  type CreateScheduleRequest,
  issueContracts,
  type Schedule,
  type ScheduleTimeLimits,
  scheduleContracts,
  type UpdateScheduleRequest,
} from '@workbench/domain';
import { call } from '../../api/client';

/**
 * The schedule editor's calls (001 §7 "Schedules"). Everything lives under ['schedules'], so the
 * list page's queries and these refresh together; a write puts the schedule it answers into the
 * detail cache and refetches the rest.
 */
export const editorKeys = {
  all: ['schedules'] as const,
  detail: (id: number) => ['schedules', 'detail', id] as const,
  /** Everything shown in one schedule's sections. */
  of: (id: number) => ['schedules', 'of', id] as const,
  activity: (id: number, page: number) => ['schedules', 'of', id, 'activity', page] as const,
  budgets: (id: number) => ['schedules', 'of', id, 'budgets'] as const,
  futureDates: (id: number) => ['schedules', 'of', id, 'future-dates'] as const,
  preview: (id: number) => ['schedules', 'of', id, 'preview'] as const,
  latestIssues: (id: number) => ['schedules', 'of', id, 'latest-issues'] as const,
};

/** How many next dates and prepared tasks the detail page shows. */
export const NEXT_DATES_COUNT = 10;
export const PREVIEW_LIMIT = 8;
/** The latest issues on the detail page (001 §7: paginate_by=3). */
export const LATEST_ISSUES_COUNT = 3;
/** While a running schedule has no issue yet, the materializer is at work: ask again this often. */
const WAITING_FOR_ISSUES_MS = 3_000;

export function useSchedule(id: number) {
  return useQuery({
    queryKey: editorKeys.detail(id),
    queryFn: ({ signal }) => call(scheduleContracts.get, { params: { id }, signal }),
    staleTime: 0,
  });
}

export function useScheduleActivity(id: number, page: number) {
  return useQuery({
    queryKey: editorKeys.activity(id, page),
    queryFn: ({ signal }) => call(scheduleContracts.activityLog, { params: { id }, query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useScheduleBudgets(id: number) {
  return useQuery({
    queryKey: editorKeys.budgets(id),
    queryFn: ({ signal }) => call(scheduleContracts.budgets, { params: { id }, signal }),
  });
}

export function useFutureDates(id: number) {
  return useQuery({
    queryKey: editorKeys.futureDates(id),
    queryFn: ({ signal }) =>
      call(scheduleContracts.futureDates, { params: { id }, query: { count: NEXT_DATES_COUNT }, signal }),
  });
}

export function useFuturePreview(id: number) {
  return useQuery({
    queryKey: editorKeys.preview(id),
    queryFn: ({ signal }) =>
      call(scheduleContracts.futurePreview, { params: { id }, query: { limit: PREVIEW_LIMIT }, signal }),
  });
}

/**
 * The schedule's newest issues (GET /issue?schedule_id=…&paginate_by=3, 001 §7). A running
 * schedule without issues yet is asked again until the materializer's first ones arrive.
 */
export function useLatestScheduleIssues(id: number, isRunning: boolean) {
  return useQuery({
    queryKey: editorKeys.latestIssues(id),
    queryFn: ({ signal }) =>
      call(issueContracts.list, {
        query: {
          schedule_id: String(id),
          issue_state: 'all',
          paginate_by: String(LATEST_ISSUES_COUNT),
          sort_by: 'created',
          sort_direction: 'desc',
          persist_filters: '0',
        },
        signal,
      }),
    refetchInterval: (query) => (isRunning && query.state.data?.total === 0 ? WAITING_FOR_ISSUES_MS : false),
  });
}

/** A write answered the schedule: it is the detail, and everything else about schedules is refetched. */
function putSchedule(client: QueryClient, saved: Schedule) {
  client.setQueryData(editorKeys.detail(saved.id), saved);
  void client.invalidateQueries({
    queryKey: editorKeys.all,
    predicate: (q) => !(q.queryKey[1] === 'detail' && q.queryKey[2] === saved.id),
  });
}

export function useCreateSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateScheduleRequest) => call(scheduleContracts.create, { body }),
    onSuccess: (saved) => putSchedule(client, saved),
  });
}

export function useUpdateSchedule(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateScheduleRequest) =>
      call(scheduleContracts.update, { params: { id }, body: { ...body, _method: 'PUT' } }),
    onSuccess: (saved) => putSchedule(client, saved),
  });
}

/** POST schedule/{id}/equipments: the equipment its issues need, replacing the list (after a save). */
export function useSetScheduleEquipments() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, equipmentIds }: { id: number; equipmentIds: number[] }) =>
      call(scheduleContracts.setEquipments, { params: { id }, body: { equipment_ids: equipmentIds } }),
    onSuccess: (saved) => putSchedule(client, saved),
  });
}

export type ScheduleAction = 'pause' | 'unpause' | 'archive' | 'unarchive' | 'duplicate';

function runAction(id: number, action: ScheduleAction): Promise<Schedule> {
  const params = { id };
  switch (action) {
    case 'pause':
      return call(scheduleContracts.pause, { params });
    case 'unpause':
      return call(scheduleContracts.unpause, { params });
    case 'archive':
      return call(scheduleContracts.archive, { params, body: { archived: true } });
    case 'unarchive':
      return call(scheduleContracts.archive, { params, body: { archived: false } });
    case 'duplicate':
      return call(scheduleContracts.duplicate, { params });
  }
}

/** Pause, start again, archive, unarchive or duplicate (the copy is answered and cached as its own). */
export function useScheduleAction(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: ScheduleAction) => runAction(id, action),
    onSuccess: (saved) => putSchedule(client, saved),
  });
}

export function useDeleteSchedule(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(scheduleContracts.remove, { params: { id } }),
    onSuccess: () => {
      client.removeQueries({ queryKey: editorKeys.detail(id) });
      client.removeQueries({ queryKey: editorKeys.of(id) });
      void client.invalidateQueries({ queryKey: editorKeys.all });
    },
  });
}

/** The assignee's answer: accept (5) or decline (4, with a note). */
export function useScheduleDecision(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { status_id: 4 | 5; note?: string | null }) =>
      call(scheduleContracts.assigneeDecision, { params: { id }, body }),
    onSuccess: (saved) => putSchedule(client, saved),
  });
}

export function useSetScheduleBudget(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { year: number; planned_amount: number | null; planned_hours: number | null }) =>
      call(scheduleContracts.setBudget, { params: { id }, body }),
    onSuccess: (budgets) => {
      client.setQueryData(editorKeys.budgets(id), budgets);
      void client.invalidateQueries({ queryKey: editorKeys.activity(id, 1).slice(0, 4) });
    },
  });
}

export function useSetScheduleTimeLimits(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ScheduleTimeLimits) => call(scheduleContracts.setTimeLimits, { params: { id }, body }),
    onSuccess: (saved) => putSchedule(client, saved),
  });
}
