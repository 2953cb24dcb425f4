import {
  effectiveIssueSort,
  ISSUE_SEARCH_FULLTEXT_MIN,
  type IssueListQuery,
  issueListDateBound,
  issueStateTab,
} from '@workbench/domain';
import { type RawBuilder, sql } from 'kysely';
import type { Auth } from '../../http/authenticate.js';
import { accessibleWorkspacesSql, issueVisibleSql } from '../access/workspace-access.js';
import type { Db } from './issue-queries.js';

type Caller = Pick<Auth, 'userId' | 'clientId' | 'role'>;

/** Must stay equal to the expression of the issues_search index (migration 0004). */
const ISSUE_SEARCH_VECTOR = sql`to_tsvector('simple'::regconfig, i.title || ' ' || coalesce(i.description, ''))`;

/** One row of the list page, joined in the one page query. */
export type IssueListRow = {
  id: number;
  client_id: number;
  title: string;
  status_id: number;
  priority_id: number;
  parent_id: number | null;
  workspace_id: number;
  workspace_name: string;
  assignee_id: number | null;
  assignee_first_name: string | null;
  assignee_last_name: string | null;
  assignee_email: string | null;
  assignee_profile_image: string | null;
  category_id: number | null;
  category_name: string | null;
  category_color: string | null;
  start_date: Date | null;
  due_date: Date | null;
  process_number: string | null;
  archived: boolean;
  created_at: Date;
  updated_at: Date;
  open_subtasks_count: string | number;
  number_of_comments: string | number;
};

/**
 * A tsquery of the words of a search: each word as typed, the last one as a prefix. Words are
 * letters and digits only, so nothing the user types is tsquery syntax. null when no words.
 */
