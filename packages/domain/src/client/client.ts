import { z } from 'zod';
import { TEXT_FIELD_MAX } from '../limits.js';
import { ZClientSettingsPatchSchema, ZClientSettingsSchema } from './client-settings.js';

export const ZClientSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    logo: z.string().nullable(),
    settings: ZClientSettingsSchema,
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Client' });
export type Client = z.infer<typeof ZClientSchema>;

/** PUT client/{id}: the name and any subset of the settings (admins only). */
export const ZUpdateClientRequestSchema = z.object({
  name: z.string().trim().min(2, 'too_short').max(TEXT_FIELD_MAX, 'too_long').optional(),
  settings: ZClientSettingsPatchSchema.optional(),
});
export type UpdateClientRequest = z.infer<typeof ZUpdateClientRequestSchema>;
