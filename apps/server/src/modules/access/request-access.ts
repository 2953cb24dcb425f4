import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Auth } from '../../http/authenticate.js';
import { notFound } from '../../http/errors.js';
import {
  intArray,
  issueVisibleSql,
  loadVisibleWorkspaces,
  readWorkspaceGrants,
  type VisibleWorkspaces,
  visibleFromGrants,
  type WorkspaceGrant,
} from './workspace-access.js';

type Db = Kysely<Database> | Transaction<Database>;
type Caller = Pick<Auth, 'userId' | 'clientId' | 'role'> & Pick<Partial<Auth>, 'accessVersion'>;

/** Ids a request names that belong to an issue (and are as visible as that issue). */
export type IssueScopedIds = { issue?: number[]; checklist?: number[]; checklist_item?: number[] };

/**
 * The caller's access for one request, resolved once (in the manner of Immich's requireAccess
 * over a set of ids): the id guard and the services of a request (and the reads they make for
 * their presenters) all ask it, so the recursive grants query runs at most once per request, and
 * not at all when the caller's grants are already in memory at the access version read with the
 * session.
 *
 * Reachable from the request's `auth` (accessOf): a route hands the same object to every
 * service. A write that changes access (the workspace tree, workspace roles, collaborations)
 * calls accessChanged(auth) in its transaction: from then on the request asks SQL on the
 * handle in use (that transaction, then the database), never a copy read before the write.
 */
class RequestAccess {
  readonly #auth: Caller;
  #visible: Promise<VisibleWorkspaces> | undefined;
  #changed = false;

  constructor(auth: Caller) {
    this.#auth = auth;
  }

  /** Whether the grants may be kept for the rest of the request. */
  get #keeps(): boolean {
    return !this.#changed && this.#auth.accessVersion !== undefined;
  }

  /**
   * The visible workspaces with the caller's grant on each: kept for the request; read from the
   * version-stamped copy of loadVisibleWorkspaces on the database handle, or with SQL on a
   * transaction when that is the first to ask.
   */
  visible(db: Db): Promise<VisibleWorkspaces> {
    if (this.#visible) return this.#visible;
    const read = this.#read(db);
    if (!this.#keeps) return read;
    this.#visible = read;
    read.catch(() => {
      if (this.#visible === read) this.#visible = undefined;
    });
    return read;
  }

  /**
   * The access version at which copies kept in memory may answer this request on `db`
   * (undefined: ask SQL), for other version-stamped caches such as the calendar's assignees.
   */
  copiesAt(db: Db): string | undefined {
    return this.#keeps && !db.isTransaction ? this.#auth.accessVersion : undefined;
  }

  async #read(db: Db): Promise<VisibleWorkspaces> {
    const version = this.#auth.accessVersion;
    if (version !== undefined && !this.#changed && !db.isTransaction) {
      return loadVisibleWorkspaces(db as Kysely<Database>, this.#auth, version);
    }
    return visibleFromGrants(await readWorkspaceGrants(db, this.#auth));
  }

  /** The caller's grant on one workspace, or undefined when they may not see it. */
  async workspaceGrant(db: Db, workspaceId: number): Promise<WorkspaceGrant | undefined> {
    // Without grants to keep, one workspace is cheaper to ask about than all of them.
    if (!this.#keeps) return (await readWorkspaceGrants(db, this.#auth, workspaceId)).get(workspaceId);
    return (await this.visible(db)).grants.get(workspaceId);
  }

  /**
   * Which of the named issues, checklists and checklist items the caller may see, in one
   * statement however many: a checklist or an item is as visible as its issue.
   */
  async visibleIssueScoped(db: Db, ids: IssueScopedIds): Promise<Required<IssueScopedIds>> {
    const visible = await this.visible(db);
    // Only the organisations whose issues the caller may see at all (issueVisibleSql keeps to them).
    const clients = intArray(visible.clientIds);
    const parts: RawBuilder<unknown>[] = [];
    if (ids.issue?.length)
      parts.push(sql`SELECT 'issue' AS kind, i.id, i.client_id, i.id AS issue_id FROM issues i
        WHERE i.client_id = ANY(${clients}) AND i.id = ANY(${intArray(ids.issue)})`);
    if (ids.checklist?.length)
      parts.push(sql`SELECT 'checklist' AS kind, c.id, c.client_id, c.issue_id FROM checklists c
        WHERE c.client_id = ANY(${clients}) AND c.id = ANY(${intArray(ids.checklist)})`);
    if (ids.checklist_item?.length)
      parts.push(sql`SELECT 'checklist_item' AS kind, ci.id, ci.client_id, c.issue_id FROM checklist_items ci
        JOIN checklists c ON c.id = ci.checklist_id AND c.client_id = ci.client_id
        WHERE ci.client_id = ANY(${clients}) AND ci.id = ANY(${intArray(ids.checklist_item)})`);
    const out: Required<IssueScopedIds> = { issue: [], checklist: [], checklist_item: [] };
    if (!parts.length) return out;
    const { rows } = await sql<{ kind: keyof IssueScopedIds; id: number }>`
      SELECT named.kind, named.id FROM (${sql.join(parts, sql` UNION ALL `)}) AS named
        JOIN issues i ON i.id = named.issue_id AND i.client_id = named.client_id
        WHERE ${issueVisibleSql(this.#auth, visible)}`.execute(db);
    for (const row of rows) out[row.kind].push(row.id);
    return out;
  }

  /** This request changed access: nothing read before may answer from now on. */
  changed(): void {
    this.#changed = true;
    this.#visible = undefined;
  }
}

// Keyed by the request's auth object, so the access lives exactly as long as the request.
const requestAccess = new WeakMap<object, RequestAccess>();

/** The access of the request whose caller this is (made on first use). */
export function accessOf(auth: Caller): RequestAccess {
  let access = requestAccess.get(auth);
  if (!access) {
    access = new RequestAccess(auth);
    requestAccess.set(auth, access);
  }
  return access;
}

/** Call in the transaction of a write to the workspace tree, roles or collaborations. */
export function accessChanged(auth: Caller): void {
  accessOf(auth).changed();
}

/** Every workspace the caller may see, by id. */
export async function loadWorkspaceGrants(db: Db, auth: Caller): Promise<Map<number, WorkspaceGrant>> {
  return (await accessOf(auth).visible(db)).grants;
}

/** The caller's grant on one workspace, or undefined when they may not see it. */
export function findWorkspaceGrant(
  db: Db,
  auth: Caller,
  workspaceId: number,
): Promise<WorkspaceGrant | undefined> {
  return accessOf(auth).workspaceGrant(db, workspaceId);
}

/** The grant, or 404 as if the workspace did not exist (no probing for ids of other tenants). */
export async function requireWorkspaceGrant(
  db: Db,
  auth: Caller,
  workspaceId: number,
): Promise<WorkspaceGrant> {
  const grant = await findWorkspaceGrant(db, auth, workspaceId);
  if (!grant) throw notFound('Workspace not found');
  return grant;
}
