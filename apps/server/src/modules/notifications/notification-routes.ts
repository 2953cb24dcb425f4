import { notificationContracts as contracts } from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/contract-route.js';
import { pathOf } from '../issues/issue-route-common.js';
import {
  getPreferences,
  listNotifications,
  markRead,
  markUnread,
  notificationState,
  pauseNotifications,
  unpauseNotifications,
  updatePreferences,
} from './notification-service.js';

/** 000 §7 "Users and notifications" (issue 20): the caller's own notifications, pause and preferences. */
export function notificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, contracts.list, ({ auth, query, request }) =>
    listNotifications(ctx, auth, query, pathOf(request)),
  );
  route(app, ctx, contracts.state, ({ auth }) => notificationState(ctx, auth));
  route(app, ctx, contracts.pause, ({ auth, body }) => pauseNotifications(ctx, auth, body.pause_for));
  route(app, ctx, contracts.unpause, ({ auth }) => unpauseNotifications(ctx, auth));
  route(app, ctx, contracts.markUnread, ({ auth, params }) => markUnread(ctx, auth, params.id));
  route(app, ctx, contracts.markRead, ({ auth, body }) => markRead(ctx, auth, body.ids));
  route(app, ctx, contracts.preferences, ({ auth }) => getPreferences(ctx, auth));
  route(app, ctx, contracts.updatePreferences, ({ auth, body }) =>
    updatePreferences(ctx, auth, body.preferences),
  );
}
