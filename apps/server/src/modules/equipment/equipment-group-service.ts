import {
  canEditEquipmentGroup,
  type EquipmentGroup,
  type EquipmentGroupDetail,
  type EquipmentGroupListQuery,
  equipmentGroupWorkspace,
  fitsEquipmentGroup,
  sharedWorkspaceOf,
  todayIn,
  type ZCreateEquipmentGroupRequestSchema,
  type ZEquipmentGroupListResponseSchema,
  type ZSameWorkspaceRequestSchema,
  type ZSameWorkspaceResponseSchema,
  type ZUpdateEquipmentGroupRequestSchema,
} from '@workbench/domain';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import type { Auth } from '../../http/authenticate.js';
import { fieldError, forbidden, notFound } from '../../http/errors.js';
import { logActivity } from '../activity/activity-log.js';
import { findOrganisationPeople } from '../assets/asset-group-queries.js';
import { assetSetPage } from '../assets/asset-sets.js';
import { findFirstPictureKeys } from '../attachments/attachment-queries.js';
import { findClientTimeZone } from '../schedules/schedule-queries.js';
import { findBookingRows } from './equipment-booking-queries.js';
import { presentEquipmentGroup, presentEquipmentGroupDetail } from './equipment-group-presenter.js';
import {
  countEquipmentGroupItems,
  countGroupItemsOutside,
  type EquipmentGroupRow,
  findEquipmentGroupItemIds,
  findEquipmentGroupManagers,
  findEquipmentGroupPage,
  findEquipmentGroupReservedFor,
  findEquipmentGroupRows,
  findVisibleEquipmentWorkspaces,
  findWorkspaceSubtreeOf,
  insertEquipmentGroup,
  lockEquipmentGroup,
  lockGroupItems,
  setEquipmentGroupManagers,
  setItemsGroup,
  updateEquipmentGroupRow,
} from './equipment-group-queries.js';
import { presentEquipmentListItem } from './equipment-presenter.js';
import { findEquipmentRows } from './equipment-queries.js';
import {
  canEditEquipmentRow,
  canManageEquipmentRow,
  type EquipmentRightsRow,
  findEquipmentRights,
} from './equipment-rights.js';
import { equipmentSetCallerOf, requireSeenWorkspace } from './equipment-type-service.js';
import { type EquipmentScope, equipmentScope } from './equipment-visibility.js';

type Db = Kysely<Database> | Transaction<Database>;
type CreateBody = z.output<typeof ZCreateEquipmentGroupRequestSchema>;
type UpdateBody = z.output<typeof ZUpdateEquipmentGroupRequestSchema>;
type SameWorkspaceBody = z.output<typeof ZSameWorkspaceRequestSchema>;
type SameWorkspaceResponse = z.output<typeof ZSameWorkspaceResponseSchema>;
type EquipmentGroupListResponse = z.output<typeof ZEquipmentGroupListResponseSchema>;
type Changes = Record<string, [unknown, unknown]>;

const ENTITY = 'equipment_group';

/** The organisation's day (001 §4: reservations "from today on"). */
async function todayOf(db: Db, auth: Auth): Promise<string> {
  return todayIn(await findClientTimeZone(db, auth.clientId));
}

/** Whether the caller changes a group at this place with these managers (equipment-set-rules). */
function canEditGroupAt(
  auth: Auth,
  scope: EquipmentScope,
  workspaceId: number | null,
  managerIds: readonly number[],
): boolean {
  const caller = equipmentSetCallerOf(auth, scope);
  return canEditEquipmentGroup({
    userId: auth.userId,
    isAdmin: caller.isAdmin,
    managesSomeWorkspace: caller.managesSomeWorkspace,
    workspaceId,
    workspaceRole: workspaceId === null ? null : (scope.grants.get(workspaceId)?.role ?? null),
    managerIds,
  });
}

