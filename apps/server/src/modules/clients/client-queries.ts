import type { Kysely, Selectable, Transaction } from 'kysely';
import type { ClientsTable, Database } from '../../db/schema.js';

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
