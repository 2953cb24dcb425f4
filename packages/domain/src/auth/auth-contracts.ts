import { defineContract } from '../contracts/contract.js';
import { AUTH_MAIL_MAX_PER_ADDRESS, AUTH_MAIL_MAX_PER_IP } from '../limits.js';
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
} from './auth.js';

const tags = ['Authentication'];

const MAIL_REQUEST_LIMITS =
  `At most ${AUTH_MAIL_MAX_PER_ADDRESS} mails of a kind per address and hour: further requests answer ` +
  `the same and send nothing. At most ${AUTH_MAIL_MAX_PER_IP} requests per IP and hour: then 429 ` +
  'too_many_attempts with Retry-After. The mail is sent after the answer, which takes the same time ' +
  'for any address.';

/**
 * Logging in and out (000 §4, §7). Everything but changing the password and logging out is
 * called without a login, so the web sends no token with them.
 */
export const authContracts = {
  login: defineContract({
    method: 'POST',
    path: '/auth/login',
    caller: 'public',
    ids: {},
    body: ZLoginRequestSchema,
    response: ZLoginResponseSchema,
    errors: ['incorrect_email_or_password', 'account_not_active', 'too_many_attempts'],
    tags,
    summary: 'Log in with e-mail and password',
    errorStatuses: [401, 403, 429],
    description:
      'Failed logins are counted per account and IP, or per account and known device (the wb_device ' +
      'cookie this call sets after a login). After a few failures each further try waits longer ' +
      '(1 s, 2 s, 4 s, … up to 15 minutes): 429 too_many_attempts with Retry-After. Failures from ' +
      'elsewhere never hold up a known device. The answer is never cached (Cache-Control: no-store).',
  }),
  signup: defineContract({
    method: 'POST',
    path: '/auth/signup',
    caller: 'public',
    ids: {},
    body: ZSignupRequestSchema,
    response: ZLoginResponseSchema,
    status: 201,
    errors: ['user_already_exists', 'too_many_attempts'],
    tags,
    summary: 'Create an organisation with this person as its admin, and log in',
    errorStatuses: [409, 429],
    description:
      'Each 409 user_already_exists counts against the caller’s IP like a failed login: after too ' +
      'many, 429 too_many_attempts with Retry-After.',
  }),
  forgotPassword: defineContract({
    method: 'POST',
    path: '/auth/forgot_password',
    caller: 'public',
    ids: {},
    body: ZForgotPasswordRequestSchema,
    response: ZSuccessResponseSchema,
    errors: ['too_many_attempts'],
    errorStatuses: [429],
    tags,
    summary: 'Mail a password reset link (same answer whether the address exists or not)',
    description: MAIL_REQUEST_LIMITS,
  }),
  resetPassword: defineContract({
    method: 'POST',
    path: '/auth/reset_password',
    caller: 'public',
    ids: {},
    body: ZResetPasswordRequestSchema,
    response: ZLoginResponseSchema,
    errors: ['invalid_token'],
    tags,
    summary: 'Set a new password with the token from the reset link, and log in',
    errorStatuses: [400],
  }),
  loginLink: defineContract({
    method: 'POST',
    path: '/auth/login_link',
    caller: 'public',
    ids: {},
    body: ZForgotPasswordRequestSchema,
    response: ZSuccessResponseSchema,
    errors: ['too_many_attempts'],
    errorStatuses: [429],
    tags,
    summary: 'Mail a one-time login link (same answer whether the address exists or not)',
    description: MAIL_REQUEST_LIMITS,
  }),
  tokenLogin: defineContract({
    method: 'POST',
    path: '/auth/tokenlogin',
    caller: 'public',
    ids: {},
    body: ZTokenLoginRequestSchema,
    response: ZLoginResponseSchema,
    errors: ['invalid_token'],
    tags,
    summary: 'Log in with a one-time login link token',
    errorStatuses: [400],
  }),
  activate: defineContract({
    method: 'POST',
    path: '/users/activate',
    caller: 'public',
    ids: {},
    body: ZActivateRequestSchema,
    response: ZLoginResponseSchema,
    errors: ['invalid_token'],
    tags,
    summary: 'Activate an invited account: choose a password, and log in',
    errorStatuses: [400],
  }),
  changePassword: defineContract({
    method: 'POST',
    path: '/auth/change_password',
    caller: 'user',
    ids: {},
    body: ZChangePasswordRequestSchema,
    response: ZSuccessResponseSchema,
    errors: ['wrong_password'],
    tags,
    summary: "Change the logged-in user's password; other sessions are logged out",
  }),
  logout: defineContract({
    method: 'POST',
    path: '/auth/logout',
    caller: 'user',
    ids: {},
    response: ZSuccessResponseSchema,
    tags,
    summary: 'Log out: the token stops working',
  }),
};
