import {
  buildPage,
  type CreateScheduleInput,
  type Schedule,
  type ScheduleListQuery,
  scheduleListQueryToParams,
  type UpdateScheduleInput,
} from '@workbench/domain';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import type { Auth } from '../../http/authenticate.js';
import { AppError, fieldError, forbidden, notFound } from '../../http/errors.js';
import { logActivity } from '../activity/activity-log.js';
import { findActivityPage, presentActivity } from '../activity/activity-page.js';
import { assetScope } from '../assets/asset-visibility.js';
import {
  changesThePlan,
  columnsOf,
  formDiff,
  formOfRow,
  listsOf,
  mergeForm,
  normaliseForm,
  requireValidRule,
} from './schedule-form.js';
import { planSchedule, replanSchedule, requestMaterialize } from './schedule-plan.js';
import { presentSchedule, type ScheduleViewContext } from './schedule-presenter.js';
import {
  countVisibleEquipment,
  findClientTimeZone,
  findScheduleEquipmentIds,
  findScheduleListIds,
  findSchedulePage,
  findScheduleRelations,
  findScheduleRows,
  findWorkspaceSubtree,
  insertSchedule,
  lockSchedule,
  replaceScheduleEquipment,
  replaceScheduleLists,
  type ScheduleRow,
  updateSchedule as updateScheduleRow,
} from './schedule-queries.js';
import { ALL_REFERENCES, requireFittingReferences } from './schedule-references.js';
import { localDateOf } from './schedule-status.js';
import { canEditSchedule, type ScheduleScope, scheduleScope } from './schedule-visibility.js';

export type Caller = NonNullable<Auth>;
type Db = Kysely<Database> | Transaction<Database>;
const ENTITY = 'schedule';

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

/** The moment, the organisation's time zone and the caller's rights, for the presenter. */
export async function viewContextOf(
  db: Db,
  auth: Caller,
  scope: ScheduleScope,
): Promise<ScheduleViewContext> {
  const timeZone = await findClientTimeZone(db, auth.clientId);
  const now = new Date();
  return {
    now,
    timeZone,
    today: localDateOf(now, timeZone),
    callerId: auth.userId,
    canEdit: (row) => canEditSchedule(auth, scope, row.workspace_id),
  };
}

/** The presented schedules of these rows (the same statements for one or a page). */
async function presentRows(
  db: Db,
  rows: ScheduleRow[],
  view: ScheduleViewContext,
  scope: ScheduleScope,
): Promise<Schedule[]> {
  // The caller's schedule scope is their equipment scope too (equipment-visibility.ts).
  const relations = await findScheduleRelations(db, rows, scope);
  return rows.map((row) => presentSchedule(row, relations, view));
}

/** The row of a schedule the caller sees (404 otherwise, as the id guard answers). */
export async function requireVisibleSchedule(
  db: Db,
  auth: Caller,
  scope: ScheduleScope,
  id: number,
): Promise<ScheduleRow> {
  const [row] = await findScheduleRows(db, auth.clientId, [id]);
  if (!row || !scope.grants.has(row.workspace_id)) throw notFound('Schedule not found');
  return row;
}

/** Editors only (403), and only while the schedule is not archived (422 schedule_archived) unless `evenArchived`. */
function requireEditor(auth: Caller, scope: ScheduleScope, row: ScheduleRow, evenArchived = false): void {
  if (!canEditSchedule(auth, scope, row.workspace_id)) throw forbidden('You may not change this schedule');
  if (!evenArchived && row.archived_at)
    throw new AppError(422, 'schedule_archived', 'The schedule is archived');
}

async function scheduleView(
  ctx: AppContext,
  auth: Caller,
  scope: ScheduleScope,
  id: number,
): Promise<Schedule> {
  const rows = await findScheduleRows(ctx.db, auth.clientId, [id]);
  if (!rows.length) throw notFound('Schedule not found');
  const [schedule] = await presentRows(ctx.db, rows, await viewContextOf(ctx.db, auth, scope), scope);
  return schedule as Schedule;
}

