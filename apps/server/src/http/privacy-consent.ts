import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/**
 * What a person may call before accepting the organisation's privacy policy (when it requires
 * it, settings → general): the consent page and what it and the shell read, logging out, the
 * sessions, their own profile (the language), switching to another organisation, the live stream.
 * Everything else answers 403 privacy_consent_required.
 */
export const CONSENT_FREE_ROUTES: ReadonlySet<string> = new Set([
  'GET /config',
  'GET /user/client_info',
  'GET /user/me/clients',
  'POST /user/switch_client',
  'POST /user/me/privacy_consent',
  'POST /auth/logout',
  'GET /auth/sessions',
  'DELETE /auth/sessions/:id',
  'POST /auth/sessions/revoke_others',
  'GET /events',
  'GET /notification/unread_count',
  'GET /user/me/location_requests',
]);

/** Own-profile calls (GET user/me, PUT user/me for the language), not another person's. */
const OWN_PROFILE_ROUTES: ReadonlySet<string> = new Set(['GET /user/:id', 'PUT /user/:id']);

/** The contract's path of the route a request matched (route() keeps the contract in the config). */
function contractPathOf(request: FastifyRequest): string | undefined {
  const config = request.routeOptions.config as { contract?: { path?: string } } | undefined;
  return config?.contract?.path;
}

/** Refuses the call when consent is still owed and the route is not one of the above. */
export function checkPrivacyConsent(request: FastifyRequest, userId: number): void {
  const path = contractPathOf(request);
  const key = `${request.method} ${path}`;
  if (path && CONSENT_FREE_ROUTES.has(key)) return;
  if (path && OWN_PROFILE_ROUTES.has(key)) {
    const id = (request.params as { id?: string } | undefined)?.id;
    if (id === 'me' || id === String(userId)) return;
  }
  throw new AppError(403, 'privacy_consent_required', 'Accept the privacy policy first');
}
