import { z } from 'zod';
import { UPLOAD_ERROR_KEYS } from '../attachments/upload-types.js';
import { ZSuccessResponseSchema } from '../auth/auth.js';
import { defineContract } from '../contracts/contract.js';
import { ZIdParam, ZIdParamsSchema } from '../contracts/params.js';
import { ZIssueSchema } from '../issues/issue-schemas.js';
import {
  ZChecklistListResponseSchema,
  ZChecklistSchema,
  ZChecklistTemplateListQuerySchema,
  ZChecklistTemplateListResponseSchema,
  ZChecklistTemplateSchema,
  ZConvertChecklistItemRequestSchema,
  ZCreateChecklistItemRequestSchema,
  ZCreateChecklistRequestSchema,
  ZCreateChecklistTemplateRequestSchema,
  ZSaveChecklistAsTemplateRequestSchema,
  ZUpdateChecklistItemRequestSchema,
  ZUpdateChecklistRequestSchema,
  ZUpdateChecklistTemplateRequestSchema,
} from './checklist.js';

const tags = ['Checklists'];
const ZChecklistParams = z.object({ id: ZIdParam, checklistId: ZIdParam });
const ZItemParams = ZChecklistParams.extend({ itemId: ZIdParam });
const checklistIds = { id: 'issue', checklistId: 'checklist' } as const;
const itemIds = { ...checklistIds, itemId: 'checklist_item' } as const;

/**
 * Checklists on issues and checklist templates (001 §7 Checklists). Template management paths
 * (not in the spec) follow the same resource style: checklist-templates[/{id}]. Every checklist
 * change, ticks included, needs edit permission on the issue; templates are kept by admins and
 * workspace managers and read by everyone of the organisation.
 */
export const checklistContracts = {
  list: defineContract({
    method: 'GET',
    path: '/issue/:id/checklists',
    caller: 'user',
    ids: { id: 'issue' },
    params: ZIdParamsSchema,
    response: ZChecklistListResponseSchema,
    tags,
    summary: 'Checklists of an issue with their items, in order',
  }),
  create: defineContract({
    method: 'POST',
    path: '/issue/:id/checklists',
    caller: 'user',
    ids: { id: 'issue' },
    params: ZIdParamsSchema,
    body: ZCreateChecklistRequestSchema,
    response: ZChecklistSchema,
    tags,
    summary: 'Add a checklist (optionally with items) to an issue; needs edit permission',
  }),
  update: defineContract({
    method: 'PUT',
    path: '/issue/:id/checklists/:checklistId',
    caller: 'user',
    ids: checklistIds,
    params: ZChecklistParams,
    body: ZUpdateChecklistRequestSchema,
    response: ZChecklistSchema,
    tags,
    summary: 'Rename a checklist or move it among the issue’s checklists',
  }),
  remove: defineContract({
    method: 'DELETE',
    path: '/issue/:id/checklists/:checklistId',
    caller: 'user',
    ids: checklistIds,
    params: ZChecklistParams,
    response: ZSuccessResponseSchema,
    tags,
    summary: 'Delete a checklist with its items',
  }),
  addItem: defineContract({
    method: 'POST',
    path: '/issue/:id/checklist/:checklistId/items',
    caller: 'user',
    ids: checklistIds,
    params: ZChecklistParams,
    body: ZCreateChecklistItemRequestSchema,
    response: ZChecklistSchema,
    // A checklist holds at most CHECKLIST_ITEMS_MAX items.
    errors: ['too_long'],
    tags,
    summary: 'Add an item (at the end, or at index); answers the whole checklist',
  }),
  updateItem: defineContract({
    method: 'PUT',
    path: '/issue/:id/checklist/:checklistId/items/:itemId',
    caller: 'user',
    ids: itemIds,
    params: ZItemParams,
    body: ZUpdateChecklistItemRequestSchema,
    response: ZChecklistSchema,
    tags,
    summary: 'Edit, tick (status_id) or move (index) an item; answers the whole checklist',
  }),
  removeItem: defineContract({
    method: 'DELETE',
    path: '/issue/:id/checklist/:checklistId/items/:itemId',
    caller: 'user',
    ids: itemIds,
    params: ZItemParams,
    response: ZChecklistSchema,
    tags,
    summary: 'Delete an item; answers the whole checklist',
  }),
  uploadToItem: defineContract({
    method: 'POST',
    path: '/issue/:id/checklist/:checklistId/items/:itemId/upload',
    caller: 'user',
    ids: itemIds,
    params: ZItemParams,
    response: ZChecklistSchema,
    multipart: true,
    errors: UPLOAD_ERROR_KEYS,
    tags,
    summary:
      'Attach files to an item (multipart: attachments[n][file], attachments[n][description]; the issue upload rules). Answers the whole checklist',
  }),
  convertItem: defineContract({
    method: 'POST',
    path: '/convert-checklist-item-to-issue-or-subtask/:checklistItemId',
    caller: 'user',
    ids: { checklistItemId: 'checklist_item' },
    params: z.object({ checklistItemId: ZIdParam }),
    body: ZConvertChecklistItemRequestSchema,
    response: ZIssueSchema,
    // The new issue passes the issue form rules (000 §5) like any other.
    errors: [
      'workspace_required',
      'invalid_parent',
      'title_too_short',
      'too_long',
      'description_too_short',
      'asset_required',
      'process_nr_required',
      'assignee_required',
    ],
    tags,
    summary:
      'Turn an item into an issue (type issue) or a sub-issue of the checklist’s issue (type subtask); the item leaves the checklist',
  }),
  saveAsTemplate: defineContract({
    method: 'POST',
    path: '/checklist-templates/save-checklist-as-template/:id',
    caller: 'user',
    ids: { id: 'checklist' },
    params: ZIdParamsSchema,
    body: ZSaveChecklistAsTemplateRequestSchema,
    response: ZChecklistTemplateSchema,
    tags,
    summary: 'Save a checklist as a template of the organisation (admins and managers)',
  }),
  assignTemplate: defineContract({
    method: 'POST',
    path: '/issue/:id/assign-checklist-from-template/:checklistTemplateId',
    caller: 'user',
    ids: { id: 'issue', checklistTemplateId: 'checklist_template' },
    params: z.object({ id: ZIdParam, checklistTemplateId: ZIdParam }),
    response: ZChecklistSchema,
    tags,
    summary: 'Add a checklist made from a template to an issue; needs edit permission',
  }),
};

