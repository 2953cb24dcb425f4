import {
  type CollaborationListFilters,
  type CollaborationType,
  oppositeCollaborationType,
} from '@workbench/domain';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Auth } from '../../http/authenticate.js';
import { intArray, workspaceSubtreeSql } from '../access/workspace-access.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A collaboration with both companies' names and logos: what the presenter needs. */
export type CollaborationRow = {
  id: number;
  client_id: number;
  partner_client_id: number | null;
  type: CollaborationType;
  access_type: 'full' | 'limited';
  invitation_status: 'pending' | 'accepted' | 'declined';
  invited_email: string;
  company_alias: string | null;
  invited_by: number | null;
  invitee_user_id: number | null;
  logo: string | null;
  responded_at: Date | null;
  created_at: Date;
  owner_name: string;
  owner_logo: string | null;
  partner_name: string | null;
  partner_logo: string | null;
  workspaces_count: number;
};

/**
 * Collaborations an organisation takes part in: those it owns, and those where it is the partner
 * once the invitation reached it (accepted, or pending with the company known). Deleted never.
 */
function visibleCollaborations(db: Db, clientId: number) {
  return db
    .selectFrom('collaborations as c')
    .innerJoin('clients as o', 'o.id', 'c.client_id')
    .leftJoin('clients as p', 'p.id', 'c.partner_client_id')
    .where('c.deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('c.client_id', '=', clientId),
        eb.and([
          eb('c.partner_client_id', '=', clientId),
          eb('c.invitation_status', 'in', ['accepted', 'pending']),
        ]),
      ]),
    );
}

function selectRow(query: ReturnType<typeof visibleCollaborations>) {
  return query.select([
    'c.id',
    'c.client_id',
    'c.partner_client_id',
    'c.type',
    'c.access_type',
    'c.invitation_status',
    'c.invited_email',
    'c.company_alias',
    'c.invited_by',
    'c.invitee_user_id',
    'c.logo',
    'c.responded_at',
    'c.created_at',
    'o.name as owner_name',
    'o.logo as owner_logo',
    'p.name as partner_name',
    'p.logo as partner_logo',
    sql<number>`(SELECT count(*)::int FROM collaboration_workspaces cw
      JOIN workspaces w ON w.id = cw.workspace_id AND w.deleted_at IS NULL
      WHERE cw.collaboration_id = c.id AND cw.client_id = c.client_id)`.as('workspaces_count'),
  ]);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

function applyFilters(
  query: ReturnType<typeof visibleCollaborations>,
  clientId: number,
  filters: CollaborationListFilters,
) {
  let q = query;
  const { type, access_type, invitation_status, search, workspaces } = filters;
  if (type) {
    // The type as the caller sees it: stored for the owner, the opposite for the partner.
    q = q.where((eb) =>
      eb.or([
        eb.and([eb('c.client_id', '=', clientId), eb('c.type', '=', type)]),
        eb.and([eb('c.client_id', '!=', clientId), eb('c.type', '=', oppositeCollaborationType(type))]),
      ]),
    );
  }
  if (access_type) q = q.where('c.access_type', '=', access_type);
  if (invitation_status) q = q.where('c.invitation_status', '=', invitation_status);
  if (search) {
    const like = `%${escapeLike(search)}%`;
    q = q.where((eb) =>
      eb.or([
        eb('c.company_alias', 'ilike', like),
        eb('c.invited_email', 'ilike', like),
        eb('p.name', 'ilike', like),
        eb.and([eb('c.client_id', '!=', clientId), eb('o.name', 'ilike', like)]),
      ]),
    );
  }
  if (workspaces.length) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('collaboration_workspaces as fw')
          .select('fw.workspace_id')
          .whereRef('fw.collaboration_id', '=', 'c.id')
          .where('fw.workspace_id', 'in', workspaces),
      ),
    );
  }
  return q;
}

export async function listCollaborationRows(
  db: Db,
  clientId: number,
  filters: CollaborationListFilters,
): Promise<{ rows: CollaborationRow[]; total: number }> {
  const filtered = applyFilters(visibleCollaborations(db, clientId), clientId, filters);
  const [{ total }, rows] = await Promise.all([
    filtered.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
    selectRow(filtered)
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(filters.paginate_by)
      .offset((filters.page - 1) * filters.paginate_by)
      .execute(),
  ]);
  return { rows: rows as CollaborationRow[], total };
}

/** Every collaboration of the organisation, newest first (names and filters). */
export async function listAllCollaborationRows(
  db: Db,
  clientId: number,
  options: { acceptedOnly?: boolean } = {},
): Promise<CollaborationRow[]> {
  let q = visibleCollaborations(db, clientId);
  if (options.acceptedOnly) q = q.where('c.invitation_status', '=', 'accepted');
  const rows = await selectRow(q).orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').execute();
  return rows as CollaborationRow[];
}

/** One collaboration the organisation takes part in (either side, any status), or undefined. */
export async function findCollaborationRow(
  db: Db,
  clientId: number,
  id: number,
): Promise<CollaborationRow | undefined> {
  const row = await selectRow(
    db
      .selectFrom('collaborations as c')
      .innerJoin('clients as o', 'o.id', 'c.client_id')
      .leftJoin('clients as p', 'p.id', 'c.partner_client_id')
      .where('c.deleted_at', 'is', null)
      .where((eb) => eb.or([eb('c.client_id', '=', clientId), eb('c.partner_client_id', '=', clientId)])),
  )
    .where('c.id', '=', id)
    .executeTakeFirst();
  return row as CollaborationRow | undefined;
}

