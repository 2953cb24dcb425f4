import type { ErrorKey } from '@workbench/domain';
import {
  buildPage,
  type ClientSettings,
  checkAssign,
  checkDelete,
  ISSUE_STATUS,
  type Issue,
  type IssueListResponse,
  type IssueSubtaskQuery,
  initialIssueStatus,
  issuePermissions,
  type Location,
  locationFromColumns,
  locationToColumns,
  readIssueTranslations,
  statusAfterAssigneeChange,
  validateIssueForm,
  type ZCreateIssueRequestSchema,
  type ZUpdateIssueRequestSchema,
} from '@workbench/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { AppError, fieldError, forbidden, notFound } from '../../http/errors.js';
import { accessOf, findWorkspaceGrant } from '../access/request-access.js';
import type { WorkspaceGrant } from '../access/workspace-access.js';
import { logActivity } from '../activity/activity-log.js';
import { assetScope } from '../assets/asset-visibility.js';
import { presentAttachment } from '../attachments/attachment-presenter.js';
import { findAttachmentRows } from '../attachments/attachment-queries.js';
import { reorderAttachments, storeAttachments } from '../attachments/attachment-service.js';
import type { PreparedUpload } from '../attachments/attachment-upload.js';
import { findCategoryIds } from '../categories/category-queries.js';
import { equipmentScope } from '../equipment/equipment-visibility.js';
import { locationInsertColumns, withIssueLocationSetting } from '../geocoding/stored-location.js';
import { readSettings } from '../workspaces/workspace-queries.js';
import { checkIssueAssetRefs, clearUnfittingSubIssueAssets } from './issue-assets.js';
import { enforce, type LoadedIssue, loadIssue, loadIssues, ruleMessage, viewerOf } from './issue-context.js';
import { checkIssueEquipment, uniqueIds } from './issue-equipment.js';
import { presentIssue } from './issue-presenter.js';
import {
  type Db,
  findAvailableAssigneeIds,
  findIssueCategoryIds,
  findIssueDetails,
  findIssueSubtreeIds,
  findPersonAccessRole,
  findSubtaskPage,
  isProcessNumberTaken,
} from './issue-queries.js';

type CreateInput = z.output<typeof ZCreateIssueRequestSchema>;
type UpdateInput = z.output<typeof ZUpdateIssueRequestSchema>;
type Caller = Pick<Auth, 'userId' | 'clientId' | 'role'>;

/** Field errors of a form rule: one field answers with its key, several with validation_failed. */
export function formError(fields: Record<string, ErrorKey>): AppError {
  const entries = Object.entries(fields);
  if (entries.length === 1) {
    const [field, key] = entries[0] as [string, ErrorKey];
    return fieldError(field, key, ruleMessage(key));
  }
  return new AppError(422, 'validation_failed', 'Some fields are not valid', fields);
}

/** Postgres' unique_violation on the process-number index (a concurrent write took it). */
function isProcessNumberTakenError(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; message?: string } | null;
  return (
    e?.code === '23505' &&
    (e.constraint === 'issues_process_number' || String(e.message).includes('issues_process_number'))
  );
}

/** What changed, as {field: [before, after]}, for the activity log. */
export function diffChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const [field, value] of Object.entries(after)) {
    if (value === undefined) continue;
    const previous = before[field] ?? null;
    if (JSON.stringify(previous) !== JSON.stringify(value)) changes[field] = [previous, value];
  }
  return changes;
}

/** Dates of a row as the API and the activity log show them. */
const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * Loaded issues as the API shows them: what the presenter needs beyond the rows is read for all
 * of them at once (one statement, and one for their attachments), whatever their number.
 */
async function presentLoaded(db: Db, auth: Caller, loaded: LoadedIssue[]): Promise<Issue[]> {
  if (!loaded.length) return [];
  const [visible, assets, equipment] = await Promise.all([
    accessOf(auth).visible(db),
    assetScope(db, auth),
    equipmentScope(db, auth),
  ]);
  const ids = loaded.map((issue) => issue.row.id);
  // Sub-issues share their parent's organisation: one organisation per page.
  const clientId = (loaded[0] as LoadedIssue).row.client_id;
  const [details, attachments] = await Promise.all([
    findIssueDetails(db, auth, visible, { assets, equipment }, ids),
    findAttachmentRows(db, { clientId, ownerType: 'issue', ownerIds: ids }),
  ]);
  return loaded.flatMap((issue) => {
    const detail = details.get(issue.row.id);
    if (!detail) return [];
    const viewer = { callerId: auth.userId, permissions: issuePermissions(issue.rules) };
    const files = (attachments.get(issue.row.id) ?? []).map((row) => presentAttachment(row, viewer));
    return [presentIssue(issue, detail, files)];
  });
}

