import {
  type CalendarFilters,
  type CalendarItem,
  ISSUE_STATUS,
  type Occurrence,
  occurrencesBetween,
  type UpdateScheduledTaskRequest,
} from '@workbench/domain';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { AppError, fieldError, forbidden, notFound } from '../../http/errors.js';
import { logActivity } from '../activity/activity-log.js';
import { findAvailableAssigneeIds } from '../issues/issue-queries.js';
import { materializeOccurrence } from '../schedules/schedule-materializer.js';
import { findClientTimeZone, findPeople, type ScheduleRow } from '../schedules/schedule-queries.js';
import { scheduleRuleOf } from '../schedules/schedule-rule-row.js';
import { requireVisibleSchedule } from '../schedules/schedule-service.js';
import { canEditSchedule, scheduleScope } from '../schedules/schedule-visibility.js';
import {
  findAvailableAssignees,
  findCalendarIssues,
  findClientSettings,
  loadCalendarPresentContext,
  presentCalendarItem,
  presentPreparedCalendarItem,
} from './calendar-items.js';

/**
 * A schedule's prepared task by its key `scheduleId:startSeconds:assetId` (001 §7
 * scheduled_tasks/{id}): an occurrence of the schedule's rule whose issue is not created yet. The
 * id guard has already answered 404 for a schedule the caller may not see.
 */

type Caller = Auth;
type Db = AppContext['db'];

type Resolved = { row: ScheduleRow; occurrence: Occurrence; assetId: number; assets: { id: number }[] };

function parseKey(key: string): { scheduleId: number; start: Date; assetId: number } {
  const [scheduleId, startSeconds, assetId] = key.split(':').map(Number);
  return { scheduleId: scheduleId ?? 0, start: new Date((startSeconds ?? 0) * 1000), assetId: assetId ?? 0 };
}

/** The occurrence a key names, or 404: not in the rule, not one of the schedule's targets, or created already. */
async function resolveKey(db: Db, auth: Caller, key: string): Promise<Resolved> {
  const { scheduleId, start, assetId } = parseKey(key);
  const scope = await scheduleScope(db, auth);
  const row = await requireVisibleSchedule(db, auth, scope, scheduleId);
  const missing = notFound('Scheduled task not found');
  const timeZone = await findClientTimeZone(db, auth.clientId);
  const [occurrence] = occurrencesBetween(
    scheduleRuleOf(row, timeZone),
    start,
    new Date(start.getTime() + 1000),
    1,
  );
  if (!occurrence || occurrence.start.getTime() !== start.getTime()) throw missing;
  const assets = await db
    .selectFrom('schedule_assets as sa')
    .innerJoin('assets as a', 'a.id', 'sa.asset_id')
    .select('a.id')
    .where('sa.schedule_id', '=', scheduleId)
    .where('a.deleted_at', 'is', null)
    .execute();
  const perAsset = row.assets_mode === 'FOR_EACH_ASSET' && assets.length > 0;
  if (perAsset ? !assets.some((a) => a.id === assetId) : assetId !== 0) throw missing;
  const created = await db
    .selectFrom('schedule_occurrences')
    .select('issue_id')
    .where('schedule_id', '=', scheduleId)
    .where('starts_at', '=', start)
    .where('asset_id', '=', assetId)
    .executeTakeFirst();
  if (created) throw missing;
  return { row, occurrence, assetId, assets };
}

export async function getScheduledTask(
  ctx: Pick<AppContext, 'db'>,
  auth: Caller,
  key: string,
): Promise<CalendarItem> {
  const { row, occurrence } = await resolveKey(ctx.db, auth, key);
  const [people, availableAssignees, settings] = await Promise.all([
    findPeople(ctx.db, row.assignee_id === null ? [] : [row.assignee_id]),
    findAvailableAssignees(ctx.db, [row.workspace_id]),
    findClientSettings(ctx.db, [row.client_id]),
  ]);
  const assignee = row.assignee_id === null ? undefined : people.get(row.assignee_id);
  return presentPreparedCalendarItem(
    {
      key,
      schedule: row,
      assignee: assignee && row.assignee_status !== ISSUE_STATUS.declined ? assignee : null,
      start: occurrence.start,
      due: occurrence.due,
    },
    { availableAssignees, settings, now: new Date() },
  );
}

