import { collaborationContracts as contracts } from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/contract-route.js';
import { AppError } from '../../http/errors.js';
import { answerCollaborationInvite, readCollaborationInvite } from './collaboration-action-service.js';
import { checkCollaborationEmail, createCollaborations } from './collaboration-invites.js';
import * as collaborations from './collaboration-service.js';

export function collaborationRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, contracts.checkEmail, ({ auth, body }) => checkCollaborationEmail(ctx, auth, body.email));

  route(app, ctx, contracts.create, async ({ auth, body }) => {
    const { email, company_alias, ...rest } = body;
    const [created] = await createCollaborations(
      ctx,
      auth,
      { ...rest, entries: [{ email, company_alias }] },
      () => 'email',
    );
    if (!created) throw new AppError(500, 'general_error', 'The invitation was not created');
    return created;
  });

  route(app, ctx, contracts.createMultiple, async ({ auth, body }) => {
    const { new_collaborations, ...rest } = body;
    const created = await createCollaborations(
      ctx,
      auth,
      { ...rest, entries: new_collaborations },
      (index) => `new_collaborations.${index}.email`,
    );
    return { success: true as const, new_collaborations: created };
  });

  route(app, ctx, contracts.list, ({ auth, query }) => collaborations.listCollaborations(ctx, auth, query));
  route(app, ctx, contracts.names, ({ auth }) => collaborations.listCollaborationNames(ctx, auth));
  route(app, ctx, contracts.simple, ({ auth }) => collaborations.listCollaborationsSimple(ctx, auth));
  route(app, ctx, contracts.detail, ({ auth, params }) =>
    collaborations.getCollaboration(ctx, auth, params.id),
  );
  route(app, ctx, contracts.workspaces, ({ auth, params, query }) =>
    collaborations.getCollaborationWorkspaces(ctx, auth, params.id, query.include_subws === '1'),
  );
  route(app, ctx, contracts.users, ({ auth, params }) =>
    collaborations.getCollaborationUsers(ctx, auth, params.id),
  );
  route(app, ctx, contracts.update, ({ auth, params, body }) =>
    collaborations.updateCollaboration(ctx, auth, params.id, body),
  );
  route(app, ctx, contracts.uploadLogo, ({ auth, params, request }) =>
    collaborations.uploadCollaborationLogo(ctx, auth, params.id, request),
  );

  for (const [contract, mode] of [
    [contracts.replaceWorkspaces, 'replace'],
    [contracts.addWorkspaces, 'add'],
    [contracts.removeWorkspaces, 'remove'],
  ] as const) {
    route(app, ctx, contract, ({ auth, params, body }) =>
      collaborations.changeSharedWorkspaces(ctx, auth, params.id, mode, body.workspace_ids),
    );
  }

  route(app, ctx, contracts.syncUsers, ({ auth, params, body }) =>
    collaborations.syncCollaborationUsers(ctx, auth, params.collabId, params.workspaceId, body),
  );
  route(app, ctx, contracts.reinvite, ({ auth, params }) =>
    collaborations.reinviteCollaboration(ctx, auth, params.id),
  );
  route(app, ctx, contracts.remove, async ({ auth, params }) => {
    await collaborations.deleteCollaboration(ctx, auth, params.id);
    return { success: true as const };
  });

  route(app, ctx, contracts.actionInfo, ({ query }) => readCollaborationInvite(ctx, query.token));
  route(app, ctx, contracts.answer, ({ body }) => answerCollaborationInvite(ctx, body));
}
