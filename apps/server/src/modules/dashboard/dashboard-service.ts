import {
  DASHBOARD_FIGURE_ROWS,
  DASHBOARD_OVERDUE_WORKSPACES,
  type DashboardFigure,
  type DashboardStatistics,
  type DashboardStatisticsQuery,
  DEFAULT_EQUIPMENT_LIST_QUERY,
  DEFAULT_ISSUE_LIST_QUERY,
  type IssueListQuery,
  issueListQueryToParams,
  LIST_IDS_MAX,
  PAGE_SIZE_DEFAULT,
  readClientSettings,
} from '@workbench/domain';
import { type RawBuilder, sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { accessOf } from '../access/request-access.js';
import { issueVisibleSql } from '../access/workspace-access.js';
import { findClient } from '../clients/client-queries.js';
import { listEquipment } from '../equipment/equipment-service.js';
import { readOnlyMyIssues } from '../issues/issue-list-queries.js';
import { listIssues } from '../issues/issue-list-service.js';
import {
  findOverdueByWorkspace,
  findScheduleCompliance,
  findScopeRoots,
  findWeeklyCounts,
  type IssueScope,
  overdueSql,
} from './dashboard-queries.js';

/** The grants of the people who check and plan work in a workspace (admins, managers, partners' leads). */
const MANAGING_ROLES = new Set(['admin', 'manager', 'group_manager', 'collab_admin', 'collab_manager']);

const ISSUE_LIST_PATH = '/api/v4/issue/';

/** The list's URL parameters of a query (the page size the list would use by default). */
const listParams = (query: IssueListQuery) =>
  new URLSearchParams(
    issueListQueryToParams({ ...query, page: 1, paginate_by: PAGE_SIZE_DEFAULT }),
  ).toString();

/** A list query of the dashboard: sub-issues are work too, so they count. */
const dashboardQuery = (change: Partial<IssueListQuery>): IssueListQuery => ({
  ...DEFAULT_ISSUE_LIST_QUERY,
  include_subtasks: 1,
  ...change,
});

/** A figure counted by the issue list itself (listIssues), so its number is the list's total. */
async function figure(
  ctx: AppContext,
  auth: Auth,
  change: Partial<IssueListQuery>,
): Promise<DashboardFigure> {
  const query = dashboardQuery(change);
  const page = await listIssues(
    ctx,
    auth,
    { ...query, page: 1, paginate_by: DASHBOARD_FIGURE_ROWS },
    ISSUE_LIST_PATH,
  );
  return {
    count: page.total,
    query: listParams(query),
    rows: page.data.slice(0, DASHBOARD_FIGURE_ROWS).map((row) => ({
      id: row.id,
      title: row.title,
      status_id: row.status_id,
      due_date: row.due_date,
      workspace: row.workspace,
    })),
  };
}

/** GET dashboard/statistics. */
export async function dashboardStatistics(
  ctx: AppContext,
  auth: Auth,
  query: DashboardStatisticsQuery,
): Promise<DashboardStatistics> {
  const [clientRow, visible, onlyMine] = await Promise.all([
    findClient(ctx.db, auth.clientId),
    accessOf(auth).visible(ctx.db),
    auth.onlyMyIssues ?? readOnlyMyIssues(ctx.db, auth.userId),
  ]);
  const settings = readClientSettings(clientRow?.settings);
  const isAdmin = auth.role === 'admin';
  const managed = [...visible.grants.values()]
    .filter((g) => MANAGING_ROLES.has(g.role))
    .map((g) => g.workspace_id);
  const manages = isAdmin || managed.length > 0;
  // A manager's part of the list: their workspaces with everything below them.
  const roots = isAdmin || !manages ? [] : await findScopeRoots(ctx.db, visible.clientIds, managed);
  const scopeChange: Partial<IssueListQuery> = isAdmin ? {} : { workspaces: roots, include_sub_ws: 1 };

  const me = [auth.userId];
  const [dueToday, overdue, declined, inReview] = await Promise.all([
    figure(ctx, auth, { assignees: me, due_state: 'due_today', sort_by: 'due_date', sort_direction: 'asc' }),
    figure(ctx, auth, { assignees: me, due_state: 'overdue', sort_by: 'due_date', sort_direction: 'asc' }),
    figure(ctx, auth, { issue_state: 'declined', ...(manages ? scopeChange : { reporters: me }) }),
    manages ? figure(ctx, auth, { issue_state: 'in_review', ...scopeChange }) : Promise.resolve(null),
  ]);
  const mine = { due_today: dueToday, overdue, declined, in_review: inReview };
  if (!manages) {
    return { time_zone: settings.time_zone, weeks: query.weeks, mine, management: null };
  }

  // The same issues the list counts: visible (in the managed part), listed statuses, the
  // person's only_my_issues.
  const where: RawBuilder<boolean>[] = [
    issueVisibleSql(auth, visible, isAdmin ? {} : { within: managed }),
    sql<boolean>`i.status_id BETWEEN 1 AND 8`,
  ];
  if (onlyMine) where.push(sql<boolean>`(i.assignee_id = ${auth.userId} OR i.created_by = ${auth.userId})`);
  const scope: IssueScope = { where };

  const weeks = await findWeeklyCounts(ctx.db, scope, settings.time_zone, query.weeks);
  const periodStart = weeks[0]?.starts_at ?? new Date();
  const now = new Date();
  const [overdueTotal, byWorkspace, compliance, equipment] = await Promise.all([
    figure(ctx, auth, { due_state: 'overdue', sort_by: 'due_date', sort_direction: 'asc', ...scopeChange }),
    findOverdueByWorkspace(ctx.db, scope, overdueSql(auth), DASHBOARD_OVERDUE_WORKSPACES),
    settings.include_schedules
      ? findScheduleCompliance(ctx.db, scope, periodStart, now)
      : Promise.resolve(null),
    settings.include_equipment
      ? listEquipment(ctx, auth, { ...DEFAULT_EQUIPMENT_LIST_QUERY }, '/api/v4/equipment/')
      : Promise.resolve(null),
  ]);

  const lastMs = (d: Date) => new Date(d.getTime() - 1).toISOString();
  return {
    time_zone: settings.time_zone,
    weeks: query.weeks,
    mine,
    management: {
      scope: isAdmin ? 'organisation' : 'managed',
      overdue: overdueTotal,
      per_week: weeks.map((w) => ({
        week: w.week,
        starts_at: w.starts_at.toISOString(),
        ends_at: w.ends_at.toISOString(),
        opened: w.opened,
        completed: w.completed,
        opened_query: listParams(
          dashboardQuery({
            issue_state: 'all',
            date_type: 'created',
            date_from: w.starts_at.toISOString(),
            date_to: lastMs(w.ends_at),
            ...scopeChange,
          }),
        ),
      })),
      overdue_by_workspace: byWorkspace.map((row) => ({
        workspace: { id: row.workspace_id, name: row.name },
        count: row.count,
        query: listParams(dashboardQuery({ workspaces: [row.workspace_id], due_state: 'overdue' })),
      })),
      schedules_on_time: compliance && {
        due: compliance.due,
        on_time: compliance.on_time,
        percent: compliance.due ? Math.round((compliance.on_time / compliance.due) * 1000) / 10 : null,
        query:
          compliance.schedule_ids.length && compliance.schedule_ids.length <= LIST_IDS_MAX
            ? listParams(
                dashboardQuery({
                  issue_state: 'all',
                  schedule_id: compliance.schedule_ids,
                  date_type: 'due_date',
                  date_from: periodStart.toISOString(),
                  date_to: now.toISOString(),
                  ...scopeChange,
                }),
              )
            : null,
      },
      equipment_overdue: equipment && {
        count: equipment.parts.overdue,
        query: '',
        items: equipment.data
          .filter((item) => item.part === 'overdue')
          .slice(0, DASHBOARD_FIGURE_ROWS)
          .map((item) => ({
            id: item.id,
            title: item.title,
            holder: item.holder?.full_name ?? null,
            return_date: item.return_date,
          })),
      },
    },
  };
}