export function searchTsQuery(search: string): string | null {
  const words = search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (!words.length) return null;
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The search condition: full text (long enough terms), process number, title ILIKE for short terms. */
function searchCondition(search: string): RawBuilder<boolean> {
  const tsQuery = search.length >= ISSUE_SEARCH_FULLTEXT_MIN ? searchTsQuery(search) : null;
  const text = tsQuery
    ? sql`${ISSUE_SEARCH_VECTOR} @@ to_tsquery('simple'::regconfig, ${tsQuery})`
    : sql`i.title ILIKE ${likePattern(search)}`;
  return sql<boolean>`(${text} OR i.process_number = ${search})`;
}

const DATE_COLUMNS = {
  created: sql`i.created_at`,
  updated: sql`i.updated_at`,
  start_date: sql`i.start_date`,
  due_date: sql`i.due_date`,
} as const;

/**
 * Every condition of the query but the state tab: visibility, type, search, workspaces,
 * assignees, reporters, priority, categories, dates, and the caller's only_my_issues.
 */
function filterConditions(
  auth: Caller,
  query: IssueListQuery,
  options: { onlyMine: boolean },
): RawBuilder<boolean>[] {
  const where: RawBuilder<boolean>[] = [issueVisibleSql(auth), sql<boolean>`i.status_id BETWEEN 1 AND 8`];

  if (query.issue_type === 'issue') where.push(sql<boolean>`i.parent_id IS NULL`);
  else if (query.issue_type === 'task') where.push(sql<boolean>`i.parent_id IS NOT NULL`);
  // Named ids ('view all' after a bulk action) show sub-issues among them too.
  else if (!query.include_subtasks && !query.ids.length) where.push(sql<boolean>`i.parent_id IS NULL`);

  if (query.ids.length) where.push(sql<boolean>`i.id IN (${sql.join(query.ids)})`);

  if (query.search) where.push(searchCondition(query.search));

  if (query.workspaces.length) {
    const ids = sql.join(query.workspaces);
    where.push(
      query.include_sub_ws
        ? sql<boolean>`i.workspace_id IN (
            WITH RECURSIVE sub (id) AS (
              SELECT w.id FROM workspaces w WHERE w.id IN (${ids}) AND w.deleted_at IS NULL
              UNION ALL
              SELECT w.id FROM workspaces w JOIN sub ON w.parent_id = sub.id WHERE w.deleted_at IS NULL
            )
            SELECT id FROM sub)`
        : sql<boolean>`i.workspace_id IN (${ids})`,
    );
  }

  if (query.assignees.length) {
    const people = query.assignees.filter((id) => id !== 0);
    const parts: RawBuilder<boolean>[] = [];
    if (people.length) parts.push(sql<boolean>`i.assignee_id IN (${sql.join(people)})`);
    if (query.assignees.includes(0)) parts.push(sql<boolean>`i.assignee_id IS NULL`);
    where.push(sql<boolean>`(${sql.join(parts, sql` OR `)})`);
  }

  if (query.reporters.length) where.push(sql<boolean>`i.created_by IN (${sql.join(query.reporters)})`);
  if (query.priority_id.length) where.push(sql<boolean>`i.priority_id IN (${sql.join(query.priority_id)})`);

  if (query.categories.length) {
    const ids = sql.join(query.categories);
    where.push(sql<boolean>`(i.category_id IN (${ids}) OR EXISTS (
      SELECT 1 FROM issue_categories ic
        WHERE ic.client_id = i.client_id AND ic.issue_id = i.id AND ic.category_id IN (${ids})))`);
  }

  const column = DATE_COLUMNS[query.date_type];
  const from = issueListDateBound(query.date_from, 'from');
  const to = issueListDateBound(query.date_to, 'to');
  if (from) where.push(sql<boolean>`${column} >= ${from}`);
  if (to) where.push(sql<boolean>`${column} <= ${to}`);

  if (options.onlyMine) {
    where.push(sql<boolean>`(i.assignee_id = ${auth.userId} OR i.created_by = ${auth.userId})`);
  }
  return where;
}

function tabCondition(query: IssueListQuery): RawBuilder<boolean> {
  const tab = issueStateTab(query.issue_state);
  const statuses = sql<boolean>`i.status_id IN (${sql.join([...tab.statuses])})`;
  if (tab.archived === null) return statuses;
  return tab.archived
    ? sql<boolean>`(${statuses} AND i.archived_at IS NOT NULL)`
    : sql<boolean>`(${statuses} AND i.archived_at IS NULL)`;
}

/** ORDER BY for the query; the id breaks ties in the same direction. */
function orderBy(query: IssueListQuery): RawBuilder<unknown> {
  const sort = effectiveIssueSort(query);
  const dir = sort.direction === 'asc' ? sql`ASC` : sql`DESC`;
  const tie = sql`i.id ${dir}`;
  switch (sort.by) {
    case 'rank': {
      const tsQuery = query.search.length >= ISSUE_SEARCH_FULLTEXT_MIN ? searchTsQuery(query.search) : null;
      const rank = tsQuery
        ? sql`ts_rank(${ISSUE_SEARCH_VECTOR}, to_tsquery('simple'::regconfig, ${tsQuery})) DESC,`
        : sql``;
      return sql`(i.process_number IS NOT DISTINCT FROM ${query.search}) DESC, ${rank} i.updated_at DESC, i.id DESC`;
    }
    case 'created':
      return sql`i.created_at ${dir}, ${tie}`;
    case 'updated':
      return sql`i.updated_at ${dir}, ${tie}`;
    case 'start_date':
      return sql`i.start_date ${dir}, ${tie}`;
    case 'due_date':
      return sql`i.due_date ${dir}, ${tie}`;
    case 'deadline':
      return sql`i.due_date ${dir} NULLS LAST, ${tie}`;
    case 'upcoming':
      // Issues starting now or later first, then the rest; by start date within each group.
      return sql`(i.start_date IS NOT NULL AND i.start_date >= now()) DESC, i.start_date ${dir} NULLS LAST, ${tie}`;
    case 'title':
      return sql`lower(i.title) ${dir}, ${tie}`;
    case 'workspace':
      return sql`lower(w.name) ${dir}, ${tie}`;
    case 'category':
      return sql`lower(cat.name) ${dir} NULLS LAST, ${tie}`;
    case 'assignee':
      return sql`lower(u.first_name || ' ' || u.last_name) ${dir} NULLS LAST, ${tie}`;
    case 'status':
      return sql`i.status_id ${dir}, ${tie}`;
  }
}

/** Whether the caller set only_my_issues (users.settings). */
export async function readOnlyMyIssues(db: Db, userId: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('settings').where('id', '=', userId).executeTakeFirst();
  const settings = row?.settings as { only_my_issues?: unknown } | null | undefined;
  return settings?.only_my_issues === true;
}

/**
 * The issue list: one query for the page (workspace, assignee and category joined, counts as
 * subqueries), one count for the total, one grouped query for the tab counts.
 */
export async function findIssueListPage(
  db: Db,
  auth: Caller,
  query: IssueListQuery,
): Promise<{
  rows: IssueListRow[];
  total: number;
  groups: Array<{ status_id: number; archived: boolean; count: number }>;
}> {
  const onlyMine = await readOnlyMyIssues(db, auth.userId);
  const filters = filterConditions(auth, query, { onlyMine });
  const visible = sql`
    FROM issues i
      JOIN ${accessibleWorkspacesSql(auth)} AS access
        ON access.workspace_id = i.workspace_id AND access.client_id = i.client_id`;
  const where = sql.join([...filters, tabCondition(query)], sql` AND `);
  const whereAnyTab = sql.join(filters, sql` AND `);

  const [page, count, groups] = await Promise.all([
    sql<IssueListRow>`
      SELECT i.id, i.client_id, i.title, i.status_id, i.priority_id, i.parent_id,
          i.workspace_id, w.name AS workspace_name,
          i.assignee_id, u.first_name AS assignee_first_name, u.last_name AS assignee_last_name,
          u.email AS assignee_email, u.profile_image AS assignee_profile_image,
          i.category_id, cat.name AS category_name, cat.color AS category_color,
          i.start_date, i.due_date, i.process_number, (i.archived_at IS NOT NULL) AS archived,
          i.created_at, i.updated_at,
          (SELECT count(*) FROM issues c
            WHERE c.client_id = i.client_id AND c.parent_id = i.id AND c.deleted_at IS NULL
              AND c.status_id <> 8) AS open_subtasks_count,
          (SELECT count(*) FROM issue_comments ic
            WHERE ic.client_id = i.client_id AND ic.issue_id = i.id) AS number_of_comments
        ${visible}
        JOIN workspaces w ON w.id = i.workspace_id AND w.client_id = i.client_id
        LEFT JOIN users u ON u.id = i.assignee_id
        LEFT JOIN categories cat ON cat.id = i.category_id AND cat.client_id = i.client_id
        WHERE ${where}
        ORDER BY ${orderBy(query)}
        LIMIT ${query.paginate_by} OFFSET ${(query.page - 1) * query.paginate_by}`.execute(db),
    sql<{ total: string | number }>`SELECT count(*) AS total ${visible} WHERE ${where}`.execute(db),
    sql<{ status_id: number; archived: boolean; count: string | number }>`
      SELECT i.status_id, (i.archived_at IS NOT NULL) AS archived, count(*) AS count
        ${visible}
        WHERE ${whereAnyTab}
        GROUP BY i.status_id, (i.archived_at IS NOT NULL)`.execute(db),
  ]);
  return {
    rows: page.rows,
    total: Number(count.rows[0]?.total ?? 0),
    groups: groups.rows.map((g) => ({
      status_id: g.status_id,
      archived: g.archived,
      count: Number(g.count),
    })),
  };
}

/** Settings of the organisations owning the listed issues (due states follow the owner's settings). */
export async function findClientSettingsRows(
  db: Db,
  clientIds: number[],
): Promise<Array<{ id: number; settings: unknown }>> {
  if (!clientIds.length) return [];
  return db.selectFrom('clients').select(['id', 'settings']).where('id', 'in', clientIds).execute();
}

/**
 * Export (issue-export-*.ts): the ids of every issue of the list query (its ids included), in
 * the list's order, without paging. The rows are then read in batches with findIssueExportRows.
 */
export async function findIssueExportIds(db: Db, auth: Caller, query: IssueListQuery): Promise<number[]> {
  const onlyMine = await readOnlyMyIssues(db, auth.userId);
  const conditions = [...filterConditions(auth, query, { onlyMine }), tabCondition(query)];
  const { rows } = await sql<{ id: number }>`
    SELECT i.id
      FROM issues i
        JOIN ${accessibleWorkspacesSql(auth)} AS access
          ON access.workspace_id = i.workspace_id AND access.client_id = i.client_id
        JOIN workspaces w ON w.id = i.workspace_id AND w.client_id = i.client_id
        LEFT JOIN users u ON u.id = i.assignee_id
        LEFT JOIN categories cat ON cat.id = i.category_id AND cat.client_id = i.client_id
      WHERE ${sql.join(conditions, sql` AND `)}
      ORDER BY ${orderBy(query)}`.execute(db);
  return rows.map((r) => r.id);
}

export type IssueExportRow = {
  id: number;
  process_number: string | null;
  title: string;
  status_id: number;
  priority_id: number;
  archived: boolean;
  workspace_name: string;
  assignee_first_name: string | null;
  assignee_last_name: string | null;
  assignee_email: string | null;
  reporter_first_name: string | null;
  reporter_last_name: string | null;
  reporter_email: string | null;
  category_name: string | null;
  start_date: Date | null;
  due_date: Date | null;
  created_at: Date;
  updated_at: Date;
};

/** The exported columns of some issues already found visible by findIssueExportIds (any order). */
export async function findIssueExportRows(db: Db, ids: number[]): Promise<IssueExportRow[]> {
  if (!ids.length) return [];
  const { rows } = await sql<IssueExportRow>`
    SELECT i.id, i.process_number, i.title, i.status_id, i.priority_id,
        (i.archived_at IS NOT NULL) AS archived, w.name AS workspace_name,
        u.first_name AS assignee_first_name, u.last_name AS assignee_last_name, u.email AS assignee_email,
        r.first_name AS reporter_first_name, r.last_name AS reporter_last_name, r.email AS reporter_email,
        cat.name AS category_name, i.start_date, i.due_date, i.created_at, i.updated_at
      FROM issues i
        JOIN workspaces w ON w.id = i.workspace_id AND w.client_id = i.client_id
        LEFT JOIN users u ON u.id = i.assignee_id
        LEFT JOIN users r ON r.id = i.created_by
        LEFT JOIN categories cat ON cat.id = i.category_id AND cat.client_id = i.client_id
      WHERE i.id IN (${sql.join(ids)})`.execute(db);
  return rows;
}
