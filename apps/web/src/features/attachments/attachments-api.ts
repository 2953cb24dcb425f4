import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Issue, IssueComment } from '@workbench/domain';
import { API_BASE, ApiError, api } from '../../api/client';
import { sessionStore } from '../auth/session-store';
import { issueKeys } from '../issues/issues-api';
import type { Attachment, AttachmentComment } from './attachment-model';
import { changesFormData, type GalleryItem } from './editing-state';

/** A refused upload: the server names each file it refused and why (000 §5 Uploads). */
export class UploadError extends ApiError {
  constructor(
    status: number,
    key: string,
    message: string,
    override readonly files: Array<{ name: string; key: string }>,
  ) {
    super(status, key, message);
    this.name = 'UploadError';
  }
}

type UploadErrorBody = {
  error?: string;
  key?: string;
  message?: string;
  fields?: Record<string, string>;
  /** Each refused file (000 §5); older drafts of the contract nested it under `errors`. */
  files?: Array<{ name: string; key: string }>;
  errors?: { files?: Array<{ name: string; key: string }> };
};

/** POST with form data (the api() helper only sends JSON), with the stored token. */
async function postForm<T>(path: string, form: FormData): Promise<T> {
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
  const body = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const error = (body ?? {}) as UploadErrorBody;
    const key = error.error ?? error.key ?? 'general_error';
    if (response.status === 403 && key === 'access_denied' && token)
      sessionStore.loggedOut({ expired: true });
    throw new UploadError(
      response.status,
      key,
      error.message ?? response.statusText,
      error.files ?? error.errors?.files ?? [],
    );
  }
  return body as T;
}

/** POST issue/{id}/upload: new files straight onto a saved issue (the detail page, the photo flow). */
export function uploadToIssue(issueId: number, files: File[]) {
  const form = new FormData();
  for (const [n, file] of files.entries()) form.append(`attachments[${n}][file]`, file, file.name);
  return postForm<{ data: Attachment[] }>(`issue/${issueId}/upload`, form);
}

/** The new files of an issue just created, with their descriptions (POST issue/{id}/upload). */
export function uploadNewItems(issueId: number, items: GalleryItem[]) {
  const form = changesFormData(
    items.filter((item) => item.state === 'NEW'),
    new FormData(),
    'attachments',
  );
  return postForm<{ data: Attachment[] }>(`issue/${issueId}/upload`, form);
}

/** The gallery's confirm: one issue save with every change (POST issue/{id}, _method PUT). */
export function saveGalleryChanges(issueId: number, items: GalleryItem[]) {
  const form = new FormData();
  form.append('_method', 'PUT');
  return postForm<Issue>(`issue/${issueId}`, changesFormData(items, form));
}

export function useUploadToIssue(issueId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (files: File[]) => uploadToIssue(issueId, files),
    onSuccess: () => client.invalidateQueries({ queryKey: issueKeys.all }),
  });
}

export function useSaveGalleryChanges(issueId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (items: GalleryItem[]) => saveGalleryChanges(issueId, items),
    onSuccess: () => client.invalidateQueries({ queryKey: issueKeys.all }),
  });
}

/** PUT issue/{id} with the attachment order (001 §7); the caller reverts on failure. */
export function useReorderAttachments(issueId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (order: Array<{ id: number; index: number }>) =>
      api<Issue>(`issue/${issueId}`, { method: 'PUT', body: { attachments: order } }),
    onSuccess: (issue) => {
      client.setQueryData(issueKeys.detail(issueId), issue);
      return client.invalidateQueries({ queryKey: issueKeys.all });
    },
  });
}

export const attachmentCommentKey = (issueId: number, attachmentId: number) =>
  ['issues', 'attachment-comments', issueId, attachmentId] as const;

/** GET issue/{id}/attachment_comment?attachment_id= (oldest first). */
export function useAttachmentComments(issueId: number, attachmentId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: attachmentCommentKey(issueId, attachmentId ?? 0),
    queryFn: ({ signal }) =>
      api<{ data: AttachmentComment[] }>(
        `issue/${issueId}/attachment_comment?attachment_id=${attachmentId}`,
        {
          signal,
        },
      ),
    select: (answer) => answer.data,
    enabled: enabled && attachmentId !== null,
    staleTime: 0,
  });
}

export function useAddAttachmentComment(issueId: number, attachmentId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (comment: string) =>
      api<{ data: AttachmentComment }>(`issue/${issueId}/attachment_comment`, {
        method: 'POST',
        body: { comment, attachment_id: attachmentId },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: attachmentCommentKey(issueId, attachmentId) }),
  });
}

/** POST issue/{id}/comments as form data: the comment with files (attachments[n][file]). */
export function postCommentWithFiles(issueId: number, comment: string, files: File[]) {
  const form = new FormData();
  form.append('comment', comment);
  for (const [n, file] of files.entries()) form.append(`attachments[${n}][file]`, file, file.name);
  return postForm<IssueComment>(`issue/${issueId}/comments`, form);
}
