import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type PublicComment,
  type PublicIssue,
  type PublicReportResponse,
  publicIssueContracts,
  type UiLanguage,
  workspaceContracts,
} from '@workbench/domain';
import { call } from '../../api/client';
import type { ReportFormValues } from './components/ReportFormView';

/**
 * The public report calls (000 §7 "Public"): no login. A workspace's or an asset's public code
 * opens its form; an issue opens only with the token of its private link. Nothing is retried
 * on its own: an unknown code or a wrong token stays so, and every call spends the rate limit.
 */
export const publicReportKeys = {
  workspace: (code: string) => ['public-report', 'workspace', code] as const,
  asset: (code: string) => ['public-report', 'asset', code] as const,
  issue: (id: number, token: string) => ['public-report', 'issue', id, token] as const,
  attachmentComments: (id: number, token: string) =>
    ['public-report', 'attachment-comments', id, token] as const,
};

const once = { retry: false, staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false } as const;

/** GET public/workspace/{code}: the workspace's name, its organisation and its report form; qr=1 counts a scan. */
export function usePublicWorkspace(code: string, qr: boolean) {
  return useQuery({
    queryKey: publicReportKeys.workspace(code),
    queryFn: ({ signal }) =>
      call(workspaceContracts.publicView, {
        params: { id: code },
        query: qr ? { qr: 1 } : {},
        signal,
      }),
    enabled: code.length > 0,
    ...once,
  });
}

/** GET public/asset/{code}: the asset's name and picture, its organisation and its report form. */
export function usePublicAsset(code: string, qr: boolean) {
  return useQuery({
    queryKey: publicReportKeys.asset(code),
    queryFn: ({ signal }) =>
      call(publicIssueContracts.asset, { params: { id: code }, query: qr ? { qr: 1 } : {}, signal }),
    enabled: code.length > 0,
    ...once,
  });
}

/** `attachments[i][file]` and `attachments[i][name]` for each photo (000 §5 Uploads). */
function appendFiles(form: FormData, files: File[]) {
  for (const [i, file] of files.entries()) {
    form.append(`attachments[${i}][file]`, file, file.name);
    form.append(`attachments[${i}][name]`, file.name);
  }
}

export type ReportTarget = { workspace_id: string } | { asset_id: string };

/** The multipart form of POST public/issue: the target, the non-empty fields, the photos, the language. */
export function reportForm(
  target: ReportTarget,
  values: ReportFormValues,
  files: File[],
  language: UiLanguage,
  followOffered: boolean,
): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(target)) form.append(key, value);
  const text = (key: keyof ReportFormValues, value: string) => {
    if (value.trim()) form.append(key, value.trim());
  };
  text('title', values.title);
  text('description', values.description);
  if (values.category_id !== null) form.append('category_id', String(values.category_id));
  if (values.priority_id !== null) form.append('priority_id', String(values.priority_id));
  text('reporter_name', values.reporter_name);
  text('reporter_email', values.reporter_email);
  text('reporter_phone', values.reporter_phone);
  if (followOffered && values.reporter_email.trim()) form.append('follow', values.follow ? 'true' : 'false');
  // The honeypot goes as it is (empty for people): the server refuses a filled one.
  form.append('website', values.website);
  form.append('language', language);
  appendFiles(form, files);
  return form;
}

export function useSendReport() {
  return useMutation({
    mutationFn: (form: FormData) => call(publicIssueContracts.report, { form }),
  });
}

// ---------------------------------------------------------------------------------------------
// The thank-you page reads the answer from the tab's session (not from the address bar, where
// the private link would be kept in the browser's history and sent on as a referrer).
// ---------------------------------------------------------------------------------------------

const REPORT_KEY = 'workbench.public-report';
export type StoredReport = { answer: PublicReportResponse; back: string };

export function storeReport(stored: StoredReport) {
  try {
    sessionStorage.setItem(REPORT_KEY, JSON.stringify(stored));
  } catch {
    // Storage refused (private mode): the thank-you page says a plain thank-you.
  }
}

