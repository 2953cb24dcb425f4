import {
  ASSET_STATUS,
  type Asset,
  type AssetFilterOptions,
  type AssetListQuery,
  type AssetListResponse,
  type AssetMultiArchiveResponse,
  type AssetMultiDeleteResponse,
  assetListQueryToParams,
  buildPage,
  canCreateAsset,
  type IssueListPageResponse,
  type IssueType,
  readIssueListQuery,
  type ZCreateAssetRequestSchema,
  type ZUpdateAssetRequestSchema,
} from '@workbench/domain';
import { type Kysely, sql, type Transaction, type Updateable } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { AssetsTable, Database } from '../../db/schema.js';
import type { Auth } from '../../http/authenticate.js';
import { AppError, fieldError, forbidden, notFound } from '../../http/errors.js';
import type { WorkspaceGrant } from '../access/workspace-access.js';
import { logActivity } from '../activity/activity-log.js';
import { findActivityPage, presentActivity } from '../activity/activity-page.js';
import { presentAttachments } from '../attachments/attachment-presenter.js';
import { findAttachmentRows, findFirstPictureKeys } from '../attachments/attachment-queries.js';
import { listIssues } from '../issues/issue-list-service.js';
import { findAssetSchedulePage } from '../schedules/schedule-queries.js';
import { scheduleScope } from '../schedules/schedule-visibility.js';
import { type AssetRightsRow, findVisibleAssetRights } from './asset-group-queries.js';
import { canEditAssetRow, canManageAssetRow } from './asset-group-rights.js';
import {
  type AssetRights,
  presentAsset,
  presentAssetFilterOptions,
  presentAssetListItem,
} from './asset-presenter.js';
import {
  type AssetRow,
  countLiveAssetsByGroup,
  findAssetFilterOptions,
  findAssetPage,
  findAssetRows,
  findGroupManagerIds,
  findManagersOf,
  findVisibleGroup,
  findVisibleSystem,
  findWorkspaceManagersAmong,
  isWorkspaceWithin,
  lockAssets,
  setAssetManagers,
} from './asset-queries.js';
import { type AssetScope, assetScope } from './asset-visibility.js';

type Caller = NonNullable<Auth>;
type Db = Kysely<Database> | Transaction<Database>;
type CreateInput = z.output<typeof ZCreateAssetRequestSchema>;
type UpdateInput = z.output<typeof ZUpdateAssetRequestSchema>;

const ENTITY = 'asset';

/** The rule inputs of one asset row with its managers and its group's. */
function rightsRowOf(row: AssetRow, managerIds: number[], groupManagerIds: number[]): AssetRightsRow {
  return {
    id: row.id,
    client_id: row.client_id,
    workspace_id: row.workspace_id,
    group_id: row.group_id,
    status: row.status,
    name: row.name,
    manager_ids: managerIds,
    group_manager_ids: groupManagerIds,
  };
}

function rightsOf(auth: Caller, scope: AssetScope, row: AssetRightsRow): AssetRights {
  return { can_edit: canEditAssetRow(auth, scope, row), can_manage: canManageAssetRow(auth, scope, row) };
}

/**
 * Changing the asset (its fields, pictures, public code) is for those who manage it (403
 * otherwise), and only while it is not archived (asset_archived, a data rule: 422 as issue_archived).
 */
export function requireEditable(auth: Caller, scope: AssetScope, row: AssetRightsRow): void {
  if (!canManageAssetRow(auth, scope, row)) throw forbidden('You may not change this asset');
  if (!canEditAssetRow(auth, scope, row)) throw new AppError(422, 'asset_archived', 'The asset is archived');
}