/**
 * PUT scheduled_tasks/{id}: the schedule's admins and managers prepare the task now. Its issue is
 * created by the materializer's own code (so it is what the schedule would create, and never
 * created twice), then the changes given are applied, all in one transaction.
 */
export async function updateScheduledTask(
  ctx: Pick<AppContext, 'db'>,
  auth: Caller,
  key: string,
  body: UpdateScheduledTaskRequest,
): Promise<CalendarItem> {
  const issueId = await ctx.db.transaction().execute(async (trx) => {
    const { row, occurrence, assetId } = await resolveKey(trx, auth, key);
    const scope = await scheduleScope(trx, auth);
    if (!canEditSchedule(auth, scope, row.workspace_id)) throw forbidden('You may not change this schedule');
    if (row.archived_at) throw new AppError(422, 'schedule_archived', 'The schedule is archived');
    const changes = await validateChanges(trx, row, occurrence, body);
    const now = new Date();
    const id = await materializeOccurrence(trx, row.id, occurrence, assetId, now);
    if (id === null) throw notFound('Scheduled task not found');
    if (Object.keys(changes).length) {
      await trx
        .updateTable('issues')
        .set({ ...changes, updated_at: now })
        .where('id', '=', id)
        .execute();
    }
    await logActivity(trx, {
      clientId: row.client_id,
      userId: auth.userId,
      entityType: 'issue',
      entityId: id,
      action: 'updated',
      changes: { scheduled_task: key, ...body },
    });
    return id;
  });
  const rows = await findCalendarIssues(ctx, auth, {
    filters: EMPTY_FILTERS,
    issueIds: [issueId],
  });
  const context = await loadCalendarPresentContext(ctx, auth, rows);
  const [row] = rows;
  if (!row) throw notFound('Issue not found');
  return presentCalendarItem(row, context);
}

const EMPTY_FILTERS: CalendarFilters = {
  issue_type: null,
  status: [],
  workspaces: [],
  include_sub_ws: 0,
  assignees: [],
  priority_id: [],
  schedules: [],
  categories: [],
  assets: [],
  job_positions: [],
  externals: [],
};

/** The issue's columns the body changes, checked: a title, dates in order, an available assignee. */
async function validateChanges(
  db: Db,
  row: ScheduleRow,
  occurrence: Occurrence,
  body: UpdateScheduledTaskRequest,
) {
  const changes: {
    title?: string;
    description?: string | null;
    start_date?: Date | null;
    due_date?: Date | null;
    assignee_id?: number | null;
    status_id?: number;
    priority_id?: number;
  } = {};
  if (body.title !== undefined) {
    const title = body.title.trim();
    if (!title) throw fieldError('title', 'required', 'The title is required');
    if (title.length > 255) throw fieldError('title', 'too_long', 'The title is too long');
    changes.title = title;
  }
  if (body.description !== undefined) changes.description = body.description;
  const seconds = (value: number | null) => (value === null ? null : new Date(value * 1000));
  if (body.start_date !== undefined) changes.start_date = seconds(body.start_date);
  if (body.due_date !== undefined) changes.due_date = seconds(body.due_date);
  const start = changes.start_date !== undefined ? changes.start_date : occurrence.start;
  const due = changes.due_date !== undefined ? changes.due_date : occurrence.due;
  if (start && due && due < start)
    throw fieldError('due_date', 'due_before_start', 'The due date is before the start');
  if (body.priority_id !== undefined) {
    if (![0, 2, 3, 4, 5].includes(body.priority_id))
      throw fieldError('priority_id', 'invalid_format', 'Unknown priority');
    changes.priority_id = body.priority_id;
  }
  if (body.assignee_id !== undefined && body.assignee_id !== row.assignee_id) {
    if (body.assignee_id !== null) {
      const available = await findAvailableAssigneeIds(db, row.client_id, row.workspace_id);
      if (!available.includes(body.assignee_id))
        throw fieldError('assignee_id', 'assignee_not_available', 'This person cannot work in the workspace');
    }
    changes.assignee_id = body.assignee_id;
    // A new assignee decides (3); without one it is to do, unassigned (2).
    changes.status_id = body.assignee_id === null ? ISSUE_STATUS.unassigned : ISSUE_STATUS.deciding;
  }
  return changes;
}