/** Groups read for one answer: managers, counts, next reservation and the caller's right, set-based. */
async function presentGroups(
  db: Db,
  auth: Auth,
  scope: EquipmentScope,
  rows: EquipmentGroupRow[],
  today: string,
): Promise<EquipmentGroup[]> {
  const ids = rows.map((r) => r.id);
  const [managers, counts, reservedFor] = await Promise.all([
    findEquipmentGroupManagers(db, ids),
    countEquipmentGroupItems(db, scope, ids),
    findEquipmentGroupReservedFor(db, ids, today),
  ]);
  return rows.map((row) => {
    const people = managers.get(row.id) ?? [];
    return presentEquipmentGroup(row, {
      managers: people,
      counts: counts.get(row.id) ?? { equipment_count: 0, issued_count: 0 },
      reservedFor: reservedFor.get(row.id) ?? null,
      canEdit: canEditGroupAt(
        auth,
        scope,
        row.workspace_id,
        people.map((p) => p.id),
      ),
    });
  });
}

/** One group with the items of it the caller sees. */
async function presentDetail(
  db: Db,
  auth: Auth,
  scope: EquipmentScope,
  id: number,
): Promise<EquipmentGroupDetail> {
  const today = await todayOf(db, auth);
  const [row] = await findEquipmentGroupRows(db, auth.clientId, [id]);
  if (!row) throw notFound('Equipment group not found');
  const [[group], itemIds] = await Promise.all([
    presentGroups(db, auth, scope, [row], today),
    findEquipmentGroupItemIds(db, scope, id),
  ]);
  const [items, bookings, pictures] = await Promise.all([
    findEquipmentRows(db, scope, itemIds),
    findBookingRows(db, auth.clientId, { equipmentIds: itemIds, states: ['pending', 'active'] }),
    findFirstPictureKeys(db, { clientIds: [auth.clientId], ownerType: 'equipment', ownerIds: itemIds }),
  ]);
  const viewer = { userId: auth.userId, today };
  return presentEquipmentGroupDetail(
    group as EquipmentGroup,
    items.map((item) =>
      presentEquipmentListItem(
        item,
        bookings.filter((b) => b.equipment_id === item.id),
        {
          can_edit: canEditEquipmentRow(auth, scope, item),
          can_manage: canManageEquipmentRow(auth, scope, item),
        },
        pictures.get(item.id) ?? null,
        viewer,
      ),
    ),
  );
}

/** GET equipment/group: the groups the caller sees, filtered, sorted and paged. */
export async function listEquipmentGroups(
  ctx: AppContext,
  auth: Auth,
  query: EquipmentGroupListQuery,
  path: string,
): Promise<EquipmentGroupListResponse> {
  const [scope, today] = await Promise.all([equipmentScope(ctx.db, auth), todayOf(ctx.db, auth)]);
  const { ids, total } = await findEquipmentGroupPage(ctx.db, scope, query, today);
  const rows = await findEquipmentGroupRows(ctx.db, auth.clientId, ids);
  return assetSetPage(query, await presentGroups(ctx.db, auth, scope, rows, today), total, path);
}

export async function getEquipmentGroup(
  ctx: AppContext,
  auth: Auth,
  id: number,
): Promise<EquipmentGroupDetail> {
  return presentDetail(ctx.db, auth, await equipmentScope(ctx.db, auth), id);
}

/** Managers must be people of the organisation (422 on manager_ids otherwise). */
async function requireOrganisationPeople(db: Db, clientId: number, userIds: readonly number[]) {
  const unique = [...new Set(userIds)];
  const found = await findOrganisationPeople(db, clientId, unique);
  if (unique.some((id) => !found.has(id))) throw fieldError('manager_ids', 'not_found', 'Person not found');
  return unique;
}

/**
 * The items named to go into a group: each must be one the caller sees (422 not_found) and
 * manages (403), and a bound group takes only items of its workspace or below it (422
 * not_same_workspace). Answers the rule rows, locked, of those not in the group yet.
 */