/** Checklist templates (001 §2 list, §7): the organisation's reusable checklists. */
export const checklistTemplateContracts = {
  list: defineContract({
    method: 'GET',
    path: '/checklist-templates',
    caller: 'user',
    ids: {},
    query: ZChecklistTemplateListQuerySchema,
    response: ZChecklistTemplateListResponseSchema,
    tags,
    summary: 'Checklist templates of the organisation, paged (category filter, sort updated desc)',
  }),
  create: defineContract({
    method: 'POST',
    path: '/checklist-templates',
    caller: 'user',
    ids: {},
    body: ZCreateChecklistTemplateRequestSchema,
    response: ZChecklistTemplateSchema,
    tags,
    summary: 'Create a checklist template (admins and managers)',
  }),
  get: defineContract({
    method: 'GET',
    path: '/checklist-templates/:id',
    caller: 'user',
    ids: { id: 'checklist_template' },
    params: ZIdParamsSchema,
    response: ZChecklistTemplateSchema,
    tags,
    summary: 'One checklist template with its items',
  }),
  update: defineContract({
    method: 'PUT',
    path: '/checklist-templates/:id',
    caller: 'user',
    ids: { id: 'checklist_template' },
    params: ZIdParamsSchema,
    body: ZUpdateChecklistTemplateRequestSchema,
    response: ZChecklistTemplateSchema,
    tags,
    summary: 'Rename, recategorise or replace the items of a template (admins and managers)',
  }),
  remove: defineContract({
    method: 'DELETE',
    path: '/checklist-templates/:id',
    caller: 'user',
    ids: { id: 'checklist_template' },
    params: ZIdParamsSchema,
    response: ZSuccessResponseSchema,
    tags,
    summary: 'Delete a template (admins and managers); checklists made from it stay',
  }),
};
