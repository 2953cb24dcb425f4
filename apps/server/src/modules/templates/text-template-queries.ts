import type { TextTemplateListQuery } from '@workbench/domain';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

export type Db = Kysely<Database> | Transaction<Database>;

/** A text template with its category and author, as the presenter needs it. */
export type TextTemplateRow = {
  id: number;
  text: string;
  category_id: number | null;
  category_name: string | null;
  category_color: string | null;
  created_by: number | null;
  author_first_name: string | null;
  author_last_name: string | null;
  created_at: Date;
  updated_at: Date;
};

/** The organisation's templates joined with category and author (both of the same organisation). */
function selectTemplates(db: Db, clientId: number) {
  return db
    .selectFrom('text_templates as t')
    .leftJoin('categories as c', (join) =>
      join.onRef('c.id', '=', 't.category_id').onRef('c.client_id', '=', 't.client_id'),
    )
    .leftJoin('users as u', 'u.id', 't.created_by')
    .where('t.client_id', '=', clientId);
}

const columns = [
  't.id',
  't.text',
  't.category_id',
  'c.name as category_name',
  'c.color as category_color',
  't.created_by',
  'u.first_name as author_first_name',
  'u.last_name as author_last_name',
  't.created_at',
  't.updated_at',
] as const;

/** `%`, `_` and `\` typed by a person are literal characters, not patterns. */
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const SORT_COLUMN = {
  created: sql`t.created_at`,
  updated: sql`t.updated_at`,
  name: sql`lower(t.text)`,
} as const;

/** One page of the list and the total, filtered by category and a case-insensitive text search. */
export async function findTextTemplatePage(
  db: Db,
  clientId: number,
  query: TextTemplateListQuery,
): Promise<{ rows: TextTemplateRow[]; total: number }> {
  let base = selectTemplates(db, clientId);
  if (query.category_id) base = base.where('t.category_id', '=', query.category_id);
  if (query.search) base = base.where('t.text', 'ilike', likePattern(query.search));
  const direction = query.sort_direction === 'asc' ? sql`ASC` : sql`DESC`;
  const [rows, count] = await Promise.all([
    base
      .select(columns)
      .orderBy(sql`${SORT_COLUMN[query.sort_by]} ${direction}`)
      .orderBy(sql`t.id ${direction}`)
      .limit(query.paginate_by)
      .offset((query.page - 1) * query.paginate_by)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export function findTextTemplate(db: Db, clientId: number, id: number): Promise<TextTemplateRow | undefined> {
  return selectTemplates(db, clientId).select(columns).where('t.id', '=', id).executeTakeFirst();
}

/** The newest `limit` templates, for the autocomplete. */
export function listTemplateSuggestions(db: Db, clientId: number, limit: number) {
  return selectTemplates(db, clientId)
    .select(['t.id', 't.text', 't.category_id', 'c.name as category_name', 'c.color as category_color'])
    .orderBy('t.updated_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(limit)
    .execute();
}