async function requireItemsForGroup(
  trx: Transaction<Database>,
  auth: Auth,
  scope: EquipmentScope,
  equipmentIds: readonly number[],
  group: { id: number | null; workspace_id: number | null },
): Promise<EquipmentRightsRow[]> {
  const ids = [...new Set(equipmentIds)];
  if (!ids.length) return [];
  const [visible, rights] = await Promise.all([
    findVisibleEquipmentWorkspaces(trx, scope, ids),
    findEquipmentRights(trx, auth.clientId, ids, { forUpdate: true }),
  ]);
  if (ids.some((id) => !visible.has(id) || !rights.has(id)))
    throw fieldError('equipment_ids', 'not_found', 'Equipment not found');
  const rows = ids.map((id) => rights.get(id) as EquipmentRightsRow);
  if (rows.some((row) => !canManageEquipmentRow(auth, scope, row)))
    throw forbidden('You may not move some of these items');
  if (group.workspace_id !== null) {
    const subtree = await findWorkspaceSubtreeOf(trx, group.workspace_id);
    if (rows.some((row) => !fitsEquipmentGroup(group.workspace_id, subtree, row.workspace_id)))
      throw fieldError('equipment_ids', 'not_same_workspace', 'Some items lie outside the group’s workspace');
  }
  return rows.filter((row) => group.id === null || row.group_id !== group.id);
}

/** Puts the items into the group (or takes them out: null), logged on each item and on the group. */
async function moveItems(
  trx: Db,
  auth: Auth,
  groupId: number,
  items: readonly { id: number; group_id: number | null }[],
  into: number | null,
): Promise<void> {
  if (!items.length) return;
  const ids = items.map((i) => i.id);
  await setItemsGroup(trx, auth.clientId, ids, into);
  for (const item of items) {
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: 'equipment',
      entityId: item.id,
      action: 'updated',
      changes: { group_id: [item.group_id, into] },
    });
  }
  await logActivity(trx, {
    clientId: auth.clientId,
    userId: auth.userId,
    entityType: ENTITY,
    entityId: groupId,
    action: into === null ? 'equipment_removed' : 'equipment_added',
    changes: { equipment_ids: ids },
  });
}

/** Where a group is to live, from its form (422 when bound without a workspace or to one not seen). */
function placeOf(scope: EquipmentScope, bind: boolean, workspaceId: number | null | undefined) {
  const place = equipmentGroupWorkspace({ bind, workspaceId });
  if (!place.ok) throw fieldError(place.field, place.key, 'A bound group needs its workspace');
  if (place.workspaceId !== null) requireSeenWorkspace(scope, place.workspaceId);
  return place.workspaceId;
}

/**
 * POST equipment/group: admins; managers of the workspace it is bound to; anyone who manages a
 * workspace for an unbound group. The items named go into it in the same transaction.
 */
export async function createEquipmentGroup(
  ctx: AppContext,
  auth: Auth,
  body: CreateBody,
): Promise<EquipmentGroupDetail> {
  const scope = await equipmentScope(ctx.db, auth);
  const caller = equipmentSetCallerOf(auth, scope);
  if (!caller.isAdmin && !caller.managesSomeWorkspace)
    throw forbidden('Only admins and workspace managers add equipment groups');
  const bind = body.bind_group_to_workspace ?? false;
  const workspaceId = placeOf(scope, bind, body.workspace_id);
  if (!canEditGroupAt(auth, scope, workspaceId, []))
    throw forbidden('Only admins and managers of that workspace add groups to it');
  return ctx.db.transaction().execute(async (trx) => {
    const managerIds = await requireOrganisationPeople(trx, auth.clientId, body.manager_ids ?? []);
    const items = await requireItemsForGroup(trx, auth, scope, body.equipment_ids ?? [], {
      id: null,
      workspace_id: workspaceId,
    });
    const id = await insertEquipmentGroup(trx, {
      client_id: auth.clientId,
      workspace_id: workspaceId,
      bind_group_to_workspace: bind,
      name: body.name,
      description: body.description ?? null,
      created_by: auth.userId,
    });
    await setEquipmentGroupManagers(trx, auth.clientId, id, managerIds);
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: ENTITY,
      entityId: id,
      action: 'created',
      changes: {
        name: body.name,
        description: body.description ?? null,
        bind_group_to_workspace: bind,
        workspace_id: workspaceId,
        manager_ids: managerIds,
      },
    });
    await moveItems(trx, auth, id, items, id);
    return presentDetail(trx, auth, scope, id);
  });
}