/** GET schedule: a page of the schedules the caller sees (two statements: the page and the count). */
export async function listSchedules(ctx: AppContext, auth: Caller, query: ScheduleListQuery, path: string) {
  const scope = await scheduleScope(ctx.db, auth);
  const view = await viewContextOf(ctx.db, auth, scope);
  const workspaceIds =
    query.include_sub_ws && query.workspaces.length
      ? await findWorkspaceSubtree(ctx.db, query.workspaces)
      : query.workspaces;
  const { ids, total } = await findSchedulePage(ctx.db, scope, query, { workspaceIds, today: view.today });
  const rows = await findScheduleRows(ctx.db, auth.clientId, ids);
  return buildPage({
    rows: await presentRows(ctx.db, rows, view, scope),
    total,
    page: query.page,
    perPage: query.paginate_by,
    path,
    query: scheduleListQueryToParams(query),
  });
}

/** GET schedule/{id}. */
export async function getSchedule(ctx: AppContext, auth: Caller, id: number): Promise<Schedule> {
  const scope = await scheduleScope(ctx.db, auth);
  const row = await requireVisibleSchedule(ctx.db, auth, scope, id);
  const [schedule] = await presentRows(ctx.db, [row], await viewContextOf(ctx.db, auth, scope), scope);
  return schedule as Schedule;
}

/** GET schedule/{id}/activity_log: newest first, whoever sees the schedule. */
export async function listScheduleActivity(
  ctx: AppContext,
  auth: Caller,
  id: number,
  paging: { page: number; paginate_by: number },
  path: string,
) {
  const scope = await scheduleScope(ctx.db, auth);
  const row = await requireVisibleSchedule(ctx.db, auth, scope, id);
  const { rows, total } = await findActivityPage(
    ctx.db,
    { clientId: row.client_id, type: 'schedule', id: row.id },
    paging,
  );
  return buildPage({
    rows: rows.map(presentActivity),
    total,
    page: paging.page,
    perPage: paging.paginate_by,
    path,
    query: { paginate_by: paging.paginate_by },
  });
}

// ---------------------------------------------------------------------------------------------
// The form
// ---------------------------------------------------------------------------------------------

/** A workspace named in the body: one of the caller's own organisation they see (422 otherwise). */
function requireBodyWorkspace(auth: Caller, scope: ScheduleScope, workspaceId: number): void {
  if (!scope.grants.has(workspaceId)) throw fieldError('workspace_id', 'not_found', 'Workspace not found');
  if (!canEditSchedule(auth, scope, workspaceId)) throw forbidden('You may not plan work in this workspace');
}

/** POST schedule: admins and managers of the workspace; the materializer creates its issues. */
export async function createSchedule(
  ctx: AppContext,
  auth: Caller,
  body: CreateScheduleInput,
): Promise<Schedule> {
  const input = normaliseForm(body);
  const scope = await scheduleScope(ctx.db, auth);
  requireBodyWorkspace(auth, scope, input.workspace_id);
  requireValidRule(input);
  const assets = await assetScope(ctx.db, auth);
  const id = await ctx.db.transaction().execute(async (trx) => {
    await requireFittingReferences(trx, auth.clientId, assets, input, ALL_REFERENCES);
    const id = await insertSchedule(trx, {
      client_id: auth.clientId,
      created_by: auth.userId,
      ...columnsOf(input),
    } as Parameters<typeof insertSchedule>[1]);
    await replaceScheduleLists(trx, auth.clientId, id, listsOf(input));
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: ENTITY,
      entityId: id,
      action: 'created',
      changes: { title: input.title },
    });
    await planSchedule(trx, id, new Date());
    return id;
  });
  requestMaterialize(ctx);
  return scheduleView(ctx, auth, scope, id);
}

