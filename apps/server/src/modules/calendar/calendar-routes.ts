import {
  calendarContracts as contracts,
  readCalendarRowsQuery,
  readCalendarSidebarQuery,
  readCalendarWindowQuery,
  ZCalendarItemPageSchema,
  ZCalendarUserRowsResponseSchema,
  ZCalendarWorkspaceRowsResponseSchema,
} from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { compiledFor200 } from '../../http/compiled-serializer.js';
import { route } from '../../http/contract-route.js';
import { pathOf } from '../issues/issue-route-common.js';
import { getScheduledTask, updateScheduledTask } from './calendar-scheduled-task.js';
import {
  calendarCounts,
  calendarFullDays,
  calendarSidebar,
  calendarUsers,
  calendarWorkspaces,
  userPositions,
} from './calendar-service.js';

/**
 * The calendar's timelines (001 §7 "Calendar"): the users and workspaces rows of the daily and
 * weekly views, their full-day items and counts, the drag sidebar's lists, prepared tasks, and
 * the position filter. The yearly grid is calendar-yearly-routes.ts.
 */
export function registerCalendarRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Pages of 25 rows with their items: compiled, as the issue list (zod's check took most of the time).
  const page = (data: unknown) => typeof data === 'object' && data !== null && 'current_page' in data;
  route(
    app,
    ctx,
    contracts.users,
    ({ auth, query, request }) => calendarUsers(ctx, auth, readCalendarRowsQuery(query), pathOf(request)),
    { serializerCompiler: compiledFor200(ZCalendarUserRowsResponseSchema, page) },
  );
  route(
    app,
    ctx,
    contracts.workspaces,
    ({ auth, query, request }) =>
      calendarWorkspaces(ctx, auth, readCalendarRowsQuery(query), pathOf(request)),
    { serializerCompiler: compiledFor200(ZCalendarWorkspaceRowsResponseSchema, page) },
  );
  route(app, ctx, contracts.fullDays, ({ auth, query }) =>
    calendarFullDays(ctx, auth, readCalendarWindowQuery(query)),
  );
  route(app, ctx, contracts.usersCount, ({ auth, query }) =>
    calendarCounts(ctx, auth, readCalendarWindowQuery(query), 'assignee'),
  );
  route(app, ctx, contracts.workspacesCount, ({ auth, query }) =>
    calendarCounts(ctx, auth, readCalendarWindowQuery(query), 'workspace'),
  );
  route(
    app,
    ctx,
    contracts.unscheduled,
    ({ auth, query, request }) =>
      calendarSidebar(ctx, auth, readCalendarSidebarQuery(query), 'unscheduled', pathOf(request)),
    { serializerCompiler: compiledFor200(ZCalendarItemPageSchema, page) },
  );
  route(
    app,
    ctx,
    contracts.overdue,
    ({ auth, query, request }) =>
      calendarSidebar(ctx, auth, readCalendarSidebarQuery(query), 'overdue', pathOf(request)),
    { serializerCompiler: compiledFor200(ZCalendarItemPageSchema, page) },
  );
  route(app, ctx, contracts.scheduledTask, ({ auth, params }) => getScheduledTask(ctx, auth, params.id));
  route(app, ctx, contracts.updateScheduledTask, ({ auth, params, body }) =>
    updateScheduledTask(ctx, auth, params.id, body),
  );
  route(app, ctx, contracts.userPositions, ({ auth, query }) => userPositions(ctx, auth, query));
}
