import { defineContract } from '../contracts/contract.js';
import { ZIdParamsSchema } from '../contracts/params.js';
import {
  ZEntityFormResponseSchema,
  ZFilledFormResponseSchema,
  ZFormAnswersBodySchema,
  ZFormDeletedSchema,
  ZFormIdParamsSchema,
  ZFormIssueParamsSchema,
  ZFormScheduleParamsSchema,
  ZFormUploadsResponseSchema,
  ZSaveWorkspaceFormSchema,
  ZWorkspaceFormResponseSchema,
} from './dynamic-form-schemas.js';

const tags = ['Dynamic forms'];
const answerErrors = [
  'required_field',
  'invalid_format',
  'too_long',
  'number_out_of_range',
  'invalid_option',
  'too_many_photos',
  'unknown_field',
  'photo_not_found',
] as const;

/**
 * Dynamic forms (000 §7, 001 §7): a workspace's design (POST workspace/{id}/form, admins), the
 * filled forms of issues and schedules (store {form}, PUT and DELETE by form id) and the photo
 * answers' uploads; and ours: the reads of a workspace's design and of an issue's or schedule's form.
 */
export const dynamicFormContracts = {
  saveWorkspaceForm: defineContract({
    method: 'POST',
    path: '/workspace/:id/form',
    caller: 'admin',
    ids: { id: 'workspace' },
    params: ZIdParamsSchema,
    body: ZSaveWorkspaceFormSchema,
    response: ZWorkspaceFormResponseSchema,
    errors: ['duplicate_field_key', 'options_required', 'required_field', 'number_out_of_range'],
    tags,
    summary:
      "Define or replace the workspace's dynamic form (admins); no fields removes it. Issues and schedules filled before keep their copy",
  }),
  workspaceForm: defineContract({
    method: 'GET',
    path: '/workspace/:id/form',
    caller: 'user',
    ids: { id: 'workspace' },
    params: ZIdParamsSchema,
    response: ZWorkspaceFormResponseSchema,
    tags,
    summary: "The workspace's dynamic form (null when it has none), for whoever sees the workspace",
  }),
  issueForm: defineContract({
    method: 'GET',
    path: '/forms/issue/:issueId',
    caller: 'user',
    ids: { issueId: 'issue' },
    params: ZFormIssueParamsSchema,
    response: ZEntityFormResponseSchema,
    tags,
    summary: "An issue's filled form, its workspace's current form and whether the caller may change it",
  }),
  storeIssueForm: defineContract({
    method: 'POST',
    path: '/forms/issue/:issueId/store',
    caller: 'user',
    ids: { issueId: 'issue' },
    params: ZFormIssueParamsSchema,
    body: ZFormAnswersBodySchema,
    response: ZFilledFormResponseSchema,
    status: 201,
    errors: [...answerErrors, 'form_already_exists', 'no_workspace_form'],
    errorStatuses: [409],
    tags,
    summary:
      "Fill the workspace's form on an issue (whoever may edit the issue): a copy of the form is stored with the answers, checked by its rules",
  }),
  updateIssueForm: defineContract({
    method: 'PUT',
    path: '/forms/issue_form/:formId',
    caller: 'user',
    ids: { formId: 'issue_form' },
    params: ZFormIdParamsSchema,
    body: ZFormAnswersBodySchema,
    response: ZFilledFormResponseSchema,
    errors: [...answerErrors],
    tags,
    summary:
      "Change the answers of an issue's form (whoever may edit the issue), checked by the form's own rules",
  }),
  deleteIssueForm: defineContract({
    method: 'DELETE',
    path: '/forms/issue_form/:formId',
    caller: 'user',
    ids: { formId: 'issue_form' },
    params: ZFormIdParamsSchema,
    response: ZFormDeletedSchema,
    tags,
    summary: "Remove an issue's filled form (whoever may edit the issue)",
  }),
  scheduleForm: defineContract({
    method: 'GET',
    path: '/forms/schedule/:scheduleId',
    caller: 'user',
    ids: { scheduleId: 'schedule' },
    params: ZFormScheduleParamsSchema,
    response: ZEntityFormResponseSchema,
    tags,
    summary:
      "A schedule's form (copied into every issue it creates), its workspace's current form, and the caller's right",
  }),
  storeScheduleForm: defineContract({
    method: 'POST',
    path: '/forms/schedule/:scheduleId/store',
    caller: 'user',
    ids: { scheduleId: 'schedule' },
    params: ZFormScheduleParamsSchema,
    body: ZFormAnswersBodySchema,
    response: ZFilledFormResponseSchema,
    status: 201,
    errors: [...answerErrors, 'form_already_exists', 'no_workspace_form', 'schedule_archived'],
    errorStatuses: [409],
    tags,
    summary:
      "Give a schedule the workspace's form with preset answers (whoever may edit the schedule); the issues it creates carry it",
  }),
  updateScheduleForm: defineContract({
    method: 'PUT',
    path: '/forms/schedule_form/:formId',
    caller: 'user',
    ids: { formId: 'schedule_form' },
    params: ZFormIdParamsSchema,
    body: ZFormAnswersBodySchema,
    response: ZFilledFormResponseSchema,
    errors: [...answerErrors, 'schedule_archived'],
    tags,
    summary: "Change a schedule form's preset answers (whoever may edit the schedule)",
  }),
  deleteScheduleForm: defineContract({
    method: 'DELETE',
    path: '/forms/schedule_form/:formId',
    caller: 'user',
    ids: { formId: 'schedule_form' },
    params: ZFormIdParamsSchema,
    response: ZFormDeletedSchema,
    errors: ['schedule_archived'],
    tags,
    summary: "Remove a schedule's form (issues it created keep theirs)",
  }),
  uploadAttachments: defineContract({
    method: 'POST',
    path: '/forms/upload_attachments',
    caller: 'user',
    ids: {},
    response: ZFormUploadsResponseSchema,
    status: 201,
    multipart: true,
    errors: ['file_type_not_allowed', 'file_too_big', 'file_content_not_allowed', 'required'],
    errorStatuses: [413],
    tags,
    summary:
      'Upload photos for photo answers (multipart, files[]: jpeg, png or gif, at most 2 MB each, 10 per call); the ids answer a photo field, by their uploader only',
  }),
};
