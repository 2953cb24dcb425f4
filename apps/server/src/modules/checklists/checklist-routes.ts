import {
  ISSUE_DB_ID_MAX,
  issuePermissions,
  ZChecklistListResponseSchema,
  ZChecklistSchema,
  ZChecklistTemplateListQuerySchema,
  ZChecklistTemplateListResponseSchema,
  ZChecklistTemplateSchema,
  ZConvertChecklistItemRequestSchema,
  ZCreateChecklistItemRequestSchema,
  ZCreateChecklistRequestSchema,
  ZCreateChecklistTemplateRequestSchema,
  ZIssueSchema,
  ZSaveChecklistAsTemplateRequestSchema,
  ZSuccessResponseSchema,
  ZUpdateChecklistItemRequestSchema,
  ZUpdateChecklistRequestSchema,
  ZUpdateChecklistTemplateRequestSchema,
} from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { authOf, requireUser } from '../../http/authenticate.js';
import { forbidden } from '../../http/errors.js';
import { errorResponses, typed } from '../../http/route-helpers.js';
import { readUploadForm } from '../attachments/attachment-upload.js';
import { loadIssue } from '../issues/issue-context.js';
import {
  convertChecklistItem,
  createChecklist,
  createChecklistItem,
  deleteChecklist,
  deleteChecklistItem,
  listChecklists,
  updateChecklist,
  updateChecklistItem,
  uploadToChecklistItem,
} from './checklist-service.js';
import {
  assignChecklistFromTemplate,
  createChecklistTemplate,
  deleteChecklistTemplate,
  getChecklistTemplate,
  listChecklistTemplates,
  saveChecklistAsTemplate,
  updateChecklistTemplate,
} from './checklist-template-service.js';

const tags = ['Checklists'];
const security = [{ bearer: [] }];
const ZDbId = z.coerce.number().int().positive().max(ISSUE_DB_ID_MAX);
const ZIssueChecklistParams = z.object({ id: ZDbId, checklistId: ZDbId });
const ZItemParams = ZIssueChecklistParams.extend({ itemId: ZDbId });
const issueChecklistIds = { ids: { id: 'issue' as const, checklistId: 'checklist' as const } };
const itemIds = {
  ids: { id: 'issue' as const, checklistId: 'checklist' as const, itemId: 'checklist_item' as const },
};
const templateIds = { ids: { id: 'checklist_template' as const } };
const pathOf = (url: string) => url.split('?')[0] ?? url;

/**
 * Checklists on issues and checklist templates (001 §7 Checklists). Template management paths
 * (not in the spec) follow the same resource style: checklist-templates[/{id}].
 */
