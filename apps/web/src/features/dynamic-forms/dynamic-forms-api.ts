import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  dynamicFormContracts as contracts,
  type EntityFormResponse,
  type SaveWorkspaceForm,
} from '@workbench/domain';
import { call } from '../../api/client';

export type FormOwnerKind = 'issue' | 'schedule';

export const dynamicFormKeys = {
  /** Under the workspaces' prefix, so their live changes refetch it (live-invalidation.ts). */
  workspace: (id: number) => ['workspaces', 'form', id] as const,
  /** Under the issues' and schedules' prefixes, for the same reason. */
  entity: (kind: FormOwnerKind, id: number) =>
    [kind === 'issue' ? 'issues' : 'schedules', 'form', id] as const,
};

/** GET workspace/{id}/form: the workspace's design (null when it has none). */
export function useWorkspaceForm(workspaceId: number) {
  return useQuery({
    queryKey: dynamicFormKeys.workspace(workspaceId),
    queryFn: ({ signal }) => call(contracts.workspaceForm, { params: { id: workspaceId }, signal }),
  });
}

/** POST workspace/{id}/form: defines, replaces or (no fields) removes the design. */
export function useSaveWorkspaceForm(workspaceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveWorkspaceForm) =>
      call(contracts.saveWorkspaceForm, { params: { id: workspaceId }, body }),
    onSuccess: (answer) => queryClient.setQueryData(dynamicFormKeys.workspace(workspaceId), answer),
  });
}

/** GET forms/issue/{id} or forms/schedule/{id}: the filled form, the design to fill, the caller's right. */
export function useEntityForm(kind: FormOwnerKind, ownerId: number) {
  return useQuery({
    queryKey: dynamicFormKeys.entity(kind, ownerId),
    queryFn: ({ signal }) =>
      kind === 'issue'
        ? call(contracts.issueForm, { params: { issueId: ownerId }, signal })
        : call(contracts.scheduleForm, { params: { scheduleId: ownerId }, signal }),
  });
}

type Answers = Record<string, string | number | boolean | string[] | number[] | null>;

/** Store (no form yet), change or remove the filled form; each answer goes into the cache. */
export function useEntityFormActions(kind: FormOwnerKind, ownerId: number) {
  const queryClient = useQueryClient();
  const key = dynamicFormKeys.entity(kind, ownerId);
  const put = (form: EntityFormResponse['form']) =>
    queryClient.setQueryData<EntityFormResponse>(key, (old) => (old ? { ...old, form } : old));
  const after = () =>
    queryClient.invalidateQueries({ queryKey: [kind === 'issue' ? 'issues' : 'schedules'] });
  return {
    store: useMutation({
      mutationFn: (form: Answers) =>
        kind === 'issue'
          ? call(contracts.storeIssueForm, { params: { issueId: ownerId }, body: { form } })
          : call(contracts.storeScheduleForm, { params: { scheduleId: ownerId }, body: { form } }),
      onSuccess: (answer) => put(answer.form),
      onSettled: after,
    }),
    update: useMutation({
      mutationFn: ({ formId, form }: { formId: number; form: Answers }) =>
        kind === 'issue'
          ? call(contracts.updateIssueForm, { params: { formId }, body: { form } })
          : call(contracts.updateScheduleForm, { params: { formId }, body: { form } }),
      onSuccess: (answer) => put(answer.form),
      onSettled: after,
    }),
    remove: useMutation({
      mutationFn: (formId: number) =>
        kind === 'issue'
          ? call(contracts.deleteIssueForm, { params: { formId } })
          : call(contracts.deleteScheduleForm, { params: { formId } }),
      onSuccess: () => put(null),
      onSettled: after,
    }),
  };
}

/** POST forms/upload_attachments: photos for a photo answer (their ids go into the answer). */
export function useUploadFormPhotos() {
  return useMutation({
    mutationFn: (files: File[]) => {
      const form = new FormData();
      for (const file of files) form.append('files[]', file, file.name);
      return call(contracts.uploadAttachments, { form });
    },
  });
}