/**
 * POST schedule/{id} (_method PUT, or JSON): any fields; the rule is checked on the schedule as
 * it would be. A new assignee decides again (PENDING). Issues to come that nobody touched are
 * planned again by the new rule (schedule-plan.ts replanSchedule).
 */
export async function updateSchedule(
  ctx: AppContext,
  auth: Caller,
  id: number,
  input: UpdateScheduleInput,
): Promise<Schedule> {
  const scope = await scheduleScope(ctx.db, auth);
  if (await applyUpdate(ctx, auth, scope, id, input)) requestMaterialize(ctx);
  return scheduleView(ctx, auth, scope, id);
}

/** The update itself, in one transaction; false when nothing changed. */
async function applyUpdate(
  ctx: AppContext,
  auth: Caller,
  scope: ScheduleScope,
  id: number,
  input: UpdateScheduleInput,
): Promise<boolean> {
  const current = await requireVisibleSchedule(ctx.db, auth, scope, id);
  requireEditor(auth, scope, current);
  if (input.workspace_id !== undefined && input.workspace_id !== current.workspace_id)
    requireBodyWorkspace(auth, scope, input.workspace_id);
  const assets = await assetScope(ctx.db, auth);
  return ctx.db.transaction().execute(async (trx) => {
    await lockSchedule(trx, auth.clientId, id);
    const [row] = await findScheduleRows(trx, auth.clientId, [id]);
    if (!row) throw notFound('Schedule not found');
    const before = formOfRow(row, await findScheduleListIds(trx, id));
    const after = mergeForm(before, input);
    requireValidRule(after);
    const diff = formDiff(before, after);
    if (!Object.keys(diff).length) return false;
    const moved = 'workspace_id' in diff;
    await requireFittingReferences(trx, auth.clientId, assets, after, {
      people: moved || 'assignee_id' in diff || 'watchers' in diff || 'replacements' in diff,
      categories: 'category_id' in diff || 'categories' in diff,
      templates: 'checklist_templates' in diff,
      assets: moved || 'assets' in diff,
    });
    const newAssignee = 'assignee_id' in diff;
    await updateScheduleRow(trx, auth.clientId, id, {
      ...columnsOf(after),
      ...(newAssignee && { assignee_status: null, assignee_note: null, assignee_decided_at: null }),
    });
    await replaceScheduleLists(trx, auth.clientId, id, listsOf(after, diff));
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: ENTITY,
      entityId: id,
      action: 'updated',
      changes: diff,
    });
    if (changesThePlan(diff)) await replanSchedule(trx, id, new Date());
    return true;
  });
}

// ---------------------------------------------------------------------------------------------
// State: archive, delete, pause, duplicate, decision, time limits
// ---------------------------------------------------------------------------------------------

/** One state change of a schedule by an editor, logged, in one transaction. */
async function changeState(
  ctx: AppContext,
  auth: Caller,
  id: number,
  options: { evenArchived?: boolean },
  write: (trx: Transaction<Database>, row: ScheduleRow, now: Date) => Promise<string | null>,
): Promise<Schedule> {
  const scope = await scheduleScope(ctx.db, auth);
  const current = await requireVisibleSchedule(ctx.db, auth, scope, id);
  requireEditor(auth, scope, current, options.evenArchived);
  await ctx.db.transaction().execute(async (trx) => {
    await lockSchedule(trx, auth.clientId, id);
    const [row] = await findScheduleRows(trx, auth.clientId, [id]);
    if (!row) throw notFound('Schedule not found');
    const action = await write(trx, row, new Date());
    if (action)
      await logActivity(trx, {
        clientId: auth.clientId,
        userId: auth.userId,
        entityType: ENTITY,
        entityId: id,
        action,
      });
  });
  requestMaterialize(ctx);
  return scheduleView(ctx, auth, scope, id);
}

