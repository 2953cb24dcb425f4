import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Auth } from '../../http/authenticate.js';
import { accessOf } from '../access/request-access.js';
import type { WorkspaceGrant } from '../access/workspace-access.js';

type Db = Kysely<Database> | Transaction<Database>;
type Caller = Pick<Auth, 'userId' | 'clientId' | 'role'>;

/**
 * THE ONE PLACE that says which assets a caller sees (001 §6, 000 §7 Collaborations):
 *  - in their own organisation, every asset of the workspaces they see (all of them for admins);
 *  - through a partner collaboration, the assets of the shared workspaces whose system the owner
 *    shares in that collaboration (collaboration_asset_systems), read only.
 * Deleted assets are nobody's. Built from the request's grants (read once per request).
 */
export type AssetScope = {
  /** Workspaces of the caller's own organisation they see. */
  own: number[];
  /**
   * When the caller sees all but a few of their organisation's workspaces (an admin: all but the
   * deleted ones): those few. Visibility is then "of the organisation, not in these", which an
   * index on (client_id, ...) reads in page order, instead of a list of every workspace.
   */
  ownExcept: { clientId: number; hidden: number[] } | undefined;
  /** Partner workspaces they see and the organisation that owns them, by the collaboration that shares them. */
  partner: Map<number, { clientId: number; workspaceIds: number[] }>;
  grants: Map<number, WorkspaceGrant>;
};

export async function assetScope(db: Db, auth: Caller): Promise<AssetScope> {
  const visible = await accessOf(auth).visible(db);
  const { grants } = visible;
  const own: number[] = [];
  const partner = new Map<number, { clientId: number; workspaceIds: number[] }>();
  for (const grant of grants.values()) {
    if (grant.collaboration_id === null) own.push(grant.workspace_id);
    else {
      const shared = partner.get(grant.collaboration_id) ?? { clientId: grant.client_id, workspaceIds: [] };
      shared.workspaceIds.push(grant.workspace_id);
      partner.set(grant.collaboration_id, shared);
    }
  }
  const ownExcept =
    !partner.size &&
    visible.hidden !== undefined &&
    visible.clientIds[0] === auth.clientId &&
    visible.hidden.length < own.length
      ? { clientId: auth.clientId, hidden: visible.hidden }
      : undefined;
  return { own, ownExcept, partner, grants };
}

/**
 * `column IN (the ids)`. A short list as `= ANY(...)`, which PostgreSQL checks before costlier
 * conditions (a text search) and searches element by element; a long one as a semi-join on the
 * unnested list, hashed once: searched element by element for every row, an admin's 4,000
 * workspaces over 20,000 assets were most of the list's time (bench/asset-list.ts).
 */
const SHORT_ID_LIST = 500;
const inIds = (column: RawBuilder<unknown>, ids: number[]) => {
  const list = sql`${`{${ids.join(',')}}`}::int[]`;
  return ids.length <= SHORT_ID_LIST
    ? sql<boolean>`${column} = ANY(${list})`
    : sql<boolean>`${column} IN (SELECT unnest(${list}))`;
};

/**
 * A condition on a row with client_id and workspace_id (an asset, a group): it lies in a
 * workspace of the caller's own organisation that they see; undefined when they see none.
 */
function ownVisibleSql(scope: AssetScope, row: RawBuilder<unknown>): RawBuilder<boolean> | undefined {
  if (scope.ownExcept) {
    const { clientId, hidden } = scope.ownExcept;
    return hidden.length
      ? sql<boolean>`(${row}.client_id = ${clientId} AND NOT ${inIds(sql`${row}.workspace_id`, hidden)})`
      : sql<boolean>`${row}.client_id = ${clientId}`;
  }
  return scope.own.length ? inIds(sql`${row}.workspace_id`, scope.own) : undefined;
}

/** A condition on an assets row (`alias`): the caller sees it. */
export function assetVisibleSql(scope: AssetScope, alias = 'a'): RawBuilder<boolean> {
  const a = sql.ref(alias);
  const parts: RawBuilder<boolean>[] = [];
  const own = ownVisibleSql(scope, a);
  if (own) parts.push(own);
  for (const [collaborationId, { clientId, workspaceIds }] of scope.partner) {
    parts.push(sql<boolean>`(${a}.client_id = ${clientId} AND ${inIds(sql`${a}.workspace_id`, workspaceIds)}
      AND EXISTS (SELECT 1 FROM collaboration_asset_systems cas
        WHERE cas.client_id = ${clientId} AND cas.collaboration_id = ${collaborationId}
          AND cas.system_id = ${a}.system_id))`);
  }
  if (!parts.length) return sql<boolean>`false`;
  return sql<boolean>`(${a}.deleted_at IS NULL AND (${sql.join(parts, sql` OR `)}))`;
}

/**
 * A condition on an asset_groups row: the caller sees it. Groups of their own organisation's
 * visible workspaces; a partner sees a group only when it holds an asset the partner sees.
 */
export function assetGroupVisibleSql(scope: AssetScope, alias = 'g'): RawBuilder<boolean> {
  const g = sql.ref(alias);
  const parts: RawBuilder<boolean>[] = [];
  const own = ownVisibleSql(scope, g);
  if (own) parts.push(own);
  if (scope.partner.size) {
    parts.push(sql<boolean>`EXISTS (SELECT 1 FROM assets pa
      WHERE pa.client_id = ${g}.client_id AND pa.group_id = ${g}.id AND ${assetVisibleSql({ ...scope, own: [], ownExcept: undefined }, 'pa')})`);
  }
  if (!parts.length) return sql<boolean>`false`;
  return sql<boolean>`(${g}.deleted_at IS NULL AND (${sql.join(parts, sql` OR `)}))`;
}

/**
 * A condition on an asset_systems row: the caller sees it. Systems of their own organisation
 * (they span every workspace), and those a partner shares with the caller's organisation in an
 * accepted collaboration.
 */
export function assetSystemVisibleSql(auth: Caller, alias = 's'): RawBuilder<boolean> {
  const s = sql.ref(alias);
  return sql<boolean>`(${s}.deleted_at IS NULL AND (${s}.client_id = ${auth.clientId} OR EXISTS (
    SELECT 1 FROM collaboration_asset_systems cas
      JOIN collaborations c ON c.id = cas.collaboration_id
      WHERE cas.system_id = ${s}.id AND c.partner_client_id = ${auth.clientId}
        AND c.invitation_status = 'accepted' AND c.deleted_at IS NULL)))`;
}
