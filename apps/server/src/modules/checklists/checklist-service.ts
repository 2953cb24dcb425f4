import {
  CHECKLIST_ITEM_STATUS,
  CHECKLIST_ITEMS_MAX,
  type Checklist,
  type ChecklistListResponse,
  type Issue,
  issuePermissions,
  type ZConvertChecklistItemRequestSchema,
  type ZCreateChecklistItemRequestSchema,
  type ZCreateChecklistRequestSchema,
  type ZUpdateChecklistItemRequestSchema,
  type ZUpdateChecklistRequestSchema,
} from '@workbench/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { AppError, fieldError, forbidden, notFound } from '../../http/errors.js';
import { logActivity } from '../activity/activity-log.js';
import { storeAttachments, withFileCleanup } from '../attachments/attachment-service.js';
import { type AttachmentForm, prepareUploads } from '../attachments/attachment-upload.js';
import { type LoadedIssue, loadIssue } from '../issues/issue-context.js';
import { createIssue } from '../issues/issue-service.js';
import { loadItemAttachments } from './checklist-attachments.js';
import { presentChecklist } from './checklist-presenter.js';
import {
  type ChecklistRow,
  type Db,
  findChecklist,
  findIssueChecklists,
  findItemsOf,
  findItemWithIssue,
  moveRow,
  renumber,
} from './checklist-queries.js';

type Caller = Pick<Auth, 'userId' | 'clientId' | 'role'>;

/**
 * The issue, locked for the write, when the caller may edit it (001 §7: checklist changes, ticks
 * included, follow the issue's can_edit); 404 when they cannot see it, 403 when they only see it.
 */
export async function loadEditableIssue(trx: Db, auth: Caller, issueId: number): Promise<LoadedIssue> {
  const loaded = await loadIssue(trx, auth, issueId, { lock: true });
  if (!issuePermissions(loaded.rules).can_edit)
    throw forbidden('You may not change the checklists of this issue');
  return loaded;
}

async function requireChecklist(
  db: Db,
  loaded: LoadedIssue,
  checklistId: number,
  options: { lock?: boolean } = {},
): Promise<ChecklistRow> {
  const row = await findChecklist(db, loaded.row.client_id, loaded.row.id, checklistId);
  if (!row) throw notFound('Checklist not found');
  if (options.lock) {
    await db.selectFrom('checklists').select('id').where('id', '=', row.id).forUpdate().execute();
  }
  return row;
}

/** Marks the issue as changed (lists sort by updated) and stamps the checklist. */
async function touch(db: Db, loaded: LoadedIssue, checklistId: number | null): Promise<void> {
  const now = new Date();
  await db
    .updateTable('issues')
    .set({ updated_at: now })
    .where('client_id', '=', loaded.row.client_id)
    .where('id', '=', loaded.row.id)
    .execute();
  if (checklistId !== null) {
    await db
      .updateTable('checklists')
      .set({ updated_at: now })
      .where('client_id', '=', loaded.row.client_id)
      .where('id', '=', checklistId)
      .execute();
  }
}

/** Checklists of an issue as the caller sees them (attachment flags follow the issue's permissions). */
async function presentChecklists(
  db: Db,
  auth: Caller,
  loaded: LoadedIssue,
  rows: ChecklistRow[],
): Promise<Checklist[]> {
  const clientId = loaded.row.client_id;
  const items = await findItemsOf(
    db,
    clientId,
    rows.map((row) => row.id),
  );
  const attachments = await loadItemAttachments(db, {
    clientId,
    itemIds: [...items.values()].flat().map((item) => item.id),
    callerId: auth.userId,
    permissions: issuePermissions(loaded.rules),
  });
  return rows.map((row) => presentChecklist(row, items.get(row.id) ?? [], attachments));
}

/** One checklist after a write, read outside the write's transaction. */
async function presentOne(ctx: AppContext, auth: Caller, issueId: number, checklistId: number) {
  const loaded = await loadIssue(ctx.db, auth, issueId);
  const row = await requireChecklist(ctx.db, loaded, checklistId);
  const [checklist] = await presentChecklists(ctx.db, auth, loaded, [row]);
  return checklist as Checklist;
}

/** GET issue/{id}/checklists: whoever sees the issue. */
export async function listChecklists(
  ctx: AppContext,
  auth: Caller,
  issueId: number,
): Promise<ChecklistListResponse> {
  const loaded = await loadIssue(ctx.db, auth, issueId);
  const rows = await findIssueChecklists(ctx.db, loaded.row.client_id, issueId);
  return { data: await presentChecklists(ctx.db, auth, loaded, rows) };
}

