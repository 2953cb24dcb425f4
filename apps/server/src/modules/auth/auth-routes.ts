import { authContracts } from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/contract-route.js';
import {
  activateAccount,
  changePassword,
  forgotPassword,
  login,
  logout,
  resetPassword,
  sendLoginLink,
  signup,
  tokenLogin,
} from './auth-service.js';

const success = { success: true as const };

/** Logging in and out (000 §4, §7); failed logins are throttled by address and IP (throttle.ts). */
export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, authContracts.login, ({ body, request }) => login(ctx, body, request.ip));
  route(app, ctx, authContracts.signup, ({ body }) => signup(ctx, body));
  route(app, ctx, authContracts.forgotPassword, async ({ body }) => {
    await forgotPassword(ctx, body.email);
    return success;
  });
  route(app, ctx, authContracts.resetPassword, ({ body }) => resetPassword(ctx, body));
  route(app, ctx, authContracts.loginLink, async ({ body }) => {
    await sendLoginLink(ctx, body.email);
    return success;
  });
  route(app, ctx, authContracts.tokenLogin, ({ body }) => tokenLogin(ctx, body.token));
  route(app, ctx, authContracts.activate, ({ body }) => activateAccount(ctx, body));
  route(app, ctx, authContracts.changePassword, async ({ auth, body }) => {
    await changePassword(ctx, auth, body);
    return success;
  });
  route(app, ctx, authContracts.logout, async ({ auth }) => {
    await logout(ctx, auth.tokenId);
    return success;
  });
}
