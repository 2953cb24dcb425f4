import { z } from 'zod';
import { ODOO_API_KEY_MAX, ODOO_FIELD_MAX, ODOO_MODELS, ODOO_URL_MAX } from './odoo.js';

// The calls' shapes, apart from the rules (odoo.ts) so web pages do not bundle zod.

const ZRequired = (max: number) =>
  z.string({ error: 'required' }).trim().min(1, 'required').max(max, 'too_long');

export const ZOdooConnectionBodySchema = z
  .object({
    url: ZRequired(ODOO_URL_MAX).pipe(z.url({ protocol: /^https?$/, error: 'invalid_format' })),
    database: ZRequired(ODOO_FIELD_MAX),
    username: ZRequired(ODOO_FIELD_MAX),
    /** Required on the first save; left out (or empty) later: the stored key is kept. */
    api_key: z.string().trim().max(ODOO_API_KEY_MAX, 'too_long').optional(),
    model: z.enum(ODOO_MODELS, { error: 'invalid_format' }),
  })
  .meta({ id: 'OdooConnectionRequest' });
export type OdooConnectionBody = z.input<typeof ZOdooConnectionBodySchema>;

export const ZOdooConnectionSchema = z
  .object({
    connected: z.boolean(),
    url: z.string().nullable(),
    database: z.string().nullable(),
    username: z.string().nullable(),
    /** The key itself is never answered. */
    has_api_key: z.boolean(),
    model: z.enum(ODOO_MODELS).nullable(),
    updated_at: z.string().nullable(),
  })
  .meta({ id: 'OdooConnection' });
export type OdooConnection = z.infer<typeof ZOdooConnectionSchema>;

export const ZOdooTestResultSchema = z
  .object({ success: z.boolean(), uid: z.number().int().nullable(), message: z.string().nullable() })
  .meta({ id: 'OdooConnectionTest' });
export type OdooTestResult = z.infer<typeof ZOdooTestResultSchema>;

export const ZOdooLinkSchema = z
  .object({
    remote_model: z.string(),
    remote_id: z.number().int().nullable(),
    remote_url: z.string().nullable(),
    last_synced_at: z.string().nullable(),
    last_error: z.string().nullable(),
  })
  .meta({ id: 'OdooIssueLink' });
export type OdooLink = z.infer<typeof ZOdooLinkSchema>;

/** An issue's state towards Odoo: whether the organisation is connected, whether the caller may push, the link. */
export const ZOdooIssueStatusSchema = z
  .object({ connected: z.boolean(), can_sync: z.boolean(), link: ZOdooLinkSchema.nullable() })
  .meta({ id: 'OdooIssueStatus' });
export type OdooIssueStatus = z.infer<typeof ZOdooIssueStatusSchema>;

export const ZOdooSyncResponseSchema = z
  .object({ success: z.boolean(), created: z.boolean(), link: ZOdooLinkSchema })
  .meta({ id: 'OdooSyncResponse' });
export type OdooSyncResponse = z.infer<typeof ZOdooSyncResponseSchema>;