/**
 * Adds a checklist after the issue's others, with its items; used by POST issue/{id}/checklists
 * and by assigning a template. Runs inside the caller's transaction.
 */
export async function insertChecklist(
  trx: Db,
  auth: Caller,
  loaded: LoadedIssue,
  input: { title: string; items: ReadonlyArray<{ title: string; description: string | null }> },
): Promise<number> {
  const clientId = loaded.row.client_id;
  const existing = await findIssueChecklists(trx, clientId, loaded.row.id);
  const { id } = await trx
    .insertInto('checklists')
    .values({
      client_id: clientId,
      issue_id: loaded.row.id,
      title: input.title,
      position: existing.length,
      created_by: auth.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (input.items.length) {
    await trx
      .insertInto('checklist_items')
      .values(
        input.items.map((item, position) => ({
          client_id: clientId,
          checklist_id: id,
          title: item.title,
          description: item.description,
          status_id: CHECKLIST_ITEM_STATUS.open,
          position,
        })),
      )
      .execute();
  }
  await touch(trx, loaded, null);
  return id;
}

/** POST issue/{id}/checklists. */
export async function createChecklist(
  ctx: AppContext,
  auth: Caller,
  issueId: number,
  input: z.output<typeof ZCreateChecklistRequestSchema>,
): Promise<Checklist> {
  const checklistId = await ctx.db.transaction().execute(async (trx) => {
    const loaded = await loadEditableIssue(trx, auth, issueId);
    const id = await insertChecklist(trx, auth, loaded, {
      title: input.title,
      items: (input.items ?? []).map((item) => ({
        title: item.title,
        description: item.description ?? null,
      })),
    });
    await logActivity(trx, {
      clientId: loaded.row.client_id,
      userId: auth.userId,
      entityType: 'issue',
      entityId: issueId,
      action: 'checklist_added',
      changes: { checklist_id: id, title: input.title },
    });
    return id;
  });
  return presentOne(ctx, auth, issueId, checklistId);
}

/** PUT issue/{id}/checklists/{checklistId}: rename and/or move among the issue's checklists. */
export async function updateChecklist(
  ctx: AppContext,
  auth: Caller,
  issueId: number,
  checklistId: number,
  input: z.output<typeof ZUpdateChecklistRequestSchema>,
): Promise<Checklist> {
  await ctx.db.transaction().execute(async (trx) => {
    const loaded = await loadEditableIssue(trx, auth, issueId);
    const row = await requireChecklist(trx, loaded, checklistId);
    const clientId = loaded.row.client_id;
    if (input.title !== undefined && input.title !== row.title) {
      await trx
        .updateTable('checklists')
        .set({ title: input.title })
        .where('client_id', '=', clientId)
        .where('id', '=', checklistId)
        .execute();
    }
    if (input.index !== undefined) {
      const ordered = await findIssueChecklists(trx, clientId, issueId);
      await moveRow(trx, 'checklists', clientId, ordered, checklistId, input.index);
    }
    await touch(trx, loaded, checklistId);
  });
  return presentOne(ctx, auth, issueId, checklistId);
}

/** DELETE issue/{id}/checklists/{checklistId}: with its items (their attachments are let go). */
export async function deleteChecklist(
  ctx: AppContext,
  auth: Caller,
  issueId: number,
  checklistId: number,
): Promise<{ success: true }> {
  await ctx.db.transaction().execute(async (trx) => {
    const loaded = await loadEditableIssue(trx, auth, issueId);
    const row = await requireChecklist(trx, loaded, checklistId);
    const clientId = loaded.row.client_id;
    const items = (await findItemsOf(trx, clientId, [checklistId])).get(checklistId) ?? [];
    await releaseItemAttachments(
      trx,
      clientId,
      items.map((item) => item.id),
    );
    await trx
      .deleteFrom('checklists')
      .where('client_id', '=', clientId)
      .where('id', '=', checklistId)
      .execute();
    await renumber(trx, 'checklists', clientId, await findIssueChecklists(trx, clientId, issueId));
    await touch(trx, loaded, null);
    await logActivity(trx, {
      clientId,
      userId: auth.userId,
      entityType: 'issue',
      entityId: issueId,
      action: 'checklist_removed',
      changes: { checklist_id: checklistId, title: row.title },
    });
  });
  return { success: true };
}

/** Attachments of removed items are soft-deleted, as the gallery deletes them. */
async function releaseItemAttachments(trx: Db, clientId: number, itemIds: number[]): Promise<void> {
  if (!itemIds.length) return;
  await trx
    .updateTable('attachments')
    .set({ deleted_at: new Date() })
    .where('client_id', '=', clientId)
    .where('owner_type', '=', 'checklist_item')
    .where('owner_id', 'in', itemIds)
    .where('deleted_at', 'is', null)
    .execute();
}

/** POST issue/{id}/checklist/{checklistId}/items: appended, or placed at `index`. */
export async function createChecklistItem(
  ctx: AppContext,
  auth: Caller,
  issueId: number,
  checklistId: number,
  input: z.output<typeof ZCreateChecklistItemRequestSchema>,
): Promise<Checklist> {
  await ctx.db.transaction().execute(async (trx) => {
    const loaded = await loadEditableIssue(trx, auth, issueId);
    await requireChecklist(trx, loaded, checklistId);
    const clientId = loaded.row.client_id;
    const ordered = (await findItemsOf(trx, clientId, [checklistId])).get(checklistId) ?? [];
    if (ordered.length >= CHECKLIST_ITEMS_MAX) {
      throw fieldError('items', 'too_long', `A checklist holds at most ${CHECKLIST_ITEMS_MAX} items`);
    }
    const { id } = await trx
      .insertInto('checklist_items')
      .values({
        client_id: clientId,
        checklist_id: checklistId,
        title: input.title,
        description: input.description ?? null,
        status_id: input.status_id ?? CHECKLIST_ITEM_STATUS.open,
        position: ordered.length,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (input.index !== undefined && input.index < ordered.length) {
      await moveRow(
        trx,
        'checklist_items',
        clientId,
        [...ordered, { id, position: ordered.length }],
        id,
        input.index,
      );
    }
    await touch(trx, loaded, checklistId);
  });
  return presentOne(ctx, auth, issueId, checklistId);
}

async function requireItem(trx: Db, clientId: number, checklistId: number, itemId: number) {
  const item = await trx
    .selectFrom('checklist_items')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('checklist_id', '=', checklistId)
    .where('id', '=', itemId)
    .executeTakeFirst();
  if (!item) throw notFound('Checklist item not found');
  return item;
}

/**
 * PUT issue/{id}/checklist/{checklistId}/items/{itemId} (001 §5): title, description, index and
 * status_id, each optional; an index moves the item and renumbers the others.
 */
export async function updateChecklistItem(
  ctx: AppContext,
  auth: Caller,
  issueId: number,
  checklistId: number,
  itemId: number,
  input: z.output<typeof ZUpdateChecklistItemRequestSchema>,
): Promise<Checklist> {
  await ctx.db.transaction().execute(async (trx) => {
    const loaded = await loadEditableIssue(trx, auth, issueId);
    await requireChecklist(trx, loaded, checklistId);
    const clientId = loaded.row.client_id;
    await requireItem(trx, clientId, checklistId, itemId);
    const changes = {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.status_id !== undefined ? { status_id: input.status_id } : {}),
    };
    if (Object.keys(changes).length) {
      await trx
        .updateTable('checklist_items')
        .set({ ...changes, updated_at: new Date() })
        .where('client_id', '=', clientId)
        .where('id', '=', itemId)
        .execute();
    }
    if (input.index !== undefined) {
      const ordered = (await findItemsOf(trx, clientId, [checklistId])).get(checklistId) ?? [];
      await moveRow(trx, 'checklist_items', clientId, ordered, itemId, input.index);
    }
    await touch(trx, loaded, checklistId);
  });
  return presentOne(ctx, auth, issueId, checklistId);
}

/** Removes an item, lets its attachments go and closes the gap. Inside the caller's transaction. */
async function removeItem(trx: Db, loaded: LoadedIssue, checklistId: number, itemId: number): Promise<void> {
  const clientId = loaded.row.client_id;
  await releaseItemAttachments(trx, clientId, [itemId]);
  await trx
    .deleteFrom('checklist_items')
    .where('client_id', '=', clientId)
    .where('id', '=', itemId)
    .execute();
  const rest = (await findItemsOf(trx, clientId, [checklistId])).get(checklistId) ?? [];
  await renumber(trx, 'checklist_items', clientId, rest);
  await touch(trx, loaded, checklistId);
}

/** DELETE issue/{id}/checklist/{checklistId}/items/{itemId}. */
export async function deleteChecklistItem(
  ctx: AppContext,
  auth: Caller,
  issueId: number,
  checklistId: number,
  itemId: number,
): Promise<Checklist> {
  await ctx.db.transaction().execute(async (trx) => {
    const loaded = await loadEditableIssue(trx, auth, issueId);
    await requireChecklist(trx, loaded, checklistId);
    await requireItem(trx, loaded.row.client_id, checklistId, itemId);
    await removeItem(trx, loaded, checklistId, itemId);
  });
  return presentOne(ctx, auth, issueId, checklistId);
}

/**
 * POST convert-checklist-item-to-issue-or-subtask/{checklistItemId}. The item becomes an issue
 * ('issue', in the checklist issue's workspace unless another is named) or a sub-issue of the
 * checklist's issue ('subtask'), created by the ordinary issue creation with all its rules, and
 * the item leaves the checklist: the work now lives in that issue, and the checklist's issue log
 * records which one. Needs edit permission on the checklist's issue. Issue creation runs its own
 * transaction, so the item is removed right after it (checked again, under lock).
 */
export async function convertChecklistItem(
  ctx: AppContext,
  auth: Auth,
  itemId: number,
  input: z.output<typeof ZConvertChecklistItemRequestSchema>,
): Promise<Issue> {
  const item = await findItemWithIssue(ctx.db, itemId);
  if (!item) throw notFound('Checklist item not found');
  const source = await loadIssue(ctx.db, auth, item.issue_id);
  if (!issuePermissions(source.rules).can_edit)
    throw forbidden('You may not change the checklists of this issue');
  const isSubtask = input.type === 'subtask';
  const issue = await createIssue(ctx, auth, {
    title: input.title ?? item.title,
    description: input.description !== undefined ? input.description : item.description,
    ...(isSubtask
      ? { parent_id: source.row.id }
      : { workspace_id: input.workspace_id ?? source.row.workspace_id }),
    priority_id: 3,
    accessibility_id: 2,
    is_attachment_required: false,
    is_worktime_required: false,
  });
  await ctx.db.transaction().execute(async (trx) => {
    const loaded = await loadIssue(trx, auth, item.issue_id, { lock: true });
    const still = await findItemWithIssue(trx, itemId);
    if (still) await removeItem(trx, loaded, still.checklist_id, itemId);
    await logActivity(trx, {
      clientId: loaded.row.client_id,
      userId: auth.userId,
      entityType: 'issue',
      entityId: loaded.row.id,
      action: 'checklist_item_converted',
      changes: { item_title: item.title, issue_id: issue.id, type: input.type },
    });
  });
  return issue;
}

/**
 * POST issue/{id}/checklist/{checklistId}/items/{itemId}/upload (form data, the issue upload's
 * fields and rules: types by content, 2 MB a file, rescaled images, 20 MB per item). Needs edit
 * permission on the issue; all files or none. Answers the checklist with the item's attachments.
 */
export async function uploadToChecklistItem(
  ctx: AppContext,
  auth: Caller,
  ids: { issueId: number; checklistId: number; itemId: number },
  form: AttachmentForm,
): Promise<Checklist> {
  if (form.items.some((item) => item.id !== undefined) || form.deleteIds.length) {
    throw new AppError(422, 'invalid_format', 'Only new files can be uploaded here', {
      attachments: 'invalid_format',
    });
  }
  if (!form.uploads.length) throw new AppError(422, 'required', 'Choose a file', { attachments: 'required' });
  const prepared = await prepareUploads(form.uploads);
  await withFileCleanup(ctx, (written) =>
    ctx.db.transaction().execute(async (trx) => {
      const loaded = await loadEditableIssue(trx, auth, ids.issueId);
      await requireChecklist(trx, loaded, ids.checklistId);
      await requireItem(trx, loaded.row.client_id, ids.checklistId, ids.itemId);
      await storeAttachments(ctx, trx, {
        clientId: loaded.row.client_id,
        ownerType: 'checklist_item',
        ownerId: ids.itemId,
        userId: auth.userId,
        files: prepared,
        written,
      });
      await touch(trx, loaded, ids.checklistId);
    }),
  );
  return presentOne(ctx, auth, ids.issueId, ids.checklistId);
}
