import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The live systems shared in a collaboration, by name. */
export async function findSharedSystems(
  db: Db,
  collaborationId: number,
): Promise<Array<{ id: number; name: string }>> {
  return db
    .selectFrom('collaboration_asset_systems as cas')
    .innerJoin('asset_systems as s', 's.id', 'cas.system_id')
    .select(['s.id', 's.name'])
    .where('cas.collaboration_id', '=', collaborationId)
    .where('s.deleted_at', 'is', null)
    .orderBy(sql`lower(s.name)`)
    .orderBy('s.id')
    .execute();
}

/** Which of `ids` are live systems of the organisation. */
export async function findOwnSystemIds(db: Db, clientId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .selectFrom('asset_systems')
    .select('id')
    .where('client_id', '=', clientId)
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
  return new Set(rows.map((r) => r.id));
}

export async function shareSystems(db: Db, clientId: number, collaborationId: number, ids: number[]) {
  if (!ids.length) return 0;
  const result = await db
    .insertInto('collaboration_asset_systems')
    .values(ids.map((system_id) => ({ client_id: clientId, collaboration_id: collaborationId, system_id })))
    .onConflict((oc) => oc.columns(['collaboration_id', 'system_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

export async function unshareSystems(db: Db, clientId: number, collaborationId: number, ids: number[]) {
  if (!ids.length) return 0;
  const result = await db
    .deleteFrom('collaboration_asset_systems')
    .where('client_id', '=', clientId)
    .where('collaboration_id', '=', collaborationId)
    .where('system_id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
