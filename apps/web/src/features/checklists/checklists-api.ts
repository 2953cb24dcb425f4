import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Checklist,
  ChecklistListResponse,
  ChecklistTemplate,
  ConvertChecklistItemRequest,
  CreateChecklistItemRequest,
  Issue,
  UpdateChecklistItemRequest,
} from '@workbench/domain';
import { API_BASE, ApiError, api } from '../../api/client';
import { sessionStore } from '../auth/session-store';

export const checklistKeys = {
  issue: (issueId: number) => ['checklists', 'issue', issueId] as const,
};

export function useChecklists(issueId: number) {
  return useQuery({
    queryKey: checklistKeys.issue(issueId),
    queryFn: ({ signal }) => api<ChecklistListResponse>(`issue/${issueId}/checklists`, { signal }),
    select: (data) => data.data,
  });
}

/** POST .../items/{itemId}/upload with form data (api() only sends JSON); answers the checklist. */
async function uploadItemFiles(path: string, files: File[]): Promise<Checklist> {
  const form = new FormData();
  for (const [n, file] of files.entries()) form.append(`attachments[${n}][file]`, file, file.name);
  const token = sessionStore.get().session?.token;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/${path}`, {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}`, accept: 'application/json' } : {},
      body: form,
    });
  } catch {
    throw new ApiError(0, 'no_internet', 'No connection to the server');
  }
  const body = (await response.json().catch(() => null)) as { error?: string; message?: string } | null;
  if (!response.ok) {
    const key = body?.error ?? 'general_error';
    if (response.status === 403 && key === 'access_denied' && token)
      sessionStore.loggedOut({ expired: true });
    throw new ApiError(response.status, key, body?.message ?? response.statusText);
  }
  return body as unknown as Checklist;
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
  const refresh = () => {
    void client.invalidateQueries({ queryKey: key });
    void client.invalidateQueries({ queryKey: ['issues'] });
  };
  const onChecklist = (checklist: Checklist) => {
    replace(checklist);
    void client.invalidateQueries({ queryKey: ['issues'] });
  };
  const base = `issue/${issueId}`;
  return {
    create: useMutation({
      mutationFn: (title: string) =>
        api<Checklist>(`${base}/checklists`, { method: 'POST', body: { title } }),
      onSuccess: onChecklist,
    }),
    rename: useMutation({
      mutationFn: (input: { checklistId: number; title: string }) =>
        api<Checklist>(`${base}/checklists/${input.checklistId}`, {
          method: 'PUT',
          body: { title: input.title },
        }),
      onSuccess: onChecklist,
    }),
    remove: useMutation({
      mutationFn: (checklistId: number) => api(`${base}/checklists/${checklistId}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
    addItem: useMutation({
      mutationFn: (input: { checklistId: number; item: CreateChecklistItemRequest }) =>
        api<Checklist>(`${base}/checklist/${input.checklistId}/items`, { method: 'POST', body: input.item }),
      onSuccess: onChecklist,
    }),
    updateItem: useMutation({
      mutationFn: (input: { checklistId: number; itemId: number; changes: UpdateChecklistItemRequest }) =>
        api<Checklist>(`${base}/checklist/${input.checklistId}/items/${input.itemId}`, {
          method: 'PUT',
          body: input.changes,
        }),
      onSuccess: onChecklist,
    }),
    removeItem: useMutation({
      mutationFn: (input: { checklistId: number; itemId: number }) =>
        api<Checklist>(`${base}/checklist/${input.checklistId}/items/${input.itemId}`, { method: 'DELETE' }),
      onSuccess: onChecklist,
    }),
    uploadToItem: useMutation({
      mutationFn: (input: { checklistId: number; itemId: number; files: File[] }) =>
        uploadItemFiles(`${base}/checklist/${input.checklistId}/items/${input.itemId}/upload`, input.files),
      onSuccess: onChecklist,
    }),
    convertItem: useMutation({
      mutationFn: (input: { itemId: number; request: ConvertChecklistItemRequest }) =>
        api<Issue>(`convert-checklist-item-to-issue-or-subtask/${input.itemId}`, {
          method: 'POST',
          body: input.request,
        }),
      onSuccess: refresh,
    }),
    saveAsTemplate: useMutation({
      mutationFn: (input: { checklistId: number; name: string; category_id: number | null }) =>
        api<ChecklistTemplate>(`checklist-templates/save-checklist-as-template/${input.checklistId}`, {
          method: 'POST',
          body: { name: input.name, category_id: input.category_id },
        }),
      onSuccess: () => void client.invalidateQueries({ queryKey: ['checklist-templates'] }),
    }),
    assignTemplate: useMutation({
      mutationFn: (templateId: number) =>
        api<Checklist>(`${base}/assign-checklist-from-template/${templateId}`, { method: 'POST' }),
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
