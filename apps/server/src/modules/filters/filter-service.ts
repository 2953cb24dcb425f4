import {
  type CreateSavedFilterRequest,
  isSavedFilterType,
  normaliseSavedFilterQuery,
  type SavedFilter,
  type SavedFilterType,
  savedFilterCopyName,
  type UpdateSavedFilterRequest,
} from '@workbench/domain';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import type { Auth } from '../../http/authenticate.js';
import { notFound } from '../../http/errors.js';
import { logActivity } from '../activity/activity-log.js';
import { presentSavedFilter, type SavedFilterRow } from './filter-presenter.js';

/**
 * Saved filters are private: every query names the caller's organisation AND the caller, so
 * another person's filter (same organisation or not) is simply not found (404).
 */
const ENTITY = 'saved_filter';

function ownFilters(db: Kysely<Database> | Transaction<Database>, auth: Auth) {
  return db
    .selectFrom('saved_filters')
    .selectAll()
    .where('client_id', '=', auth.clientId)
    .where('user_id', '=', auth.userId);
}

/** The caller's filters of one type: favourites first, then by name. */
export async function listSavedFilters(
  db: Kysely<Database>,
  auth: Auth,
  filterType: SavedFilterType,
): Promise<SavedFilter[]> {
  const rows = await ownFilters(db, auth)
    .where('filter_type', '=', filterType)
    .orderBy('is_favorite', 'desc')
    .orderBy((eb) => eb.fn('lower', ['name']))
    .orderBy('id')
    .execute();
  return rows.map(presentSavedFilter);
}

async function findOwn(trx: Transaction<Database>, auth: Auth, id: number): Promise<SavedFilterRow> {
  const row = await ownFilters(trx, auth).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound('Saved filter not found');
  return row;
}

/** Ids arrive as a 'token' path parameter: anything not a positive integer names nothing. */
export function readFilterId(raw: string): number {
  if (!/^\d{1,10}$/.test(raw)) throw notFound('Saved filter not found');
  const id = Number(raw);
  if (id < 1 || id > 2_147_483_647) throw notFound('Saved filter not found');
  return id;
}

export function createSavedFilter(ctx: AppContext, auth: Auth, body: CreateSavedFilterRequest) {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('saved_filters')
      .values({
        client_id: auth.clientId,
        user_id: auth.userId,
        filter_type: body.filter_type,
        name: body.name,
        description: body.description || null,
        query_string: normaliseSavedFilterQuery(body.filter_type, body.query_string),
        is_favorite: body.is_favorite ?? false,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: ENTITY,
      entityId: row.id,
      action: 'created',
      changes: { name: row.name, filter_type: row.filter_type },
    });
    return presentSavedFilter(row);
  });
}

export function updateSavedFilter(ctx: AppContext, auth: Auth, id: number, body: UpdateSavedFilterRequest) {
  return ctx.db.transaction().execute(async (trx) => {
    const current = await findOwn(trx, auth, id);
    const type = current.filter_type;
    const changes: Partial<Pick<SavedFilterRow, 'name' | 'description' | 'query_string' | 'is_favorite'>> =
      {};
    if (body.name !== undefined) changes.name = body.name;
    if (body.description !== undefined) changes.description = body.description || null;
    if (body.query_string !== undefined) {
      changes.query_string = isSavedFilterType(type)
        ? normaliseSavedFilterQuery(type, body.query_string)
        : body.query_string;
    }
    if (body.is_favorite !== undefined) changes.is_favorite = body.is_favorite;
    const row = await trx
      .updateTable('saved_filters')
      .set({ ...changes, updated_at: new Date() })
      .where('id', '=', current.id)
      .where('client_id', '=', auth.clientId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: ENTITY,
      entityId: row.id,
      action: 'updated',
      changes,
    });
    return presentSavedFilter(row);
  });
}

export function deleteSavedFilter(ctx: AppContext, auth: Auth, id: number) {
  return ctx.db.transaction().execute(async (trx) => {
    const current = await findOwn(trx, auth, id);
    await trx
      .deleteFrom('saved_filters')
      .where('id', '=', current.id)
      .where('client_id', '=', auth.clientId)
      .execute();
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: ENTITY,
      entityId: current.id,
      action: 'deleted',
      changes: { name: current.name },
    });
    return { success: true as const };
  });
}

/** A copy named '<name> (Copy)', never a favourite. */
export function duplicateSavedFilter(ctx: AppContext, auth: Auth, id: number) {
  return ctx.db.transaction().execute(async (trx) => {
    const current = await findOwn(trx, auth, id);
    const row = await trx
      .insertInto('saved_filters')
      .values({
        client_id: auth.clientId,
        user_id: auth.userId,
        filter_type: current.filter_type,
        name: savedFilterCopyName(current.name),
        description: current.description,
        query_string: current.query_string,
        is_favorite: false,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: ENTITY,
      entityId: row.id,
      action: 'duplicated',
      changes: { from: current.id },
    });
    return presentSavedFilter(row);
  });
}
