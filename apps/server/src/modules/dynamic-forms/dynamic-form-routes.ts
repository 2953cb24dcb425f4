import { dynamicFormContracts as contracts } from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/contract-route.js';
import {
  deleteForm,
  getEntityForm,
  getWorkspaceForm,
  saveWorkspaceForm,
  storeForm,
  updateForm,
} from './dynamic-form-service.js';
import { uploadFormPhotos } from './dynamic-form-uploads.js';

/** Dynamic forms (000 §7, 001 §7, issue 22): a workspace's design, issues' and schedules' filled forms, photo uploads. */
export function dynamicFormRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, contracts.workspaceForm, ({ auth, params }) => getWorkspaceForm(ctx, auth, params.id));
  route(app, ctx, contracts.saveWorkspaceForm, ({ auth, params, body }) =>
    saveWorkspaceForm(ctx, auth, params.id, body),
  );
  route(app, ctx, contracts.issueForm, ({ auth, params }) =>
    getEntityForm(ctx, auth, 'issue', params.issueId),
  );
  route(app, ctx, contracts.storeIssueForm, ({ auth, params, body }) =>
    storeForm(ctx, auth, 'issue', params.issueId, body.form),
  );
  route(app, ctx, contracts.updateIssueForm, ({ auth, params, body }) =>
    updateForm(ctx, auth, 'issue', params.formId, body.form),
  );
  route(app, ctx, contracts.deleteIssueForm, ({ auth, params }) =>
    deleteForm(ctx, auth, 'issue', params.formId),
  );
  route(app, ctx, contracts.scheduleForm, ({ auth, params }) =>
    getEntityForm(ctx, auth, 'schedule', params.scheduleId),
  );
  route(app, ctx, contracts.storeScheduleForm, ({ auth, params, body }) =>
    storeForm(ctx, auth, 'schedule', params.scheduleId, body.form),
  );
  route(app, ctx, contracts.updateScheduleForm, ({ auth, params, body }) =>
    updateForm(ctx, auth, 'schedule', params.formId, body.form),
  );
  route(app, ctx, contracts.deleteScheduleForm, ({ auth, params }) =>
    deleteForm(ctx, auth, 'schedule', params.formId),
  );
  route(app, ctx, contracts.uploadAttachments, ({ auth, request }) => uploadFormPhotos(ctx, auth, request));
}
