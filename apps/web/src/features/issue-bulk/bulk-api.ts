import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  DuplicateResult,
  MultiDuplicateRequest,
  QuickCompleteResponse,
  ReassignIssuesResponse,
} from '@workbench/domain';
import { api } from '../../api/client';
import { issueKeys } from '../issues/issues-api';
import type { ArchiveResult, DeleteResult } from './bulk-summary';

/** The bulk calls of 000 §7; every answer (or failure) refreshes the issue screens, so the list refetches. */
export function useBulkIssueCalls() {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: issueKeys.all });
  const quickComplete = useMutation({
    mutationFn: (ids: number[]) =>
      api<QuickCompleteResponse>('issue/quick_complete', { method: 'POST', body: { ids } }),
    onSettled,
  });
  const archive = useMutation({
    mutationFn: (ids: number[]) =>
      api<ArchiveResult>('issue/multiple/archive', { method: 'POST', body: { ids } }),
    onSettled,
  });
  const remove = useMutation({
    mutationFn: (ids: number[]) =>
      api<DeleteResult>('issue/multiple/delete', { method: 'POST', body: { ids } }),
    onSettled,
  });
  const reassign = useMutation({
    mutationFn: (body: { issue_ids: number[]; user_id: number }) =>
      api<ReassignIssuesResponse>('issue/multiple/reassign', { method: 'POST', body }),
    onSettled,
  });
  const duplicate = useMutation({
    mutationFn: (body: MultiDuplicateRequest) =>
      api<DuplicateResult>('issue/multi_duplicate', { method: 'POST', body }),
    onSettled,
  });
  return { quickComplete, archive, remove, reassign, duplicate };
}