/** GET issue/{id}. */
export async function getIssue(ctx: AppContext, auth: Caller, id: number): Promise<Issue> {
  const [issue] = await presentLoaded(ctx.db, auth, [await loadIssue(ctx.db, auth, id)]);
  if (!issue) throw notFound('Issue not found');
  return issue;
}

/** A write answers the issue as GET issue/{id} shows it, read after (outside) its transaction. */
export const presentAfterWrite = getIssue;

/** GET issue/?parent_id=&include_subtasks=1: the visible sub-issues of one visible parent. */
export async function listSubtasks(
  ctx: AppContext,
  auth: Auth,
  query: IssueSubtaskQuery,
  path: string,
): Promise<IssueListResponse> {
  const parent = await loadIssue(ctx.db, auth, query.parent_id);
  const visible = await accessOf(auth).visible(ctx.db);
  const { ids, total } = await findSubtaskPage(
    ctx.db,
    auth,
    visible,
    parent.row,
    query.page,
    query.paginate_by,
  );
  const rows = await presentLoaded(ctx.db, auth, await loadIssues(ctx.db, auth, ids));
  return buildPage({
    rows,
    total,
    page: query.page,
    perPage: query.paginate_by,
    path,
    query: {
      parent_id: query.parent_id,
      include_subtasks: query.include_subtasks,
      paginate_by: query.paginate_by,
    },
  });
}

/** Checks categories belong to the organisation (the main one and the list). */
async function checkCategories(
  db: Db,
  clientId: number,
  input: { category_id?: number | null; categories?: number[] },
): Promise<void> {
  const ids = [...(input.category_id ? [input.category_id] : []), ...(input.categories ?? [])];
  if (!ids.length) return;
  const known = await findCategoryIds(db, clientId, ids);
  if (input.category_id && !known.has(input.category_id)) {
    throw fieldError('category_id', 'not_found', 'Category not found');
  }
  const index = (input.categories ?? []).findIndex((id) => !known.has(id));
  if (index >= 0) throw fieldError(`categories.${index}`, 'not_found', 'Category not found');
}

/** An assignee must be able to work in the workspace (000 §3 available_assignees_ids). */
async function checkAssigneeAvailable(
  db: Db,
  clientId: number,
  workspaceId: number,
  assigneeId: number,
): Promise<void> {
  const available = await findAvailableAssigneeIds(db, clientId, workspaceId);
  if (!available.includes(assigneeId)) {
    throw fieldError('assignee_id', 'assignee_not_available', ruleMessage('assignee_not_available'));
  }
}

/** Watchers must be people who can see the workspace. */
async function checkWatchers(
  db: Db,
  workspaceId: number,
  userIds: number[],
  field = 'watchers',
): Promise<void> {
  for (const [index, userId] of userIds.entries()) {
    if ((await findPersonAccessRole(db, userId, workspaceId)) === null) {
      throw fieldError(`${field}.${index}`, 'not_in_workspace', 'This person cannot see the workspace');
    }
  }
}

async function replaceCategories(db: Db, clientId: number, issueId: number, ids: number[]): Promise<void> {
  await db
    .deleteFrom('issue_categories')
    .where('client_id', '=', clientId)
    .where('issue_id', '=', issueId)
    .execute();
  const unique = [...new Set(ids)];
  if (unique.length) {
    await db
      .insertInto('issue_categories')
      .values(unique.map((category_id) => ({ client_id: clientId, issue_id: issueId, category_id })))
      .execute();
  }
}

