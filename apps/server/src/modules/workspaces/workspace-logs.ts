import {
  buildPage,
  canReadWorkspaceLogs,
  type PresenceLogItem,
  type PublicWorkspace,
  parsePublicWorkspaceRef,
  presenceDurationSeconds,
  type QrScanLogItem,
  workspaceQrTarget,
} from '@workbench/domain';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import QRCode from 'qrcode';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { AppError, forbidden, notFound } from '../../http/errors.js';
import { BUDGETS, hashedKey, requireBudget } from '../../http/rate-limit.js';
import { fileUrl } from '../../storage/file-storage.js';
import { loadWorkspaceGrants, requireWorkspaceGrant } from '../access/request-access.js';
import { logActivity } from '../activity/activity-log.js';
import { readPublicForm } from '../public-area/public-forms.js';
import { personOf } from '../users/user-presenter.js';
import { optionalCaller, recordQrScan } from './qr-scans.js';
import { presentPerson } from './workspace-presenter.js';
import { assertCanEditWorkspace } from './workspace-service.js';

type Paging = { page: number; paginate_by: number };

/** The QR code of a workspace: it opens the public report form of that workspace. */
export async function workspaceQrCode(
  ctx: AppContext,
  auth: Auth,
  id: number,
  format: 'png' | 'svg',
): Promise<{ contentType: string; body: Buffer | string }> {
  await requireWorkspaceGrant(ctx.db, auth, id);
  const { public_code } = await ctx.db
    .selectFrom('workspaces')
    .select('public_code')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return qrCodeImage(workspaceQrTarget(ctx.config.appUrl, public_code), format);
}

/** A QR code image (png 512 px, or svg) of an address: the workspace's and the asset's codes alike. */
export async function qrCodeImage(
  target: string,
  format: 'png' | 'svg',
): Promise<{ contentType: string; body: Buffer | string }> {
  if (format === 'svg') {
    return {
      contentType: 'image/svg+xml',
      body: await QRCode.toString(target, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }),
    };
  }
  return {
    contentType: 'image/png',
    body: await QRCode.toBuffer(target, { type: 'png', margin: 2, width: 512, errorCorrectionLevel: 'M' }),
  };
}

/** Who may read a workspace's logs: those who run it (admin, manager, group manager). */
async function requireLogReader(ctx: AppContext, auth: Auth, id: number) {
  const grant = await requireWorkspaceGrant(ctx.db, auth, id);
  if (!canReadWorkspaceLogs(grant.role)) throw forbidden('You may not read the logs of this workspace');
  return grant;
}

export async function listScanLog(ctx: AppContext, auth: Auth, id: number, paging: Paging, path: string) {
  const grant = await requireLogReader(ctx, auth, id);
  const base = ctx.db
    .selectFrom('qr_scan_logs as l')
    .where('l.client_id', '=', grant.client_id)
    .where('l.entity_type', '=', 'workspace')
    .where('l.entity_id', '=', id);
  const [rows, count] = await Promise.all([
    base
      .leftJoin('users as u', 'u.id', 'l.user_id')
      .select([
        'l.id',
        'l.latitude',
        'l.longitude',
        'l.accuracy_m',
        'l.created_at',
        'u.id as user_id',
        'u.first_name',
        'u.last_name',
        'u.email',
      ])
      .orderBy('l.created_at', 'desc')
      .orderBy('l.id', 'desc')
      .limit(paging.paginate_by)
      .offset((paging.page - 1) * paging.paginate_by)
      .execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const data: QrScanLogItem[] = rows.map((r) => ({
    id: r.id,
    user: personOf({ ...r, id: r.user_id }),
    latitude: r.latitude,
    longitude: r.longitude,
    accuracy_m: r.accuracy_m,
    created_at: r.created_at.toISOString(),
  }));
  return buildPage({
    rows: data,
    total: Number(count.total),
    page: paging.page,
    perPage: paging.paginate_by,
    path,
    query: { paginate_by: paging.paginate_by },
  });
}

/**
 * A new public code for a workspace (those who may edit it): its printed QR codes, its old code
 * and, for a workspace older than the codes, its numeric public address stop working.
 */
export async function regenerateWorkspaceCode(ctx: AppContext, auth: Auth, id: number): Promise<void> {
  await assertCanEditWorkspace(ctx, auth, id);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('workspaces')
      .set({ public_code: sql<string>`DEFAULT`, public_id_legacy: false, updated_at: new Date() })
      .where('client_id', '=', auth.clientId)
      .where('id', '=', id)
      .execute();
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: 'workspace',
      entityId: id,
      action: 'public_code_regenerated',
    });
  });
}

