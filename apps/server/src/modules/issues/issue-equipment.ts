import { sql } from 'kysely';
import type { Auth } from '../../http/authenticate.js';
import { fieldError } from '../../http/errors.js';
import { intArray } from '../access/workspace-access.js';
import { equipmentScope, equipmentVisibleSql } from '../equipment/equipment-visibility.js';
import type { Db } from './issue-queries.js';

type Caller = Pick<Auth, 'userId' | 'clientId' | 'role'>;

/** The ids once each, in the order given. */
export function uniqueIds(ids: readonly number[]): number[] {
  return [...new Set(ids)];
}

/**
 * The equipment an issue names (000 §3 equipment_ids): each newly named id must be a live item
 * of the issue's organisation the caller sees (equipment-visibility.ts), else 422 invalid_format
 * on equipment_ids. Ids the issue names already (`kept`) are not asked again, so an edit by
 * someone who does not see one of them keeps it.
 */
export async function checkIssueEquipment(
  db: Db,
  auth: Caller,
  clientId: number,
  ids: readonly number[],
  kept: readonly number[] = [],
): Promise<void> {
  const added = uniqueIds(ids).filter((id) => !kept.includes(id));
  if (!added.length) return;
  const scope = await equipmentScope(db, auth);
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM equipment e
    WHERE e.id = ANY(${intArray(added)}) AND e.client_id = ${clientId} AND ${equipmentVisibleSql(scope, 'e')}`.execute(
    db,
  );
  if ((rows[0]?.n ?? 0) !== added.length) {
    throw fieldError('equipment_ids', 'invalid_format', 'Equipment not found');
  }
}