export async function replaceWatchers(
  db: Db,
  clientId: number,
  issueId: number,
  ids: number[],
): Promise<void> {
  const unique = [...new Set(ids)];
  let removal = db
    .deleteFrom('issue_watchers')
    .where('client_id', '=', clientId)
    .where('issue_id', '=', issueId);
  if (unique.length) removal = removal.where('user_id', 'not in', unique);
  await removal.execute();
  if (unique.length) {
    await db
      .insertInto('issue_watchers')
      .values(unique.map((user_id) => ({ client_id: clientId, issue_id: issueId, user_id })))
      .onConflict((oc) => oc.columns(['issue_id', 'user_id']).doNothing())
      .execute();
  }
}

/**
 * The workspace a new issue goes to: visible to the caller (else 404). A sub-issue goes to its
 * parent's workspace (one level of sub-issues; the parent must allow sub-issues).
 */
async function resolveTarget(
  ctx: AppContext,
  auth: Auth,
  input: CreateInput,
): Promise<{
  grant: WorkspaceGrant | null;
  settings: ClientSettings;
  workspaceId: number | null;
  parent: LoadedIssue | null;
}> {
  let parent: LoadedIssue | null = null;
  let workspaceId = input.workspace_id ?? null;
  if (input.parent_id) {
    parent = await loadIssue(ctx.db, auth, input.parent_id);
    if (parent.row.parent_id !== null) {
      throw fieldError('parent_id', 'invalid_parent', 'A sub-issue cannot have sub-issues');
    }
    if (workspaceId !== null && workspaceId !== parent.row.workspace_id) {
      throw fieldError('workspace_id', 'invalid_parent', "A sub-issue stays in its parent's workspace");
    }
    const permissions = issuePermissions(parent.rules);
    if (!permissions.can_create_subissue) throw forbidden('You may not add sub-issues to this issue');
    workspaceId = parent.row.workspace_id;
  }
  if (workspaceId === null) {
    return { grant: null, settings: await readSettings(ctx.db, auth.clientId), workspaceId, parent };
  }
  const grant = await findWorkspaceGrant(ctx.db, auth, workspaceId);
  if (!grant) throw notFound('Workspace not found');
  return { grant, settings: await readSettings(ctx.db, grant.client_id), workspaceId, parent };
}

/**
 * POST issue. Whoever can see a workspace may report an issue in it. Defaults of 000 §3; the
 * status follows initialIssueStatus (2 without an assignee, 3 awaiting the assignee's decision,
 * 5 when reporters assign themselves). Choosing an assignee follows checkAssign as for an issue
 * awaiting acceptance (status 3) that the caller reported.
 */