/**
 * What a visitor may see of a workspace (no login), named by its public code; a workspace older
 * than the codes also by its numeric id until its code is regenerated. A live one only. Each
 * client address has a budget of views (a smaller one by numeric id, which can be counted
 * through). With qr=1 the visit is a QR scan and is logged (with the user when a valid token
 * comes along), at most once per address, person and workspace in a few minutes.
 */
export async function getPublicWorkspace(
  ctx: AppContext,
  request: FastifyRequest,
  rawRef: string,
  scan: { qr: 0 | 1; latitude?: number; longitude?: number },
): Promise<PublicWorkspace> {
  const ip = hashedKey('ip', request.ip);
  await requireBudget(ctx.db, BUDGETS.publicViews, ip);
  const ref = parsePublicWorkspaceRef(rawRef);
  if (ref && 'legacyId' in ref) await requireBudget(ctx.db, BUDGETS.publicLegacyViews, ip);
  if (!ref) throw notFound('Workspace not found');
  let query = ctx.db
    .selectFrom('workspaces as w')
    .innerJoin('clients as c', 'c.id', 'w.client_id')
    .select([
      'w.id',
      'w.client_id',
      'w.public_code',
      'w.name',
      'w.description',
      'w.image',
      'c.name as client_name',
      'c.logo',
    ])
    .where('w.deleted_at', 'is', null)
    .where('w.archived_at', 'is', null);
  query =
    'code' in ref
      ? query.where('w.public_code', '=', ref.code)
      : query.where('w.id', '=', ref.legacyId).where('w.public_id_legacy', '=', true);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound('Workspace not found');
  if (scan.qr) {
    await recordQrScan(ctx, request, {
      clientId: row.client_id,
      entityType: 'workspace',
      entityId: row.id,
      userId: await optionalCaller(ctx, request),
      latitude: scan.latitude,
      longitude: scan.longitude,
    });
  }
  return {
    code: row.public_code,
    name: row.name,
    description: row.description,
    image: fileUrl(row.image),
    client: {
      name: row.client_name,
      logo: fileUrl(row.logo),
    },
    form: await readPublicForm(ctx.db, row.client_id, 'workspace', row.logo),
  };
}

type PresenceRow = {
  id: number;
  workspace_id: number;
  workspace_name: string;
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
  profile_image: string | null;
  started_at: Date;
  ended_at: Date | null;
  source: 'check_in' | 'location_request';
  latitude: number | null;
  longitude: number | null;
  accuracy_m: number | null;
};

function presentPresence(row: PresenceRow): PresenceLogItem {
  return {
    id: row.id,
    workspace: { id: row.workspace_id, name: row.workspace_name },
    user: presentPerson({ ...row }),
    started_at: row.started_at.toISOString(),
    ended_at: row.ended_at?.toISOString() ?? null,
    duration_seconds: presenceDurationSeconds(row.started_at, row.ended_at),
    source: row.source,
    latitude: row.latitude,
    longitude: row.longitude,
    accuracy_m: row.accuracy_m,
  };
}

function presenceQuery(ctx: AppContext, clientId: number) {
  return ctx.db
    .selectFrom('presence_logs as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .innerJoin('workspaces as w', (join) =>
      join.onRef('w.id', '=', 'p.workspace_id').on('w.client_id', '=', clientId),
    )
    .where('p.client_id', '=', clientId);
}

const PRESENCE_COLUMNS = [
  'p.id',
  'p.workspace_id',
  'w.name as workspace_name',
  'p.user_id',
  'u.first_name',
  'u.last_name',
  'u.email',
  'u.profile_image',
  'p.started_at',
  'p.ended_at',
  'p.source',
  'p.latitude',
  'p.longitude',
  'p.accuracy_m',
] as const;

