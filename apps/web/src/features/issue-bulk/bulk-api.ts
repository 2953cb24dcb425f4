import { useMutation, useQueryClient } from '@tanstack/react-query';
import { issueActionContracts, type MultiDuplicateRequest } from '@workbench/domain';
import { call } from '../../api/client';
import { refreshAfterIssueWrites } from '../issues/issues-api';

/**
 * The bulk calls of 000 §7. Each judges every issue on its own, so an answer (or a failure part
 * way) may have changed any of them: the lists and the named issues are refetched; copies are new
 * issues, which only the lists show.
 */
export function useBulkIssueCalls() {
  const client = useQueryClient();
  const refresh = (ids: readonly number[]) => refreshAfterIssueWrites(client, ids);
  const quickComplete = useMutation({
    mutationFn: (ids: number[]) => call(issueActionContracts.quickComplete, { body: { ids } }),
    onSettled: (_, __, ids) => refresh(ids),
  });
  const archive = useMutation({
    mutationFn: (ids: number[]) => call(issueActionContracts.archiveMany, { body: { ids } }),
    onSettled: (_, __, ids) => refresh(ids),
  });
  const remove = useMutation({
    mutationFn: (ids: number[]) => call(issueActionContracts.deleteMany, { body: { ids } }),
    onSettled: (_, __, ids) => refresh(ids),
  });
  const reassign = useMutation({
    mutationFn: (body: { issue_ids: number[]; user_id: number }) =>
      call(issueActionContracts.reassignMany, { body }),
    onSettled: (_, __, body) => refresh(body.issue_ids),
  });
  const duplicate = useMutation({
    mutationFn: (body: MultiDuplicateRequest) => call(issueActionContracts.duplicateMany, { body }),
    onSettled: () => refresh([]),
  });
  return { quickComplete, archive, remove, reassign, duplicate };
}
