import { z } from 'zod';
import { UPLOAD_ERROR_KEYS } from '../attachments/upload-types.js';
import { defineContract } from '../contracts/contract.js';
import { ZIdParam } from '../contracts/params.js';
import type { ErrorKey } from '../errors/error-keys.js';
import { ISSUE_EXPORT_FORMAT_NAMES, ISSUE_EXPORT_FORMATS } from './issue-export.js';
import { ZIssueListPageResponseSchema, ZIssueListQuerySchema } from './issue-list.js';
import {
  ISSUE_DB_ID_MAX,
  ZCreateIssueRequestSchema,
  ZIssueListResponseSchema,
  ZIssueSchema,
  ZIssueSuccessResponseSchema,
  ZProcessNumberExistsResponseSchema,
  ZUpdateIssueRequestSchema,
} from './issue-schemas.js';

export const issueTags = ['Issues'];

/** The `:id` of `issue/:id` paths: an issue id, past PostgreSQL's integers refused as invalid. */
export const ZIssueIdParamsSchema = z.object({ id: ZIdParam.max(ISSUE_DB_ID_MAX) });

/** What the issue form answers (validateIssueForm, category, assignee, watcher and process-number checks). */
export const ISSUE_FORM_ERROR_KEYS = [
  'workspace_required',
  'title_too_short',
  'too_long',
  'invalid_format',
  'description_too_short',
  'asset_required',
  'process_nr_required',
  'process_nr_format',
  'process_nr_taken',
  'assignee_required',
  'assignee_not_available',
  'due_date_required',
  'date_in_past',
  'due_before_start',
  'invalid_parent',
  'not_in_workspace',
  'not_same_workspace',
  'asset_archived',
] as const satisfies readonly ErrorKey[];

/** What a change of a saved issue answers besides the form (PUT issue/{id}, the gallery save). */
export const ISSUE_UPDATE_ERROR_KEYS = [
  ...ISSUE_FORM_ERROR_KEYS,
  'already_assignee',
  'issue_archived',
  'status_not_allowed',
] as const;

/**
 * Issues (000 §7 Issues): the issue itself, the list and its export. Status actions, bulk calls
 * and duplicates are issueActionContracts; comments, watchers, links, work time and the activity
 * log issueDetailContracts. Every issue/{id} call declares its id, so another organisation's
 * caller gets 404 before anything runs.
 */
export const issueContracts = {
  list: defineContract({
    method: 'GET',
    path: '/issue/',
    aliases: ['/issue'],
    caller: 'user',
    ids: {},
    query: ZIssueListQuerySchema.extend({ parent_id: z.string().optional() }),
    // The list first: only it has state_counts (isIssueListPage), so a sub-issue page never matches it.
    response: z.union([ZIssueListPageResponseSchema, ZIssueListResponseSchema]),
    tags: issueTags,
    summary:
      'The issue list: visible issues filtered, sorted and paged, with the count of each state tab (unsupported values fall back to defaults). With parent_id: the sub-issues of that parent, oldest first.',
    description: [
      'Arrays are comma-joined; empty and unreadable parts are ignored; several filters combine with AND, the ids within one filter with OR.',
      'People: `users` (assignee, reporter, watcher or someone who logged work time, any of them), `assignees` (0 = unassigned), `reporters`, `watchers`, `worked_on_by`, `externals` (partner people, any role).',
      'Companies (organisation ids; a person belongs to a company they are a member of): `assignee_companies`, `reporter_companies`, `watcher_companies`, `worked_on_by_companies`, and `collaborators` (any of the four roles).',
      '`job_positions`: the job position of the assignee. `schedule_id`, `asset_ids`, `rating` (1..5), `priority_id` (2..5), `categories` / `category_id` (main or extra category), `workspaces` / `workspace_id` with `include_sub_ws`.',
      '`filter_ws=1`: only the workspaces the caller marked as favourite (with their sub-workspaces when include_sub_ws=1).',
    ].join('\n\n'),
  }),
  get: defineContract({
    method: 'GET',
    path: '/issue/:id',
    caller: 'user',
    ids: { id: 'issue' },
    params: ZIssueIdParamsSchema,
    response: ZIssueSchema,
    tags: issueTags,
    summary: 'An issue with its permissions and status buttons for the caller',
  }),
  create: defineContract({
    method: 'POST',
    path: '/issue',
    caller: 'user',
    ids: {},
    // The web's form posts multipart fields (000 §7); the server reads them into this body first.
    multipart: true,
    body: ZCreateIssueRequestSchema,
    response: ZIssueSchema,
    status: 201,
    errors: [...ISSUE_FORM_ERROR_KEYS, ...UPLOAD_ERROR_KEYS],
    tags: issueTags,
    summary:
      'Create an issue: JSON, or multipart form fields with files as attachment[n][file|description|due_date|priority_id]; dates as seconds or ISO. Status 2 without an assignee, 3 with one, 5 when assigning oneself.',
  }),
  update: defineContract({
    method: 'PUT',
    path: '/issue/:id',
    caller: 'user',
    ids: { id: 'issue' },
    params: ZIssueIdParamsSchema,
    body: ZUpdateIssueRequestSchema,
    response: ZIssueSchema,
    errors: ISSUE_UPDATE_ERROR_KEYS,
    tags: issueTags,
    summary:
      'Edit an issue: form fields, categories, rating; dates as seconds or ISO. Changing the assignee moves the status.',
  }),
  remove: defineContract({
    method: 'DELETE',
    path: '/issue/:id',
    caller: 'user',
    ids: { id: 'issue' },
    params: ZIssueIdParamsSchema,
    response: ZIssueSuccessResponseSchema,
    errors: ['issue_archived', 'status_not_allowed'],
    tags: issueTags,
    summary: 'Delete an issue with its sub-issues',
  }),
  processNumberExists: defineContract({
    method: 'GET',
    path: '/process_number/:id/check_exists',
    caller: 'user',
    // The process number itself, not a tenant id: looked up in the caller's organisation only.
    ids: { id: 'token' },
    params: z.object({ id: z.string().trim().min(1).max(50) }),
    response: ZProcessNumberExistsResponseSchema,
    tags: issueTags,
    summary: "Whether a process number is used by an issue of the caller's organisation",
  }),
  export: defineContract({
    method: 'GET',
    path: '/issue/export',
    caller: 'user',
    ids: {},
    query: ZIssueListQuerySchema.extend({
      format: z.string().optional().describe(ISSUE_EXPORT_FORMAT_NAMES.join('|')),
    }),
    produces: Object.values(ISSUE_EXPORT_FORMATS).map((f) => f.contentType),
    tags: issueTags,
    summary:
      'Export the issue list (every list filter, no paging) or selected issues (ids=1,2,3, with the other list filters; only visible ones) as xlsx, csv (UTF-8 with BOM), json or xml; streamed as an attachment issues-YYYY-MM-DD.<ext>.',
  }),
};