/**
 * Runs a change of the group in one transaction, the group locked: 404 when it is gone, 403 when
 * it is not the caller's to change.
 */
async function changeGroup<T>(
  ctx: AppContext,
  auth: Auth,
  id: number,
  change: (
    trx: Transaction<Database>,
    scope: EquipmentScope,
    row: EquipmentGroupRow,
    managerIds: number[],
  ) => Promise<T>,
): Promise<T> {
  const scope = await equipmentScope(ctx.db, auth);
  return ctx.db.transaction().execute(async (trx) => {
    await lockEquipmentGroup(trx, auth.clientId, id);
    const [row] = await findEquipmentGroupRows(trx, auth.clientId, [id]);
    if (!row) throw notFound('Equipment group not found');
    const managerIds = ((await findEquipmentGroupManagers(trx, [id])).get(id) ?? []).map((p) => p.id);
    if (!canEditGroupAt(auth, scope, row.workspace_id, managerIds))
      throw forbidden('You may not change this equipment group');
    return change(trx, scope, row, managerIds);
  });
}

/**
 * PUT equipment/group/{id}: the fields given. A new place needs the rights of a creator there,
 * and the group's items must all lie in the new workspace or below it (422 not_same_workspace on
 * workspace_id); the items named are put into it.
 */
export async function updateEquipmentGroup(
  ctx: AppContext,
  auth: Auth,
  id: number,
  body: UpdateBody,
): Promise<EquipmentGroupDetail> {
  return changeGroup(ctx, auth, id, async (trx, scope, row, managerIds) => {
    const changes: Changes = {};
    const bind = body.bind_group_to_workspace ?? row.bind_group_to_workspace;
    let place = row.workspace_id;
    if (body.bind_group_to_workspace !== undefined || body.workspace_id !== undefined) {
      const wanted = equipmentGroupWorkspace({
        bind,
        workspaceId: body.workspace_id !== undefined ? body.workspace_id : row.workspace_id,
      });
      if (!wanted.ok) throw fieldError(wanted.field, wanted.key, 'A bound group needs its workspace');
      place = wanted.workspaceId;
    }
    if (place !== row.workspace_id) {
      if (place !== null) requireSeenWorkspace(scope, place);
      if (!canEditGroupAt(auth, scope, place, [])) throw forbidden('You may not move groups there');
      if (place !== null && (await countGroupItemsOutside(trx, id, place)))
        throw fieldError('workspace_id', 'not_same_workspace', 'Some items of the group lie outside it');
      changes.workspace_id = [row.workspace_id, place];
    }
    if (bind !== row.bind_group_to_workspace)
      changes.bind_group_to_workspace = [row.bind_group_to_workspace, bind];
    if (body.name !== undefined && body.name !== row.name) changes.name = [row.name, body.name];
    if (body.description !== undefined && body.description !== row.description)
      changes.description = [row.description, body.description];
    if (body.manager_ids !== undefined) {
      const next = await requireOrganisationPeople(trx, auth.clientId, body.manager_ids);
      const same = next.length === managerIds.length && next.every((m) => managerIds.includes(m));
      if (!same) {
        await setEquipmentGroupManagers(trx, auth.clientId, id, next);
        changes.manager_ids = [managerIds, next];
      }
    }
    const items = await requireItemsForGroup(trx, auth, scope, body.equipment_ids ?? [], {
      id,
      workspace_id: place,
    });
    if (Object.keys(changes).length) {
      await updateEquipmentGroupRow(trx, auth.clientId, id, {
        ...(changes.workspace_id ? { workspace_id: place } : {}),
        ...(changes.bind_group_to_workspace ? { bind_group_to_workspace: bind } : {}),
        ...(changes.name ? { name: body.name } : {}),
        ...(changes.description ? { description: body.description ?? null } : {}),
      });
      await logActivity(trx, {
        clientId: auth.clientId,
        userId: auth.userId,
        entityType: ENTITY,
        entityId: id,
        action: 'updated',
        changes,
      });
    }
    await moveItems(trx, auth, id, items, id);
    return presentDetail(trx, auth, scope, id);
  });
}

