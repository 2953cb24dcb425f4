import {
  effectiveIssueSort,
  ISSUE_SEARCH_CANDIDATES,
  ISSUE_SEARCH_FULLTEXT_MIN,
  type IssueListQuery,
  isInStateTab,
  issueListDateBound,
  issueStateTab,
} from '@workbench/domain';
import { type RawBuilder, sql } from 'kysely';
import type { Auth } from '../../http/authenticate.js';
import { accessOf } from '../access/request-access.js';
import {
  accessVersionSql,
  issueVisibleSql,
  loadVisibleWorkspaces,
  subtreeOf,
  subtreePathRanges,
  type VisibleWorkspaces,
  workspaceSubtreeSql,
} from '../access/workspace-access.js';
import { type AssetScope, assetGroupVisibleSql, assetVisibleSql } from '../assets/asset-visibility.js';
import { extraIssueListConditions } from './issue-list-filters.js';
import type { Db } from './issue-queries.js';
import { countedStatesSql, counterScope } from './issue-state-counts.js';
import { isCommonSearch } from './search-word-share.js';

type Caller = Pick<Auth, 'userId' | 'clientId' | 'role'>;

/**
 * The stored to_tsvector('simple', title || ' ' || description) of an issue (migration 0011), with
 * its GIN index: ranking reads it instead of building the vector again for every match.
 */
const ISSUE_SEARCH_VECTOR = sql`i.search_vector`;

/**
 * One row of the list page, as the page query returns it: flat columns only (names joined, counts
 * as int, times as epoch milliseconds), which the driver reads several times faster than dates and
 * JSON (bench/).
 */
export type IssueListRow = {
  id: number;
  title: string;
  status_id: number;
  priority_id: number;
  parent_id: number | null;
  workspace_id: number;
  workspace_name: string | null;
  assignee_id: number | null;
  assignee_first_name: string | null;
  assignee_last_name: string | null;
  assignee_email: string | null;
  assignee_profile_image: string | null;
  category_id: number | null;
  category_name: string | null;
  category_color: string | null;
  start_ms: number | null;
  due_ms: number | null;
  process_number: string | null;
  archived: boolean;
  created_ms: number;
  updated_ms: number;
  open_subtasks_count: number;
  number_of_comments: number;
  /** The owning organisation's setting that due states follow (null: not set). */
  show_in_review_overdue: boolean | null;
};

/** A timestamp column as epoch milliseconds: the driver reads a float far faster than a date. */
const epochMs = (column: string) => sql.raw(`(extract(epoch FROM ${column}) * 1000)::float8`);

/**
 * A tsquery of the words of a search: each word as typed, the last one as a prefix. Words are
 * letters and digits only, so nothing the user types is tsquery syntax. null when no words.
 */
export function searchTsQuery(search: string): string | null {
  const words = searchWords(search);
  if (!words.length) return null;
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');
}

