import type { IssueListQuery } from '@workbench/domain';
import { type RawBuilder, sql } from 'kysely';
import { intArray, workspaceSubtreeSql } from '../access/workspace-access.js';

/**
 * The issue list's people, company, position, schedule, asset, equipment, rating and favourite-workspace
 * filters (000 §3 "Issue list query fields" and "Issue filter keys"). Each is an extra condition
 * on `issues i`; they only narrow what issue-list-queries.ts already found visible.
 */

type Role = 'assignee' | 'reporter' | 'watcher' | 'worker';
const ALL_ROLES: readonly Role[] = ['assignee', 'reporter', 'watcher', 'worker'];

/** The issue's people in one role whose user id satisfies `match` (a condition on `p.user_id`). */
function someoneIn(role: Role, match: RawBuilder<boolean>): RawBuilder<boolean> {
  switch (role) {
    case 'assignee':
      return sql<boolean>`EXISTS (SELECT 1 FROM (SELECT i.assignee_id AS user_id) p WHERE p.user_id IS NOT NULL AND ${match})`;
    case 'reporter':
      return sql<boolean>`EXISTS (SELECT 1 FROM (SELECT i.created_by AS user_id) p WHERE p.user_id IS NOT NULL AND ${match})`;
    case 'watcher':
      return sql<boolean>`EXISTS (SELECT 1 FROM issue_watchers p
        WHERE p.client_id = i.client_id AND p.issue_id = i.id AND ${match})`;
    case 'worker':
      return sql<boolean>`EXISTS (SELECT 1 FROM worktime_logs p
        WHERE p.client_id = i.client_id AND p.issue_id = i.id AND p.user_id IS NOT NULL AND ${match})`;
  }
}

/** Simple shapes for the direct columns (index-friendly); the subquery form for the others. */
function personIn(role: Role, userIds: number[]): RawBuilder<boolean> {
  const ids = sql.join(userIds);
  if (role === 'assignee') return sql<boolean>`i.assignee_id IN (${ids})`;
  if (role === 'reporter') return sql<boolean>`i.created_by IN (${ids})`;
  return someoneIn(role, sql<boolean>`p.user_id IN (${ids})`);
}

function anyRole(userIds: number[]): RawBuilder<boolean> {
  return sql<boolean>`(${sql.join(
    ALL_ROLES.map((role) => personIn(role, userIds)),
    sql` OR `,
  )})`;
}

/** Someone in the role is a member of one of the companies (organisations). */
function companyIn(role: Role, companyIds: number[]): RawBuilder<boolean> {
  return someoneIn(
    role,
    sql<boolean>`EXISTS (SELECT 1 FROM user_clients uc
      WHERE uc.user_id = p.user_id AND uc.client_id IN (${sql.join(companyIds)}))`,
  );
}

export function extraIssueListConditions(
  query: IssueListQuery,
  caller: { userId: number; clientId: number },
): RawBuilder<boolean>[] {
  const where: RawBuilder<boolean>[] = [];
  if (query.users.length) where.push(anyRole(query.users));
  if (query.externals.length) where.push(anyRole(query.externals));
  if (query.watchers.length) where.push(personIn('watcher', query.watchers));
  if (query.worked_on_by.length) where.push(personIn('worker', query.worked_on_by));

  const byCompany: Array<[Role, number[]]> = [
    ['assignee', query.assignee_companies],
    ['reporter', query.reporter_companies],
    ['watcher', query.watcher_companies],
    ['worker', query.worked_on_by_companies],
  ];
  for (const [role, companies] of byCompany) {
    if (companies.length) where.push(companyIn(role, companies));
  }
  if (query.collaborators.length) {
    where.push(
      sql<boolean>`(${sql.join(
        ALL_ROLES.map((role) => companyIn(role, query.collaborators)),
        sql` OR `,
      )})`,
    );
  }

  if (query.job_positions.length) {
    where.push(sql<boolean>`EXISTS (SELECT 1 FROM users ju
      WHERE ju.id = i.assignee_id AND ju.job_position_id IN (${sql.join(query.job_positions)}))`);
  }
  if (query.schedule_id.length) where.push(sql<boolean>`i.schedule_id IN (${sql.join(query.schedule_id)})`);
  if (query.asset_ids.length) where.push(sql<boolean>`i.asset_id IN (${sql.join(query.asset_ids)})`);
  // An asset group: the issue names the group, or an asset in it (not deleted).
  if (query.asset_groups.length) {
    const groups = sql.join(query.asset_groups);
    where.push(sql<boolean>`(i.asset_group_id IN (${groups}) OR EXISTS (SELECT 1 FROM assets ag
      WHERE ag.id = i.asset_id AND ag.client_id = i.client_id AND ag.deleted_at IS NULL
        AND ag.group_id IN (${groups})))`);
  }
  // An asset system: the issue names an asset of it (not deleted).
  if (query.asset_systems.length) {
    where.push(sql<boolean>`EXISTS (SELECT 1 FROM assets asy
      WHERE asy.id = i.asset_id AND asy.client_id = i.client_id AND asy.deleted_at IS NULL
        AND asy.system_id IN (${sql.join(query.asset_systems)}))`);
  }
  // Equipment: the issue names one of the items (the gin index issues_equipment, partial on
  // equipment_ids <> '{}', which the first condition lets the planner use).
  if (query.equipment.length) {
    where.push(sql<boolean>`(i.equipment_ids <> '{}' AND i.equipment_ids && ${intArray(query.equipment)})`);
  }
  if (query.rating.length) where.push(sql<boolean>`i.rating IN (${sql.join(query.rating)})`);
  // The badge's rule (dueState): not completed, in review only when the owner counts it overdue.
  if (query.due_state) {
    const open = sql<boolean>`i.status_id <> 8 AND (i.status_id <> 7 OR COALESCE((SELECT (dc.settings->>'show_in_review_overdue')::boolean
      FROM clients dc WHERE dc.id = i.client_id), false))`;
    where.push(
      query.due_state === 'overdue'
        ? sql<boolean>`(i.due_date < now() AND ${open})`
        : sql<boolean>`(i.due_date >= now()
            AND i.due_date < ((date_trunc('day', now() AT TIME ZONE 'UTC') + interval '1 day') AT TIME ZONE 'UTC')
            AND ${open})`,
    );
  }

  if (query.filter_ws) {
    const favourites = sql`SELECT f.workspace_id FROM workspace_favorites f
      WHERE f.user_id = ${caller.userId} AND f.client_id = ${caller.clientId}`;
    where.push(
      query.include_sub_ws
        ? sql<boolean>`i.workspace_id IN (SELECT fav.workspace_id FROM ${workspaceSubtreeSql(favourites)} AS fav)`
        : sql<boolean>`i.workspace_id IN (${favourites})`,
    );
  }
  return where;
}