/** The rule inputs of an asset the caller sees (404 otherwise: the id guard's answer). */
export async function requireAssetRights(db: Db, scope: AssetScope, id: number): Promise<AssetRightsRow> {
  const row = (await findVisibleAssetRights(db, scope, [id])).get(id);
  if (!row) throw notFound('Asset not found');
  return row;
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

/** GET asset: a page of the assets the caller sees, with what they may do with each. */
export async function listAssets(
  ctx: AppContext,
  auth: Caller,
  query: AssetListQuery,
  path: string,
): Promise<AssetListResponse> {
  const scope = await assetScope(ctx.db, auth);
  const { ids, total } = await findAssetPage(ctx.db, auth, scope, query);
  const rows = await findAssetRows(ctx.db, auth, scope, ids);
  const groupIds = [...new Set(rows.flatMap((r) => (r.group_id === null ? [] : [r.group_id])))];
  const clientIds = [...new Set(rows.map((r) => r.client_id))];
  const [managers, groupManagers, pictures, groupSizes] = await Promise.all([
    findManagersOf(ctx.db, 'asset', clientIds, ids),
    findGroupManagerIds(ctx.db, clientIds, groupIds),
    findFirstPictureKeys(ctx.db, { clientIds, ownerType: 'asset', ownerIds: ids }),
    countLiveAssetsByGroup(ctx.db, scope, groupIds),
  ]);
  const items = rows.map((row) => {
    const rights = rightsOf(
      auth,
      scope,
      rightsRowOf(
        row,
        (managers.get(row.id) ?? []).map((m) => m.id),
        row.group_id === null ? [] : (groupManagers.get(row.group_id) ?? []),
      ),
    );
    const inGroup = row.group_id === null ? 0 : (groupSizes.get(row.group_id) ?? 0);
    return presentAssetListItem(row, rights, pictures.get(row.id) ?? null, inGroup);
  });
  return buildPage({
    rows: items,
    total,
    page: query.page,
    perPage: query.paginate_by,
    path,
    query: assetListQueryToParams(query),
  });
}

/** GET asset/{id}. */
export async function getAsset(ctx: AppContext, auth: Caller, id: number): Promise<Asset> {
  const scope = await assetScope(ctx.db, auth);
  const [row] = await findAssetRows(ctx.db, auth, scope, [id]);
  if (!row) throw notFound('Asset not found');
  const groupIds = row.group_id === null ? [] : [row.group_id];
  const [managers, groupManagers, pictureRows, groupSizes] = await Promise.all([
    findManagersOf(ctx.db, 'asset', [row.client_id], [id]),
    findGroupManagerIds(ctx.db, [row.client_id], groupIds),
    findAttachmentRows(ctx.db, { clientId: row.client_id, ownerType: 'asset', ownerIds: [id] }),
    countLiveAssetsByGroup(ctx.db, scope, groupIds),
  ]);
  const assetManagers = managers.get(id) ?? [];
  const rights = rightsOf(
    auth,
    scope,
    rightsRowOf(
      row,
      assetManagers.map((m) => m.id),
      row.group_id === null ? [] : (groupManagers.get(row.group_id) ?? []),
    ),
  );
  // Pictures are changed by whoever may edit the asset (none of the issue gallery's only-own limits).
  const pictures = presentAttachments(pictureRows, {
    callerId: auth.userId,
    permissions: {
      can_edit: rights.can_edit,
      can_edit_only_own_attachments: false,
      can_delete_only_own_attachments: false,
    },
  });
  const inGroup = row.group_id === null ? 0 : (groupSizes.get(row.group_id) ?? 0);
  return presentAsset(row, rights, inGroup, assetManagers, pictures.get(id) ?? []);
}

/** GET asset/filter_options. */
export async function getAssetFilterOptions(ctx: AppContext, auth: Caller): Promise<AssetFilterOptions> {
  const scope = await assetScope(ctx.db, auth);
  return presentAssetFilterOptions(await findAssetFilterOptions(ctx.db, auth, scope));
}

/** GET asset/{id}/activity_log: newest first, whoever sees the asset. */
export async function listAssetActivity(
  ctx: AppContext,
  auth: Caller,
  id: number,
  paging: { page: number; paginate_by: number },
  path: string,
) {
  const scope = await assetScope(ctx.db, auth);
  const asset = await requireAssetRights(ctx.db, scope, id);
  const { rows, total } = await findActivityPage(
    ctx.db,
    { clientId: asset.client_id, type: 'asset', id: asset.id },
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

/**
 * GET asset/{id}/issues and /tasks: the issue list (modules/issues, its query, visibility and
 * answer) of the issues or sub-issues naming this asset.
 */
export async function listAssetIssues(
  ctx: AppContext,
  auth: Caller,
  id: number,
  type: IssueType,
  raw: Record<string, unknown>,
  path: string,
): Promise<IssueListPageResponse> {
  const query = { ...readIssueListQuery(raw), asset_ids: [id], issue_type: type };
  return listIssues(ctx, auth, query, path);
}

/**
 * GET asset/{id}/schedules: the schedules working on the asset that the caller sees (their own
 * organisation's, schedule-visibility.ts), live ones first, newest change first.
 */
export async function listAssetSchedules(
  ctx: AppContext,
  auth: Caller,
  id: number,
  paging: { page: number; paginate_by: number },
  path: string,
) {
  const [scope, schedules] = await Promise.all([assetScope(ctx.db, auth), scheduleScope(ctx.db, auth)]);
  await requireAssetRights(ctx.db, scope, id);
  const { rows, total } = await findAssetSchedulePage(ctx.db, schedules, id, paging);
  return buildPage({
    rows: rows.map((r) => ({
      id: r.id,
      name: r.title,
      workspace: { id: r.workspace_id, name: r.workspace_name },
    })),
    total,
    page: paging.page,
    perPage: paging.paginate_by,
    path,
    query: { paginate_by: paging.paginate_by },
  });
}

// ---------------------------------------------------------------------------------------------
// The form: references and changes
// ---------------------------------------------------------------------------------------------

/** The caller's grant on a workspace named in the body: visible, else 422 (body ids are fields). */
function bodyWorkspaceGrant(scope: AssetScope, workspaceId: number): WorkspaceGrant {
  const grant = scope.grants.get(workspaceId);
  if (!grant) throw fieldError('workspace_id', 'not_found', 'Workspace not found');
  return grant;
}

/** Admins and managers of the workspace add assets to it; partners never (403). */
function requireCanAddTo(auth: Caller, grant: WorkspaceGrant): void {
  const isAdmin = auth.role === 'admin' && auth.clientId === grant.client_id;
  if (!canCreateAsset({ isAdmin, workspaceRole: grant.role })) {
    throw forbidden('You may not add assets to this workspace');
  }
}

/**
 * The references of the form, against the asset's organisation and workspace: the group must be
 * seen and of the organisation (422 not_found), and its workspace the asset's or one above it
 * (not_same_workspace); the system seen and of the organisation; each manager a person of the
 * organisation who can work in the workspace (not_in_workspace).
 */
async function checkReferences(
  db: Db,
  auth: Caller,
  scope: AssetScope,
  target: {
    clientId: number;
    workspaceId: number;
    groupId?: number | null;
    systemId?: number | null;
    managerIds?: number[];
  },
): Promise<void> {
  if (target.groupId !== undefined && target.groupId !== null) {
    const group = await findVisibleGroup(db, scope, target.groupId);
    if (!group || group.client_id !== target.clientId) {
      throw fieldError('group_id', 'not_found', 'Asset group not found');
    }
    if (!(await isWorkspaceWithin(db, target.workspaceId, group.workspace_id))) {
      throw fieldError(
        'group_id',
        'not_same_workspace',
        "The asset's workspace must be the group's or lie below it",
      );
    }
  }
  if (target.systemId !== undefined && target.systemId !== null) {
    const system = await findVisibleSystem(db, auth, target.systemId);
    if (!system || system.client_id !== target.clientId) {
      throw fieldError('system_id', 'not_found', 'Asset system not found');
    }
  }
  if (target.managerIds?.length) {
    const allowed = await findWorkspaceManagersAmong(
      db,
      target.clientId,
      target.workspaceId,
      target.managerIds,
    );
    const index = target.managerIds.findIndex((id) => !allowed.has(id));
    if (index >= 0) {
      throw fieldError(
        `manager_ids.${index}`,
        'not_in_workspace',
        'This person cannot work in the workspace',
      );
    }
  }
}

const unique = (ids: number[]) => [...new Set(ids)];
/** An optional text of the form: empty is none. */
const textOrNull = (value: string | null | undefined) => (value ? value : null);

/** POST asset: admins and managers of the workspace. */
export async function createAsset(ctx: AppContext, auth: Caller, input: CreateInput): Promise<Asset> {
  const scope = await assetScope(ctx.db, auth);
  const grant = bodyWorkspaceGrant(scope, input.workspace_id);
  requireCanAddTo(auth, grant);
  const managerIds = unique(input.manager_ids);
  const id = await ctx.db.transaction().execute(async (trx) => {
    await checkReferences(trx, auth, scope, {
      clientId: grant.client_id,
      workspaceId: grant.workspace_id,
      groupId: input.group_id,
      systemId: input.system_id,
      managerIds,
    });
    const values = {
      name: input.name,
      workspace_id: grant.workspace_id,
      status: input.status,
      group_id: input.group_id,
      system_id: input.system_id,
      manufacturer: input.manufacturer,
      model: input.model,
      serial_number: input.serial_number,
      reference_number: input.reference_number,
      description: input.description,
      location_required: input.location_required,
      auth_maintenance_required: input.auth_maintenance_required,
      auth_inspection_required: input.auth_inspection_required,
    };
    const row = await trx
      .insertInto('assets')
      .values({ ...values, client_id: grant.client_id, created_by: auth.userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setAssetManagers(trx, grant.client_id, row.id, managerIds);
    await logActivity(trx, {
      clientId: grant.client_id,
      userId: auth.userId,
      entityType: ENTITY,
      entityId: row.id,
      action: 'created',
      changes: { ...values, manager_ids: managerIds },
    });
    return row.id;
  });
  return getAsset(ctx, auth, id);
}

/** The columns PUT asset/{id} may change (manager_ids apart). */
const EDITABLE = [
  'name',
  'workspace_id',
  'status',
  'group_id',
  'system_id',
  'manufacturer',
  'model',
  'serial_number',
  'reference_number',
  'description',
  'location_required',
  'auth_maintenance_required',
  'auth_inspection_required',
] as const;
type Editable = (typeof EDITABLE)[number];
const TEXTS = new Set<Editable>([
  'manufacturer',
  'model',
  'serial_number',
  'reference_number',
  'description',
]);

/**
 * PUT asset/{id} (001 §6): those who may edit it. An archived asset takes only a status that
 * brings it back (by those who manage it); anything else is asset_archived. A new workspace must
 * be one the caller may add assets to, and the group, system and managers are checked again
 * against it. The changed fields go to the activity log.
 */
export async function updateAsset(
  ctx: AppContext,
  auth: Caller,
  id: number,
  input: UpdateInput,
): Promise<Asset> {
  const scope = await assetScope(ctx.db, auth);
  await ctx.db.transaction().execute(async (trx) => {
    await lockAssets(trx, [id]);
    const rights = await requireAssetRights(trx, scope, id);
    if (!canManageAssetRow(auth, scope, rights)) throw forbidden('You may not change this asset');
    const current = await trx.selectFrom('assets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    const changes: Partial<Record<Editable | 'manager_ids', [unknown, unknown]>> = {};
    const next: Partial<Record<Editable, unknown>> = {};
    for (const field of EDITABLE) {
      const given = input[field];
      if (given === undefined) continue;
      const value = TEXTS.has(field) ? textOrNull(given as string | null) : given;
      if (value !== current[field]) {
        changes[field] = [current[field], value];
        next[field] = value;
      }
    }
    const managerIds = input.manager_ids === undefined ? undefined : unique(input.manager_ids);
    if (managerIds) {
      const before = [...rights.manager_ids].sort((a, b) => a - b);
      const after = [...managerIds].sort((a, b) => a - b);
      if (before.join() !== after.join()) changes.manager_ids = [before, after];
    }
    if (!Object.keys(changes).length) return;

    const wasArchived = current.status === ASSET_STATUS.ARCHIVED;
    if (wasArchived) {
      const bringsBack = changes.status !== undefined;
      if (!bringsBack || Object.keys(changes).length > 1) {
        throw new AppError(422, 'asset_archived', 'The asset is archived: bring it back first');
      }
    }

    const workspaceId = (next.workspace_id as number | undefined) ?? current.workspace_id;
    if (changes.workspace_id) {
      const grant = bodyWorkspaceGrant(scope, workspaceId);
      if (grant.client_id !== current.client_id) {
        throw fieldError('workspace_id', 'not_found', 'Workspace not found');
      }
      requireCanAddTo(auth, grant);
    }
    const moved = !!changes.workspace_id;
    const groupId = next.group_id !== undefined ? (next.group_id as number | null) : current.group_id;
    await checkReferences(trx, auth, scope, {
      clientId: current.client_id,
      workspaceId,
      groupId: changes.group_id || moved ? groupId : undefined,
      systemId: changes.system_id ? (next.system_id as number | null) : undefined,
      managerIds: changes.manager_ids || moved ? (managerIds ?? rights.manager_ids) : undefined,
    });

    const now = new Date();
    if (Object.keys(next).length || changes.manager_ids) {
      await trx
        .updateTable('assets')
        .set({ ...(next as Updateable<AssetsTable>), updated_at: now })
        .where('id', '=', id)
        .where('client_id', '=', current.client_id)
        .execute();
    }
    if (changes.manager_ids && managerIds) await setAssetManagers(trx, current.client_id, id, managerIds);
    const action =
      next.status === ASSET_STATUS.ARCHIVED ? 'archived' : wasArchived ? 'unarchived' : 'updated';
    await logActivity(trx, {
      clientId: current.client_id,
      userId: auth.userId,
      entityType: ENTITY,
      entityId: id,
      action,
      changes,
    });
  });
  return getAsset(ctx, auth, id);
}

/**
 * DELETE asset/{id}: those who manage it. Soft: the row stays for the issues that named it (their
 * history keeps the id), but nobody sees the asset any more.
 */
export async function deleteAsset(ctx: AppContext, auth: Caller, id: number) {
  const scope = await assetScope(ctx.db, auth);
  await ctx.db.transaction().execute(async (trx) => {
    await lockAssets(trx, [id]);
    const rights = await requireAssetRights(trx, scope, id);
    if (!canManageAssetRow(auth, scope, rights)) throw forbidden('You may not delete this asset');
    const now = new Date();
    await trx
      .updateTable('assets')
      .set({ deleted_at: now, updated_at: now })
      .where('id', '=', id)
      .where('client_id', '=', rights.client_id)
      .execute();
    await logActivity(trx, {
      clientId: rights.client_id,
      userId: auth.userId,
      entityType: ENTITY,
      entityId: id,
      action: 'deleted',
      changes: { name: rights.name },
    });
  });
  return { success: true as const };
}

/**
 * The multi actions: each id the caller does not see is not_found, one they may not manage is
 * forbidden; the others are done, all in one transaction, each logged.
 */
async function multiAction(
  ctx: AppContext,
  auth: Caller,
  ids: number[],
  act: (trx: Db, rows: AssetRightsRow[], now: Date) => Promise<number[]>,
): Promise<{ done: number[]; refused: Array<{ id: number; error: string }> }> {
  const scope = await assetScope(ctx.db, auth);
  const wanted = unique(ids);
  return ctx.db.transaction().execute(async (trx) => {
    await lockAssets(trx, wanted);
    const rights = await findVisibleAssetRights(trx, scope, wanted);
    const refused: Array<{ id: number; error: string }> = [];
    const allowed: AssetRightsRow[] = [];
    for (const id of wanted) {
      const row = rights.get(id);
      if (!row) refused.push({ id, error: 'not_found' });
      else if (!canManageAssetRow(auth, scope, row)) refused.push({ id, error: 'forbidden' });
      else allowed.push(row);
    }
    const done = allowed.length ? await act(trx, allowed, new Date()) : [];
    return { done, refused };
  });
}

/** DELETE asset/multi_delete. */
export async function multiDeleteAssets(
  ctx: AppContext,
  auth: Caller,
  ids: number[],
): Promise<AssetMultiDeleteResponse> {
  const { done, refused } = await multiAction(ctx, auth, ids, async (trx, rows, now) => {
    const doneIds = rows.map((r) => r.id);
    await trx
      .updateTable('assets')
      .set({ deleted_at: now, updated_at: now })
      .where('id', 'in', doneIds)
      .execute();
    for (const row of rows) {
      await logActivity(trx, {
        clientId: row.client_id,
        userId: auth.userId,
        entityType: ENTITY,
        entityId: row.id,
        action: 'deleted',
        changes: { name: row.name },
      });
    }
    return doneIds;
  });
  return { deleted: done, not_deleted: refused };
}

/** PUT asset/multi_archive: status 5; an asset archived already counts as archived. */
export async function multiArchiveAssets(
  ctx: AppContext,
  auth: Caller,
  ids: number[],
): Promise<AssetMultiArchiveResponse> {
  const { done, refused } = await multiAction(ctx, auth, ids, async (trx, rows, now) => {
    const live = rows.filter((r) => r.status !== ASSET_STATUS.ARCHIVED);
    if (live.length) {
      await trx
        .updateTable('assets')
        .set({ status: ASSET_STATUS.ARCHIVED, updated_at: now })
        .where(
          'id',
          'in',
          live.map((r) => r.id),
        )
        .execute();
    }
    for (const row of live) {
      await logActivity(trx, {
        clientId: row.client_id,
        userId: auth.userId,
        entityType: ENTITY,
        entityId: row.id,
        action: 'archived',
        changes: { status: [row.status, ASSET_STATUS.ARCHIVED] },
      });
    }
    return rows.map((r) => r.id);
  });
  return { archived: done, not_archived: refused };
}

// ---------------------------------------------------------------------------------------------
// Public code
// ---------------------------------------------------------------------------------------------

/** The public code of an asset the caller sees. */
export async function assetPublicCode(ctx: AppContext, auth: Caller, id: number): Promise<string> {
  const scope = await assetScope(ctx.db, auth);
  const [row] = await findAssetRows(ctx.db, auth, scope, [id]);
  if (!row) throw notFound('Asset not found');
  return row.public_code;
}

/** POST asset/{id}/qr_code/regenerate: a new public code; printed codes stop working. */
export async function regenerateAssetCode(ctx: AppContext, auth: Caller, id: number): Promise<Asset> {
  const scope = await assetScope(ctx.db, auth);
  await ctx.db.transaction().execute(async (trx) => {
    await lockAssets(trx, [id]);
    const rights = await requireAssetRights(trx, scope, id);
    requireEditable(auth, scope, rights);
    await trx
      .updateTable('assets')
      .set({ public_code: sql<string>`DEFAULT`, updated_at: new Date() })
      .where('id', '=', id)
      .where('client_id', '=', rights.client_id)
      .execute();
    await logActivity(trx, {
      clientId: rights.client_id,
      userId: auth.userId,
      entityType: ENTITY,
      entityId: id,
      action: 'public_code_regenerated',
    });
  });
  return getAsset(ctx, auth, id);
}
