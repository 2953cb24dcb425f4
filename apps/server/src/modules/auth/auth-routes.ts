import {
  ZActivateRequestSchema,
  ZChangePasswordRequestSchema,
  ZForgotPasswordRequestSchema,
  ZLoginRequestSchema,
  ZLoginResponseSchema,
  ZResetPasswordRequestSchema,
  ZSignupRequestSchema,
  ZSuccessResponseSchema,
  ZTokenLoginRequestSchema,
} from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authOf, requireUser } from '../../http/authenticate.js';
import { errorResponses, typed } from '../../http/route-helpers.js';
import * as auth from './auth-service.js';

const tags = ['Authentication'];

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const loggedIn = requireUser(ctx);

  r.post(
    '/auth/login',
    {
      schema: {
        tags,
        summary: 'Log in with e-mail and password',
        body: ZLoginRequestSchema,
        response: { 200: ZLoginResponseSchema, ...errorResponses(401, 403, 422, 429) },
      },
    },
    (request) => auth.login(ctx, request.body, request.ip),
  );

  r.post(
    '/auth/signup',
    {
      schema: {
        tags,
        summary: 'Create an organisation with this person as its admin, and log in',
        body: ZSignupRequestSchema,
        response: { 201: ZLoginResponseSchema, ...errorResponses(409, 422) },
      },
    },
    async (request, reply) => reply.status(201).send(await auth.signup(ctx, request.body)),
  );

  r.post(
    '/auth/forgot_password',
    {
      schema: {
        tags,
        summary: 'Mail a password reset link (same answer whether the address exists or not)',
        body: ZForgotPasswordRequestSchema,
        response: { 200: ZSuccessResponseSchema, ...errorResponses(422) },
      },
    },
    async (request) => {
      await auth.forgotPassword(ctx, request.body.email);
      return { success: true as const };
    },
  );

  r.post(
    '/auth/reset_password',
    {
      schema: {
        tags,
        summary: 'Set a new password with the token from the reset link, and log in',
        body: ZResetPasswordRequestSchema,
        response: { 200: ZLoginResponseSchema, ...errorResponses(400, 422) },
      },
    },
    (request) => auth.resetPassword(ctx, request.body),
  );

  r.post(
    '/auth/login_link',
    {
      schema: {
        tags,
        summary: 'Mail a one-time login link (same answer whether the address exists or not)',
        body: ZForgotPasswordRequestSchema,
        response: { 200: ZSuccessResponseSchema, ...errorResponses(422) },
      },
    },
    async (request) => {
      await auth.sendLoginLink(ctx, request.body.email);
      return { success: true as const };
    },
  );

  r.post(
    '/auth/tokenlogin',
    {
      schema: {
        tags,
        summary: 'Log in with a one-time login link token',
        body: ZTokenLoginRequestSchema,
        response: { 200: ZLoginResponseSchema, ...errorResponses(400, 422) },
      },
    },
    (request) => auth.tokenLogin(ctx, request.body.token),
  );

  r.post(
    '/users/activate',
    {
      schema: {
        tags,
        summary: 'Activate an invited account: choose a password, and log in',
        body: ZActivateRequestSchema,
        response: { 200: ZLoginResponseSchema, ...errorResponses(400, 422) },
      },
    },
    (request) => auth.activateAccount(ctx, request.body),
  );

  r.post(
    '/auth/change_password',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary: "Change the logged-in user's password; other sessions are logged out",
        security: [{ bearer: [] }],
        body: ZChangePasswordRequestSchema,
        response: { 200: ZSuccessResponseSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => {
      await auth.changePassword(ctx, authOf(request), request.body);
      return { success: true as const };
    },
  );

  r.post(
    '/auth/logout',
    {
      onRequest: loggedIn,
      schema: {
        tags,
        summary: 'Log out: the token stops working',
        security: [{ bearer: [] }],
        response: { 200: ZSuccessResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      await auth.logout(ctx, authOf(request).tokenId);
      return { success: true as const };
    },
  );
}
