import { z } from 'zod';
import { isTimeZone } from '../client/client-settings.js';
import { UI_LANGUAGES } from '../i18n/languages.js';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, TEXT_FIELD_MAX } from '../limits.js';
import { ZSessionUserSchema } from '../users/user.js';
import { EMAIL_PATTERN } from './email.js';

/** Field error keys are the messages, so server and web report the same key for a field. */
export const ZEmail = z
  .string({ error: 'required' })
  .trim()
  .toLowerCase()
  .min(1, 'required')
  .max(EMAIL_MAX, 'invalid_format')
  .regex(EMAIL_PATTERN, 'invalid_format');

export const ZNewPassword = z
  .string({ error: 'required' })
  .min(PASSWORD_MIN, 'too_short')
  .max(PASSWORD_MAX, 'too_long');

const ZName = z.string({ error: 'required' }).trim().max(TEXT_FIELD_MAX, 'too_long');
const ZRequiredName = ZName.min(1, 'required');
const ZToken = z.string({ error: 'required' }).min(10, 'invalid_token').max(200, 'invalid_token');

export const ZLoginRequestSchema = z.object({
  email: ZEmail,
  password: z.string({ error: 'required' }).min(1, 'required').max(PASSWORD_MAX, 'too_long'),
  remember_me: z.boolean().optional().default(false),
});
export type LoginRequest = z.input<typeof ZLoginRequestSchema>;

export const ZLoginResponseSchema = z
  .object({
    token: z.string(),
    expires_at: z.string().describe('ISO time after which the token answers 403'),
    user: ZSessionUserSchema,
  })
  .meta({ id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof ZLoginResponseSchema>;

export const ZSignupRequestSchema = z.object({
  company_name: z.string({ error: 'required' }).trim().min(2, 'too_short').max(TEXT_FIELD_MAX, 'too_long'),
  first_name: ZRequiredName,
  last_name: ZRequiredName,
  email: ZEmail,
  password: ZNewPassword,
  language: z.enum(UI_LANGUAGES, { error: 'unsupported_language' }).optional(),
  /** The browser's IANA time zone: the organisation's until an admin changes it (schedules use it). */
  time_zone: z.string().max(64, 'too_long').refine(isTimeZone, 'invalid_time_zone').optional(),
});
export type SignupRequest = z.input<typeof ZSignupRequestSchema>;

export const ZForgotPasswordRequestSchema = z.object({ email: ZEmail });
export type ForgotPasswordRequest = z.input<typeof ZForgotPasswordRequestSchema>;

export const ZResetPasswordRequestSchema = z.object({ token: ZToken, password: ZNewPassword });
export type ResetPasswordRequest = z.input<typeof ZResetPasswordRequestSchema>;

export const ZActivateRequestSchema = z.object({
  token: ZToken,
  password: ZNewPassword,
  first_name: ZRequiredName.optional(),
  last_name: ZRequiredName.optional(),
});
export type ActivateRequest = z.input<typeof ZActivateRequestSchema>;

export const ZTokenLoginRequestSchema = z.object({ token: ZToken });
export type TokenLoginRequest = z.input<typeof ZTokenLoginRequestSchema>;

export const ZChangePasswordRequestSchema = z.object({
  current_password: z.string({ error: 'required' }).min(1, 'required').max(PASSWORD_MAX, 'too_long'),
  password: ZNewPassword,
});
export type ChangePasswordRequest = z.input<typeof ZChangePasswordRequestSchema>;

/** Answer of calls that only confirm (forgot password, logout, ...). */
export const ZSuccessResponseSchema = z.object({ success: z.literal(true) }).meta({ id: 'Success' });
