import type { UserListQuery, UserRole } from '@workbench/domain';
import { type ExpressionBuilder, type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { accessibleWorkspacesSql, workspaceWorkersSql } from '../access/workspace-access.js';
import { containsPattern, type UserListRow } from './user-presenter.js';

type Db = Kysely<Database> | Transaction<Database>;
type Eb = ExpressionBuilder<Database & { u: Database['users']; uc: Database['user_clients'] }, 'u' | 'uc'>;

/** Sorting by name: the full name, or the address for people who have not given a name yet. */
const SORT_NAME = sql`lower(coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email))`;

/** The organisation's people: a membership (user_clients) and not deleted. */
function peopleOf(db: Db, clientId: number) {
  return db
    .selectFrom('users as u')
    .innerJoin('user_clients as uc', (join) =>
      join.onRef('uc.user_id', '=', 'u.id').on('uc.client_id', '=', clientId),
    )
    .where('u.deleted_at', 'is', null);
}

function matchesSearch(eb: Eb, search: string | undefined) {
  if (!search) return eb.val(true);
  const pattern = containsPattern(search);
  return eb.or([
    eb(sql`lower(u.first_name || ' ' || u.last_name)`, 'like', pattern),
    eb(sql`lower(u.email)`, 'like', pattern),
  ]);
}

/** GET users/: one page of the organisation's people and the total. */
export async function listUsers(
  db: Db,
  clientId: number,
  query: UserListQuery,
  onlyIds?: number[],
): Promise<{ rows: UserListRow[]; total: number }> {
  const filtered = peopleOf(db, clientId).where((eb) => {
    const conditions = [matchesSearch(eb, query.search)];
    if (onlyIds) conditions.push(eb('u.id', 'in', onlyIds.length ? onlyIds : [0]));
    if (query.active === '1') conditions.push(eb('u.status', '=', 'active'));
    if (query.active === '0') conditions.push(eb('u.status', 'in', ['invited', 'paused']));
    if (query.workspace_ids.length) {
      conditions.push(
        eb.exists(
          eb
            .selectFrom('workspace_users as wu')
            .select('wu.id')
            .where('wu.client_id', '=', clientId)
            .whereRef('wu.user_id', '=', 'u.id')
            .where('wu.workspace_id', 'in', query.workspace_ids),
        ),
      );
    }
    return eb.and(conditions);
  });
  const countRow = await filtered.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const direction = query.sort_direction;
  let page = filtered
    .leftJoin('job_positions as jp', (join) =>
      join.onRef('jp.id', '=', 'u.job_position_id').on('jp.client_id', '=', clientId),
    )
    .select([
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.phone',
      'u.status',
      'uc.role',
      'u.profile_image',
      'jp.id as job_position_id',
      'jp.name as job_position_name',
      'uc.client_id',
      'u.created_at',
      'u.updated_at',
    ]);
  if (query.statistics === '1') {
    page = page.select((eb) =>
      eb
        .selectFrom('workspace_users as wu')
        .innerJoin('workspaces as w', 'w.id', 'wu.workspace_id')
        .select(eb.fn.countAll<string>().as('n'))
        .where('wu.client_id', '=', clientId)
        .whereRef('wu.user_id', '=', 'u.id')
        .where('w.deleted_at', 'is', null)
        .as('workspaces_count'),
    );
  }
  if (query.sort_by === 'name') {
    page = page.orderBy(SORT_NAME, direction);
  } else {
    page = page.orderBy(query.sort_by === 'created' ? 'u.created_at' : 'u.updated_at', direction);
  }
  const rows = await page
    .orderBy('u.id', direction)
    .limit(query.paginate_by)
    .offset((query.page - 1) * query.paginate_by)
    .execute();
  return { rows: rows as UserListRow[], total: Number(countRow.n) };
}

export type PickerRow = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  profile_image: string | null;
  role: UserRole;
};

/** users/filter-mix: the organisation's active and invited people, by name. */
export async function listPickerUsers(
  db: Db,
  clientId: number,
  args: { search?: string; page: number; perPage: number },
): Promise<{ rows: PickerRow[]; total: number }> {
  const filtered = peopleOf(db, clientId)
    .where('u.status', 'in', ['active', 'invited'])
    .where((eb) => matchesSearch(eb, args.search));
  const countRow = await filtered.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await filtered
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.email', 'u.profile_image', 'uc.role'])
    .orderBy(SORT_NAME)
    .orderBy('u.id')
    .limit(args.perPage)
    .offset((args.page - 1) * args.perPage)
    .execute();
  return { rows, total: Number(countRow.n) };
}

export type ExternalPickerRow = PickerRow & {
  company_id: number;
  company_name: string;
  company_logo: string | null;
  collaboration_id: number;
};

/**
 * users/filter-mix-collabs: people of the OTHER organisation of each accepted collaboration of
 * the caller's organisation who take part in it: that organisation's admins, the partner people
 * given a collaboration role, and (seen from the partner side) the owner's people with a role in
 * a shared workspace. Never the caller's own organisation's people.
 */
