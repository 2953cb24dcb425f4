import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ScheduleListQuery, scheduleContracts } from '@workbench/domain';
import { call } from '../../api/client';
import { errorKeyOf } from '../../ui/feedback/error-text';
import { scheduleListApiQuery } from './list-state';
import { scheduleKeys } from './schedule-queries';

/**
 * The schedule list's calls (001 §7 "Schedules"), all through the typed client. Every write
 * refetches everything under ['schedules'] (lists, details, choices): a pause or a reassign
 * changes what a card shows and how the list filters it. The reads other features use (one
 * schedule, choices by title) are in schedule-queries.ts, so the issue pages load only those.
 */
export function useScheduleList(query: ScheduleListQuery) {
  const params = scheduleListApiQuery(query);
  return useQuery({
    queryKey: scheduleKeys.list(params),
    queryFn: ({ signal }) => call(scheduleContracts.list, { query: params, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The actions of a card's menu and of the selection bar that work one schedule at a time. */
export const SCHEDULE_ROW_ACTIONS = [
  'pause',
  'unpause',
  'archive',
  'unarchive',
  'duplicate',
  'delete',
] as const;
export type ScheduleRowAction = (typeof SCHEDULE_ROW_ACTIONS)[number];

/** What a run over several schedules did: the same shape as POST schedule/multiple/reassign. */
export type ScheduleBulkResult = { updated: number[]; failed: Array<{ id: number; error: string }> };

function runOne(action: ScheduleRowAction, id: number): Promise<unknown> {
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
    case 'delete':
      return call(scheduleContracts.remove, { params });
  }
}

/** Calls at once: enough to be quick on 200 schedules without flooding the server. */
const PARALLEL_CALLS = 4;

/**
 * One action on each schedule (the API has one call per schedule for these): every one is tried,
 * a refusal is kept with its error key and the others go on.
 */
export async function runScheduleAction(
  action: ScheduleRowAction,
  ids: readonly number[],
): Promise<ScheduleBulkResult> {
  const result: ScheduleBulkResult = { updated: [], failed: [] };
  const queue = [...ids];
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      try {
        await runOne(action, id);
        result.updated.push(id);
      } catch (error) {
        result.failed.push({ id, error: errorKeyOf(error) });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_CALLS, ids.length) }, worker));
  const order = new Map(ids.map((id, index) => [id, index]));
  const byOrder = (a: number, b: number) => (order.get(a) ?? 0) - (order.get(b) ?? 0);
  result.updated.sort(byOrder);
  result.failed.sort((a, b) => byOrder(a.id, b.id));
  return result;
}

export function useScheduleAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ids }: { action: ScheduleRowAction; ids: number[] }) =>
      runScheduleAction(action, ids),
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}

/** POST schedule/multiple/reassign: one assignee (null: nobody) for several schedules. */
export function useReassignSchedules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { schedule_ids: number[]; assignee_id: number | null }) =>
      call(scheduleContracts.multipleReassign, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}
