import { DEFAULT_ISSUE_LIST_QUERY, type IssueListQuery } from '@workbench/domain';
import { type RawBuilder, sql } from 'kysely';
import { intArray, type VisibleWorkspaces } from '../access/workspace-access.js';

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
 * A SELECT of the (status_id, archived, count) groups of the visible workspaces of one
 * organisation from the counters: the sum over those workspaces, or, when they are most of the
 * organisation's, its total (workspace_id 0) minus the workspaces not visible. Both read a few
 * hundred rows at most, by primary key. Readers keep statuses 1..8 with a count above zero.
 */
export function countedStatesSql(visible: VisibleWorkspaces, scope: boolean | null): RawBuilder<unknown> {
  const clientId = visible.clientIds[0] as number;
  const hidden = visible.hidden ?? [];
  const kinds = scope === null ? sql`c.top_level IN (true, false)` : sql`c.top_level = ${scope}`;
  if (hidden.length < visible.full.length) {
    // No hidden workspace (an admin): the organisation's total alone, without an array parameter,
    // so the prepared statement keeps one generic plan.
    const workspaces = hidden.length
      ? sql`c.workspace_id = ANY(${intArray([0, ...hidden])})`
      : sql`c.workspace_id = 0`;
    return sql`
      SELECT c.status_id, c.archived,
          sum(CASE WHEN c.workspace_id = 0 THEN c.count ELSE -c.count END)::int AS count
        FROM issue_state_counts c
        WHERE c.client_id = ${clientId} AND ${kinds} AND ${workspaces}
        GROUP BY c.status_id, c.archived`;
  }
  return sql`
    SELECT c.status_id, c.archived, sum(c.count)::int AS count
      FROM issue_state_counts c
      WHERE c.client_id = ${clientId} AND ${kinds}
        AND c.workspace_id = ANY(${intArray(visible.full)})
      GROUP BY c.status_id, c.archived`;
}
