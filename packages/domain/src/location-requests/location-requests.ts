/**
 * POST user/{id}/request_location (000 §7) and its answer (issue 21): a manager asks a person to
 * share where they are in a workspace; the person accepts (the browser's geolocation becomes a
 * presence log entry with source 'location_request') or declines. One pending request per person
 * and workspace: asking again answers the pending one.
 */
export const LOCATION_REQUEST_STATUSES = ['pending', 'accepted', 'declined', 'expired'] as const;
export type LocationRequestStatus = (typeof LOCATION_REQUEST_STATUSES)[number];

/**
 * A pending request older than this is expired: the person no longer sees nor answers it
 * (location_request_not_pending), and a new one may be asked.
 */
export const LOCATION_REQUEST_TTL_MS = 24 * 60 * 60 * 1000;

/** The moment before which a still pending request counts as expired. */
export function locationRequestCutoff(now: Date = new Date()): Date {
  return new Date(now.getTime() - LOCATION_REQUEST_TTL_MS);
}

/** A request's status as shown: pending past LOCATION_REQUEST_TTL_MS reads as expired. */
export function effectiveLocationRequestStatus(
  status: LocationRequestStatus,
  createdAt: Date,
  now: Date = new Date(),
): LocationRequestStatus {
  return status === 'pending' && createdAt < locationRequestCutoff(now) ? 'expired' : status;
}

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
