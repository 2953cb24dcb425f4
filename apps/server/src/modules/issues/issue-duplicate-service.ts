import {
  checkAssign,
  type DuplicateResult,
  defaultDuplicateTitle,
  ISSUE_STATUS,
  initialIssueStatus,
  issuePermissions,
  validateDuplicateTitle,
  type ZDuplicateIssueRequestSchema,
  type ZMultiDuplicateRequestSchema,
} from '@workbench/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { AppError, fieldError, forbidden, notFound } from '../../http/errors.js';
import { findWorkspaceGrant } from '../access/request-access.js';
import type { WorkspaceGrant } from '../access/workspace-access.js';
import { logActivity } from '../activity/activity-log.js';
import { readSettings } from '../workspaces/workspace-queries.js';
import { keptAssetRefs } from './issue-assets.js';
import { type LoadedIssue, loadIssue, viewerOf } from './issue-context.js';
import { type Db, findAvailableAssigneeIds, findPersonAccessRole } from './issue-queries.js';

type DuplicateInput = z.output<typeof ZDuplicateIssueRequestSchema>;
type MultiDuplicateInput = z.output<typeof ZMultiDuplicateRequestSchema>;

type CopyOptions = {
  title: string;
  target: WorkspaceGrant;
  parentId: number | null;
  copyInvolvedUsers: boolean;
  copyComments: boolean;
  copyLinks: boolean;
};

/**
 * Copies one issue (fields, categories of the same organisation, and on request its assignee and
 * watchers, comments, links) into the target workspace, in the caller's name. The assignee is
 * kept only when they can work in the target workspace and the caller may assign them there
 * (checkAssign as for a new issue); otherwise the copy is made unassigned and `assigned` is false.
 * The asset and asset group are kept when they could be chosen in the target workspace.
 * No process number (unique per organisation) and no work time are copied.
 */