export async function listWorkspacePresence(
  ctx: AppContext,
  auth: Auth,
  id: number,
  paging: Paging,
  path: string,
) {
  const grant = await requireLogReader(ctx, auth, id);
  const base = presenceQuery(ctx, grant.client_id).where('p.workspace_id', '=', id);
  const [rows, count] = await Promise.all([
    base
      .select(PRESENCE_COLUMNS)
      .orderBy('p.started_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(paging.paginate_by)
      .offset((paging.page - 1) * paging.paginate_by)
      .execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return buildPage({
    rows: rows.map(presentPresence),
    total: Number(count.total),
    page: paging.page,
    perPage: paging.paginate_by,
    path,
    query: { paginate_by: paging.paginate_by },
  });
}

/**
 * One person's presence logs in the workspaces the caller may read logs of (a person always
 * sees their own), with the total of the closed ones in seconds.
 */
export async function listUserPresence(
  ctx: AppContext,
  auth: Auth,
  userId: number,
  workspaceId: number | undefined,
): Promise<{ records: PresenceLogItem[]; total_time_spent: number }> {
  const grants = await loadWorkspaceGrants(ctx.db, auth);
  const readable = [...grants.values()]
    .filter((g) => g.client_id === auth.clientId)
    .filter((g) => userId === auth.userId || canReadWorkspaceLogs(g.role))
    .map((g) => g.workspace_id)
    .filter((id) => workspaceId === undefined || id === workspaceId);
  if (!readable.length) return { records: [], total_time_spent: 0 };
  const rows = await presenceQuery(ctx, auth.clientId)
    .where('p.user_id', '=', userId)
    .where('p.workspace_id', 'in', readable)
    .select(PRESENCE_COLUMNS)
    .orderBy('p.started_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(1000)
    .execute();
  const records = rows.map(presentPresence);
  return { records, total_time_spent: records.reduce((sum, r) => sum + (r.duration_seconds ?? 0), 0) };
}

/**
 * The caller checks in to or out of a workspace of their own organisation. A check-in closes any
 * open log of theirs first (a person is in one place at a time); a check-out without an open
 * log is refused.
 */
export async function recordPresence(
  ctx: AppContext,
  auth: Auth,
  id: number,
  action: 'check_in' | 'check_out',
): Promise<PresenceLogItem> {
  const grant = await requireWorkspaceGrant(ctx.db, auth, id);
  if (grant.client_id !== auth.clientId) throw forbidden('Check in to workspaces of your own organisation');
  const logId = await ctx.db.transaction().execute(async (trx) => {
    const now = new Date();
    // Lock the person's open logs, so two check-ins at once do not both stay open.
    const open = await trx
      .selectFrom('presence_logs')
      .select(['id', 'workspace_id'])
      .where('client_id', '=', auth.clientId)
      .where('user_id', '=', auth.userId)
      .where('ended_at', 'is', null)
      .forUpdate()
      .execute();
    if (action === 'check_out') {
      const mine = open.find((o) => o.workspace_id === id);
      if (!mine) throw new AppError(409, 'not_checked_in', 'You are not checked in to this workspace');
      await trx.updateTable('presence_logs').set({ ended_at: now }).where('id', '=', mine.id).execute();
      await logActivity(trx, {
        clientId: auth.clientId,
        userId: auth.userId,
        entityType: 'workspace',
        entityId: id,
        action: 'checked_out',
      });
      return mine.id;
    }
    if (open.length) {
      await trx
        .updateTable('presence_logs')
        .set({ ended_at: now })
        .where(
          'id',
          'in',
          open.map((o) => o.id),
        )
        .execute();
    }
    const row = await trx
      .insertInto('presence_logs')
      .values({ client_id: auth.clientId, workspace_id: id, user_id: auth.userId, started_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: 'workspace',
      entityId: id,
      action: 'checked_in',
    });
    return row.id;
  });
  const row = await presenceQuery(ctx, auth.clientId)
    .where('p.id', '=', logId)
    .select(PRESENCE_COLUMNS)
    .executeTakeFirstOrThrow();
  return presentPresence(row);
}
