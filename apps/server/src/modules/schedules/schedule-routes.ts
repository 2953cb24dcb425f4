import {
  scheduleContracts as contracts,
  readScheduleListQuery,
  ZScheduleListResponseSchema,
} from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { compiledFor200 } from '../../http/compiled-serializer.js';
import { route } from '../../http/contract-route.js';
import { pathOf } from '../issues/issue-route-common.js';
import { getScheduleBudgets, setScheduleBudget } from './schedule-budget-service.js';
import { getScheduleFutureDates, getScheduleFuturePreview } from './schedule-calendar-service.js';
import { multipartScheduleBody } from './schedule-form-body.js';
import {
  archiveSchedule,
  createSchedule,
  decideSchedule,
  deleteSchedule,
  duplicateSchedule,
  getSchedule,
  listScheduleActivity,
  listSchedules,
  pauseSchedule,
  reassignSchedules,
  setScheduleEquipment,
  setScheduleTimeLimits,
  unpauseSchedule,
  updateSchedule,
} from './schedule-service.js';

/**
 * Schedules (001 §7 "Schedules"): the list, the schedule and its form (JSON or the web's
 * multipart form), its state (archive, pause, delete, duplicate), the assignee's decision, its
 * budgets, the dates to come and their prepared tasks, and reassigning several at once.
 */
export function scheduleRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(
    app,
    ctx,
    contracts.list,
    ({ auth, query, request }) => listSchedules(ctx, auth, readScheduleListQuery(query), pathOf(request)),
    // A page of 20..200 full schedules: compiled, as the issue list (zod's check took most of the time).
    { serializerCompiler: compiledFor200(ZScheduleListResponseSchema, () => true) },
  );
  route(app, ctx, contracts.create, ({ auth, body }) => createSchedule(ctx, auth, body), {
    preValidation: multipartScheduleBody,
  });
  route(app, ctx, contracts.multipleReassign, ({ auth, body }) => reassignSchedules(ctx, auth, body));
  route(app, ctx, contracts.futurePreview, ({ auth, params, query }) =>
    getScheduleFuturePreview(ctx, auth, params.id, query),
  );
  route(app, ctx, contracts.get, ({ auth, params }) => getSchedule(ctx, auth, params.id));
  route(app, ctx, contracts.update, ({ auth, params, body }) => updateSchedule(ctx, auth, params.id, body), {
    preValidation: multipartScheduleBody,
  });
  route(app, ctx, contracts.archive, ({ auth, params, body }) =>
    archiveSchedule(ctx, auth, params.id, body.archived),
  );
  route(app, ctx, contracts.remove, ({ auth, params }) => deleteSchedule(ctx, auth, params.id));
  route(app, ctx, contracts.activityLog, ({ auth, params, query, request }) =>
    listScheduleActivity(ctx, auth, params.id, query, pathOf(request)),
  );
  route(app, ctx, contracts.duplicate, ({ auth, params }) => duplicateSchedule(ctx, auth, params.id));
  route(app, ctx, contracts.pause, ({ auth, params }) => pauseSchedule(ctx, auth, params.id));
  route(app, ctx, contracts.unpause, ({ auth, params }) => unpauseSchedule(ctx, auth, params.id));
  route(app, ctx, contracts.assigneeDecision, ({ auth, params, body }) =>
    decideSchedule(ctx, auth, params.id, body),
  );
  route(app, ctx, contracts.budgets, ({ auth, params }) => getScheduleBudgets(ctx, auth, params.id));
  route(app, ctx, contracts.setBudget, ({ auth, params, body }) =>
    setScheduleBudget(ctx, auth, params.id, body),
  );
  route(app, ctx, contracts.setTimeLimits, ({ auth, params, body }) =>
    setScheduleTimeLimits(ctx, auth, params.id, body),
  );
  route(app, ctx, contracts.setEquipments, ({ auth, params, body }) =>
    setScheduleEquipment(ctx, auth, params.id, body.equipment_ids),
  );
  route(app, ctx, contracts.futureDates, ({ auth, params, query }) =>
    getScheduleFutureDates(ctx, auth, params.id, query.count),
  );
}
