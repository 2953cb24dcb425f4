import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { fieldError } from '../../http/errors.js';

type Db = Kysely<Database> | Transaction<Database>;

export type CategoryRow = {
  id: number;
  name: string;
  color: string | null;
  created_at: Date;
  updated_at: Date;
};

/** The organisation's categories by name, without their counts. */
export function selectCategories(db: Db, clientId: number) {
  return db
    .selectFrom('categories')
    .select(['id', 'name', 'color', 'created_at', 'updated_at'])
    .where('client_id', '=', clientId);
}

/**
 * Issues (not deleted) per category, as main category or in the issue's list, each issue once:
 * one pass over the organisation's issues for the whole list, not a count per category.
 */
export async function countIssuesByCategory(db: Db, clientId: number): Promise<Map<number, number>> {
  const { rows } = await sql<{ category_id: number; issues: string | number }>`
    SELECT x.category_id, count(DISTINCT x.issue_id) AS issues FROM (
      SELECT i.category_id, i.id AS issue_id FROM issues i
        WHERE i.client_id = ${clientId} AND i.deleted_at IS NULL AND i.category_id IS NOT NULL
      UNION ALL
      SELECT ic.category_id, ic.issue_id FROM issue_categories ic
        JOIN issues i ON i.id = ic.issue_id AND i.client_id = ic.client_id AND i.deleted_at IS NULL
        WHERE ic.client_id = ${clientId}
    ) x GROUP BY x.category_id`.execute(db);
  return new Map(rows.map((r) => [r.category_id, Number(r.issues)]));
}

/** Another category of the organisation already named so (case and outer spaces ignored). */
export async function findCategoryNamed(
  db: Db,
  clientId: number,
  name: string,
  exceptId?: number,
): Promise<{ id: number } | undefined> {
  let query = db
    .selectFrom('categories')
    .select('id')
    .where('client_id', '=', clientId)
    .where(sql<string>`lower(btrim(name))`, '=', name.trim().toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
}

/** Postgres' unique_violation on the name index: a concurrent request took the name first. */
export function isCategoryNameTakenError(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; message?: string } | null;
  return (
    e?.code === '23505' &&
    (e.constraint === 'categories_client_name' || String(e.message).includes('categories_client_name'))
  );
}

/** Category ids among `ids` that belong to the organisation. */
export async function findCategoryIds(db: Db, clientId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .selectFrom('categories')
    .select('id')
    .where('client_id', '=', clientId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** A category given by a caller must be one of the organisation's own: 422 on category_id otherwise. */
export async function requireOwnCategory(
  db: Db,
  clientId: number,
  categoryId: number | null | undefined,
): Promise<void> {
  if (categoryId === null || categoryId === undefined) return;
  if (!(await findCategoryIds(db, clientId, [categoryId])).has(categoryId)) {
    throw fieldError('category_id', 'not_found', 'Category not found');
  }
}
