import { DEFAULT_ISSUE_LIST_QUERY, type IssueListQuery } from '@workbench/domain';
import { sql } from 'kysely';
import { intArray, type VisibleWorkspaces } from '../access/workspace-access.js';
import type { Db } from './issue-queries.js';

/**
 * The state tab counts from the counters of migration 0010 (issue_state_counts, kept right by a
 * trigger), instead of counting the issues: exact whenever the list has no filter the counters do
 * not know. They know the visible workspaces, top level or sub-issue, status and archived.
 */

/**
 * Query fields that never change which issues are counted (tabs have their own counts; the date
 * type matters only with a date, which is compared), and the issue kind, which the counters know.
 */
const COUNTER_KNOWN_FIELDS = new Set<string>([
  'page',
  'paginate_by',
  'sort_by',
  'sort_direction',
  'issue_state',
  'date_type',
  'issue_type',
  'include_subtasks',
]);

/**
 * Which issue kinds the list counts, when the counters can answer for it: true = top level only,
 * false = sub-issues only, null = both; undefined when some filter needs the issues counted.
 */
export function counterScope(
  query: IssueListQuery,
  visible: VisibleWorkspaces,
  options: { onlyMine: boolean },
): boolean | null | undefined {
  // A partner with limited access sees only some issues of a workspace; other companies'
  // workspaces are counted under their owner; only_my_issues depends on the person.
  if (options.onlyMine || visible.limited.length || visible.clientIds.length !== 1) return undefined;
  // Any other field not at its default is a filter: one added to the list later makes the counts
  // fall back to counting, never go wrong.
  const defaults = DEFAULT_ISSUE_LIST_QUERY as Record<string, unknown>;
  for (const [field, value] of Object.entries(query)) {
    if (!COUNTER_KNOWN_FIELDS.has(field) && JSON.stringify(value) !== JSON.stringify(defaults[field]))
      return undefined;
  }
  if (query.issue_type === 'issue') return true;
  if (query.issue_type === 'task') return false;
  return query.include_subtasks ? null : true;
}

/**
 * The (status, archived) counts of the visible workspaces of one organisation: the sum over those
 * workspaces, or, when they are most of the organisation's, its total (workspace_id 0) minus the
 * workspaces not visible. Both read a few hundred rows at most, by primary key.
 */
export async function readCountedStates(
  db: Db,
  visible: VisibleWorkspaces,
  scope: boolean | null,
): Promise<Array<{ status_id: number; archived: boolean; count: number }>> {
  const clientId = visible.clientIds[0] as number;
  const hidden = visible.hidden ?? [];
  const kinds = scope === null ? sql`c.top_level IN (true, false)` : sql`c.top_level = ${scope}`;
  const { rows } =
    hidden.length < visible.full.length
      ? await sql<{ status_id: number; archived: boolean; count: string | number }>`
          SELECT c.status_id, c.archived,
              sum(CASE WHEN c.workspace_id = 0 THEN c.count ELSE -c.count END) AS count
            FROM issue_state_counts c
            WHERE c.client_id = ${clientId} AND ${kinds}
              AND c.workspace_id = ANY(${intArray([0, ...hidden])})
            GROUP BY c.status_id, c.archived`.execute(db)
      : await sql<{ status_id: number; archived: boolean; count: string | number }>`
          SELECT c.status_id, c.archived, sum(c.count) AS count
            FROM issue_state_counts c
            WHERE c.client_id = ${clientId} AND ${kinds}
              AND c.workspace_id = ANY(${intArray(visible.full)})
            GROUP BY c.status_id, c.archived`.execute(db);
  return rows
    .map((r) => ({ status_id: Number(r.status_id), archived: r.archived, count: Number(r.count) }))
    .filter((r) => r.status_id >= 1 && r.status_id <= 8 && r.count > 0);
}