/** PUT schedule/{id}: archive (creates nothing more) or unarchive (planned again from now). */
export function archiveSchedule(ctx: AppContext, auth: Caller, id: number, archived: boolean) {
  return changeState(ctx, auth, id, { evenArchived: true }, async (trx, row, now) => {
    if (archived === (row.archived_at !== null)) return null;
    await updateScheduleRow(trx, auth.clientId, id, { archived_at: archived ? now : null });
    if (!archived) await planSchedule(trx, id, now);
    return archived ? 'archived' : 'unarchived';
  });
}

/** POST schedule/{id}/pause. */
export function pauseSchedule(ctx: AppContext, auth: Caller, id: number) {
  return changeState(ctx, auth, id, {}, async (trx, row, now) => {
    if (row.paused_at) return null;
    await updateScheduleRow(trx, auth.clientId, id, { paused_at: now });
    return 'paused';
  });
}

/** POST schedule/{id}/unpause: occurrences that passed while paused are not created. */
export function unpauseSchedule(ctx: AppContext, auth: Caller, id: number) {
  return changeState(ctx, auth, id, {}, async (trx, row, now) => {
    if (!row.paused_at) return null;
    await updateScheduleRow(trx, auth.clientId, id, { paused_at: null });
    await planSchedule(trx, id, now);
    return 'unpaused';
  });
}

/**
 * POST schedule/{id}/equipments (001 §7): replaces the equipment the schedule's issues need, by
 * its editors while it is not archived. Each newly named id must be a live item of the
 * organisation the caller sees (else 422 invalid_format on equipment_ids); items named already
 * are kept without asking again. Issues created from now on copy the list into equipment_ids.
 */
export async function setScheduleEquipment(
  ctx: AppContext,
  auth: Caller,
  id: number,
  equipmentIds: readonly number[],
): Promise<Schedule> {
  const scope = await scheduleScope(ctx.db, auth);
  const current = await requireVisibleSchedule(ctx.db, auth, scope, id);
  requireEditor(auth, scope, current);
  const wanted = [...new Set(equipmentIds)].sort((a, b) => a - b);
  await ctx.db.transaction().execute(async (trx) => {
    await lockSchedule(trx, auth.clientId, id);
    const before = await findScheduleEquipmentIds(trx, id);
    const added = wanted.filter((e) => !before.includes(e));
    if ((await countVisibleEquipment(trx, scope, added)) !== added.length)
      throw fieldError('equipment_ids', 'invalid_format', 'Equipment not found');
    if (JSON.stringify(before) === JSON.stringify(wanted)) return;
    await replaceScheduleEquipment(trx, auth.clientId, id, wanted);
    await updateScheduleRow(trx, auth.clientId, id, {});
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: ENTITY,
      entityId: id,
      action: 'updated',
      changes: { equipment_ids: [before, wanted] },
    });
  });
  return scheduleView(ctx, auth, scope, id);
}

/** POST schedule/{id}/set_time_limits: how long after its start each new issue is due. */
export async function setScheduleTimeLimits(
  ctx: AppContext,
  auth: Caller,
  id: number,
  timeLimits: UpdateScheduleInput['time_limits'],
): Promise<Schedule> {
  return updateSchedule(ctx, auth, id, { time_limits: timeLimits });
}

/**
 * DELETE schedule/{id}: soft delete. The issues it created stay; its issues to come that nobody
 * touched go with it (replanSchedule), and the materializer never takes it up again.
 */
export async function deleteSchedule(ctx: AppContext, auth: Caller, id: number): Promise<{ success: true }> {
  const scope = await scheduleScope(ctx.db, auth);
  const row = await requireVisibleSchedule(ctx.db, auth, scope, id);
  requireEditor(auth, scope, row, true);
  await ctx.db.transaction().execute(async (trx) => {
    await lockSchedule(trx, auth.clientId, id);
    const now = new Date();
    await replanSchedule(trx, id, now);
    await updateScheduleRow(trx, auth.clientId, id, { deleted_at: now, materialize_at: null });
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: ENTITY,
      entityId: id,
      action: 'deleted',
    });
  });
  return { success: true };
}

