import { checklistContracts, checklistTemplateContracts, issuePermissions } from '@workbench/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/contract-route.js';
import { forbidden } from '../../http/errors.js';
import { readsUploadForm, uploadFormOf } from '../attachments/upload-form-hook.js';
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

/** The path of a list call as the web sees it, for the envelope's page links. */
const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? request.url;

/**
 * Checklists on issues and checklist templates (001 §7 Checklists). Template management paths
 * (not in the spec) follow the same resource style: checklist-templates[/{id}].
 */
export function checklistRoutes(app: FastifyInstance, ctx: AppContext): void {
  const c = checklistContracts;
  route(app, ctx, c.list, ({ auth, params }) => listChecklists(ctx, auth, params.id));
  route(app, ctx, c.create, ({ auth, params, body }) => createChecklist(ctx, auth, params.id, body));
  route(app, ctx, c.update, ({ auth, params, body }) =>
    updateChecklist(ctx, auth, params.id, params.checklistId, body),
  );
  route(app, ctx, c.remove, ({ auth, params }) => deleteChecklist(ctx, auth, params.id, params.checklistId));
  route(app, ctx, c.addItem, ({ auth, params, body }) =>
    createChecklistItem(ctx, auth, params.id, params.checklistId, body),
  );
  route(app, ctx, c.updateItem, ({ auth, params, body }) =>
    updateChecklistItem(ctx, auth, params.id, params.checklistId, params.itemId, body),
  );
  route(app, ctx, c.removeItem, ({ auth, params }) =>
    deleteChecklistItem(ctx, auth, params.id, params.checklistId, params.itemId),
  );
  route(
    app,
    ctx,
    c.uploadToItem,
    ({ auth, params, request }) =>
      uploadToChecklistItem(
        ctx,
        auth,
        { issueId: params.id, checklistId: params.checklistId, itemId: params.itemId },
        uploadFormOf(request),
      ),
    {
      // Callers who may not edit the issue are refused before their files are read.
      preValidation: readsUploadForm(async (auth, issueId) => {
        const loaded = await loadIssue(ctx.db, auth, issueId);
        if (!issuePermissions(loaded.rules).can_edit)
          throw forbidden('You may not change the checklists of this issue');
      }),
    },
  );
  route(app, ctx, c.convertItem, ({ auth, params, body }) =>
    convertChecklistItem(ctx, auth, params.checklistItemId, body),
  );
  route(app, ctx, c.saveAsTemplate, ({ auth, params, body }) =>
    saveChecklistAsTemplate(ctx, auth, params.id, body),
  );
  route(app, ctx, c.assignTemplate, ({ auth, params }) =>
    assignChecklistFromTemplate(ctx, auth, params.id, params.checklistTemplateId),
  );

  const t = checklistTemplateContracts;
  route(app, ctx, t.list, ({ auth, query, request }) =>
    listChecklistTemplates(ctx, auth, query, pathOf(request)),
  );
  route(app, ctx, t.create, ({ auth, body }) => createChecklistTemplate(ctx, auth, body));
  route(app, ctx, t.get, ({ auth, params }) => getChecklistTemplate(ctx, auth, params.id));
  route(app, ctx, t.update, ({ auth, params, body }) => updateChecklistTemplate(ctx, auth, params.id, body));
  route(app, ctx, t.remove, ({ auth, params }) => deleteChecklistTemplate(ctx, auth, params.id));
}
