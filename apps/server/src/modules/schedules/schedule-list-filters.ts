import type { ScheduleListQuery, ScheduleStatusKind } from '@workbench/domain';
import { type RawBuilder, sql } from 'kysely';
import { intArray } from '../access/workspace-access.js';

/**
 * The schedule list's filters (001 §7 "Schedules", SCHEDULE_LIST_PARAMS), each a condition on
 * `schedules s`; they only narrow what scheduleVisibleSql already found visible.
 */

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The rule has run out on the organisation's `today` (the status kind `finished`, as
 * scheduleStatusKind): AFTER N issues made, its ON day passed, or no occurrence left to create.
 */
export function scheduleEndedSql(today: string): RawBuilder<boolean> {
  return sql<boolean>`((s.end_type = 'AFTER' AND s.created_count >= s.end_after)
    OR (s.end_type = 'ON' AND s.end_on < ${today}::date)
    OR s.next_issue_scheduled_at IS NULL)`;
}

/** Each status kind as SQL, in the order scheduleStatusKind decides them. */
function statusKindSql(kind: ScheduleStatusKind, today: string): RawBuilder<boolean> {
  const live = sql`s.archived_at IS NULL AND s.paused_at IS NULL`;
  const pending = sql`(s.assignee_id IS NOT NULL AND s.assignee_status IS NULL)`;
  switch (kind) {
    case 'archived':
      return sql<boolean>`s.archived_at IS NOT NULL`;
    case 'paused':
      return sql<boolean>`(s.archived_at IS NULL AND s.paused_at IS NOT NULL)`;
    case 'pending':
      return sql<boolean>`(${live} AND ${pending})`;
    case 'finished':
      return sql<boolean>`(${live} AND NOT ${pending} AND ${scheduleEndedSql(today)})`;
    case 'active':
      return sql<boolean>`(${live} AND NOT ${pending} AND NOT ${scheduleEndedSql(today)})`;
  }
}

/** A person of the schedule in a role whose user id matches `match` (on `p.user_id`). */
function personSql(
  role: 'assignee' | 'watcher' | 'replacement',
  match: RawBuilder<boolean>,
): RawBuilder<boolean> {
  if (role === 'assignee')
    return sql<boolean>`EXISTS (SELECT 1 FROM (SELECT s.assignee_id AS user_id) p WHERE p.user_id IS NOT NULL AND ${match})`;
  return sql<boolean>`EXISTS (SELECT 1 FROM schedule_people p
    WHERE p.schedule_id = s.id AND p.role = ${role} AND ${match})`;
}
const companyMatch = (companies: number[]) =>
  sql<boolean>`EXISTS (SELECT 1 FROM user_clients uc
    WHERE uc.user_id = p.user_id AND uc.client_id = ANY(${intArray(companies)}))`;

/** An asset of the schedule (live) matching `match` (on `a`). */
const assetSql = (match: RawBuilder<boolean>) =>
  sql<boolean>`EXISTS (SELECT 1 FROM schedule_assets sa JOIN assets a ON a.id = sa.asset_id
    WHERE sa.schedule_id = s.id AND a.deleted_at IS NULL AND ${match})`;

/**
 * The list's conditions. `workspaceIds` is the workspaces filter already widened by its
 * sub-workspaces when include_sub_ws is set; `today` the organisation's local date.
 */
export function scheduleListConditions(
  query: ScheduleListQuery,
  options: { workspaceIds: number[]; today: string },
): RawBuilder<boolean>[] {
  const where: RawBuilder<boolean>[] = [];
  if (query.search) {
    const like = likePattern(query.search);
    where.push(sql<boolean>`(s.title ILIKE ${like} OR s.description ILIKE ${like})`);
  }
  const kinds = query.status as ScheduleStatusKind[];
  where.push(
    kinds.length
      ? sql<boolean>`(${sql.join(
          kinds.map((kind) => statusKindSql(kind, options.today)),
          sql` OR `,
        )})`
      : sql<boolean>`s.archived_at IS NULL`,
  );
  if (query.priority_id.length) where.push(sql<boolean>`s.priority_id = ANY(${intArray(query.priority_id)})`);
  // Partner people are user ids like any other: the externals filters are the same match.
  const assignees = [...query.assignees, ...query.assignees_externals];
  if (assignees.length) where.push(sql<boolean>`s.assignee_id = ANY(${intArray(assignees)})`);
  if (query.assignees_companies.length)
    where.push(personSql('assignee', companyMatch(query.assignees_companies)));
  const watchers = [...query.watchers, ...query.watchers_externals];
  if (watchers.length) where.push(personSql('watcher', sql<boolean>`p.user_id = ANY(${intArray(watchers)})`));
  if (query.watchers_companies.length)
    where.push(personSql('watcher', companyMatch(query.watchers_companies)));
  if (query.replacements.length)
    where.push(personSql('replacement', sql<boolean>`p.user_id = ANY(${intArray(query.replacements)})`));
  if (query.categories.length) {
    const ids = intArray(query.categories);
    where.push(sql<boolean>`(s.category_id = ANY(${ids}) OR EXISTS (SELECT 1 FROM schedule_categories sc
      WHERE sc.schedule_id = s.id AND sc.category_id = ANY(${ids})))`);
  }
  if (query.workspaces.length)
    where.push(sql<boolean>`s.workspace_id = ANY(${intArray(options.workspaceIds)})`);
  if (query.assets.length) where.push(assetSql(sql<boolean>`a.id = ANY(${intArray(query.assets)})`));
  if (query.asset_system_ids.length)
    where.push(assetSql(sql<boolean>`a.system_id = ANY(${intArray(query.asset_system_ids)})`));
  if (query.asset_group_ids.length)
    where.push(assetSql(sql<boolean>`a.group_id = ANY(${intArray(query.asset_group_ids)})`));
  // Equipment: the schedule names one of the items (live) for its issues.
  if (query.equipment.length)
    where.push(sql<boolean>`EXISTS (SELECT 1 FROM schedule_equipment se JOIN equipment e ON e.id = se.equipment_id
      WHERE se.schedule_id = s.id AND e.deleted_at IS NULL AND se.equipment_id = ANY(${intArray(query.equipment)}))`);
  if (query.job_positions.length)
    where.push(sql<boolean>`EXISTS (SELECT 1 FROM users u
      WHERE u.id = s.assignee_id AND u.job_position_id = ANY(${intArray(query.job_positions)}))`);
  return where;
}
