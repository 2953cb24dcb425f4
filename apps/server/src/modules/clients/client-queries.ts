import type { Kysely, Selectable, Transaction } from 'kysely';
import type { ClientsTable, Database } from '../../db/schema.js';
import { logActivity } from '../activity/activity-log.js';

type Db = Kysely<Database> | Transaction<Database>;

export function findClient(db: Db, clientId: number): Promise<Selectable<ClientsTable> | undefined> {
  return db.selectFrom('clients').selectAll().where('id', '=', clientId).executeTakeFirst();
}

/** Locks the row until the transaction ends, so two admins saving at once do not lose each other's settings. */
export function findClientForUpdate(
  trx: Transaction<Database>,
  clientId: number,
): Promise<Selectable<ClientsTable> | undefined> {
  return trx.selectFrom('clients').selectAll().where('id', '=', clientId).forUpdate().executeTakeFirst();
}

export function listCategories(db: Db, clientId: number) {
  return db
    .selectFrom('categories')
    .select(['id', 'name', 'color'])
    .where('client_id', '=', clientId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/**
 * Writes a change of the organisation and its activity entry (client 'updated', which also
 * publishes the live event every screen reloads the organisation on): settings, name and logo.
 */
export async function saveClientChange(
  trx: Transaction<Database>,
  actor: { clientId: number; userId: number },
  set: { name?: string; settings?: string; logo?: string | null },
  changes: Record<string, unknown>,
): Promise<Selectable<ClientsTable>> {
  const updated = await trx
    .updateTable('clients')
    .set({ ...set, updated_at: new Date() })
    .where('id', '=', actor.clientId)
    .returningAll()
    .executeTakeFirstOrThrow();
  await logActivity(trx, {
    clientId: actor.clientId,
    userId: actor.userId,
    entityType: 'client',
    entityId: actor.clientId,
    action: 'updated',
    changes,
  });
  return updated;
}
