import type { IdKind, RouteContract } from '@workbench/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import {
  assetGroupVisibleSql,
  assetScope,
  assetSystemVisibleSql,
  assetVisibleSql,
} from '../assets/asset-visibility.js';
import {
  equipmentGroupVisibleSql,
  equipmentScope,
  equipmentVisibleSql,
  ownLiveSql,
} from '../equipment/equipment-visibility.js';
import { accessOf, findWorkspaceGrant, type IssueScopedIds } from './request-access.js';

export type { IdKind };

declare module 'fastify' {
  interface FastifyContextConfig {
    ids?: Record<string, IdKind>;
    /** The contract the route was registered from (http/contract-route.ts). */
    contract?: RouteContract;
  }
}

type Caller = NonNullable<FastifyRequest['auth']>;

/** Ids are PostgreSQL integers. */
const MAX_ID = 2_147_483_647;

/** Kinds that are as visible as an issue, resolved together in one statement. */
type IssueScopedKind = keyof IssueScopedIds;
const isIssueScoped = (kind: IdKind): kind is IssueScopedKind =>
  kind === 'issue' || kind === 'checklist' || kind === 'checklist_item';

/**
 * Whether the caller may see an entity that does not belong to an issue. Another organisation's
 * entity answers 404 as if it did not exist; what the caller may DO with a visible one is the
 * service's rule (403).
 */
