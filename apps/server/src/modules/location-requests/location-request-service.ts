import {
  type AnswerLocationRequest,
  canRequestLocation,
  type LocationRequest,
  locationRequestCutoff,
  type MyLocationRequests,
} from '@workbench/domain';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { AppError, fieldError, forbidden, notFound } from '../../http/errors.js';
import { requireWorkspaceGrant } from '../access/request-access.js';
import { logActivity } from '../activity/activity-log.js';
import { insertNotifications } from '../notifications/notify-insert.js';
import { presentLocationRequest } from './location-request-presenter.js';
import { findLocationRequest, findPendingFor, worksThere } from './location-request-queries.js';

/**
 * POST user/{id}/request_location (000 §7): an admin, or a manager or group manager of the
 * workspace, asks a person of their organisation who works there to share their location. One
 * pending request per person and workspace (a unique index): asking again answers the pending
 * one. The person hears of it in the app (location_requested).
 */
export async function requestLocation(
  ctx: AppContext,
  auth: Auth,
  userId: number,
  body: { workspace_id: number; message?: string | undefined },
): Promise<{ request: LocationRequest; created: boolean }> {
  const grant = await requireWorkspaceGrant(ctx.db, auth, body.workspace_id);
  if (grant.client_id !== auth.clientId) throw forbidden('Ask in workspaces of your own organisation');
  if (!canRequestLocation({ isAdmin: auth.role === 'admin', workspaceRole: grant.role }))
    throw forbidden('Only admins and the managers of this workspace may ask for a location');
  if (!(await worksThere(ctx.db, auth.clientId, body.workspace_id, userId)))
    throw fieldError('workspace_id', 'not_in_workspace', 'This person does not work in that workspace');
  const message = body.message?.trim() || null;
  const { id, created } = await ctx.db.transaction().execute(async (trx) => {
    // An expired pending request (LOCATION_REQUEST_TTL_MS) makes way for the new one.
    await trx
      .updateTable('location_requests')
      .set({ status: 'expired' })
      .where('client_id', '=', auth.clientId)
      .where('user_id', '=', userId)
      .where('workspace_id', '=', body.workspace_id)
      .where('status', '=', 'pending')
      .where(sql<boolean>`created_at < ${locationRequestCutoff()}`)
      .execute();
    const inserted = await sql<{ id: number }>`
      INSERT INTO location_requests (client_id, user_id, requested_by, workspace_id, message)
      VALUES (${auth.clientId}, ${userId}, ${auth.userId}, ${body.workspace_id}, ${message})
      ON CONFLICT (user_id, workspace_id) WHERE status = 'pending' DO NOTHING
      RETURNING id`.execute(trx);
    const row = inserted.rows[0];
    if (!row) {
      const pending = await trx
        .selectFrom('location_requests')
        .select('id')
        .where('client_id', '=', auth.clientId)
        .where('user_id', '=', userId)
        .where('workspace_id', '=', body.workspace_id)
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      return { id: pending.id, created: false };
    }
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: 'workspace',
      entityId: body.workspace_id,
      action: 'location_requested',
      changes: { user_id: userId, location_request_id: row.id },
    });
    await insertNotifications(trx, {
      type: 'location_requested',
      entityType: 'location_request',
      rows: sql`(SELECT ${userId}::integer AS user_id, ${auth.clientId}::integer AS client_id,
          ${row.id}::integer AS entity_id,
          jsonb_build_object('title', w.name, 'workspace_name', w.name) AS data
        FROM workspaces w WHERE w.id = ${body.workspace_id})`,
      actorId: auth.userId,
    });
    return { id: row.id, created: true };
  });
  const row = await findLocationRequest(ctx.db, auth.clientId, id);
  if (!row) throw notFound('Location request not found');
  return { request: presentLocationRequest(row), created };
}

/** GET user/me/location_requests: the caller's pending requests in the organisation they work in. */
export async function myLocationRequests(ctx: AppContext, auth: Auth): Promise<MyLocationRequests> {
  const rows = await findPendingFor(ctx.db, auth.clientId, auth.userId);
  return { data: rows.map(presentLocationRequest) };
}

/**
 * POST location_request/{id}/answer, by the asked person only: accept with the browser's position
 * (a presence log entry of source 'location_request' in the workspace, started and ended now,
 * linked from the request) or decline. A request answered already answers 409. The requester
 * hears of the answer (location_answered).
 */
export async function answerLocationRequest(
  ctx: AppContext,
  auth: Auth,
  id: number,
  body: AnswerLocationRequest,
): Promise<LocationRequest> {
  await ctx.db.transaction().execute(async (trx) => {
    const request = await trx
      .selectFrom('location_requests')
      .select(['id', 'user_id', 'requested_by', 'workspace_id', 'status'])
      .select(sql<Date>`created_at`.as('created_at'))
      .where('id', '=', id)
      .where('client_id', '=', auth.clientId)
      .forUpdate()
      .executeTakeFirst();
    if (!request) throw notFound('Location request not found');
    if (request.user_id !== auth.userId) throw forbidden('Only the person asked may answer');
    if (request.status !== 'pending')
      throw new AppError(409, 'location_request_not_pending', 'This request was answered already');
    if (request.created_at < locationRequestCutoff())
      throw new AppError(409, 'location_request_not_pending', 'This request has expired');
    const now = new Date();
    let presenceLogId: number | null = null;
    if (body.accept) {
      const log = await trx
        .insertInto('presence_logs')
        .values({
          client_id: auth.clientId,
          workspace_id: request.workspace_id,
          user_id: auth.userId,
          started_at: now,
          ended_at: now,
          source: 'location_request',
          latitude: body.latitude ?? null,
          longitude: body.longitude ?? null,
          accuracy_m: body.accuracy ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      presenceLogId = log.id;
    }
    const decision = body.accept ? 'accepted' : 'declined';
    await trx
      .updateTable('location_requests')
      .set({ status: decision, presence_log_id: presenceLogId, answered_at: now })
      .where('id', '=', id)
      .execute();
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: 'workspace',
      entityId: request.workspace_id,
      action: body.accept ? 'location_shared' : 'location_declined',
      changes: { location_request_id: id },
    });
    if (request.requested_by !== null) {
      await insertNotifications(trx, {
        type: 'location_answered',
        entityType: 'location_request',
        rows: sql`(SELECT uc.user_id, uc.client_id, ${id}::integer AS entity_id,
            jsonb_build_object('title', w.name, 'workspace_name', w.name, 'decision', ${decision}::text,
              'user_id', ${auth.userId}::integer) AS data
          FROM user_clients uc JOIN workspaces w ON w.id = ${request.workspace_id}
          WHERE uc.user_id = ${request.requested_by} AND uc.client_id = ${auth.clientId})`,
        actorId: auth.userId,
      });
    }
  });
  const row = await findLocationRequest(ctx.db, auth.clientId, id);
  if (!row) throw notFound('Location request not found');
  return presentLocationRequest(row);
}