const COPY_SUFFIX = ' (copy)';

/** POST schedule/{id}/duplicate: the copy is paused (nothing is created until it is started) and undecided. */
export async function duplicateSchedule(ctx: AppContext, auth: Caller, id: number): Promise<Schedule> {
  const scope = await scheduleScope(ctx.db, auth);
  const row = await requireVisibleSchedule(ctx.db, auth, scope, id);
  requireEditor(auth, scope, row, true);
  const copyId = await ctx.db.transaction().execute(async (trx) => {
    const form = formOfRow(row, await findScheduleListIds(trx, id));
    const title = `${form.title.slice(0, 255 - COPY_SUFFIX.length)}${COPY_SUFFIX}`;
    const now = new Date();
    const copyId = await insertSchedule(trx, {
      client_id: auth.clientId,
      created_by: auth.userId,
      ...columnsOf({ ...form, title }),
      paused_at: now,
    } as Parameters<typeof insertSchedule>[1]);
    await replaceScheduleLists(trx, auth.clientId, copyId, listsOf(form));
    await replaceScheduleEquipment(trx, auth.clientId, copyId, await findScheduleEquipmentIds(trx, id));
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: ENTITY,
      entityId: copyId,
      action: 'created',
      changes: { title, duplicate_of: id },
    });
    await planSchedule(trx, copyId, now);
    return copyId;
  });
  return scheduleView(ctx, auth, scope, copyId);
}

/**
 * PUT schedule/{id}/assignee_decision: the assignee (only: not_schedule_assignee) accepts (5) or
 * declines (4, with a note: note_required). Its issues to come are planned again with the decision.
 */
export async function decideSchedule(
  ctx: AppContext,
  auth: Caller,
  id: number,
  decision: { status_id: 4 | 5; note?: string | null },
): Promise<Schedule> {
  const scope = await scheduleScope(ctx.db, auth);
  const current = await requireVisibleSchedule(ctx.db, auth, scope, id);
  if (current.assignee_id !== auth.userId)
    throw new AppError(403, 'not_schedule_assignee', 'Only the assignee decides on the schedule');
  if (current.archived_at) throw new AppError(422, 'schedule_archived', 'The schedule is archived');
  const note = decision.note?.trim() || null;
  if (decision.status_id === 4 && !note) throw fieldError('note', 'note_required', 'Say why you decline');
  await ctx.db.transaction().execute(async (trx) => {
    await lockSchedule(trx, auth.clientId, id);
    const now = new Date();
    await updateScheduleRow(trx, auth.clientId, id, {
      assignee_status: decision.status_id,
      assignee_note: decision.status_id === 4 ? note : null,
      assignee_decided_at: now,
    });
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: ENTITY,
      entityId: id,
      action: 'decision',
      changes: { status_id: decision.status_id, note },
    });
    await replanSchedule(trx, id, now);
  });
  requestMaterialize(ctx);
  return scheduleView(ctx, auth, scope, id);
}

/**
 * POST schedule/multiple/reassign: each schedule as one update of its assignee (the same rules,
 * its own transaction); those refused are listed with their key.
 */
export async function reassignSchedules(
  ctx: AppContext,
  auth: Caller,
  body: { schedule_ids: number[]; assignee_id: number | null },
) {
  const scope = await scheduleScope(ctx.db, auth);
  const updated: number[] = [];
  const failed: { id: number; error: string }[] = [];
  for (const id of [...new Set(body.schedule_ids)]) {
    try {
      await applyUpdate(ctx, auth, scope, id, { assignee_id: body.assignee_id });
      updated.push(id);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      failed.push({ id, error: error.key });
    }
  }
  if (updated.length) requestMaterialize(ctx);
  return { updated, failed };
}