async function isVisible(
  ctx: AppContext,
  auth: Caller,
  kind: Exclude<IdKind, IssueScopedKind>,
  id: number,
): Promise<boolean> {
  switch (kind) {
    case 'workspace':
      return !!(await findWorkspaceGrant(ctx.db, auth, id));
    case 'client':
      return id === auth.clientId;
    case 'user': {
      // People of the caller's organisation, and partners' people working in a workspace the
      // caller can see (so a shared workspace shows who works in it).
      const { rows } = await sql<{ ok: number }>`
        SELECT 1 AS ok FROM user_clients uc WHERE uc.user_id = ${id} AND uc.client_id = ${auth.clientId}
        UNION ALL
        SELECT 1 FROM collaboration_users cu
          JOIN collaborations c ON c.id = cu.collaboration_id
          WHERE cu.user_id = ${id} AND c.invitation_status = 'accepted' AND c.deleted_at IS NULL
            AND (c.client_id = ${auth.clientId} OR c.partner_client_id = ${auth.clientId})
        LIMIT 1`.execute(ctx.db);
      return rows.length > 0;
    }
    case 'collaboration': {
      const row = await ctx.db
        .selectFrom('collaborations')
        .select('id')
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .where((eb) =>
          eb.or([eb('client_id', '=', auth.clientId), eb('partner_client_id', '=', auth.clientId)]),
        )
        .executeTakeFirst();
      return !!row;
    }
    case 'job_position': {
      const row = await ctx.db
        .selectFrom('job_positions')
        .select('id')
        .where('id', '=', id)
        .where('client_id', '=', auth.clientId)
        .executeTakeFirst();
      return !!row;
    }
    // Categories and text templates belong to one organisation and are read by all its people.
    case 'category': {
      const row = await ctx.db
        .selectFrom('categories')
        .select('id')
        .where('id', '=', id)
        .where('client_id', '=', auth.clientId)
        .executeTakeFirst();
      return !!row;
    }
    case 'text_template': {
      const row = await ctx.db
        .selectFrom('text_templates')
        .select('id')
        .where('id', '=', id)
        .where('client_id', '=', auth.clientId)
        .executeTakeFirst();
      return !!row;
    }
    // Checklist templates are the organisation's own, read by all its people.
    case 'checklist_template': {
      const row = await ctx.db
        .selectFrom('checklist_templates')
        .select('id')
        .where('id', '=', id)
        .where('client_id', '=', auth.clientId)
        .executeTakeFirst();
      return !!row;
    }
    // Assets, their groups, pictures and regulatory files: as visible as assets-visibility says.
    case 'asset':
    case 'asset_group':
    case 'asset_picture':
    case 'regulatory_file': {
      const scope = await assetScope(ctx.db, auth);
      const query = {
        asset: sql`SELECT 1 FROM assets a WHERE a.id = ${id} AND ${assetVisibleSql(scope)}`,
        asset_group: sql`SELECT 1 FROM asset_groups g WHERE g.id = ${id} AND ${assetGroupVisibleSql(scope)}`,
        asset_picture: sql`SELECT 1 FROM attachments p JOIN assets a ON a.id = p.owner_id
          WHERE p.id = ${id} AND p.owner_type = 'asset' AND p.deleted_at IS NULL AND ${assetVisibleSql(scope)}`,
        regulatory_file: sql`SELECT 1 FROM regulatory_files f
          JOIN regulatory_file_assets fa ON fa.file_id = f.id JOIN assets a ON a.id = fa.asset_id
          WHERE f.id = ${id} AND f.deleted_at IS NULL AND ${assetVisibleSql(scope)}`,
      }[kind];
      const { rows } = await sql`${query} LIMIT 1`.execute(ctx.db);
      return rows.length > 0;
    }
    case 'asset_system': {
      const { rows } = await sql`SELECT 1 FROM asset_systems s
        WHERE s.id = ${id} AND ${assetSystemVisibleSql(auth)} LIMIT 1`.execute(ctx.db);
      return rows.length > 0;
    }
    // Schedules are their organisation's own (a partner gets 404 like a stranger), seen by who
    // sees their workspace.
    case 'schedule':
    // A prepared task's key: as visible as its schedule (the first part of the key).
    case 'scheduled_task': {
      const row = await ctx.db
        .selectFrom('schedules')
        .select('workspace_id')
        .where('id', '=', id)
        .where('client_id', '=', auth.clientId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return !!row && !!(await findWorkspaceGrant(ctx.db, auth, row.workspace_id));
    }
    // Equipment (equipment-visibility.ts): items, their pictures and bookings as visible as the
    // item; groups unbound or in a visible workspace; types and external holders the organisation's.
    case 'equipment':
    case 'equipment_picture':
    case 'equipment_booking':
    case 'equipment_group': {
      const scope = await equipmentScope(ctx.db, auth);
      const query = {
        equipment: sql`SELECT 1 FROM equipment e WHERE e.id = ${id} AND ${equipmentVisibleSql(scope)}`,
        equipment_picture: sql`SELECT 1 FROM attachments p JOIN equipment e ON e.id = p.owner_id
          WHERE p.id = ${id} AND p.owner_type = 'equipment' AND p.deleted_at IS NULL AND ${equipmentVisibleSql(scope)}`,
        equipment_booking: sql`SELECT 1 FROM equipment_bookings b JOIN equipment e ON e.id = b.equipment_id
          WHERE b.id = ${id} AND ${equipmentVisibleSql(scope)}`,
        equipment_group: sql`SELECT 1 FROM equipment_groups g WHERE g.id = ${id} AND ${equipmentGroupVisibleSql(scope)}`,
      }[kind];
      const { rows } = await sql`${query} LIMIT 1`.execute(ctx.db);
      return rows.length > 0;
    }
    case 'equipment_type':
    case 'external_holder': {
      const table = kind === 'equipment_type' ? sql`equipment_types t` : sql`external_holders t`;
      const { rows } =
        await sql`SELECT 1 FROM ${table} WHERE t.id = ${id} AND ${ownLiveSql(auth.clientId, 't')} LIMIT 1`.execute(
          ctx.db,
        );
      return rows.length > 0;
    }
    // A notification is its recipient's alone, in the organisation they work in.
    case 'notification': {
      const row = await ctx.db
        .selectFrom('notifications')
        .select('id')
        .where('id', '=', id)
        .where('user_id', '=', auth.userId)
        .where('client_id', '=', auth.clientId)
        .executeTakeFirst();
      return !!row;
    }
    // A location request: the asked person's and the requester's, in the organisation they work in.
    case 'location_request': {
      const row = await ctx.db
        .selectFrom('location_requests')
        .select('id')
        .where('id', '=', id)
        .where('client_id', '=', auth.clientId)
        .where((eb) => eb.or([eb('user_id', '=', auth.userId), eb('requested_by', '=', auth.userId)]))
        .executeTakeFirst();
      return !!row;
    }
    // A lease's contract file: as visible as the workspace of its lease (the service says who reads).
    case 'lease_file': {
      const { rows } = await sql<{ workspace_id: number }>`SELECT l.workspace_id FROM attachments f
        JOIN workspace_leases l ON l.id = f.owner_id AND l.client_id = f.client_id
        WHERE f.id = ${id} AND f.owner_type = 'workspace_lease' AND f.deleted_at IS NULL
          AND f.client_id = ${auth.clientId}`.execute(ctx.db);
      return !!rows[0] && !!(await findWorkspaceGrant(ctx.db, auth, rows[0].workspace_id));
    }
    // A filled dynamic form: as visible as its issue, or its schedule (issue 22).
    case 'issue_form': {
      const row = await ctx.db
        .selectFrom('issue_forms')
        .select('issue_id')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return false;
      const visible = await accessOf(auth).visibleIssueScoped(ctx.db, { issue: [row.issue_id] });
      return visible.issue.includes(row.issue_id);
    }
    case 'schedule_form': {
      const row = await ctx.db
        .selectFrom('schedule_forms')
        .select('schedule_id')
        .where('id', '=', id)
        .where('client_id', '=', auth.clientId)
        .executeTakeFirst();
      return !!row && (await isVisible(ctx, auth, 'schedule', row.schedule_id));
    }
    // A session is its person's alone.
    case 'session': {
      const row = await ctx.db
        .selectFrom('user_tokens')
        .select('id')
        .where('id', '=', id)
        .where('user_id', '=', auth.userId)
        .where('kind', '=', 'session')
        .executeTakeFirst();
      return !!row;
    }
    case 'token':
      return true;
  }
}

/**
 * Runs before body validation on every route that declares ids and has a logged-in caller, so a
 * request naming another tenant's entity is refused with 404 whatever its body holds, and no
 * handler ever sees it. Services still scope every query by the caller's organisation.
 */
export function registerIdGuard(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('preValidation', async (request) => {
    const ids = request.routeOptions.config.ids;
    if (!ids || !request.auth) return;
    const auth = request.auth;
    const params = request.params as Record<string, string>;
    const issueScoped: Array<{ kind: IssueScopedKind; id: number }> = [];
    for (const [name, kind] of Object.entries(ids)) {
      const raw = params[name];
      if (kind === 'token' || raw === undefined || raw === 'me') continue;
      const id = Number(kind === 'scheduled_task' ? raw.split(':')[0] : raw);
      // Not an id at all: schema validation answers 422 next.
      if (!Number.isSafeInteger(id) || id <= 0) continue;
      // Beyond the database's integer ids: nothing can have it.
      if (id > MAX_ID) throw notFoundAs(kind);
      if (isIssueScoped(kind)) issueScoped.push({ kind, id });
      else if (!(await isVisible(ctx, auth, kind, id))) throw notFoundAs(kind);
    }
    if (!issueScoped.length) return;
    const named: IssueScopedIds = {};
    for (const { kind, id } of issueScoped) named[kind] = [...(named[kind] ?? []), id];
    const visible = await accessOf(auth).visibleIssueScoped(ctx.db, named);
    const missing = issueScoped.find(({ kind, id }) => !visible[kind].includes(id));
    if (missing) throw notFoundAs(missing.kind);
  });
}

const notFoundAs = (kind: IdKind) =>
  new AppError(404, 'not_found', `${kind[0]?.toUpperCase()}${kind.slice(1).replaceAll('_', ' ')} not found`);