export async function createIssue(
  ctx: AppContext,
  auth: Auth,
  input: CreateInput,
  attachments: { files: PreparedUpload[]; written: string[] } = { files: [], written: [] },
): Promise<Issue> {
  const now = new Date();
  const { grant, settings, workspaceId, parent } = await resolveTarget(ctx, auth, input);
  const errors = validateIssueForm(
    {
      workspace_id: workspaceId,
      title: input.title,
      description: input.description ?? null,
      assignee_id: input.assignee_id ?? null,
      asset_id: input.asset_id ?? null,
      due_date: input.due_date ?? null,
      start_date: input.start_date ?? null,
      process_number: input.process_number ?? null,
    },
    settings,
    viewerOf(auth, grant),
    { now, is_new: true },
  );
  if (Object.keys(errors).length) throw formError(errors);
  if (!grant || workspaceId === null)
    throw fieldError('workspace_id', 'workspace_required', 'Workspace must be selected');
  const clientId = grant.client_id;
  await checkCategories(ctx.db, clientId, input);
  await checkIssueAssetRefs(
    ctx.db,
    auth,
    { clientId, workspaceId },
    {
      assetId: input.asset_id ?? null,
      groupId: input.asset_group_id ?? null,
      assetChosen: true,
      groupChosen: true,
    },
  );
  const assigneeId = input.assignee_id ?? null;
  if (assigneeId !== null) {
    await checkAssigneeAvailable(ctx.db, clientId, workspaceId, assigneeId);
    const result = checkAssign(
      {
        viewer: viewerOf(auth, grant),
        settings,
        now,
        issue: {
          status_id: ISSUE_STATUS.deciding,
          archived: false,
          assignee_id: null,
          last_assignee_id: null,
          created_by: auth.userId,
          parent_id: parent?.row.id ?? null,
          schedule_id: null,
          start_date: input.start_date ?? null,
          due_date: input.due_date ?? null,
          started_at: null,
          is_attachment_required: input.is_attachment_required,
          is_worktime_required: input.is_worktime_required,
          worktime_total: 0,
          assignee_has_attachment: false,
          open_subtasks_count: 0,
          has_comments: false,
        },
      },
      { id: assigneeId, access_role: await findPersonAccessRole(ctx.db, assigneeId, workspaceId) },
    );
    enforce(result, 'assignee_id');
  }
  if (input.watchers?.length) await checkWatchers(ctx.db, workspaceId, input.watchers);
  if (input.equipment_ids?.length) await checkIssueEquipment(ctx.db, auth, clientId, input.equipment_ids);
  const processNumber = input.process_number || null;
  if (processNumber && (await isProcessNumberTaken(ctx.db, clientId, processNumber, null))) {
    throw fieldError('process_number', 'process_nr_taken', 'This process number is already used');
  }
  const values = {
    workspace_id: workspaceId,
    parent_id: parent?.row.id ?? null,
    title: input.title.trim(),
    description: input.description?.trim() || null,
    status_id: initialIssueStatus(auth.userId, assigneeId),
    priority_id: input.priority_id,
    accessibility_id: input.accessibility_id,
    category_id: input.category_id ?? null,
    assignee_id: assigneeId,
    asset_id: input.asset_id ?? null,
    asset_group_id: input.asset_group_id ?? null,
    equipment_ids: uniqueIds(input.equipment_ids ?? []),
    external_email_address: input.external_email_address ?? null,
    start_date: input.start_date ?? null,
    due_date: input.due_date ?? null,
    is_attachment_required: input.is_attachment_required,
    is_worktime_required: input.is_worktime_required,
    process_number: processNumber,
  };
  let id: number;
  try {
    id = await ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('issues')
        .values({
          ...values,
          client_id: clientId,
          last_assignee_id: null,
          created_by: auth.userId,
          schedule_id: null,
          rating: null,
          translations: JSON.stringify(readIssueTranslations(input.translations ?? {})),
          ...locationInsertColumns(withIssueLocationSetting(input, settings).location),
          started_at: null,
          completed_at: null,
          archived_at: null,
          deleted_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await replaceCategories(trx, clientId, row.id, input.categories ?? []);
      await replaceWatchers(trx, clientId, row.id, input.watchers ?? []);
      await logActivity(trx, {
        clientId,
        userId: auth.userId,
        entityType: 'issue',
        entityId: row.id,
        action: 'created',
        changes: diffChanges({}, { ...values, categories: input.categories, watchers: input.watchers }),
      });
      // Files sent with the form: whoever creates an issue may attach to it (001 §5 "or the item is new").
      await storeAttachments(ctx, trx, {
        clientId,
        ownerType: 'issue',
        ownerId: row.id,
        userId: auth.userId,
        files: attachments.files,
        written: attachments.written,
      });
      return row.id;
    });
  } catch (err) {
    if (isProcessNumberTakenError(err)) {
      throw fieldError('process_number', 'process_nr_taken', 'This process number is already used');
    }
    throw err;
  }
  return presentAfterWrite(ctx, auth, id);
}

/**
 * PUT issue/{id}. The description needs can_edit_description; changing the assignee follows
 * checkAssign and moves the status by statusAfterAssigneeChange; every other field needs can_edit.
 * Only the fields sent are checked by the form rule (a setting switched on later does not block
 * unrelated edits). A workspace change moves the sub-issues along; a sub-issue stays with its parent.
 */
export async function updateIssue(
  ctx: AppContext,
  auth: Auth,
  id: number,
  input: UpdateInput,
): Promise<Issue> {
  const now = new Date();
  try {
    await ctx.db.transaction().execute((trx) => applyIssueUpdate(trx, auth, id, input, now));
  } catch (err) {
    if (isProcessNumberTakenError(err)) {
      throw fieldError('process_number', 'process_nr_taken', 'This process number is already used');
    }
    throw err;
  }
  return presentAfterWrite(ctx, auth, id);
}

