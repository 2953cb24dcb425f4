import {
  checkFormAnswers,
  type EntityFormResponse,
  type ErrorKey,
  type FilledForm,
  type FormAnswers,
  type FormDefinition,
  issuePermissions,
  photoIdsOf,
  type WorkspaceFormResponse,
} from '@workbench/domain';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { AppError, forbidden, notFound } from '../../http/errors.js';
import { requireWorkspaceGrant } from '../access/request-access.js';
import { logActivity } from '../activity/activity-log.js';
import { loadIssue } from '../issues/issue-context.js';
import { lockSchedule } from '../schedules/schedule-queries.js';
import { requireVisibleSchedule } from '../schedules/schedule-service.js';
import { canEditSchedule, scheduleScope } from '../schedules/schedule-visibility.js';
import { presentFilledForm, presentWorkspaceForm } from './dynamic-form-presenter.js';
import {
  type Db,
  type FilledFormRow,
  findFilledForm,
  findFormOwner,
  findOwnFreshUploads,
  findUploads,
  findWorkspaceForm,
  linkUploads,
} from './dynamic-form-queries.js';

export type FormOwnerKind = 'issue' | 'schedule';
const TABLE = { issue: 'issue_forms', schedule: 'schedule_forms' } as const;

/** The issue or schedule a form belongs to, as the caller may see it, and whether they may change it. */
type Owner = {
  kind: FormOwnerKind;
  id: number;
  clientId: number;
  workspaceId: number;
  canEdit: boolean;
  archived: boolean;
};

async function ownerOf(
  db: Db,
  auth: Auth,
  kind: FormOwnerKind,
  id: number,
  options: { lock?: boolean } = {},
): Promise<Owner> {
  if (kind === 'issue') {
    const loaded = await loadIssue(db, auth, id, { lock: options.lock });
    return {
      kind,
      id,
      clientId: loaded.row.client_id,
      workspaceId: loaded.row.workspace_id,
      canEdit: issuePermissions(loaded.rules).can_edit,
      archived: false,
    };
  }
  const scope = await scheduleScope(db, auth);
  const row = await requireVisibleSchedule(db, auth, scope, id);
  if (options.lock) await lockSchedule(db, auth.clientId, id);
  return {
    kind,
    id,
    clientId: row.client_id,
    workspaceId: row.workspace_id,
    canEdit: canEditSchedule(auth, scope, row.workspace_id),
    archived: !!row.archived_at,
  };
}

/** Writers only: whoever may edit the issue, or the schedule (and not while it is archived). */
function requireWriter(owner: Owner): void {
  if (!owner.canEdit)
    throw forbidden(
      owner.kind === 'issue' ? 'You may not edit this issue' : 'You may not change this schedule',
    );
  if (owner.archived) throw new AppError(422, 'schedule_archived', 'The schedule is archived');
}

async function present(db: Db, row: FilledFormRow): Promise<FilledForm> {
  return presentFilledForm(row, await findUploads(db, photoIdsOf(row.definition, row.answers)));
}

/**
 * The answers checked by the form's own rules (checkFormAnswers), and every photo they newly name
 * an upload of the caller's own that no answer uses yet (photos kept from before stay). Errors
 * answer 422 with the field at `form.<key>`, and nothing is written.
 */
async function checkedAnswers(
  db: Db,
  auth: Auth,
  definition: FormDefinition,
  answers: Record<string, unknown>,
  before: FormAnswers = {},
): Promise<{ answers: FormAnswers; newPhotos: number[] }> {
  const check = checkFormAnswers(definition, answers);
  if (!check.ok) throw answerError(check.errors);
  const kept = new Set(photoIdsOf(definition, before));
  const named = photoIdsOf(definition, check.answers).filter((id) => !kept.has(id));
  const fresh = await findOwnFreshUploads(db, auth.clientId, auth.userId, named);
  const errors: Record<string, ErrorKey> = {};
  for (const field of definition.fields) {
    const value = check.answers[field.key];
    if (field.kind !== 'photo' || !Array.isArray(value)) continue;
    if ((value as number[]).some((id) => !kept.has(id) && !fresh.has(id)))
      errors[field.key] = 'photo_not_found';
  }
  if (Object.keys(errors).length) throw answerError(errors);
  return { answers: check.answers, newPhotos: named };
}