/** The partner's people in each collaboration (anybody with a role in one of its workspaces). */
export async function loadCollaborationPeople(
  db: Db,
  collaborationIds: number[],
): Promise<
  Map<
    number,
    Array<{ id: number; first_name: string; last_name: string; email: string; profile_image: string | null }>
  >
> {
  const out = new Map<
    number,
    Array<{ id: number; first_name: string; last_name: string; email: string; profile_image: string | null }>
  >();
  if (!collaborationIds.length) return out;
  const rows = await db
    .selectFrom('collaboration_users as cu')
    .innerJoin('collaborations as c', (j) =>
      j.onRef('c.id', '=', 'cu.collaboration_id').onRef('c.client_id', '=', 'cu.client_id'),
    )
    .innerJoin('users as u', 'u.id', 'cu.user_id')
    .select(['cu.collaboration_id', 'u.id', 'u.first_name', 'u.last_name', 'u.email', 'u.profile_image'])
    .distinct()
    .where('cu.collaboration_id', 'in', collaborationIds)
    .where('u.deleted_at', 'is', null)
    .orderBy('cu.collaboration_id')
    .orderBy('u.first_name')
    .orderBy('u.last_name')
    .orderBy('u.id')
    .execute();
  for (const row of rows) {
    const list = out.get(row.collaboration_id) ?? [];
    list.push(row);
    out.set(row.collaboration_id, list);
  }
  return out;
}

/**
 * The shared workspaces of a collaboration among those the caller can see (`visibleIds`, the
 * request's access), optionally with their sub-workspaces.
 */
export async function listSharedWorkspaces(
  db: Db,
  visibleIds: readonly number[],
  collaboration: { id: number; client_id: number },
  includeSubWorkspaces: boolean,
): Promise<Array<{ id: number; name: string; parent_id: number | null; is_shared: boolean }>> {
  const sharedIds = sql`SELECT cw.workspace_id FROM collaboration_workspaces cw
    WHERE cw.collaboration_id = ${collaboration.id} AND cw.client_id = ${collaboration.client_id}`;
  const reached = includeSubWorkspaces
    ? sql`SELECT s.workspace_id FROM ${workspaceSubtreeSql(sharedIds)} AS s`
    : sharedIds;
  const { rows } = await sql<{ id: number; name: string; parent_id: number | null; is_shared: boolean }>`
    SELECT w.id, w.name, w.parent_id, w.id IN (${sharedIds}) AS is_shared
      FROM workspaces w
      WHERE w.id IN (${reached}) AND w.client_id = ${collaboration.client_id} AND w.deleted_at IS NULL
        AND w.id = ANY(${intArray(visibleIds)})
      ORDER BY lower(w.name), w.id`.execute(db);
  return rows;
}

/** The partner's people with their role in each shared workspace the caller can see. */
export async function listCollaborationUserRoles(
  db: Db,
  visibleIds: readonly number[],
  collaboration: { id: number; client_id: number },
) {
  const { rows } = await sql<{
    user_id: number;
    first_name: string;
    last_name: string;
    email: string;
    profile_image: string | null;
    workspace_id: number;
    workspace_name: string;
    role: 'collab_admin' | 'collab_manager' | 'member';
  }>`
    SELECT u.id AS user_id, u.first_name, u.last_name, u.email, u.profile_image,
        w.id AS workspace_id, w.name AS workspace_name, cu.role
      FROM collaboration_users cu
      JOIN users u ON u.id = cu.user_id AND u.deleted_at IS NULL
      JOIN workspaces w ON w.id = cu.workspace_id AND w.client_id = ${collaboration.client_id}
        AND w.deleted_at IS NULL AND w.id = ANY(${intArray(visibleIds)})
      WHERE cu.collaboration_id = ${collaboration.id} AND cu.client_id = ${collaboration.client_id}
      ORDER BY lower(u.first_name), lower(u.last_name), u.id, lower(w.name), w.id`.execute(db);
  return rows;
}

/** Whether the user manages at least one workspace of the organisation (sees the list). */
export async function managesAnyWorkspace(db: Db, auth: Pick<Auth, 'userId' | 'clientId'>) {
  const row = await db
    .selectFrom('workspace_users')
    .select('id')
    .where('client_id', '=', auth.clientId)
    .where('user_id', '=', auth.userId)
    .where('role', '=', 'manager')
    .executeTakeFirst();
  return !!row;
}

/** An open (pending or accepted) invitation of this address by the organisation. */
export async function findOpenInvitation(db: Db, clientId: number, email: string) {
  return db
    .selectFrom('collaborations')
    .select(['id', 'invitation_status'])
    .where('client_id', '=', clientId)
    .where(sql<string>`lower(invited_email)`, '=', email.toLowerCase())
    .where('deleted_at', 'is', null)
    .where('invitation_status', '!=', 'declined')
    .executeTakeFirst();
}

/** Postgres' unique_violation on the one-live-invitation index. */
export function isOpenInviteTakenError(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; message?: string } | null;
  return (
    e?.code === '23505' &&
    (e.constraint === 'collaborations_open_invite' ||
      String(e.message).includes('collaborations_open_invite'))
  );
}