/** The fields PUT issue/{id} may change, as the issue has them now (the "before" of the log). */
function editableFieldsOf(row: LoadedIssue['row']): Record<string, unknown> {
  return {
    title: row.title,
    description: row.description,
    workspace_id: row.workspace_id,
    assignee_id: row.assignee_id,
    start_date: iso(row.start_date),
    due_date: iso(row.due_date),
    priority_id: row.priority_id,
    accessibility_id: row.accessibility_id,
    category_id: row.category_id,
    asset_id: row.asset_id,
    asset_group_id: row.asset_group_id,
    equipment_ids: row.equipment_ids,
    external_email_address: row.external_email_address,
    is_attachment_required: row.is_attachment_required,
    is_worktime_required: row.is_worktime_required,
    process_number: row.process_number,
    rating: row.rating,
    translations: readIssueTranslations(row.translations),
    location: locationFromColumns(row),
  };
}

/** The fields asked for, as they are stored (texts trimmed, empty ones null). */
function wantedFieldsOf(fields: Omit<UpdateInput, 'categories' | 'attachments'>): Record<string, unknown> {
  return {
    ...fields,
    ...(fields.title !== undefined ? { title: fields.title.trim() } : {}),
    ...(fields.description !== undefined ? { description: fields.description?.trim() || null } : {}),
    ...(fields.process_number !== undefined ? { process_number: fields.process_number || null } : {}),
    ...(fields.equipment_ids !== undefined ? { equipment_ids: uniqueIds(fields.equipment_ids) } : {}),
  };
}

/**
 * The form rule (000 §5) on the issue as it would be after the change, answering only for the
 * fields sent (and the due date when the start moved), so an old problem elsewhere never blocks.
 */
function checkUpdatedForm(
  loaded: LoadedIssue,
  input: UpdateInput,
  wanted: Record<string, unknown>,
  now: Date,
): void {
  const { row } = loaded;
  const after = <T>(field: string, current: T): T =>
    wanted[field] !== undefined ? (wanted[field] as T) : current;
  const errors = validateIssueForm(
    {
      workspace_id: (wanted.workspace_id as number | undefined) ?? row.workspace_id,
      title: (wanted.title as string | undefined) ?? row.title,
      description: after('description', row.description),
      assignee_id: after('assignee_id', row.assignee_id),
      asset_id: after('asset_id', row.asset_id),
      due_date: after('due_date', iso(row.due_date)),
      start_date: after('start_date', iso(row.start_date)),
      process_number: after('process_number', row.process_number),
      archived: row.archived_at !== null,
    },
    loaded.settings,
    loaded.rules.viewer,
    { now, is_new: false },
  );
  const sent = new Set(Object.keys(input).filter((k) => input[k as keyof UpdateInput] !== undefined));
  const relevant = Object.fromEntries(
    Object.entries(errors).filter(
      ([field]) => sent.has(field) || (field === 'due_date' && sent.has('start_date')),
    ),
  );
  if (Object.keys(relevant).length) throw formError(relevant);
}

/** Where the issue goes: a workspace the caller sees, of the same organisation; sub-issues stay with their parent. */
async function targetWorkspaceOf(
  trx: Db,
  auth: Caller,
  row: LoadedIssue['row'],
  wantedId: number,
): Promise<number> {
  if (row.parent_id !== null) {
    throw fieldError('workspace_id', 'invalid_parent', "A sub-issue stays in its parent's workspace");
  }
  const target = await findWorkspaceGrant(trx, auth, wantedId);
  if (!target) throw notFound('Workspace not found');
  if (target.client_id !== row.client_id) {
    throw fieldError('workspace_id', 'not_found', 'The workspace belongs to another organisation');
  }
  return target.workspace_id;
}

/** The new assignee's status move (000 §4): checked against the rule and the workspace's people. */
async function assigneeChangeOf(
  trx: Db,
  loaded: LoadedIssue,
  assigneeId: number | null,
  workspaceId: number,
): Promise<{ statusId: number; lastAssigneeId: number | null }> {
  const { row, rules } = loaded;
  const candidate =
    assigneeId === null
      ? null
      : { id: assigneeId, access_role: await findPersonAccessRole(trx, assigneeId, workspaceId) };
  if (assigneeId !== null) await checkAssigneeAvailable(trx, row.client_id, workspaceId, assigneeId);
  enforce(checkAssign(rules, candidate), 'assignee_id');
  return {
    statusId: statusAfterAssigneeChange(rules, candidate),
    lastAssigneeId: row.assignee_id ?? row.last_assignee_id,
  };
}

