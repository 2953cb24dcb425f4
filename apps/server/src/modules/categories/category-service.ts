import {
  type CategoryItem,
  type CreateCategoryRequest,
  canManageCategories,
  type UpdateCategoryRequest,
} from '@workbench/domain';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { fieldError, forbidden, notFound } from '../../http/errors.js';
import { logActivity } from '../activity/activity-log.js';
import { presentCategory } from './category-presenter.js';
import {
  countIssuesByCategory,
  findCategoryNamed,
  isCategoryNameTakenError,
  selectCategories,
} from './category-queries.js';

const ENTITY = 'category';
const nameTaken = () => fieldError('name', 'category_name_taken', 'A category with this name exists already');

function requireCategoryManager(auth: Auth): void {
  if (!canManageCategories(auth)) throw forbidden('Only admins manage categories');
}

/** A concurrent request that took the name first answers like the check before it. */
async function mapNameClash<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isCategoryNameTakenError(err)) throw nameTaken();
    throw err;
  }
}

/** GET category/: every category of the organisation by name, with its issue count. */
export async function listCategoryItems(ctx: AppContext, auth: Auth): Promise<CategoryItem[]> {
  const [rows, counts] = await Promise.all([
    selectCategories(ctx.db, auth.clientId).orderBy(sql`lower(name)`).orderBy('id').execute(),
    countIssuesByCategory(ctx.db, auth.clientId),
  ]);
  return rows.map((row) => presentCategory(row, counts.get(row.id) ?? 0));
}

export function createCategory(ctx: AppContext, auth: Auth, body: CreateCategoryRequest) {
  requireCategoryManager(auth);
  return mapNameClash(() =>
    ctx.db.transaction().execute(async (trx) => {
      if (await findCategoryNamed(trx, auth.clientId, body.name)) throw nameTaken();
      const row = await trx
        .insertInto('categories')
        .values({ client_id: auth.clientId, name: body.name, color: body.color })
        .returning(['id', 'name', 'color', 'created_at', 'updated_at'])
        .executeTakeFirstOrThrow();
      await logActivity(trx, {
        clientId: auth.clientId,
        userId: auth.userId,
        entityType: ENTITY,
        entityId: row.id,
        action: 'created',
        changes: { name: row.name, color: row.color },
      });
      return presentCategory(row, 0);
    }),
  );
}

export function updateCategory(ctx: AppContext, auth: Auth, id: number, body: UpdateCategoryRequest) {
  requireCategoryManager(auth);
  return mapNameClash(() =>
    ctx.db.transaction().execute(async (trx) => {
      const current = await selectCategories(trx, auth.clientId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!current) throw notFound('Category not found');
      if (body.name !== undefined && (await findCategoryNamed(trx, auth.clientId, body.name, id))) {
        throw nameTaken();
      }
      const changes: Record<string, [unknown, unknown]> = {};
      if (body.name !== undefined && body.name !== current.name) changes.name = [current.name, body.name];
      if (body.color !== undefined && body.color !== current.color)
        changes.color = [current.color, body.color];
      // Nothing to change (an empty body, or the same values) is a no-op, not an empty UPDATE.
      if (!Object.keys(changes).length) {
        const counts = await countIssuesByCategory(trx, auth.clientId);
        return presentCategory(current, counts.get(id) ?? 0);
      }
      const row = await trx
        .updateTable('categories')
        .set({
          ...(changes.name ? { name: body.name } : {}),
          ...(changes.color ? { color: body.color } : {}),
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .where('client_id', '=', auth.clientId)
        .returning(['id', 'name', 'color', 'created_at', 'updated_at'])
        .executeTakeFirstOrThrow();
      await logActivity(trx, {
        clientId: auth.clientId,
        userId: auth.userId,
        entityType: ENTITY,
        entityId: id,
        action: 'updated',
        changes,
      });
      const counts = await countIssuesByCategory(trx, auth.clientId);
      return presentCategory(row, counts.get(id) ?? 0);
    }),
  );
}

/**
 * Deletes a category. Its issues stay, without it: as main category it becomes none, and it
 * leaves their category lists; text templates keep their text without a category. One
 * transaction, so no issue is ever left pointing at a category that is gone.
 */
export function deleteCategory(ctx: AppContext, auth: Auth, id: number) {
  requireCategoryManager(auth);
  return ctx.db.transaction().execute(async (trx) => {
    const current = await selectCategories(trx, auth.clientId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw notFound('Category not found');
    const cleared = await trx
      .updateTable('issues')
      .set({ category_id: null })
      .where('client_id', '=', auth.clientId)
      .where('category_id', '=', id)
      .executeTakeFirst();
    await trx
      .deleteFrom('issue_categories')
      .where('client_id', '=', auth.clientId)
      .where('category_id', '=', id)
      .execute();
    await trx
      .updateTable('text_templates')
      .set({ category_id: null })
      .where('client_id', '=', auth.clientId)
      .where('category_id', '=', id)
      .execute();
    await trx.deleteFrom('categories').where('client_id', '=', auth.clientId).where('id', '=', id).execute();
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: ENTITY,
      entityId: id,
      action: 'deleted',
      changes: { name: current.name, issues_cleared: Number(cleared.numUpdatedRows) },
    });
    return { success: true as const };
  });
}
