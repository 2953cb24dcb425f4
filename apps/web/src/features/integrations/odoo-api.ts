import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type OdooConnectionBody, odooContracts } from '@workbench/domain';
import { call } from '../../api/client';
import { issueLog } from '../issues/issues-api';

export const odooKeys = {
  connection: ['integrations', 'odoo'] as const,
  issue: (id: number) => ['integrations', 'odoo', 'issue', id] as const,
};

/** GET integration/odoo (admins): the connection without its key. */
export function useOdooConnection() {
  return useQuery({
    queryKey: odooKeys.connection,
    queryFn: ({ signal }) => call(odooContracts.get, { signal }),
  });
}

export function useSaveOdooConnection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OdooConnectionBody) => call(odooContracts.put, { body }),
    onSuccess: (data) => client.setQueryData(odooKeys.connection, data),
  });
}

export function useRemoveOdooConnection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(odooContracts.remove),
    onSuccess: (data) => client.setQueryData(odooKeys.connection, data),
  });
}

export function useTestOdooConnection() {
  return useMutation({ mutationFn: () => call(odooContracts.test) });
}

/** GET integration/odoo-sync/{id}: an issue's link and whether the caller may push it. */
export function useOdooIssueStatus(issueId: number) {
  return useQuery({
    queryKey: odooKeys.issue(issueId),
    queryFn: ({ signal }) => call(odooContracts.issueStatus, { params: { id: issueId }, signal }),
    retry: false,
  });
}

/** POST integration/odoo-sync/{id}; the activity log shows the result either way. */
export function useSyncToOdoo(issueId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(odooContracts.sync, { params: { id: issueId } }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: odooKeys.issue(issueId) }),
        client.invalidateQueries({ queryKey: issueLog('activity', issueId) }),
      ]),
  });
}
