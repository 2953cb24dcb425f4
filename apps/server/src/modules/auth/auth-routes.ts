import { authContracts, type LoginResponse } from '@workbench/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/contract-route.js';
import { recordSessionDevice } from '../sessions/session-service.js';
import { type AuthMailKind, requestAuthMail, wakeAuthMailWorker } from './auth-mail-requests.js';
import {
  activateAccount,
  changePassword,
  login,
  logout,
  resetPassword,
  signup,
  tokenLogin,
} from './auth-service.js';
import { presentedDeviceTokens, rememberDevice } from './devices.js';

const success = { success: true as const };

/**
 * Logging in and out (000 §4, §7). Failed logins and signups are throttled (throttle.ts); a
 * browser that logs in becomes a known device of that account (devices.ts); reset and login-link
 * mails are counted and queued (auth-mail-requests.ts). Answers carrying a token are never
 * cached (route(): Cache-Control no-store).
 */
export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  /** A session started in this browser: it is a known device of that account from now on. */
  const signedIn = async (request: FastifyRequest, reply: FastifyReply, answer: LoginResponse) => {
    await rememberDevice(ctx, request, reply, answer.user.id);
    await recordSessionDevice(ctx, answer.token, {
      userAgent: request.headers['user-agent'],
      ip: request.ip,
    });
    return answer;
  };
  /** Queues a mail request and answers; the queue is worked after the answer has gone. */
  const mailRequest = async (request: FastifyRequest, kind: AuthMailKind, email: string) => {
    await requestAuthMail(ctx, kind, email, request.ip);
    wakeAuthMailWorker(ctx);
    return success;
  };

  route(app, ctx, authContracts.login, async ({ body, request, reply }) =>
    signedIn(
      request,
      reply,
      await login(ctx, body, { ip: request.ip, deviceTokens: presentedDeviceTokens(request) }),
    ),
  );
  route(app, ctx, authContracts.signup, async ({ body, request, reply }) =>
    signedIn(request, reply, await signup(ctx, body, request.ip)),
  );
  route(app, ctx, authContracts.forgotPassword, ({ body, request }) =>
    mailRequest(request, 'password_reset', body.email),
  );
  route(app, ctx, authContracts.resetPassword, async ({ body, request, reply }) =>
    signedIn(request, reply, await resetPassword(ctx, body)),
  );
  route(app, ctx, authContracts.loginLink, ({ body, request }) =>
    mailRequest(request, 'login_link', body.email),
  );
  route(app, ctx, authContracts.tokenLogin, async ({ body, request, reply }) =>
    signedIn(request, reply, await tokenLogin(ctx, body.token)),
  );
  route(app, ctx, authContracts.activate, async ({ body, request, reply }) =>
    signedIn(request, reply, await activateAccount(ctx, body)),
  );
  route(app, ctx, authContracts.changePassword, async ({ auth, body }) => {
    await changePassword(ctx, auth, body);
    return success;
  });
  route(app, ctx, authContracts.logout, async ({ auth }) => {
    await logout(ctx, auth.tokenId);
    return success;
  });
}