/** The words of a search: letters and digits, lower-case. */
const searchWords = (search: string): string[] => search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

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
  options: { onlyMine: boolean; visible: VisibleWorkspaces },
): RawBuilder<boolean>[] {
  // With the visible workspaces as ids, the query needs no join with the grants (see findIssueListPage).
  // With the tree in memory (the list), the sub-workspaces are known ids: no recursive query, and
  // one list of workspaces for visibility and filter together (which the planner estimates right).
  const subtree =
    query.include_sub_ws && query.workspaces.length
      ? subtreeOf(options.visible, query.workspaces)
      : undefined;
  // With an assignee filter the subtree is read as ranges of stored paths (one per assignee and
  // subtree in issues_list_assignee_path, instead of one per assignee and workspace); without
  // one, as workspace ids, which the sort indexes carry.
  const paths =
    subtree && query.assignees.length ? subtreePathRanges(options.visible, query.workspaces) : undefined;
  const visibility = issueVisibleSql(auth, options.visible, { within: subtree, paths });
  const where: RawBuilder<boolean>[] = [visibility, sql<boolean>`i.status_id BETWEEN 1 AND 8`];

  if (query.issue_type === 'issue') where.push(sql<boolean>`i.parent_id IS NULL`);
  else if (query.issue_type === 'task') where.push(sql<boolean>`i.parent_id IS NOT NULL`);
  // Named ids ('view all' after a bulk action) show sub-issues among them too.
  else if (!query.include_subtasks && !query.ids.length) where.push(sql<boolean>`i.parent_id IS NULL`);

  if (query.ids.length) where.push(sql<boolean>`i.id IN (${sql.join(query.ids)})`);

  if (query.search) where.push(searchCondition(query.search));

  if (query.workspaces.length && !subtree) {
    const ids = sql.join(query.workspaces);
    where.push(
      query.include_sub_ws
        ? sql<boolean>`i.workspace_id IN (SELECT sub.workspace_id FROM ${workspaceSubtreeSql(ids)} AS sub)`
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
  where.push(...extraIssueListConditions(query, auth));

  if (options.onlyMine) {
    where.push(sql<boolean>`(i.assignee_id = ${auth.userId} OR i.created_by = ${auth.userId})`);
  }
  return where;
}

/** The state tab's condition, on an issue `i` or on the columns of a row that has them. */
function tabCondition(
  query: IssueListQuery,
  row: { statusId: RawBuilder<unknown>; archived: RawBuilder<unknown> } = {
    statusId: sql`i.status_id`,
    archived: sql`(i.archived_at IS NOT NULL)`,
  },
): RawBuilder<boolean> {
  const tab = issueStateTab(query.issue_state);
  const statuses = sql<boolean>`${row.statusId} IN (${sql.join([...tab.statuses])})`;
  if (tab.archived === null) return statuses;
  return tab.archived
    ? sql<boolean>`(${statuses} AND ${row.archived})`
    : sql<boolean>`(${statuses} AND NOT ${row.archived})`;
}

/** One ORDER BY key: a value of the issue `i`, its direction, and where nulls go. */
type SortKey = { value: RawBuilder<unknown>; direction: RawBuilder<unknown>; nullsLast?: boolean };

/** The ORDER BY keys of the query; the id breaks ties in the same direction. */
function sortKeys(query: IssueListQuery): SortKey[] {
  const sort = effectiveIssueSort(query);
  const dir = sort.direction === 'asc' ? sql`ASC` : sql`DESC`;
  const tie: SortKey = { value: sql`i.id`, direction: dir };
  const by = (value: RawBuilder<unknown>, nullsLast?: boolean): SortKey[] => [
    { value, direction: dir, nullsLast },
    tie,
  ];
  switch (sort.by) {
    case 'rank': {
      const tsQuery = query.search.length >= ISSUE_SEARCH_FULLTEXT_MIN ? searchTsQuery(query.search) : null;
      const desc = sql`DESC`;
      return [
        { value: sql`(i.process_number IS NOT DISTINCT FROM ${query.search})`, direction: desc },
        ...(tsQuery
          ? [
              {
                value: sql`ts_rank(${ISSUE_SEARCH_VECTOR}, to_tsquery('simple'::regconfig, ${tsQuery}))`,
                direction: desc,
              },
            ]
          : []),
        { value: sql`i.updated_at`, direction: desc },
        { value: sql`i.id`, direction: desc },
      ];
    }
    case 'created':
      return by(sql`i.created_at`);
    case 'updated':
      return by(sql`i.updated_at`);
    case 'start_date':
      return by(sql`i.start_date`);
    case 'due_date':
      return by(sql`i.due_date`);
    case 'deadline':
      return by(sql`i.due_date`, true);
    case 'upcoming':
      // Issues starting now or later first, then the rest; by start date within each group.
      return [
        { value: sql`(i.start_date IS NOT NULL AND i.start_date >= now())`, direction: sql`DESC` },
        ...by(sql`i.start_date`, true),
      ];
    case 'title':
      return by(sql`lower(i.title)`);
    // Subqueries rather than joined columns: the page query has no joins (see findIssueListPage).
    case 'workspace':
      return by(sql`lower((SELECT ws.name FROM workspaces ws WHERE ws.id = i.workspace_id))`);
    case 'category':
      return by(
        sql`lower((SELECT ca.name FROM categories ca
          WHERE ca.id = i.category_id AND ca.client_id = i.client_id))`,
        true,
      );
    case 'assignee':
      return by(
        sql`lower((SELECT us.first_name || ' ' || us.last_name FROM users us
          WHERE us.id = i.assignee_id))`,
        true,
      );
    case 'status':
      return by(sql`i.status_id`);
  }
}

/** ORDER BY the keys, each read through `read` (the key's value, or a column holding it). */
function orderBy(keys: SortKey[], read: (key: SortKey, index: number) => RawBuilder<unknown>) {
  return sql.join(
    keys.map(
      (key, index) => sql`${read(key, index)} ${key.direction}${key.nullsLast ? sql` NULLS LAST` : sql``}`,
    ),
  );
}

/** ORDER BY the keys' values, on an issue `i`. */
const orderByValues = (keys: SortKey[]) => orderBy(keys, (key) => key.value);

/**
 * What the list reads of the caller first, in one round trip: only_my_issues and the access
 * version (for the in-memory visible workspaces).
 */
async function readListCaller(
  db: Db,
  auth: Caller & Pick<Auth, 'onlyMyIssues' | 'accessVersion'>,
): Promise<{ onlyMine: boolean; accessVersion: string }> {
  // The session hook read both already (authenticate.ts): no query of its own.
  if (auth.onlyMyIssues !== undefined && auth.accessVersion !== undefined) {
    return { onlyMine: auth.onlyMyIssues, accessVersion: auth.accessVersion };
  }
  const userId = auth.userId;
  const { rows } = await sql<{ settings: unknown; access_version: string }>`
    SELECT u.settings, ${accessVersionSql()} AS access_version FROM users u WHERE u.id = ${userId}`.execute(
    db,
  );
  const settings = rows[0]?.settings as { only_my_issues?: unknown } | null | undefined;
  return { onlyMine: settings?.only_my_issues === true, accessVersion: rows[0]?.access_version ?? '' };
}

/** Whether the caller set only_my_issues (users.settings). */
export async function readOnlyMyIssues(db: Db, userId: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('settings').where('id', '=', userId).executeTakeFirst();
  const settings = row?.settings as { only_my_issues?: unknown } | null | undefined;
  return settings?.only_my_issues === true;
}

/**
 * The issue list: one statement for the page (workspace, assignee and category joined, counts as
 * subqueries) and the tab counts (the total is the count of the current tab). Shaped for a
 * million issues (bench/, README "Performance"): the visible workspaces come as id lists, so the
 * page is read in index order and stops after one page; the tab counts come from the counters
 * (issue-state-counts.ts) when no filter but the issue kind applies, else from one grouped count.
 */
export async function findIssueListPage(
  db: Db,
  auth: Caller & Pick<Auth, 'onlyMyIssues' | 'accessVersion'>,
  query: IssueListQuery,
): Promise<{
  rows: IssueListRow[];
  total: number;
  groups: Array<{ status_id: number; archived: boolean; count: number }>;
  /** A search that matched more than ISSUE_SEARCH_CANDIDATES: counted and ranked among those. */
  searchCapped: boolean;
}> {
  const caller = await readListCaller(db, auth);
  const visible = await loadVisibleWorkspaces(db, auth, caller.accessVersion);
  const filters = filterConditions(auth, query, { onlyMine: caller.onlyMine, visible });
  const scope = counterScope(query, visible, { onlyMine: caller.onlyMine });

  // The tab counts: from the counters when they know every filter, else counted.
  const groupsSql =
    scope !== undefined
      ? countedStatesSql(visible, scope)
      : sql`SELECT i.status_id, (i.archived_at IS NOT NULL) AS archived, count(*)::int AS count
          FROM issues i
          WHERE ${sql.join(filters, sql` AND `)}
          GROUP BY i.status_id, (i.archived_at IS NOT NULL)`;

  const groupsJson = sql`(SELECT json_agg(json_build_array(g.status_id, g.archived, g.count))::text
    FROM (${groupsSql}) g)`;

  const keys = sortKeys(query);
  const limit = sql`LIMIT ${sql.lit(query.paginate_by)} OFFSET ${sql.lit((query.page - 1) * query.paginate_by)}`;
  const sort = effectiveIssueSort(query).by;
  // Counted, and sorted by something no index keeps in order (a search's rank above all): the
  // page sorts every match anyway, so the matches are read once for the page and the counts
  // (a search for a common word: one pass over 100,000 issues instead of two, bench/).
  // A search ranks, pages and counts at most ISSUE_SEARCH_CANDIDATES matches, the newest ones
  // (highest ids, README "Performance"): common words (and short terms, a title check) with the
  // primary key read backwards until ISSUE_SEARCH_CANDIDATES + 1 matches, a thousand or two rows
  // instead of the table (the table's newest pages, in order); rare words through the full-text
  // index, all their few matches, where a scan hoping for early ones would read the whole table
  // (search-word-share.ts). Sorted by a date, a search is no different: the date index read in
  // order would walk the whole table for a word that matches nothing.
  const searching = query.search !== '';
  const fullText = query.search.length >= ISSUE_SEARCH_FULLTEXT_MIN && searchTsQuery(query.search) !== null;
  const stopEarly = searching && (!fullText || (await isCommonSearch(db, searchWords(query.search))));
  const onePass = searching || (scope === undefined && sort !== 'updated' && sort !== 'created');
  const withMatches = onePass
    ? sql`WITH matches AS MATERIALIZED (
        SELECT i.id, i.status_id, (i.archived_at IS NOT NULL) AS archived,
            ${sql.join(keys.map((key, n) => sql`${key.value} AS ${sql.ref(`sort_${n}`)}`))}
          FROM issues i
          WHERE ${sql.join(filters, sql` AND `)}
          ${stopEarly ? sql`ORDER BY i.id DESC LIMIT ${sql.lit(ISSUE_SEARCH_CANDIDATES + 1)}` : sql``}
      ), kept AS (
        SELECT * FROM matches
          ${searching ? sql`ORDER BY id DESC LIMIT ${sql.lit(ISSUE_SEARCH_CANDIDATES)}` : sql``}
      ) `
    : sql``;
  const cappedSql = searching
    ? sql<boolean>`((SELECT count(*) FROM matches) > ${sql.lit(ISSUE_SEARCH_CANDIDATES)})`
    : sql<boolean>`false`;
  const byPageColumns = orderBy(keys, (_, n) => sql.ref(`page.sort_${n}`));
  const pageSql = onePass
    ? sql`SELECT m.* FROM kept m
          WHERE ${tabCondition(query, { statusId: sql`m.status_id`, archived: sql`m.archived` })}
          ORDER BY ${orderBy(keys, (_, n) => sql.ref(`m.sort_${n}`))}
          ${limit}`
    : sql`SELECT i.id FROM issues i
          WHERE ${sql.join([...filters, tabCondition(query)], sql` AND `)}
          ORDER BY ${orderByValues(keys)}
          ${limit}`;
  const statesJson = onePass
    ? sql`(SELECT json_agg(json_build_array(g.status_id, g.archived, g.count))::text
        FROM (SELECT m.status_id, m.archived, count(*)::int AS count
          FROM kept m GROUP BY m.status_id, m.archived) g)`
    : groupsJson;

  // One statement for the page and the counts: a round trip to the database costs more than
  // either (bench/). The counts come as JSON text on one row (computed once, as an InitPlan);
  // an empty page asks for them on their own. The statement is prepared once per connection
  // (db/prepared-statements.ts); LIMIT and OFFSET are literals, not parameters, so the generic
  // plan knows the page size. The page is found by id first: the sort indexes hold the common
  // conditions too (migration 0012), so pages skipped over are read from the index alone; the
  // issues and names are read for the page's rows only. Workspace and assignee names are looked
  // up per row (a subquery, or LATERAL with OFFSET 0, which keeps the planner from hashing the
  // whole workspace and user tables for 20 rows: a quarter of the statement's time, bench/).
  // Categories and organisations are few: joined, so each is read once, not once per row (on
  // PGlite every scan of a table asks the file system for its size).
  const { rows } = await sql<IssueListRow & { state_groups: string | null; search_capped: boolean | null }>`
    ${withMatches}SELECT i.id, i.title, i.status_id, i.priority_id, i.parent_id,
        i.workspace_id,
        (SELECT w.name FROM workspaces w
          WHERE w.id = i.workspace_id AND w.client_id = i.client_id) AS workspace_name,
        i.assignee_id, u.first_name AS assignee_first_name, u.last_name AS assignee_last_name,
        u.email AS assignee_email, u.profile_image AS assignee_profile_image,
        i.category_id, cat.name AS category_name, cat.color AS category_color,
        ${epochMs('i.start_date')} AS start_ms, ${epochMs('i.due_date')} AS due_ms,
        i.process_number, (i.archived_at IS NOT NULL) AS archived,
        ${epochMs('i.created_at')} AS created_ms, ${epochMs('i.updated_at')} AS updated_ms,
        (SELECT count(*)::int FROM issues c
          WHERE c.client_id = i.client_id AND c.parent_id = i.id AND c.deleted_at IS NULL
            AND c.status_id <> 8) AS open_subtasks_count,
        (SELECT count(*)::int FROM issue_comments ic
          WHERE ic.client_id = i.client_id AND ic.issue_id = i.id) AS number_of_comments,
        (cl.settings->>'show_in_review_overdue')::boolean AS show_in_review_overdue,
        CASE WHEN row_number() OVER () = 1 THEN ${statesJson} END AS state_groups,
        CASE WHEN row_number() OVER () = 1 THEN ${cappedSql} END AS search_capped
      FROM (${pageSql}) page
        JOIN issues i ON i.id = page.id
        LEFT JOIN LATERAL (
          SELECT u.first_name, u.last_name, u.email, u.profile_image FROM users u
            WHERE u.id = i.assignee_id OFFSET 0) u ON true
        LEFT JOIN categories cat ON cat.id = i.category_id AND cat.client_id = i.client_id
        LEFT JOIN clients cl ON cl.id = i.client_id
      ORDER BY ${onePass ? byPageColumns : orderByValues(keys)}`.execute(db);
  // An empty page (past the last) asks for the counts on their own, a search's capped as above.
  const first = rows.length
    ? rows.find((row) => row.state_groups !== null)
    : (
        await sql<{ state_groups: string | null; search_capped: boolean }>`
          ${withMatches}SELECT ${statesJson} AS state_groups, ${cappedSql} AS search_capped`.execute(db)
      ).rows[0];
  const stateGroups = first?.state_groups;
  const groups = (JSON.parse(stateGroups ?? '[]') as Array<[number, boolean, number]>)
    .map(([status_id, archived, count]) => ({ status_id, archived, count }))
    .filter((g) => g.status_id >= 1 && g.status_id <= 8 && g.count > 0);
  // The tab condition is a set of (status, archived) pairs, so the tab's total is the sum of its groups.
  const tab = issueStateTab(query.issue_state).id;
  const total = groups.reduce(
    (sum, g) => sum + (isInStateTab(tab, g.status_id, g.archived) ? g.count : 0),
    0,
  );
  return { rows, total, groups, searchCapped: first?.search_capped === true };
}

/**
 * Export (issue-export-*.ts): the ids of every issue of the list query (its ids included), in
 * the list's order, without paging. The rows are then read in batches with findIssueExportRows.
 */
export async function findIssueExportIds(db: Db, auth: Caller, query: IssueListQuery): Promise<number[]> {
  const [onlyMine, visible] = await Promise.all([
    readOnlyMyIssues(db, auth.userId),
    accessOf(auth).visible(db),
  ]);
  const conditions = [...filterConditions(auth, query, { onlyMine, visible }), tabCondition(query)];
  const { rows } = await sql<{ id: number }>`
    SELECT i.id
      FROM issues i
        JOIN workspaces w ON w.id = i.workspace_id AND w.client_id = i.client_id
        LEFT JOIN users u ON u.id = i.assignee_id
        LEFT JOIN categories cat ON cat.id = i.category_id AND cat.client_id = i.client_id
      WHERE ${sql.join(conditions, sql` AND `)}
      ORDER BY ${orderByValues(sortKeys(query))}`.execute(db);
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
  /** The asset and group named, when not deleted and the caller sees them. */
  asset_name: string | null;
  asset_group_name: string | null;
  start_date: Date | null;
  due_date: Date | null;
  created_at: Date;
  updated_at: Date;
};

/** The exported columns of some issues already found visible by findIssueExportIds (any order). */
export async function findIssueExportRows(
  db: Db,
  assets: AssetScope,
  ids: number[],
): Promise<IssueExportRow[]> {
  if (!ids.length) return [];
  const { rows } = await sql<IssueExportRow>`
    SELECT i.id, i.process_number, i.title, i.status_id, i.priority_id,
        (i.archived_at IS NOT NULL) AS archived, w.name AS workspace_name,
        u.first_name AS assignee_first_name, u.last_name AS assignee_last_name, u.email AS assignee_email,
        r.first_name AS reporter_first_name, r.last_name AS reporter_last_name, r.email AS reporter_email,
        cat.name AS category_name, a.name AS asset_name, g.name AS asset_group_name,
        i.start_date, i.due_date, i.created_at, i.updated_at
      FROM issues i
        JOIN workspaces w ON w.id = i.workspace_id AND w.client_id = i.client_id
        LEFT JOIN users u ON u.id = i.assignee_id
        LEFT JOIN users r ON r.id = i.created_by
        LEFT JOIN categories cat ON cat.id = i.category_id AND cat.client_id = i.client_id
        LEFT JOIN assets a ON a.id = i.asset_id AND a.client_id = i.client_id
          AND ${assetVisibleSql(assets, 'a')}
        LEFT JOIN asset_groups g ON g.id = i.asset_group_id AND g.client_id = i.client_id
          AND ${assetGroupVisibleSql(assets, 'g')}
      WHERE i.id IN (${sql.join(ids)})`.execute(db);
  return rows;
}
