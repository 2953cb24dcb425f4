import type { ScheduleBudget } from '@workbench/domain';
import type { AppContext } from '../../context.js';
import { fieldError, forbidden } from '../../http/errors.js';
import { logActivity } from '../activity/activity-log.js';
import { findClientTimeZone, findScheduleBudgets, upsertScheduleBudget } from './schedule-queries.js';
import { type Caller, requireVisibleSchedule } from './schedule-service.js';
import { localDateOf } from './schedule-status.js';
import { canEditSchedule, scheduleScope } from './schedule-visibility.js';

const PLANNED_HOURS_LIMIT = 1e8;
const PLANNED_AMOUNT_LIMIT = 1e12;
const round2 = (n: number) => Math.round(n * 100) / 100;
const numberOrNull = (text: string | null) => (text === null ? null : Number(text));

/**
 * GET schedule/{id}/budgets: per year (newest first, the current one always there) the plan and
 * what the schedule's issues starting in that year used: hours logged (worktime_total / 3600),
 * issues created and completed.
 */
export async function getScheduleBudgets(
  ctx: AppContext,
  auth: Caller,
  id: number,
): Promise<{ data: ScheduleBudget[] }> {
  const scope = await scheduleScope(ctx.db, auth);
  await requireVisibleSchedule(ctx.db, auth, scope, id);
  return { data: await budgetsOf(ctx, auth.clientId, id) };
}

async function budgetsOf(ctx: AppContext, clientId: number, id: number): Promise<ScheduleBudget[]> {
  const timeZone = await findClientTimeZone(ctx.db, clientId);
  const year = Number(localDateOf(new Date(), timeZone).slice(0, 4));
  const rows = await findScheduleBudgets(ctx.db, id, timeZone, year);
  return rows.map((row) => {
    const plannedHours = numberOrNull(row.planned_hours);
    const actualHours = round2(Number(row.actual_seconds) / 3600);
    return {
      year: Number(row.year),
      planned_amount: numberOrNull(row.planned_amount),
      planned_hours: plannedHours,
      currency: row.currency ?? 'EUR',
      actual_hours: actualHours,
      remaining_hours: plannedHours === null ? null : round2(plannedHours - actualHours),
      issues_created: Number(row.issues_created),
      issues_completed: Number(row.issues_completed),
    };
  });
}

/** POST schedule/{id}/set_budget: one year's plan (editors of the schedule). */
export async function setScheduleBudget(
  ctx: AppContext,
  auth: Caller,
  id: number,
  body: { year: number; planned_amount: number | null; planned_hours: number | null; currency: string },
): Promise<{ data: ScheduleBudget[] }> {
  const scope = await scheduleScope(ctx.db, auth);
  const row = await requireVisibleSchedule(ctx.db, auth, scope, id);
  if (!canEditSchedule(auth, scope, row.workspace_id)) throw forbidden('You may not change this schedule');
  // The columns hold below 10^8 hours and 10^12 of money (numeric(10,2), numeric(14,2)).
  if ((body.planned_hours ?? 0) >= PLANNED_HOURS_LIMIT)
    throw fieldError('planned_hours', 'number_too_large', 'Too many hours');
  if ((body.planned_amount ?? 0) >= PLANNED_AMOUNT_LIMIT)
    throw fieldError('planned_amount', 'number_too_large', 'Too large an amount');
  await ctx.db.transaction().execute(async (trx) => {
    await upsertScheduleBudget(trx, {
      clientId: auth.clientId,
      scheduleId: id,
      year: body.year,
      plannedAmount: body.planned_amount,
      plannedHours: body.planned_hours,
      currency: body.currency,
      userId: auth.userId,
    });
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: 'schedule',
      entityId: id,
      action: 'budget',
      changes: body,
    });
  });
  return { data: await budgetsOf(ctx, auth.clientId, id) };
}
