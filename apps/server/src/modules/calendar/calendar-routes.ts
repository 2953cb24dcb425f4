import {
  calendarContracts as contracts,
  readCalendarRowsQuery,
  readCalendarSidebarQuery,
  readCalendarWindowQuery,
  ZCalendarSidebarPageSchema,
  ZCalendarUserRowsResponseSchema,
  ZCalendarWorkspaceRowsResponseSchema,
} from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { readContextOf } from '../../db/replica.js';
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
    async ({ auth, query, request }) =>
      calendarUsers(await readContextOf(ctx, auth), auth, readCalendarRowsQuery(query), pathOf(request)),
    { serializerCompiler: compiledFor200(ZCalendarUserRowsResponseSchema, page) },
  );
  route(
    app,
    ctx,
    contracts.workspaces,
    async ({ auth, query, request }) =>
      calendarWorkspaces(await readContextOf(ctx, auth), auth, readCalendarRowsQuery(query), pathOf(request)),
    { serializerCompiler: compiledFor200(ZCalendarWorkspaceRowsResponseSchema, page) },
  );
  route(app, ctx, contracts.fullDays, async ({ auth, query }) =>
    calendarFullDays(await readContextOf(ctx, auth), auth, readCalendarWindowQuery(query)),
  );
  route(app, ctx, contracts.usersCount, async ({ auth, query }) =>
    calendarCounts(await readContextOf(ctx, auth), auth, readCalendarWindowQuery(query), 'assignee'),
  );
  route(app, ctx, contracts.workspacesCount, async ({ auth, query }) =>
    calendarCounts(await readContextOf(ctx, auth), auth, readCalendarWindowQuery(query), 'workspace'),
  );
  route(
    app,
    ctx,
    contracts.unscheduled,
    async ({ auth, query, request }) =>
      calendarSidebar(
        await readContextOf(ctx, auth),
        auth,
        readCalendarSidebarQuery(query),
        'unscheduled',
        pathOf(request),
      ),
    { serializerCompiler: compiledFor200(ZCalendarSidebarPageSchema, page) },
  );
  route(
    app,
    ctx,
    contracts.overdue,
    async ({ auth, query, request }) =>
      calendarSidebar(
        await readContextOf(ctx, auth),
        auth,
        readCalendarSidebarQuery(query),
        'overdue',
        pathOf(request),
      ),
    { serializerCompiler: compiledFor200(ZCalendarSidebarPageSchema, page) },
  );
  route(app, ctx, contracts.scheduledTask, ({ auth, params }) => getScheduledTask(ctx, auth, params.id));
  route(app, ctx, contracts.updateScheduledTask, ({ auth, params, body }) =>
    updateScheduledTask(ctx, auth, params.id, body),
  );
  route(app, ctx, contracts.userPositions, ({ auth, query }) => userPositions(ctx, auth, query));
}
