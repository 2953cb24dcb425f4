import { z } from 'zod';
import { ZGeoPositionShape } from '../qr-scan/qr-scan.js';
import { LOCATION_REQUEST_MESSAGE_MAX, LOCATION_REQUEST_STATUSES } from './location-requests.js';

// The calls' shapes, apart from the rules (location-requests.ts) so the web's pages that read a
// rule do not bundle zod.
export const ZRequestLocationBodySchema = z
  .object({
    workspace_id: z.number().int().positive(),
    message: z.string().trim().max(LOCATION_REQUEST_MESSAGE_MAX).optional(),
  })
  .meta({ id: 'RequestLocationRequest' });

const ZSmallPerson = z.object({ id: z.number().int(), full_name: z.string() });

export const ZLocationRequestSchema = z
  .object({
    id: z.number().int(),
    user: ZSmallPerson,
    requested_by: ZSmallPerson.nullable(),
    workspace: z.object({ id: z.number().int(), name: z.string() }),
    message: z.string().nullable(),
    status: z.enum(LOCATION_REQUEST_STATUSES),
    presence_log_id: z.number().int().nullable(),
    answered_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'LocationRequest' });
export type LocationRequest = z.infer<typeof ZLocationRequestSchema>;

export const ZRequestLocationResponseSchema = z
  .object({
    request: ZLocationRequestSchema,
    /** false when a pending request of the same person and workspace was answered instead. */
    created: z.boolean(),
  })
  .meta({ id: 'RequestLocationResponse' });

export const ZMyLocationRequestsResponseSchema = z
  .object({ data: z.array(ZLocationRequestSchema) })
  .meta({ id: 'MyLocationRequests' });
export type MyLocationRequests = z.infer<typeof ZMyLocationRequestsResponseSchema>;

export const ZAnswerLocationRequestSchema = z
  .object({ accept: z.boolean(), ...ZGeoPositionShape })
  .superRefine((b, ctx) => {
    if (!b.accept) return;
    for (const key of ['latitude', 'longitude'] as const) {
      if (b[key] === undefined) ctx.addIssue({ code: 'custom', message: 'required', path: [key] });
    }
  })
  .meta({ id: 'AnswerLocationRequest' });
export type AnswerLocationRequest = z.infer<typeof ZAnswerLocationRequestSchema>;