/** Takes every live item out of the group (any workspace: the group lets them all go). */
async function releaseItems(trx: Transaction<Database>, auth: Auth, groupId: number): Promise<number> {
  const ids = await lockGroupItems(trx, auth.clientId, groupId);
  await moveItems(
    trx,
    auth,
    groupId,
    ids.map((itemId) => ({ id: itemId, group_id: groupId })),
    null,
  );
  return ids.length;
}

/** POST equipment/group/{id}/ungroup: the group stays, empty. */
export async function ungroupEquipmentGroup(
  ctx: AppContext,
  auth: Auth,
  id: number,
): Promise<EquipmentGroupDetail> {
  return changeGroup(ctx, auth, id, async (trx, scope) => {
    await releaseItems(trx, auth, id);
    return presentDetail(trx, auth, scope, id);
  });
}

/** POST equipment/group/{groupId}/archive|unarchive. */
export async function changeEquipmentGroupStatus(
  ctx: AppContext,
  auth: Auth,
  id: number,
  action: 'archive' | 'unarchive',
): Promise<EquipmentGroupDetail> {
  return changeGroup(ctx, auth, id, async (trx, scope, row) => {
    const status = action === 'archive' ? 'archived' : 'active';
    if (row.status !== status) {
      await updateEquipmentGroupRow(trx, auth.clientId, id, { status });
      await logActivity(trx, {
        clientId: auth.clientId,
        userId: auth.userId,
        entityType: ENTITY,
        entityId: id,
        action: action === 'archive' ? 'archived' : 'unarchived',
        changes: { status: [row.status, status] },
      });
    }
    return presentDetail(trx, auth, scope, id);
  });
}

/** DELETE equipment/group/{id}: deleted (soft); its items stay, without a group. */
export async function deleteEquipmentGroup(ctx: AppContext, auth: Auth, id: number) {
  return changeGroup(ctx, auth, id, async (trx, _scope, row) => {
    const released = await releaseItems(trx, auth, id);
    await updateEquipmentGroupRow(trx, auth.clientId, id, { deleted_at: new Date() });
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: ENTITY,
      entityId: id,
      action: 'deleted',
      changes: { name: row.name, equipment_released: released },
    });
    return { success: true as const };
  });
}

/**
 * POST equipment/group/same_ws (a read): whether the items all lie in one workspace, and which
 * (a workspace-bound group needs it). An item the caller does not see is a bad reference (422).
 */
export async function equipmentShareWorkspace(
  ctx: AppContext,
  auth: Auth,
  body: SameWorkspaceBody,
): Promise<SameWorkspaceResponse> {
  const scope = await equipmentScope(ctx.db, auth);
  const ids = [...new Set(body.equipment_ids)];
  const workspaces = await findVisibleEquipmentWorkspaces(ctx.db, scope, ids);
  if (ids.some((id) => !workspaces.has(id)))
    throw fieldError('equipment_ids', 'not_found', 'Equipment not found');
  const shared = sharedWorkspaceOf([...workspaces.values()]);
  return { data: { same_ws: shared !== null, workspace_id: shared } };
}