async function copyIssue(
  db: Db,
  auth: Auth,
  original: LoadedIssue,
  options: CopyOptions,
): Promise<{ newId: number; assigned: boolean }> {
  const { row } = original;
  const { target } = options;
  const clientId = target.client_id;
  const workspaceId = target.workspace_id;
  const sameClient = clientId === row.client_id;
  let assigneeId: number | null = null;
  let assigned = true;
  if (options.copyInvolvedUsers && row.assignee_id !== null) {
    const available = await findAvailableAssigneeIds(db, clientId, workspaceId);
    const accessRole = await findPersonAccessRole(db, row.assignee_id, workspaceId);
    const settings = await readSettings(db, clientId);
    const allowed =
      available.includes(row.assignee_id) &&
      checkAssign(
        {
          viewer: viewerOf(auth, target),
          settings,
          now: new Date(),
          issue: {
            ...original.facts,
            status_id: ISSUE_STATUS.deciding,
            archived: false,
            assignee_id: null,
            created_by: auth.userId,
            parent_id: options.parentId,
          },
        },
        { id: row.assignee_id, access_role: accessRole },
      ).ok;
    if (allowed) assigneeId = row.assignee_id;
    else assigned = false;
  }
  // The asset and group go along when they could be chosen in the target workspace.
  const assetRefs = sameClient
    ? await keptAssetRefs(
        db,
        auth,
        { clientId, workspaceId },
        { assetId: row.asset_id, groupId: row.asset_group_id },
      )
    : { assetId: null, groupId: null };
  const inserted = await db
    .insertInto('issues')
    .values({
      client_id: clientId,
      workspace_id: workspaceId,
      parent_id: options.parentId,
      title: options.title,
      description: row.description,
      status_id: initialIssueStatus(auth.userId, assigneeId),
      priority_id: row.priority_id,
      category_id: sameClient ? row.category_id : null,
      assignee_id: assigneeId,
      last_assignee_id: null,
      created_by: auth.userId,
      accessibility_id: row.accessibility_id,
      external_email_address: row.external_email_address,
      start_date: row.start_date,
      due_date: row.due_date,
      schedule_id: null,
      asset_id: assetRefs.assetId,
      asset_group_id: assetRefs.groupId,
      equipment_ids: sameClient ? row.equipment_ids : [],
      is_attachment_required: row.is_attachment_required,
      is_worktime_required: row.is_worktime_required,
      process_number: null,
      rating: null,
      translations: JSON.stringify({}),
      started_at: null,
      completed_at: null,
      archived_at: null,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const newId = inserted.id;
  if (sameClient) {
    const categories = await db
      .selectFrom('issue_categories')
      .select('category_id')
      .where('client_id', '=', row.client_id)
      .where('issue_id', '=', row.id)
      .execute();
    if (categories.length) {
      await db
        .insertInto('issue_categories')
        .values(categories.map((c) => ({ client_id: clientId, issue_id: newId, category_id: c.category_id })))
        .execute();
    }
  }
  if (options.copyInvolvedUsers) {
    const watchers = await db
      .selectFrom('issue_watchers')
      .select('user_id')
      .where('client_id', '=', row.client_id)
      .where('issue_id', '=', row.id)
      .execute();
    const keep: number[] = [];
    for (const { user_id } of watchers) {
      if ((await findPersonAccessRole(db, user_id, workspaceId)) !== null) keep.push(user_id);
    }
    if (keep.length) {
      await db
        .insertInto('issue_watchers')
        .values(keep.map((user_id) => ({ client_id: clientId, issue_id: newId, user_id })))
        .execute();
    }
  }
  if (options.copyComments) {
    const comments = await db
      .selectFrom('issue_comments')
      .select(['user_id', 'comment', 'created_at'])
      .where('client_id', '=', row.client_id)
      .where('issue_id', '=', row.id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    if (comments.length) {
      await db
        .insertInto('issue_comments')
        .values(
          comments.map((c) => ({
            client_id: clientId,
            issue_id: newId,
            user_id: c.user_id,
            comment: c.comment,
            created_at: c.created_at,
            updated_at: c.created_at,
          })),
        )
        .execute();
    }
  }
  if (options.copyLinks) {
    const links = await db
      .selectFrom('issue_links')
      .select(['url', 'title'])
      .where('client_id', '=', row.client_id)
      .where('issue_id', '=', row.id)
      .orderBy('id')
      .execute();
    if (links.length) {
      await db
        .insertInto('issue_links')
        .values(
          links.map((l) => ({
            client_id: clientId,
            issue_id: newId,
            url: l.url,
            title: l.title,
            created_by: auth.userId,
          })),
        )
        .execute();
    }
  }
  await logActivity(db, {
    clientId,
    userId: auth.userId,
    entityType: 'issue',
    entityId: newId,
    action: 'duplicated',
    changes: {
      duplicated_from: row.id,
      title: [null, options.title],
      ...(assigneeId !== null ? { assignee_id: [null, assigneeId] } : {}),
      ...(assigned ? {} : { not_assigned: row.assignee_id }),
    },
  });
  return { newId, assigned };
}

async function requireTarget(db: Db, auth: Auth, workspaceId: number): Promise<WorkspaceGrant> {
  const grant = await findWorkspaceGrant(db, auth, workspaceId);
  if (!grant) throw notFound('Workspace not found');
  return grant;
}

/**
 * POST issue/{id}/duplicate. Whoever may duplicate (canDuplicateIssue) copies the issue into a
 * workspace they can see (default: the original's), or as a sub-issue of it (duplicate_to_subtask:
 * only for an issue without a parent, and for who may add sub-issues; the workspace is the parent's).
 */
export async function duplicateIssue(
  ctx: AppContext,
  auth: Auth,
  id: number,
  input: DuplicateInput,
): Promise<DuplicateResult> {
  const titleError = validateDuplicateTitle(input.title);
  if (titleError) throw fieldError('title', titleError, 'Title is mandatory');
  const result = await ctx.db.transaction().execute(async (trx) => {
    const original = await loadIssue(trx, auth, id);
    const permissions = issuePermissions(original.rules);
    if (!permissions.canDuplicateIssue) throw forbidden('You may not duplicate this issue');
    let parentId: number | null = null;
    let workspaceId = input.workspace_id ?? original.row.workspace_id;
    if (input.duplicate_to_subtask) {
      if (original.row.parent_id !== null) {
        throw fieldError('duplicate_to_subtask', 'invalid_parent', 'A sub-issue cannot have sub-issues');
      }
      if (!permissions.can_create_subissue) throw forbidden('You may not add sub-issues to this issue');
      parentId = original.row.id;
      workspaceId = original.row.workspace_id;
    }
    const target = await requireTarget(trx, auth, workspaceId);
    return copyIssue(trx, auth, original, {
      title: input.title.trim(),
      target,
      parentId,
      copyInvolvedUsers: input.copy_involved_users,
      copyComments: input.copy_comments,
      copyLinks: input.copy_links,
    });
  });
  return {
    completed: [{ id, new_id: result.newId }],
    not_completed: [],
    not_assigned: result.assigned ? [] : [{ id, new_id: result.newId }],
  };
}

/**
 * POST issue/multi_duplicate: every issue copied into one workspace (required), each on its own
 * (all or nothing per issue). update_titles true: each copy takes the title sent with it (checked
 * like a single duplicate's; when none is sent, the default); false: every copy gets the default
 * title, the original's with ' (Copy)'. Links are not copied (the payload has no copy_links).
 */
export async function multiDuplicate(
  ctx: AppContext,
  auth: Auth,
  input: MultiDuplicateInput,
): Promise<DuplicateResult> {
  if (!input.workspace_id)
    throw fieldError('workspace_id', 'workspace_required', 'Workspace must be selected');
  const workspaceId = input.workspace_id;
  await requireTarget(ctx.db, auth, workspaceId);
  const result: DuplicateResult = { completed: [], not_completed: [], not_assigned: [] };
  const seen = new Set<number>();
  for (const item of input.issues) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    try {
      const copy = await ctx.db.transaction().execute(async (trx) => {
        const original = await loadIssue(trx, auth, item.id);
        if (!issuePermissions(original.rules).canDuplicateIssue)
          throw forbidden('You may not duplicate this issue');
        const title =
          input.update_titles && item.title !== undefined
            ? item.title.trim()
            : defaultDuplicateTitle(original.row.title);
        const titleError = validateDuplicateTitle(title);
        if (titleError) throw fieldError('title', titleError, 'Title is mandatory');
        const target = await requireTarget(trx, auth, workspaceId);
        const made = await copyIssue(trx, auth, original, {
          title,
          target,
          parentId: null,
          copyInvolvedUsers: input.copy_involved_users,
          copyComments: input.copy_comments,
          copyLinks: false,
        });
        // Without "copy involved users" an assigned original's copy has nobody: the summary
        // lists it as duplicated but not assigned (000 §8), like a copy whose assignee was refused.
        const leftUnassigned = !input.copy_involved_users && original.row.assignee_id !== null;
        return { ...made, assigned: made.assigned && !leftUnassigned };
      });
      result.completed.push({ id: item.id, new_id: copy.newId });
      if (!copy.assigned) result.not_assigned.push({ id: item.id, new_id: copy.newId });
    } catch (err) {
      if (err instanceof AppError) result.not_completed.push({ id: item.id, error: err.key });
      else throw err;
    }
  }
  return result;
}