export function checklistRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const loggedIn = requireUser(ctx);

  r.get(
    '/issue/:id/checklists',
    {
      onRequest: loggedIn,
      config: { ids: { id: 'issue' as const } },
      schema: {
        tags,
        summary: 'Checklists of an issue with their items, in order',
        security,
        params: z.object({ id: ZDbId }),
        response: { 200: ZChecklistListResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => listChecklists(ctx, authOf(request), request.params.id),
  );

  r.post(
    '/issue/:id/checklists',
    {
      onRequest: loggedIn,
      config: { ids: { id: 'issue' as const } },
      schema: {
        tags,
        summary: 'Add a checklist (optionally with items) to an issue; needs edit permission',
        security,
        params: z.object({ id: ZDbId }),
        body: ZCreateChecklistRequestSchema,
        response: { 200: ZChecklistSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => createChecklist(ctx, authOf(request), request.params.id, request.body),
  );

  r.put(
    '/issue/:id/checklists/:checklistId',
    {
      onRequest: loggedIn,
      config: issueChecklistIds,
      schema: {
        tags,
        summary: 'Rename a checklist or move it among the issue’s checklists',
        security,
        params: ZIssueChecklistParams,
        body: ZUpdateChecklistRequestSchema,
        response: { 200: ZChecklistSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) =>
      updateChecklist(ctx, authOf(request), request.params.id, request.params.checklistId, request.body),
  );

  r.delete(
    '/issue/:id/checklists/:checklistId',
    {
      onRequest: loggedIn,
      config: issueChecklistIds,
      schema: {
        tags,
        summary: 'Delete a checklist with its items',
        security,
        params: ZIssueChecklistParams,
        response: { 200: ZSuccessResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => deleteChecklist(ctx, authOf(request), request.params.id, request.params.checklistId),
  );

  r.post(
    '/issue/:id/checklist/:checklistId/items',
    {
      onRequest: loggedIn,
      config: issueChecklistIds,
      schema: {
        tags,
        summary: 'Add an item (at the end, or at index); answers the whole checklist',
        security,
        params: ZIssueChecklistParams,
        body: ZCreateChecklistItemRequestSchema,
        response: { 200: ZChecklistSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) =>
      createChecklistItem(ctx, authOf(request), request.params.id, request.params.checklistId, request.body),
  );

  r.put(
    '/issue/:id/checklist/:checklistId/items/:itemId',
    {
      onRequest: loggedIn,
      config: itemIds,
      schema: {
        tags,
        summary: 'Edit, tick (status_id) or move (index) an item; answers the whole checklist',
        security,
        params: ZItemParams,
        body: ZUpdateChecklistItemRequestSchema,
        response: { 200: ZChecklistSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) =>
      updateChecklistItem(
        ctx,
        authOf(request),
        request.params.id,
        request.params.checklistId,
        request.params.itemId,
        request.body,
      ),
  );

  r.delete(
    '/issue/:id/checklist/:checklistId/items/:itemId',
    {
      onRequest: loggedIn,
      config: itemIds,
      schema: {
        tags,
        summary: 'Delete an item; answers the whole checklist',
        security,
        params: ZItemParams,
        response: { 200: ZChecklistSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) =>
      deleteChecklistItem(
        ctx,
        authOf(request),
        request.params.id,
        request.params.checklistId,
        request.params.itemId,
      ),
  );

  r.post(
    '/issue/:id/checklist/:checklistId/items/:itemId/upload',
    {
      onRequest: loggedIn,
      config: itemIds,
      // Callers who may not edit the issue are refused before their files are read.
      preValidation: async (request) => {
        const id = Number((request.params as { id: unknown }).id);
        if (!Number.isSafeInteger(id) || id <= 0) return;
        const loaded = await loadIssue(ctx.db, authOf(request), id);
        if (!issuePermissions(loaded.rules).can_edit)
          throw forbidden('You may not change the checklists of this issue');
      },
      schema: {
        tags,
        summary:
          'Attach files to an item (multipart: attachments[n][file], attachments[n][description]; the issue upload rules). Answers the whole checklist',
        security,
        consumes: ['multipart/form-data'],
        params: ZItemParams,
        response: { 200: ZChecklistSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const form = await readUploadForm(request);
      return uploadToChecklistItem(
        ctx,
        authOf(request),
        {
          issueId: request.params.id,
          checklistId: request.params.checklistId,
          itemId: request.params.itemId,
        },
        form,
      );
    },
  );

  r.post(
    '/convert-checklist-item-to-issue-or-subtask/:checklistItemId',
    {
      onRequest: loggedIn,
      config: { ids: { checklistItemId: 'checklist_item' as const } },
      schema: {
        tags,
        summary:
          'Turn an item into an issue (type issue) or a sub-issue of the checklist’s issue (type subtask); the item leaves the checklist',
        security,
        params: z.object({ checklistItemId: ZDbId }),
        body: ZConvertChecklistItemRequestSchema,
        response: { 200: ZIssueSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => convertChecklistItem(ctx, authOf(request), request.params.checklistItemId, request.body),
  );

  r.post(
    '/checklist-templates/save-checklist-as-template/:id',
    {
      onRequest: loggedIn,
      config: { ids: { id: 'checklist' as const } },
      schema: {
        tags,
        summary: 'Save a checklist as a template of the organisation (admins and managers)',
        security,
        params: z.object({ id: ZDbId }),
        body: ZSaveChecklistAsTemplateRequestSchema,
        response: { 200: ZChecklistTemplateSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => saveChecklistAsTemplate(ctx, authOf(request), request.params.id, request.body ?? {}),
  );

  r.post(
    '/issue/:id/assign-checklist-from-template/:checklistTemplateId',
    {
      onRequest: loggedIn,
      config: { ids: { id: 'issue' as const, checklistTemplateId: 'checklist_template' as const } },
      schema: {
        tags,
        summary: 'Add a checklist made from a template to an issue; needs edit permission',
        security,
        params: z.object({ id: ZDbId, checklistTemplateId: ZDbId }),
        response: { 200: ZChecklistSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) =>
      assignChecklistFromTemplate(
        ctx,
        authOf(request),
        request.params.id,
        request.params.checklistTemplateId,
      ),
  );

  r.get(
    '/checklist-templates',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary: 'Checklist templates of the organisation, paged (category filter, sort updated desc)',
        security,
        querystring: ZChecklistTemplateListQuerySchema,
        response: { 200: ZChecklistTemplateListResponseSchema, ...errorResponses(401, 422) },
      },
    },
    (request) => listChecklistTemplates(ctx, authOf(request), request.query, pathOf(request.url)),
  );

  r.post(
    '/checklist-templates',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary: 'Create a checklist template (admins and managers)',
        security,
        body: ZCreateChecklistTemplateRequestSchema,
        response: { 200: ZChecklistTemplateSchema, ...errorResponses(401, 403, 422) },
      },
    },
    (request) => createChecklistTemplate(ctx, authOf(request), request.body),
  );

  r.get(
    '/checklist-templates/:id',
    {
      onRequest: loggedIn,
      config: templateIds,
      schema: {
        tags,
        summary: 'One checklist template with its items',
        security,
        params: z.object({ id: ZDbId }),
        response: { 200: ZChecklistTemplateSchema, ...errorResponses(401, 404, 422) },
      },
    },
    (request) => getChecklistTemplate(ctx, authOf(request), request.params.id),
  );

  r.put(
    '/checklist-templates/:id',
    {
      onRequest: loggedIn,
      config: templateIds,
      schema: {
        tags,
        summary: 'Rename, recategorise or replace the items of a template (admins and managers)',
        security,
        params: z.object({ id: ZDbId }),
        body: ZUpdateChecklistTemplateRequestSchema,
        response: { 200: ZChecklistTemplateSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => updateChecklistTemplate(ctx, authOf(request), request.params.id, request.body),
  );

  r.delete(
    '/checklist-templates/:id',
    {
      onRequest: loggedIn,
      config: templateIds,
      schema: {
        tags,
        summary: 'Delete a template (admins and managers); checklists made from it stay',
        security,
        params: z.object({ id: ZDbId }),
        response: { 200: ZSuccessResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => deleteChecklistTemplate(ctx, authOf(request), request.params.id),
  );
}
