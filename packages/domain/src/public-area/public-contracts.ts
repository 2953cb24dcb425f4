import { z } from 'zod';
import { UPLOAD_ERROR_KEYS } from '../attachments/upload-types.js';
import { defineContract } from '../contracts/contract.js';
import { ZIdParamsSchema } from '../contracts/params.js';
import {
  ZApplyPublicFormTemplateSchema,
  ZDeclinedNotificationRequestSchema,
  ZDeclinedNotificationResponseSchema,
  ZExternalReporterListQuerySchema,
  ZExternalReporterListResponseSchema,
  ZPublicAssetQuerySchema,
  ZPublicAssetSchema,
  ZPublicAttachmentCommentListSchema,
  ZPublicCommentParamsSchema,
  ZPublicCommentRequestSchema,
  ZPublicCommentSchema,
  ZPublicFormConfigSchema,
  ZPublicFormRequestSchema,
  ZPublicFormTemplateListSchema,
  ZPublicFormTypeParamsSchema,
  ZPublicIssueSchema,
  ZPublicReportRequestSchema,
  ZPublicReportResponseSchema,
  ZPublicStatusRequestSchema,
  ZPublicTokenQuerySchema,
  ZPublicUnsubscribeRequestSchema,
  ZPublicUnsubscribeResponseSchema,
} from './public-schemas.js';

const tags = ['Public'];
// A public issue call names the issue by its id, but opens it only with the follow token of its
// private link: the id is declared 'token' (no tenant to guard) and the service answers 404 for
// a wrong or missing token exactly as for an unknown id.
const publicIssueId = { id: 'token' } as const;

/** The public area (000 §7 "Public"): no account; every call is rate limited and needs a token or a public code. */
export const publicIssueContracts = {
  report: defineContract({
    method: 'POST',
    path: '/public/issue',
    caller: 'public',
    ids: {},
    multipart: true,
    body: ZPublicReportRequestSchema,
    response: ZPublicReportResponseSchema,
    status: 201,
    errors: [
      ...UPLOAD_ERROR_KEYS,
      'too_many_requests',
      'workspace_archived',
      'asset_archived',
      'public_form_disabled',
      'spam_detected',
      'title_mandatory',
    ],
    errorStatuses: [404, 429],
    tags,
    summary:
      "Report a problem without an account: workspace_id (the workspace's public code) or asset_id (the asset's), the fields the form shows, pictures as attachments[i][file]",
    description:
      'Creates one issue in the workspace (the asset’s, for an asset), reported by a public reporter (one record per organisation and e-mail address). Fields the form hides are dropped; required ones are checked; at most 5 pictures. Throttled per address and per workspace. Answers the private follow link when the form offers following.',
  }),
  detail: defineContract({
    method: 'GET',
    path: '/public/issue/detail/:id',
    caller: 'public',
    ids: publicIssueId,
    params: ZIdParamsSchema,
    query: ZPublicTokenQuerySchema,
    response: ZPublicIssueSchema,
    errors: ['too_many_requests'],
    errorStatuses: [404, 429],
    tags,
    summary: 'The follow page of a report: its status, the fields the form makes public, the public comments',
  }),
  update: defineContract({
    method: 'PUT',
    path: '/public/issue/:id',
    caller: 'public',
    ids: publicIssueId,
    params: ZIdParamsSchema,
    body: ZPublicStatusRequestSchema,
    response: ZPublicIssueSchema,
    errors: ['status_not_allowed', 'reopen_period_over', 'too_many_requests'],
    errorStatuses: [404, 429],
    tags,
    summary:
      'The reporter confirms a fix in review (status_id 8) or reopens what was completed in the last 14 days (6), when the form allows it',
  }),
  comment: defineContract({
    method: 'POST',
    path: '/public/issue/:id/comment',
    caller: 'public',
    ids: publicIssueId,
    params: ZIdParamsSchema,
    body: ZPublicCommentRequestSchema,
    response: ZPublicCommentSchema,
    status: 201,
    errors: ['comments_disabled', 'too_many_requests'],
    errorStatuses: [404, 429],
    tags,
    summary: "The reporter's comment (staff see it, marked as the reporter's)",
  }),
  commentUpload: defineContract({
    method: 'POST',
    path: '/public/issue/:issueId/comment/:commentId/upload',
    caller: 'public',
    ids: { issueId: 'token', commentId: 'token' },
    params: ZPublicCommentParamsSchema,
    query: ZPublicTokenQuerySchema,
    multipart: true,
    response: ZPublicCommentSchema,
    errors: [...UPLOAD_ERROR_KEYS, 'comment_upload_closed', 'too_many_requests'],
    errorStatuses: [404, 429],
    tags,
    summary: "Pictures (attachments[i][file]) on the reporter's own comment, within an hour of writing it",
  }),
  attachmentComments: defineContract({
    method: 'GET',
    path: '/public/issue/:id/attachment_comment',
    caller: 'public',
    ids: publicIssueId,
    params: ZIdParamsSchema,
    query: ZPublicTokenQuerySchema,
    response: ZPublicAttachmentCommentListSchema,
    errors: ['too_many_requests'],
    errorStatuses: [404, 429],
    tags,
    summary: 'Comments on the pictures the follow page shows (empty unless the form makes them public)',
  }),
  unsubscribe: defineContract({
    method: 'POST',
    path: '/public/mail/unsubscribe/:id',
    caller: 'public',
    ids: publicIssueId,
    params: ZIdParamsSchema,
    body: ZPublicUnsubscribeRequestSchema,
    response: ZPublicUnsubscribeResponseSchema,
    errors: ['too_many_requests'],
    errorStatuses: [404, 429],
    tags,
    summary:
      "Stop (or, subscribe: true, restart) the e-mails about an issue: the reporter's (type reporter) or its external address's (type watcher)",
  }),
  asset: defineContract({
    method: 'GET',
    path: '/public/asset/:id',
    caller: 'public',
    ids: { id: 'token' },
    params: z.object({ id: z.string().min(1).max(64) }),
    query: ZPublicAssetQuerySchema,
    response: ZPublicAssetSchema,
    errors: ['too_many_requests'],
    errorStatuses: [404, 429],
    tags,
    summary:
      'What a visitor may see of a live asset by its public code, with its report form; qr=1 records a QR scan',
  }),
};

