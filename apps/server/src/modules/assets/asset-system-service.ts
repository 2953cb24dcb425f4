import {
  type AssetSystem,
  type AssetSystemListQuery,
  type AssetSystemListResponse,
  canEditAssetSystem,
  type ZCreateAssetSystemRequestSchema,
  type ZUpdateAssetSystemRequestSchema,
} from '@workbench/domain';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import type { Auth } from '../../http/authenticate.js';
import { forbidden, notFound } from '../../http/errors.js';
import { assetSetPage, deleteAssetSet, logOnAssetSet, sharedChanges, sharedValues } from './asset-sets.js';
import { presentAssetSystem } from './asset-system-presenter.js';
import {
  type AssetSystemRow,
  countAssetsInSystems,
  findAssetSystemPage,
  findAssetSystemRow,
} from './asset-system-queries.js';
import { type AssetScope, assetScope } from './asset-visibility.js';

type Db = Kysely<Database> | Transaction<Database>;
type CreateBody = z.output<typeof ZCreateAssetSystemRequestSchema>;
type UpdateBody = z.output<typeof ZUpdateAssetSystemRequestSchema>;

const ENTITY = 'asset_system';

async function presentSystems(db: Db, auth: Auth, scope: AssetScope, rows: AssetSystemRow[]) {
  const counts = await countAssetsInSystems(
    db,
    scope,
    rows.map((r) => r.id),
  );
  return rows.map((row) => presentAssetSystem(row, counts.get(row.id) ?? 0, canEditAssetSystem(auth, row)));
}

async function presentOne(db: Db, auth: Auth, id: number): Promise<AssetSystem> {
  const row = await findAssetSystemRow(db, auth, id);
  if (!row) throw notFound('Asset system not found');
  const [system] = await presentSystems(db, auth, await assetScope(db, auth), [row]);
  return system as AssetSystem;
}

/** GET asset/system: the organisation's systems, and those partners share with it. */
export async function listAssetSystems(
  ctx: AppContext,
  auth: Auth,
  query: AssetSystemListQuery,
  path: string,
): Promise<AssetSystemListResponse> {
  const [{ rows, total }, scope] = await Promise.all([
    findAssetSystemPage(ctx.db, auth, query),
    assetScope(ctx.db, auth),
  ]);
  return assetSetPage(query, await presentSystems(ctx.db, auth, scope, rows), total, path);
}

export function getAssetSystem(ctx: AppContext, auth: Auth, id: number): Promise<AssetSystem> {
  return presentOne(ctx.db, auth, id);
}

/** POST asset/system (admins: the contract refuses others before anything is read). */
export function createAssetSystem(ctx: AppContext, auth: Auth, body: CreateBody): Promise<AssetSystem> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('asset_systems')
      .values({
        client_id: auth.clientId,
        name: body.name,
        description: body.description,
        status: body.status,
        created_by: auth.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await logOnAssetSet(trx, auth, ENTITY, row.id, 'created', { name: body.name, status: body.status });
    return presentOne(trx, auth, row.id);
  });
}

/** The system, locked; a partner's admin sees a shared system but may not change it (403). */
async function requireOwnSystem(trx: Db, auth: Auth, id: number): Promise<AssetSystemRow> {
  await trx.selectFrom('asset_systems').select('id').where('id', '=', id).forUpdate().execute();
  const row = await findAssetSystemRow(trx, auth, id);
  if (!row) throw notFound('Asset system not found');
  if (!canEditAssetSystem(auth, row)) throw forbidden("Only the owner's admins change an asset system");
  return row;
}

export function updateAssetSystem(
  ctx: AppContext,
  auth: Auth,
  id: number,
  body: UpdateBody,
): Promise<AssetSystem> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await requireOwnSystem(trx, auth, id);
    const changes = sharedChanges(row, body);
    if (!Object.keys(changes).length) return presentOne(trx, auth, id);
    await trx
      .updateTable('asset_systems')
      .set({ ...sharedValues(changes, body), updated_at: new Date() })
      .where('id', '=', id)
      .where('client_id', '=', auth.clientId)
      .execute();
    await logOnAssetSet(trx, auth, ENTITY, id, 'updated', changes);
    return presentOne(trx, auth, id);
  });
}

/**
 * DELETE asset/system/{id}: deleted (soft); its assets stay without a system, and partners no
 * longer see it (its shares go), in one transaction.
 */
export function deleteAssetSystem(ctx: AppContext, auth: Auth, id: number) {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await requireOwnSystem(trx, auth, id);
    // Partners no longer see it; the rest goes as for a group.
    await trx
      .deleteFrom('collaboration_asset_systems')
      .where('client_id', '=', auth.clientId)
      .where('system_id', '=', id)
      .execute();
    return deleteAssetSet(trx, auth, ENTITY, row);
  });
}
