import { z } from 'zod';
import { ZGeoPositionShape } from '../qr-scan/qr-scan.js';

/**
 * POST user/{id}/request_location (000 §7) and its answer (issue 21): a manager asks a person to
 * share where they are in a workspace; the person accepts (the browser's geolocation becomes a
 * presence log entry with source 'location_request') or declines. One pending request per person
 * and workspace: asking again answers the pending one.
 */
export const LOCATION_REQUEST_STATUSES = ['pending', 'accepted', 'declined', 'expired'] as const;
export type LocationRequestStatus = (typeof LOCATION_REQUEST_STATUSES)[number];

/** Longest message a manager adds to the request. */
export const LOCATION_REQUEST_MESSAGE_MAX = 500;

/**
 * Who may ask someone for their location in a workspace: the organisation's admins, and the
 * managers and group managers of that workspace (or above it: the grant's role says so).
 */
export function canRequestLocation(caller: {
  isAdmin: boolean;
  workspaceRole: string | null | undefined;
}): boolean {
  return caller.isAdmin || caller.workspaceRole === 'manager' || caller.workspaceRole === 'group_manager';
}

/** An OpenStreetMap link to a position (the presence logs' "shared location"). */
export function mapLinkOf(latitude: number, longitude: number): string {
  const lat = latitude.toFixed(6);
  const lon = longitude.toFixed(6);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
}

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