export async function listPickerExternals(
  db: Db,
  clientId: number,
  args: { search?: string; page: number; perPage: number },
): Promise<{ rows: ExternalPickerRow[]; total: number }> {
  const pattern = args.search ? containsPattern(args.search) : null;
  const base = sql`
    SELECT DISTINCT ON (u.id) u.id, u.first_name, u.last_name, u.email, u.profile_image, m.role,
        other.id AS company_id, other.name AS company_name, other.logo AS company_logo,
        c.id AS collaboration_id
      FROM collaborations c
      JOIN clients other ON other.id = CASE WHEN c.client_id = ${clientId} THEN c.partner_client_id ELSE c.client_id END
      JOIN user_clients m ON m.client_id = other.id
      JOIN users u ON u.id = m.user_id
      WHERE (c.client_id = ${clientId} OR c.partner_client_id = ${clientId})
        AND c.invitation_status = 'accepted' AND c.deleted_at IS NULL
        AND u.deleted_at IS NULL AND u.status IN ('active', 'invited')
        AND NOT EXISTS (SELECT 1 FROM user_clients own WHERE own.user_id = u.id AND own.client_id = ${clientId})
        AND (
          m.role = 'admin'
          OR EXISTS (SELECT 1 FROM collaboration_users cu WHERE cu.collaboration_id = c.id AND cu.user_id = u.id)
          OR (c.partner_client_id = ${clientId} AND EXISTS (
            SELECT 1 FROM workspace_users wu
              JOIN collaboration_workspaces cw ON cw.workspace_id = wu.workspace_id AND cw.collaboration_id = c.id
              WHERE wu.user_id = u.id AND wu.client_id = c.client_id))
        )
        AND (${pattern}::text IS NULL
          OR lower(u.first_name || ' ' || u.last_name) LIKE ${pattern}
          OR lower(u.email) LIKE ${pattern})
      ORDER BY u.id, c.id`;
  const total = await sql<{ n: string }>`SELECT count(*) AS n FROM (${base}) people`.execute(db);
  const page = await sql<ExternalPickerRow>`
    SELECT * FROM (${base}) people
      ORDER BY lower(coalesce(nullif(trim(first_name || ' ' || last_name), ''), email)), id
      LIMIT ${args.perPage} OFFSET ${(args.page - 1) * args.perPage}`.execute(db);
  return { rows: page.rows, total: Number(total.rows[0]?.n ?? 0) };
}

/**
 * Whether a person cannot see every one of these workspaces (they would have to be added first):
 * computed by THE visibility module, as that person in that organisation.
 */
export async function isNotInWorkspaces(
  db: Db,
  person: { userId: number; clientId: number; role: UserRole },
  workspaceIds: number[],
): Promise<boolean> {
  if (!workspaceIds.length) return false;
  const { rows } = await sql<{ n: string }>`
    SELECT count(*) AS n FROM ${accessibleWorkspacesSql(person)} AS access
      WHERE access.workspace_id IN (${sql.join(workspaceIds)})`.execute(db);
  return Number(rows[0]?.n ?? 0) < workspaceIds.length;
}

/**
 * users/list-by-workspace-access: who can work in a workspace (the assignable people, the one
 * rule of workspaceWorkersSql), with the organisation each works for there. By name.
 */
export async function listPeopleWithWorkspaceAccess(db: Db, ownerClientId: number, workspaceId: number) {
  const { rows } = await sql<{
    id: number;
    first_name: string;
    last_name: string;
    email: string;
    profile_image: string | null;
    role: UserRole;
    company_id: number;
    company_name: string;
    company_logo: string | null;
  }>`
    SELECT DISTINCT ON (u.id) u.id, u.first_name, u.last_name, u.email, u.profile_image, m.role,
        cl.id AS company_id, cl.name AS company_name, cl.logo AS company_logo
      FROM ${workspaceWorkersSql(ownerClientId, workspaceId)} AS p
      JOIN users u ON u.id = p.user_id
      JOIN user_clients m ON m.user_id = p.user_id AND m.client_id = p.client_id
      JOIN clients cl ON cl.id = p.client_id
      ORDER BY u.id, (p.client_id = ${ownerClientId}) DESC`.execute(db);
  return rows.sort(
    (a, b) =>
      a.first_name.localeCompare(b.first_name) || a.last_name.localeCompare(b.last_name) || a.id - b.id,
  );
}

/** GET user/statistics: the organisation's people by status, and its admins. */
export async function countUsers(db: Db, clientId: number) {
  const row = await peopleOf(db, clientId)
    .select((eb) => [
      eb.fn.countAll<string>().as('total'),
      eb.fn.count<string>(sql`CASE WHEN u.status = 'active' THEN 1 END`).as('active'),
      eb.fn.count<string>(sql`CASE WHEN u.status = 'invited' THEN 1 END`).as('invited'),
      eb.fn.count<string>(sql`CASE WHEN u.status = 'paused' THEN 1 END`).as('paused'),
      eb.fn.count<string>(sql`CASE WHEN uc.role = 'admin' THEN 1 END`).as('admins'),
    ])
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total),
    active: Number(row.active),
    invited: Number(row.invited),
    paused: Number(row.paused),
    admins: Number(row.admins),
  };
}

/** GET users/main_org: the organisation's active people, by name. */
export function listActivePeople(db: Db, clientId: number) {
  return peopleOf(db, clientId)
    .where('u.status', '=', 'active')
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.email', 'u.profile_image', 'uc.role'])
    .orderBy(sql`lower(u.first_name)`)
    .orderBy(sql`lower(u.last_name)`)
    .orderBy('u.id')
    .execute();
}

/** Active admins of the organisation other than this person: the last one may not go. */
export async function countOtherActiveAdmins(db: Db, clientId: number, exceptUserIds: number[]) {
  let query = peopleOf(db, clientId).where('uc.role', '=', 'admin').where('u.status', '=', 'active');
  if (exceptUserIds.length) query = query.where('u.id', 'not in', exceptUserIds);
  const row = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
