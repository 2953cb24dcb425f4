import { z } from 'zod';
import { UI_LANGUAGES } from '../i18n/languages.js';
import { PHONE_MAX, TEXT_FIELD_MAX } from '../limits.js';
import { ZUserSettingsPatchSchema } from './user.js';

/** What a user may change of their own profile (PUT user/me). */
export const ZUpdateOwnProfileRequestSchema = z.object({
  first_name: z.string().trim().min(1, 'required').max(TEXT_FIELD_MAX, 'too_long').optional(),
  last_name: z.string().trim().min(1, 'required').max(TEXT_FIELD_MAX, 'too_long').optional(),
  phone: z.string().trim().max(PHONE_MAX, 'too_long').nullable().optional(),
  language: z.enum(UI_LANGUAGES, { error: 'unsupported_language' }).optional(),
  settings: ZUserSettingsPatchSchema.optional(),
});
export type UpdateOwnProfileRequest = z.input<typeof ZUpdateOwnProfileRequestSchema>;
