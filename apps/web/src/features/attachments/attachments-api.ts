import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AttachmentComment,
  attachmentContracts,
  type Issue,
  issueContracts,
  issueDetailContracts,
} from '@workbench/domain';
import { call } from '../../api/client';
import { issueKeys, issueLog, offlineMeta, putIssue, refreshAfterWrite } from '../issues/issues-api';
import { writeOrQueue } from '../offline/offline-store';
import { changesFormData, type GalleryItem } from './editing-state';

/** `attachments[n][file]` for each file: the form of a plain upload (000 §5 Uploads). */
function filesForm(files: File[], form = new FormData()): FormData {
  for (const [n, file] of files.entries()) form.append(`attachments[${n}][file]`, file, file.name);
  return form;
}

/** POST issue/{id}/upload: new files straight onto a saved issue (the detail page, the photo flow). */
export function uploadToIssue(issueId: number, files: File[]) {
  return call(attachmentContracts.upload, { params: { id: issueId }, form: filesForm(files) });
}

/** The new files of an issue just created, with their descriptions (POST issue/{id}/upload). */
export function uploadNewItems(issueId: number, items: GalleryItem[]) {
  const form = changesFormData(
    items.filter((item) => item.state === 'NEW'),
    new FormData(),
    'attachments',
  );
  return call(attachmentContracts.upload, { params: { id: issueId }, form });
}

/** The gallery's confirm: one issue save with every change (POST issue/{id}, _method PUT). */
export function saveGalleryChanges(issueId: number, items: GalleryItem[]) {
  const form = new FormData();
  form.append('_method', 'PUT');
  return call(attachmentContracts.saveIssueWithGallery, {
    params: { id: issueId },
    form: changesFormData(items, form),
  });
}

/** Every page of an issue's activity log. */
export function useUploadToIssue(issueId: number) {
  const client = useQueryClient();
  return useMutation({
    // Photos may be taken offline: they wait on the device (already checked and rescaled).
    mutationFn: (files: File[]) =>
      writeOrQueue(
        attachmentContracts.upload,
        { params: { id: issueId }, form: filesForm(files) },
        offlineMeta(client, issueId, 'photo', files.map((f) => f.name).join(', ')),
      ),
    // The answer is the new attachments: they join the gallery at once. The issue is read again
    // too, as a file can make a status action possible (attachment required, 000 §4).
    onSuccess: (outcome) => {
      if (outcome.queued) return;
      const { data } = outcome.result;
      client.setQueryData<Issue>(issueKeys.detail(issueId), (issue) =>
        issue ? { ...issue, attachments: [...issue.attachments, ...data] } : issue,
      );
      refreshAfterWrite(client, issueId, { issue: true });
    },
  });
}

export function useSaveGalleryChanges(issueId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (items: GalleryItem[]) => saveGalleryChanges(issueId, items),
    onSuccess: (issue) => putIssue(client, issue),
  });
}

/** PUT issue/{id} with the attachment order (001 §7); the caller reverts on failure. */
export function useReorderAttachments(issueId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (order: Array<{ id: number; index: number }>) =>
      call(issueContracts.update, { params: { id: issueId }, body: { attachments: order } }),
    onSuccess: (issue) => putIssue(client, issue),
  });
}

export const attachmentCommentKey = (issueId: number, attachmentId: number) =>
  ['issues', 'attachment-comments', issueId, attachmentId] as const;

/** GET issue/{id}/attachment_comment?attachment_id= (oldest first). */
export function useAttachmentComments(issueId: number, attachmentId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: attachmentCommentKey(issueId, attachmentId ?? 0),
    queryFn: ({ signal }) =>
      call(attachmentContracts.listComments, {
        params: { id: issueId },
        query: { attachment_id: attachmentId ?? 0 },
        signal,
      }),
    select: (answer) => answer.data,
    enabled: enabled && attachmentId !== null,
    staleTime: 0,
  });
}

/** Adds a comment; the answer joins the end of the cached comments (oldest first). */
export function useAddAttachmentComment(issueId: number, attachmentId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (comment: string) =>
      call(attachmentContracts.addComment, {
        params: { id: issueId },
        body: { comment, attachment_id: attachmentId },
      }),
    onSuccess: ({ data }) => {
      client.setQueryData<{ data: AttachmentComment[] }>(
        attachmentCommentKey(issueId, attachmentId),
        (old) => (old ? { data: [...old.data, data] } : old),
      );
      void client.invalidateQueries({ queryKey: issueLog('activity', issueId) });
    },
  });
}

/**
 * POST issue/{id}/comments as form data: the comment with files (attachments[n][file]). Offline
 * it waits on the device with its files, like a comment without.
 */
export function postCommentWithFiles(issue: { id: number; title: string }, comment: string, files: File[]) {
  const form = new FormData();
  form.append('comment', comment);
  const detail = `${comment}\n${files.map((f) => f.name).join(', ')}`;
  return writeOrQueue(
    issueDetailContracts.addComment,
    { params: { id: issue.id }, form: filesForm(files, form) },
    { issueId: issue.id, issueTitle: issue.title, kind: 'comment', detail },
  );
}
