import { buildPage } from '@workbench/domain';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Auth } from '../../http/authenticate.js';
import { logActivity } from '../activity/activity-log.js';

/*
 * What asset groups and asset systems do alike: both are named sets of assets with a common status
 * and a description, listed, changed and deleted (soft) the same way.
 */

type Db = Kysely<Database> | Transaction<Database>;
type Changes = Record<string, [unknown, unknown]>;
type SharedFields = { name: string; status: number; description: string | null };

/** Each kind's table and the column of the assets that points at it. */
const KINDS = {
  asset_group: { table: 'asset_groups', column: 'group_id' },
  asset_system: { table: 'asset_systems', column: 'system_id' },
} as const;
type Entity = keyof typeof KINDS;

/** A list answer: the page links repeat the query's filters (lists comma-joined) and page size. */
export function assetSetPage<T, Q extends { page: number; paginate_by: number }>(
  query: Q,
  rows: T[],
  total: number,
  path: string,
) {
  const { page, paginate_by, ...rest } = query;
  const params = Object.fromEntries(
    Object.entries(rest).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v as string | number)]),
  );
  return buildPage({ rows, total, page, perPage: paginate_by, path, query: { ...params, paginate_by } });
}

/** Logs on the group or system itself, in the caller's organisation. */
export function logOnAssetSet(
  trx: Db,
  auth: Auth,
  entity: Entity,
  id: number,
  action: string,
  changes: Record<string, unknown>,
) {
  return logActivity(trx, {
    clientId: auth.clientId,
    userId: auth.userId,
    entityType: entity,
    entityId: id,
    action,
    changes,
  });
}

/** The name, status and description an update changes, as [before, after]. */
export function sharedChanges(row: SharedFields, body: Partial<SharedFields>): Changes {
  const changes: Changes = {};
  for (const key of ['name', 'status', 'description'] as const) {
    if (body[key] !== undefined && body[key] !== row[key]) changes[key] = [row[key], body[key]];
  }
  return changes;
}

/** The columns to write for those changes. */
export function sharedValues(changes: Changes, body: Partial<SharedFields>) {
  return {
    ...(changes.name ? { name: body.name } : {}),
    ...(changes.status ? { status: body.status } : {}),
    ...(changes.description ? { description: body.description ?? null } : {}),
  };
}

/**
 * DELETE of a group or system, inside the caller's transaction: deleted (soft), its assets stay
 * without it, logged with its name and how many assets it let go.
 */
export async function deleteAssetSet(
  trx: Db,
  auth: Auth,
  entity: Entity,
  set: { id: number; client_id: number; name: string },
) {
  const { table, column } = KINDS[entity];
  const now = new Date();
  const released = await trx
    .updateTable('assets')
    .set({ [column]: null, updated_at: now })
    .where('client_id', '=', set.client_id)
    .where(column, '=', set.id)
    .executeTakeFirst();
  await trx
    .updateTable(table)
    .set({ deleted_at: now, updated_at: now })
    .where('id', '=', set.id)
    .where('client_id', '=', set.client_id)
    .execute();
  await logOnAssetSet(trx, auth, entity, set.id, 'deleted', {
    name: set.name,
    assets_released: Number(released.numUpdatedRows),
  });
  return { success: true as const };
}