export function readStoredReport(): StoredReport | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(REPORT_KEY) ?? 'null') as StoredReport | null;
    return stored && typeof stored === 'object' && stored.answer ? stored : null;
  } catch {
    return null;
  }
}

/** The in-app address of an issue's follow page. */
export const followPath = (issueId: number, token: string) =>
  `/public/issue?issueId=${issueId}&token=${encodeURIComponent(token)}`;

// ---------------------------------------------------------------------------------------------
// The follow page
// ---------------------------------------------------------------------------------------------

/** GET public/issue/detail/{id}?token=: the follow page's report. */
export function usePublicIssue(id: number, token: string) {
  return useQuery({
    queryKey: publicReportKeys.issue(id, token),
    queryFn: ({ signal }) => call(publicIssueContracts.detail, { params: { id }, query: { token }, signal }),
    enabled: id > 0 && token.length > 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** GET public/issue/{id}/attachment_comment?token=: the comments on the shown photos. */
export function usePublicAttachmentComments(id: number, token: string, enabled: boolean) {
  return useQuery({
    queryKey: publicReportKeys.attachmentComments(id, token),
    queryFn: ({ signal }) =>
      call(publicIssueContracts.attachmentComments, { params: { id }, query: { token }, signal }),
    enabled: enabled && id > 0 && token.length > 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

function usePutIssue(id: number, token: string) {
  const client = useQueryClient();
  return (issue: PublicIssue) => client.setQueryData(publicReportKeys.issue(id, token), issue);
}

/**
 * The reporter's message, then its photos (POST .../comment/{commentId}/upload). The answer
 * says whether the photos went; the message is on the page either way.
 */
export function usePublicComment(id: number, token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ comment, files }: { comment: string; files: File[] }) => {
      const created = await call(publicIssueContracts.comment, { params: { id }, body: { token, comment } });
      if (!files.length) return { comment: created, photosFailed: null };
      const form = new FormData();
      appendFiles(form, files);
      try {
        const withPhotos = await call(publicIssueContracts.commentUpload, {
          params: { issueId: id, commentId: created.id },
          query: { token },
          form,
        });
        return { comment: withPhotos, photosFailed: null };
      } catch (error) {
        return { comment: created, photosFailed: error };
      }
    },
    onSuccess: ({ comment }) => {
      client.setQueryData<PublicIssue>(publicReportKeys.issue(id, token), (issue) =>
        issue ? { ...issue, comments: upsert(issue.comments, comment) } : issue,
      );
      void client.invalidateQueries({ queryKey: publicReportKeys.issue(id, token) });
    },
  });
}

const upsert = (comments: PublicComment[], comment: PublicComment) =>
  comments.some((c) => c.id === comment.id)
    ? comments.map((c) => (c.id === comment.id ? comment : c))
    : [...comments, comment];

/** PUT public/issue/{id}: confirm the fix (8) or reopen (6), with an optional comment. */
export function usePublicStatus(id: number, token: string) {
  const put = usePutIssue(id, token);
  return useMutation({
    mutationFn: (body: { status_id: number; comment: string | null }) =>
      call(publicIssueContracts.update, { params: { id }, body: { token, ...body } }),
    onSuccess: put,
  });
}

/** POST public/mail/unsubscribe/{id}: stop (or, subscribe, restart) the e-mails about an issue. */
export function usePublicUnsubscribe(id: number, token: string, type: 'reporter' | 'watcher') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (subscribe: boolean) =>
      call(publicIssueContracts.unsubscribe, { params: { id }, body: { token, type, subscribe } }),
    onSuccess: (answer) => {
      if (type !== 'reporter') return;
      client.setQueryData<PublicIssue>(publicReportKeys.issue(id, token), (issue) =>
        issue ? { ...issue, subscribed: answer.subscribed } : issue,
      );
    },
  });
}
