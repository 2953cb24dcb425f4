import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CHECKLIST_ITEM_STATUS,
  type Checklist,
  type ChecklistListResponse,
  type ConvertChecklistItemRequest,
  type CreateChecklistItemRequest,
  checklistContracts,
  type UpdateChecklistItemRequest,
} from '@workbench/domain';
import { call } from '../../api/client';
import { templateKeys } from '../checklist-templates/templates-api';
import { issueKeys, offlineMeta, refreshAfterWrite } from '../issues/issues-api';
import { type WriteOutcome, writeOrQueue } from '../offline/offline-store';

export const checklistKeys = {
  issue: (issueId: number) => ['checklists', 'issue', issueId] as const,
};

/** An issue's checklists, shared by the hook and the offline copy (features/offline/offline-copy.ts). */
export const checklistQuery = (issueId: number) =>
  queryOptions({
    queryKey: checklistKeys.issue(issueId),
    queryFn: ({ signal }) => call(checklistContracts.list, { params: { id: issueId }, signal }),
  });

export function useChecklists(issueId: number) {
  return useQuery({ ...checklistQuery(issueId), select: (data) => data.data });
}

/** `attachments[n][file]` for each file: the form of an item upload (000 §5 Uploads). */
function uploadForm(files: File[]): FormData {
  const form = new FormData();
  for (const [n, file] of files.entries()) form.append(`attachments[${n}][file]`, file, file.name);
  return form;
}

/**
 * Every checklist write of one issue. Writes that answer a checklist put it into the cached list
 * at once; the issue itself is refreshed too (its updated time, activity, sub-issues).
 */
export function useChecklistActions(issueId: number) {
  const client = useQueryClient();
  const key = checklistKeys.issue(issueId);
  const replace = (checklist: Checklist) =>
    client.setQueryData<ChecklistListResponse>(key, (old) => {
      if (!old) return old;
      const exists = old.data.some((c) => c.id === checklist.id);
      return {
        data: exists
          ? old.data.map((c) => (c.id === checklist.id ? checklist : c))
          : [...old.data, checklist],
      };
    });
  // A checklist write changes the issue's last change (detail and list order), its activity log
  // and, for a conversion, its sub-issues or the lists.
  const refreshIssues = () => refreshAfterWrite(client, issueId, { issue: true });
  const onChecklist = (checklist: Checklist) => {
    replace(checklist);
    refreshIssues();
  };
  // Ticks and new items may be made offline: the answer, or nothing while the change waits
  // (a tick is already shown by showNow; a new item shows among the waiting changes).
  const onOutcome = (outcome: WriteOutcome<Checklist>) => {
    if (!outcome.queued) onChecklist(outcome.result);
  };
  const itemTitle = (itemId: number) =>
    client
      .getQueryData<ChecklistListResponse>(key)
      ?.data.flatMap((c) => c.items)
      .find((item) => item.id === itemId)?.title ?? `#${itemId}`;
  const params = (checklistId: number) => ({ id: issueId, checklistId });
  return {
    create: useMutation({
      mutationFn: (title: string) =>
        call(checklistContracts.create, { params: { id: issueId }, body: { title } }),
      onSuccess: onChecklist,
    }),
    rename: useMutation({
      mutationFn: (input: { checklistId: number; title: string }) =>
        call(checklistContracts.update, { params: params(input.checklistId), body: { title: input.title } }),
      onSuccess: onChecklist,
    }),
    remove: useMutation({
      mutationFn: (checklistId: number) => call(checklistContracts.remove, { params: params(checklistId) }),
      onSuccess: (_, checklistId) => {
        // The others close up, as the server renumbers them.
        client.setQueryData<ChecklistListResponse>(key, (old) =>
          old
            ? { data: old.data.filter((c) => c.id !== checklistId).map((c, index) => ({ ...c, index })) }
            : old,
        );
        refreshIssues();
      },
    }),
    addItem: useMutation({
      mutationFn: (input: { checklistId: number; item: CreateChecklistItemRequest }) =>
        writeOrQueue(
          checklistContracts.addItem,
          { params: params(input.checklistId), body: input.item },
          offlineMeta(client, issueId, 'checklist_item', input.item.title),
        ),
      onSuccess: onOutcome,
    }),
    updateItem: useMutation({
      mutationFn: (input: { checklistId: number; itemId: number; changes: UpdateChecklistItemRequest }) => {
        const { status_id } = input.changes;
        const kind =
          status_id === undefined
            ? 'checklist_item'
            : status_id === CHECKLIST_ITEM_STATUS.done
              ? 'checklist_tick'
              : 'checklist_untick';
        return writeOrQueue(
          checklistContracts.updateItem,
          { params: { ...params(input.checklistId), itemId: input.itemId }, body: input.changes },
          offlineMeta(client, issueId, kind, itemTitle(input.itemId)),
        );
      },
      onSuccess: onOutcome,
    }),
    removeItem: useMutation({
      mutationFn: (input: { checklistId: number; itemId: number }) =>
        call(checklistContracts.removeItem, {
          params: { ...params(input.checklistId), itemId: input.itemId },
        }),
      onSuccess: onChecklist,
    }),
    uploadToItem: useMutation({
      mutationFn: (input: { checklistId: number; itemId: number; files: File[] }) =>
        call(checklistContracts.uploadToItem, {
          params: { ...params(input.checklistId), itemId: input.itemId },
          form: uploadForm(input.files),
        }),
      onSuccess: onChecklist,
    }),
    convertItem: useMutation({
      mutationFn: (input: { itemId: number; request: ConvertChecklistItemRequest }) =>
        call(checklistContracts.convertItem, {
          params: { checklistItemId: input.itemId },
          body: input.request,
        }),
      // The item left its checklist, and a new issue (or sub-issue) exists.
      onSuccess: (issue) => {
        void client.invalidateQueries({ queryKey: key });
        refreshIssues();
        client.setQueryData(issueKeys.detail(issue.id), issue);
      },
    }),
    saveAsTemplate: useMutation({
      mutationFn: (input: { checklistId: number; name: string; category_id: number | null }) =>
        call(checklistContracts.saveAsTemplate, {
          params: { id: input.checklistId },
          body: { name: input.name, category_id: input.category_id },
        }),
      onSuccess: (template) => {
        client.setQueryData(templateKeys.detail(template.id), template);
        void client.invalidateQueries({ queryKey: templateKeys.lists });
      },
    }),
    assignTemplate: useMutation({
      mutationFn: (templateId: number) =>
        call(checklistContracts.assignTemplate, { params: { id: issueId, checklistTemplateId: templateId } }),
      onSuccess: onChecklist,
    }),
    /** Shows a checklist as it will be (a tick, a drag) before the server answers; undo on failure. */
    showNow: (checklist: Checklist) => {
      const previous = client.getQueryData<ChecklistListResponse>(key);
      replace(checklist);
      return () => client.setQueryData(key, previous);
    },
  };
}