function answerError(errors: Record<string, ErrorKey>): AppError {
  const fields = Object.fromEntries(Object.entries(errors).map(([key, value]) => [`form.${key}`, value]));
  const first = Object.values(errors)[0] ?? 'invalid_format';
  return new AppError(422, first, 'Some answers are not valid', fields);
}

// ---------------------------------------------------------------------------------------------
// The workspace's design
// ---------------------------------------------------------------------------------------------

/** GET workspace/{id}/form: whoever sees the workspace reads its design. */
export async function getWorkspaceForm(
  ctx: AppContext,
  auth: Auth,
  workspaceId: number,
): Promise<WorkspaceFormResponse> {
  await requireWorkspaceGrant(ctx.db, auth, workspaceId);
  const row = await findWorkspaceForm(ctx.db, workspaceId);
  return { form: row ? presentWorkspaceForm(row) : null };
}

/**
 * POST workspace/{id}/form (admins of the workspace's own organisation): defines or replaces the
 * design; no fields removes it. Forms filled before keep the copy they were filled with.
 */
export async function saveWorkspaceForm(
  ctx: AppContext,
  auth: Auth,
  workspaceId: number,
  definition: FormDefinition,
): Promise<WorkspaceFormResponse> {
  const grant = await requireWorkspaceGrant(ctx.db, auth, workspaceId);
  if (grant.client_id !== auth.clientId) throw forbidden("Only the workspace's own admins design its form");
  await ctx.db.transaction().execute(async (trx) => {
    if (!definition.fields.length) {
      const removed = await trx
        .deleteFrom('workspace_forms')
        .where('workspace_id', '=', workspaceId)
        .where('client_id', '=', auth.clientId)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) return;
    } else {
      const now = new Date();
      await trx
        .insertInto('workspace_forms')
        .values({
          client_id: auth.clientId,
          workspace_id: workspaceId,
          definition: JSON.stringify(definition),
          updated_by: auth.userId,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc.column('workspace_id').doUpdateSet({
            definition: JSON.stringify(definition),
            updated_by: auth.userId,
            updated_at: now,
          }),
        )
        .execute();
    }
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: 'workspace',
      entityId: workspaceId,
      action: definition.fields.length ? 'form_defined' : 'form_removed',
      changes: { fields: definition.fields.length },
    });
  });
  return getWorkspaceForm(ctx, auth, workspaceId);
}

// ---------------------------------------------------------------------------------------------
// Filled forms of issues and schedules
// ---------------------------------------------------------------------------------------------

/** GET forms/issue/{issueId} and forms/schedule/{scheduleId}: the filled form, the design to fill, the right. */
export async function getEntityForm(
  ctx: AppContext,
  auth: Auth,
  kind: FormOwnerKind,
  ownerId: number,
): Promise<EntityFormResponse> {
  const owner = await ownerOf(ctx.db, auth, kind, ownerId);
  const [row, design] = await Promise.all([
    findFilledForm(ctx.db, TABLE[kind], { ownerId }),
    findWorkspaceForm(ctx.db, owner.workspaceId),
  ]);
  return {
    form: row ? await present(ctx.db, row) : null,
    workspace_form: design ? presentWorkspaceForm(design) : null,
    can_edit: owner.canEdit && !owner.archived,
  };
}

/**
 * forms/issue/{issueId}/store and forms/schedule/{scheduleId}/store {form}: fills the workspace's
 * current design on the issue or schedule (a copy of it is stored with the answers). One form per
 * issue or schedule: a second store answers 409 form_already_exists (change it with PUT).
 */