/** The issue columns a change writes: each changed field as wanted. */
function changedColumns(changes: Record<string, unknown>, wanted: Record<string, unknown>) {
  const changed = (field: string) => field in changes;
  return {
    ...(changed('title') ? { title: wanted.title as string } : {}),
    ...(changed('description') ? { description: wanted.description as string | null } : {}),
    ...(changed('start_date') ? { start_date: wanted.start_date as string | null } : {}),
    ...(changed('due_date') ? { due_date: wanted.due_date as string | null } : {}),
    ...(changed('priority_id') ? { priority_id: wanted.priority_id as number } : {}),
    ...(changed('accessibility_id') ? { accessibility_id: wanted.accessibility_id as number } : {}),
    ...(changed('category_id') ? { category_id: wanted.category_id as number | null } : {}),
    ...(changed('asset_id') ? { asset_id: wanted.asset_id as number | null } : {}),
    ...(changed('asset_group_id') ? { asset_group_id: wanted.asset_group_id as number | null } : {}),
    ...(changed('equipment_ids') ? { equipment_ids: wanted.equipment_ids as number[] } : {}),
    ...(changed('external_email_address')
      ? { external_email_address: wanted.external_email_address as string | null }
      : {}),
    ...(changed('is_attachment_required')
      ? { is_attachment_required: wanted.is_attachment_required as boolean }
      : {}),
    ...(changed('is_worktime_required')
      ? { is_worktime_required: wanted.is_worktime_required as boolean }
      : {}),
    ...(changed('process_number') ? { process_number: wanted.process_number as string | null } : {}),
    ...(changed('rating') ? { rating: wanted.rating as number | null } : {}),
    ...(changed('location') ? locationToColumns(wanted.location as Location | null) : {}),
    ...(changed('translations')
      ? { translations: JSON.stringify(readIssueTranslations(wanted.translations)) }
      : {}),
  };
}

/**
 * The edit of PUT issue/{id} inside the caller's transaction, so the gallery save (POST
 * issue/{id} with _method PUT) changes the issue and its attachments all or nothing.
 */