const configuratorTags = ['Public page configurator'];
const typeIds = { type: 'token' } as const;

/** The public page configurator (settings tab public-forms): admins only. */
export const publicFormContracts = {
  get: defineContract({
    method: 'GET',
    path: '/public_page_configurator/:type',
    caller: 'admin',
    ids: typeIds,
    params: ZPublicFormTypeParamsSchema,
    response: ZPublicFormConfigSchema,
    tags: configuratorTags,
    summary: 'The form of a type (workspace, asset, equipment): the default until an admin saves one',
  }),
  save: defineContract({
    method: 'POST',
    path: '/public_page_configurator/:type',
    caller: 'admin',
    ids: typeIds,
    params: ZPublicFormTypeParamsSchema,
    body: ZPublicFormRequestSchema,
    response: ZPublicFormConfigSchema,
    tags: configuratorTags,
    summary:
      'Save the form of a type: fields shown and required, texts per language, logo and colour, following, comments, reopening, staff names, public fields',
  }),
  templates: defineContract({
    method: 'GET',
    path: '/public_page_configurator/templates/:type',
    caller: 'admin',
    ids: typeIds,
    params: ZPublicFormTypeParamsSchema,
    response: ZPublicFormTemplateListSchema,
    tags: configuratorTags,
    summary: 'The presets of a type to start from (standard, minimal, detailed)',
  }),
  applyTemplate: defineContract({
    method: 'POST',
    path: '/public_page_configurator/templates/:type',
    caller: 'admin',
    ids: typeIds,
    params: ZPublicFormTypeParamsSchema,
    body: ZApplyPublicFormTemplateSchema,
    response: ZPublicFormConfigSchema,
    tags: configuratorTags,
    summary: "Make a preset the type's form (its texts and colour are kept)",
  }),
};

/** The staff side of public reports. */
export const publicReportStaffContracts = {
  sendDeclinedNotification: defineContract({
    method: 'POST',
    path: '/issue/:id/external/send_declined_issue_notification',
    caller: 'user',
    ids: { id: 'issue' },
    params: ZIdParamsSchema,
    body: ZDeclinedNotificationRequestSchema,
    response: ZDeclinedNotificationResponseSchema,
    errors: ['not_public_report', 'status_not_allowed', 'no_reporter_email'],
    tags: ['Issues'],
    summary:
      "Tell the public reporter of a declined issue that it was declined (with an optional message), in the reporter's language",
  }),
  externalReporters: defineContract({
    method: 'GET',
    path: '/users/external-reporters',
    caller: 'user',
    ids: {},
    query: ZExternalReporterListQuerySchema,
    response: ZExternalReporterListResponseSchema,
    tags: ['Users'],
    summary:
      'People who reported through the public forms, with their report counts (admins: all; managers: those who reported in workspaces they manage)',
  }),
};
