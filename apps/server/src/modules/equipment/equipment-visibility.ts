import { type RawBuilder, sql } from 'kysely';
import { intArray } from '../access/workspace-access.js';
import { type ScheduleScope, scheduleScope, scheduleVisibleSql } from '../schedules/schedule-visibility.js';

/**
 * THE ONE PLACE that says which equipment a caller sees (001 §6, issue 18): the items of their
 * own organisation in the workspaces they see (every live workspace for an admin), the same
 * scope as schedules. A partner's people and another organisation see none (404): a partner who
 * borrows is a holder, not a reader of the inventory. Types and external holders are the
 * organisation's own, read by all its people; a group is seen when it is bound to no workspace
 * or to a workspace the caller sees. Bookings and pictures are as visible as their item.
 */
export type EquipmentScope = ScheduleScope;
export const equipmentScope = scheduleScope;

/** A condition on an equipment row (`alias`): live, and the caller sees it. */
export function equipmentVisibleSql(scope: EquipmentScope, alias = 'e'): RawBuilder<boolean> {
  return scheduleVisibleSql(scope, alias);
}

/** A condition on an equipment_groups row: live, of the organisation, unbound or in a visible workspace. */
export function equipmentGroupVisibleSql(scope: EquipmentScope, alias = 'g'): RawBuilder<boolean> {
  const g = sql.ref(alias);
  const own = sql<boolean>`${g}.client_id = ${scope.clientId} AND ${g}.deleted_at IS NULL`;
  if (scope.hidden) {
    return scope.hidden.length
      ? sql<boolean>`(${own} AND (${g}.workspace_id IS NULL OR NOT (${g}.workspace_id = ANY(${intArray(scope.hidden)}))))`
      : sql<boolean>`(${own})`;
  }
  if (!scope.grants.size) return sql<boolean>`(${own} AND ${g}.workspace_id IS NULL)`;
  return sql<boolean>`(${own} AND (${g}.workspace_id IS NULL OR ${g}.workspace_id = ANY(${intArray([...scope.grants.keys()])})))`;
}

/** Types and external holders: the organisation's own, live. */
export function ownLiveSql(clientId: number, alias: string): RawBuilder<boolean> {
  const t = sql.ref(alias);
  return sql<boolean>`(${t}.client_id = ${clientId} AND ${t}.deleted_at IS NULL)`;
}