export async function applyIssueUpdate(
  trx: Db,
  auth: Caller,
  id: number,
  input: UpdateInput,
  now: Date,
): Promise<void> {
  const loaded = await loadIssue(trx, auth, id, { lock: true, now });
  const { row } = loaded;
  const clientId = row.client_id;
  const permissions = issuePermissions(loaded.rules);
  const { categories, attachments: attachmentOrder, ...sentFields } = input;
  const fields = withIssueLocationSetting(sentFields, loaded.settings);
  if (attachmentOrder?.length) {
    // The gallery's drag ordering (001 §4): whoever may edit the issue.
    if (!permissions.can_edit) throw forbidden('You may not reorder the attachments');
    await reorderAttachments(trx, { clientId, ownerType: 'issue', ownerId: id, order: attachmentOrder });
    await logActivity(trx, {
      clientId,
      userId: auth.userId,
      entityType: 'issue',
      entityId: id,
      action: 'attachments_reordered',
      changes: { attachments: attachmentOrder },
    });
  }
  const wanted = wantedFieldsOf(fields);
  const changes = diffChanges(editableFieldsOf(row), wanted);
  const currentCategories = await findIssueCategoryIds(trx, clientId, id);
  const categoriesChanged =
    categories !== undefined &&
    JSON.stringify([...new Set(categories)].sort((a, b) => a - b)) !== JSON.stringify(currentCategories);
  if (!Object.keys(changes).length && !categoriesChanged) return;

  // Who may change what: the description has its own right (000 §4).
  const { description: descriptionChange, assignee_id: assigneeChange, ...otherChanges } = changes;
  if (descriptionChange && !permissions.can_edit_description)
    throw forbidden('You may not edit the description');
  if ((Object.keys(otherChanges).length || categoriesChanged) && !permissions.can_edit) {
    throw forbidden('You may not edit this issue');
  }
  checkUpdatedForm(loaded, input, wanted, now);

  const workspaceId = changes.workspace_id
    ? await targetWorkspaceOf(trx, auth, row, wanted.workspace_id as number)
    : row.workspace_id;
  await checkCategories(trx, clientId, { category_id: fields.category_id, categories });
  if (changes.asset_id || changes.asset_group_id || changes.workspace_id) {
    await checkIssueAssetRefs(
      trx,
      auth,
      { clientId, workspaceId },
      {
        assetId: changes.asset_id ? (wanted.asset_id as number | null) : row.asset_id,
        groupId: changes.asset_group_id ? (wanted.asset_group_id as number | null) : row.asset_group_id,
        assetChosen: !!changes.asset_id,
        groupChosen: !!changes.asset_group_id,
      },
    );
  }
  if (changes.equipment_ids) {
    await checkIssueEquipment(trx, auth, clientId, wanted.equipment_ids as number[], row.equipment_ids ?? []);
  }
  const assigneeId = assigneeChange ? (wanted.assignee_id as number | null) : row.assignee_id;
  let assignment: { statusId: number; lastAssigneeId: number | null } | undefined;
  if (assigneeChange) {
    assignment = await assigneeChangeOf(trx, loaded, assigneeId, workspaceId);
    if (assignment.statusId !== row.status_id) changes.status_id = [row.status_id, assignment.statusId];
  } else if (changes.workspace_id && assigneeId !== null) {
    await checkAssigneeAvailable(trx, clientId, workspaceId, assigneeId);
  }
  if (changes.process_number && wanted.process_number) {
    if (await isProcessNumberTaken(trx, clientId, wanted.process_number as string, id)) {
      throw fieldError('process_number', 'process_nr_taken', 'This process number is already used');
    }
  }

  await trx
    .updateTable('issues')
    .set({
      ...changedColumns(changes, wanted),
      ...(changes.workspace_id ? { workspace_id: workspaceId } : {}),
      ...(assignment
        ? {
            assignee_id: assigneeId,
            last_assignee_id: assignment.lastAssigneeId,
            status_id: assignment.statusId,
          }
        : {}),
      updated_at: now,
    })
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .execute();
  if (changes.workspace_id) {
    // Sub-issues move with their parent.
    await trx
      .updateTable('issues')
      .set({ workspace_id: workspaceId, updated_at: now })
      .where('client_id', '=', clientId)
      .where('parent_id', '=', id)
      .execute();
    for (const cleared of await clearUnfittingSubIssueAssets(trx, { clientId, workspaceId, parentId: id })) {
      await logActivity(trx, {
        clientId,
        userId: auth.userId,
        entityType: 'issue',
        entityId: cleared.id,
        action: 'updated',
        changes: {
          ...(cleared.asset_id !== null ? { asset_id: [cleared.asset_id, null] } : {}),
          ...(cleared.asset_group_id !== null ? { asset_group_id: [cleared.asset_group_id, null] } : {}),
        },
      });
    }
  }
  if (categoriesChanged) {
    await replaceCategories(trx, clientId, id, categories ?? []);
    (changes as Record<string, unknown>).categories = [currentCategories, [...new Set(categories)]];
  }
  await logActivity(trx, {
    clientId,
    userId: auth.userId,
    entityType: 'issue',
    entityId: id,
    action: assigneeChange && Object.keys(changes).length <= 2 ? 'assigned' : 'updated',
    changes,
  });
}

export async function deleteIssue(ctx: AppContext, auth: Auth, id: number): Promise<{ success: true }> {
  await ctx.db.transaction().execute(async (trx) => {
    const loaded = await loadIssue(trx, auth, id, { lock: true });
    enforce(checkDelete(loaded.rules));
    await softDeleteIssue(trx, auth, loaded);
  });
  return { success: true };
}

/** Soft-deletes an issue and every sub-issue below it, with one log entry. */
export async function softDeleteIssue(db: Db, auth: Caller, loaded: LoadedIssue): Promise<void> {
  const clientId = loaded.row.client_id;
  const ids = await findIssueSubtreeIds(db, clientId, loaded.row.id);
  const now = new Date();
  await db
    .updateTable('issues')
    .set({ deleted_at: now, updated_at: now })
    .where('client_id', '=', clientId)
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
  await logActivity(db, {
    clientId,
    userId: auth.userId,
    entityType: 'issue',
    entityId: loaded.row.id,
    action: 'deleted',
    changes: { issue_ids: ids },
  });
}