export async function storeForm(
  ctx: AppContext,
  auth: Auth,
  kind: FormOwnerKind,
  ownerId: number,
  answers: Record<string, unknown>,
): Promise<{ form: FilledForm }> {
  const formId = await ctx.db.transaction().execute(async (trx) => {
    const owner = await ownerOf(trx, auth, kind, ownerId, { lock: true });
    requireWriter(owner);
    const design = await findWorkspaceForm(trx, owner.workspaceId);
    if (!design) throw new AppError(422, 'no_workspace_form', 'The workspace has no form');
    if (await findFilledForm(trx, TABLE[kind], { ownerId }))
      throw new AppError(409, 'form_already_exists', 'This already has a form: change its answers');
    const checked = await checkedAnswers(trx, auth, design.definition, answers);
    const now = new Date();
    const values = {
      client_id: owner.clientId,
      definition: JSON.stringify(design.definition),
      answers: JSON.stringify(checked.answers),
      created_by: auth.userId,
      updated_by: auth.userId,
      created_at: now,
      updated_at: now,
    };
    const inserted =
      kind === 'issue'
        ? await trx
            .insertInto('issue_forms')
            .values({ ...values, issue_id: ownerId })
            .returning('id')
            .executeTakeFirstOrThrow()
        : await trx
            .insertInto('schedule_forms')
            .values({ ...values, schedule_id: ownerId })
            .returning('id')
            .executeTakeFirstOrThrow();
    await linkUploads(trx, checked.newPhotos, now);
    await logActivity(trx, {
      clientId: owner.clientId,
      userId: auth.userId,
      entityType: kind,
      entityId: ownerId,
      action: 'form_filled',
      changes: { form_id: inserted.id },
    });
    return inserted.id;
  });
  return { form: await requireForm(ctx.db, kind, formId) };
}

/** PUT forms/issue_form/{formId} and forms/schedule_form/{formId} {form}: new answers, by the form's own rules. */
export async function updateForm(
  ctx: AppContext,
  auth: Auth,
  kind: FormOwnerKind,
  formId: number,
  answers: Record<string, unknown>,
): Promise<{ form: FilledForm }> {
  await ctx.db.transaction().execute(async (trx) => {
    const owner = await formOwner(trx, auth, kind, formId);
    requireWriter(owner);
    const row = await findFilledForm(trx, TABLE[kind], { formId });
    if (!row) throw notFound('Form not found');
    const checked = await checkedAnswers(trx, auth, row.definition, answers, row.answers);
    const now = new Date();
    await trx
      .updateTable(TABLE[kind])
      .set({ answers: JSON.stringify(checked.answers), updated_by: auth.userId, updated_at: now })
      .where('id', '=', formId)
      .execute();
    await linkUploads(trx, checked.newPhotos, now);
    await logActivity(trx, {
      clientId: owner.clientId,
      userId: auth.userId,
      entityType: kind,
      entityId: owner.id,
      action: 'form_updated',
      changes: { form_id: formId },
    });
  });
  return { form: await requireForm(ctx.db, kind, formId) };
}

/** DELETE forms/issue_form/{formId} and forms/schedule_form/{formId}. */
export async function deleteForm(
  ctx: AppContext,
  auth: Auth,
  kind: FormOwnerKind,
  formId: number,
): Promise<{ success: true }> {
  await ctx.db.transaction().execute(async (trx) => {
    const owner = await formOwner(trx, auth, kind, formId);
    requireWriter(owner);
    await trx.deleteFrom(TABLE[kind]).where('id', '=', formId).execute();
    await logActivity(trx, {
      clientId: owner.clientId,
      userId: auth.userId,
      entityType: kind,
      entityId: owner.id,
      action: 'form_removed',
      changes: { form_id: formId },
    });
  });
  return { success: true };
}

/** The issue or schedule of a form id, locked (the id guard answered 404 for invisible ones). */
async function formOwner(db: Db, auth: Auth, kind: FormOwnerKind, formId: number): Promise<Owner> {
  const ownerId = await findFormOwner(db, TABLE[kind], formId);
  if (ownerId === undefined) throw notFound('Form not found');
  return ownerOf(db, auth, kind, ownerId, { lock: true });
}

async function requireForm(db: Db, kind: FormOwnerKind, formId: number): Promise<FilledForm> {
  const row = await findFilledForm(db, TABLE[kind], { formId });
  if (!row) throw notFound('Form not found');
  return present(db, row);
}
