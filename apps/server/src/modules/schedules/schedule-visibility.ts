import { isWorkspaceManagerRole } from '@workbench/domain';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Auth } from '../../http/authenticate.js';
import { accessOf } from '../access/request-access.js';
import { intArray, type WorkspaceGrant } from '../access/workspace-access.js';

type Db = Kysely<Database> | Transaction<Database>;
type Caller = Pick<Auth, 'userId' | 'clientId' | 'role'>;

/**
 * THE ONE PLACE that says which schedules a caller sees (001 §7 "Schedules"): those of their own
 * organisation (a partner's people see none, as another organisation's) in the workspaces they
 * see; for an admin, that is every live workspace of the organisation. Built from the request's
 * grants (read once per request); list, filters and bulk calls all ask it.
 */
export type ScheduleScope = {
  clientId: number;
  /** The caller's grant on each own workspace they see. */
  grants: Map<number, WorkspaceGrant>;
  /**
   * When the caller sees all but a few of the organisation's workspaces (an admin): those few, so
   * the condition reads "of the organisation, not in these" from the (client_id, ...) indexes.
   */
  hidden: number[] | undefined;
};

export async function scheduleScope(db: Db, auth: Caller): Promise<ScheduleScope> {
  const visible = await accessOf(auth).visible(db);
  const grants = new Map<number, WorkspaceGrant>();
  for (const grant of visible.grants.values()) {
    if (grant.collaboration_id === null && grant.client_id === auth.clientId)
      grants.set(grant.workspace_id, grant);
  }
  const hidden =
    visible.hidden !== undefined &&
    visible.clientIds[0] === auth.clientId &&
    visible.hidden.length < grants.size
      ? visible.hidden
      : undefined;
  return { clientId: auth.clientId, grants, hidden };
}

/** A condition on a schedules row (`alias`): live, and the caller sees it. */
export function scheduleVisibleSql(scope: ScheduleScope, alias = 's'): RawBuilder<boolean> {
  const s = sql.ref(alias);
  const own = sql<boolean>`${s}.client_id = ${scope.clientId} AND ${s}.deleted_at IS NULL`;
  if (scope.hidden) {
    return scope.hidden.length
      ? sql<boolean>`(${own} AND NOT (${s}.workspace_id = ANY(${intArray(scope.hidden)})))`
      : sql<boolean>`(${own})`;
  }
  if (!scope.grants.size) return sql<boolean>`false`;
  return sql<boolean>`(${own} AND ${s}.workspace_id = ANY(${intArray([...scope.grants.keys()])}))`;
}

/**
 * Who changes a schedule (edit, delete, pause, archive, duplicate, budget, time limits): the
 * organisation's admins and the managers of its workspace (a role inherited down the tree).
 */
export function canEditSchedule(auth: Caller, scope: ScheduleScope, workspaceId: number): boolean {
  if (auth.role === 'admin' && auth.clientId === scope.clientId) return true;
  const grant = scope.grants.get(workspaceId);
  return !!grant && isWorkspaceManagerRole(grant.role);
}
