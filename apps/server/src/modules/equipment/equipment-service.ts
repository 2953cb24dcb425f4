import {
  buildPage,
  type ClientSettings,
  canCreateEquipment,
  canReturnEquipment,
  EQUIPMENT_TITLE_MAX,
  type Equipment,
  type EquipmentBulkResult,
  type EquipmentFilterOptions,
  type EquipmentListQuery,
  type EquipmentListResponse,
  type EquipmentStorage,
  type ErrorKey,
  equipmentListQueryToParams,
  fitsEquipmentGroup,
  todayIn,
  type ZCreateEquipmentRequestSchema,
  type ZUpdateEquipmentRequestSchema,
} from '@workbench/domain';
import type { Kysely, Transaction, Updateable } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Database, EquipmentTable } from '../../db/schema.js';
import type { Auth } from '../../http/authenticate.js';
import { AppError, forbidden, notFound } from '../../http/errors.js';
import type { WorkspaceGrant } from '../access/workspace-access.js';
import { logActivity } from '../activity/activity-log.js';
import { findActivityPage, presentActivity } from '../activity/activity-page.js';
import { presentAttachments } from '../attachments/attachment-presenter.js';
import { findAttachmentRows, findFirstPictureKeys } from '../attachments/attachment-queries.js';
import { locationInsertColumns, locationUpdate } from '../geocoding/stored-location.js';
import { readSettings } from '../workspaces/workspace-queries.js';
import { type BookingRow, findBookingRows } from './equipment-booking-queries.js';
import {
  bookingStateOf,
  type EquipmentRights,
  presentEquipment,
  presentEquipmentFilterOptions,
  presentEquipmentListItem,
  presentScan,
} from './equipment-presenter.js';
import {
  type EquipmentRow,
  findBookingHolds,
  findEquipmentColumns,
  findEquipmentFilterOptions,
  findEquipmentManagers,
  findEquipmentPage,
  findEquipmentRows,
  findLiveType,
  findPeopleOfOrganisation,
  findScanPage,
  findVisibleEquipmentIds,
  findVisibleGroup,
  findWorkspacesWithin,
  type PersonRow,
  setEquipmentManagers,
  softDeleteEquipment,
} from './equipment-queries.js';
import {
  canEditEquipmentRow,
  canManageEquipmentRow,
  type EquipmentRightsRow,
  findEquipmentRights,
} from './equipment-rights.js';
import { type EquipmentScope, equipmentScope } from './equipment-visibility.js';

/**
 * Equipment items (001 §7 "Equipment"): the list with its parts, the item, the form (001 §5),
 * copies, bulk actions, logs and the public code. Who sees what is equipment-visibility.ts; who
 * may change what is 001 §6 (packages/domain, asked through equipment-rights.ts). Every write is
 * one transaction and logs activity with entity 'equipment'.
 */

type Caller = NonNullable<Auth>;
type Db = Kysely<Database> | Transaction<Database>;
type CreateInput = z.output<typeof ZCreateEquipmentRequestSchema>;
type UpdateInput = z.output<typeof ZUpdateEquipmentRequestSchema>;

const ENTITY = 'equipment';
const HOLDING = ['pending', 'active'] as const;

const unique = (ids: readonly number[]) => [...new Set(ids)];

/** The organisation's day (its time zone) and its return rule. */
async function dayAndSettings(
  db: Db,
  clientId: number,
): Promise<{ today: string; settings: ClientSettings }> {
  const settings = await readSettings(db, clientId);
  return { today: todayIn(settings.time_zone), settings };
}

function rightsOf(auth: Caller, scope: EquipmentScope, row: EquipmentRightsRow): EquipmentRights {
  return {
    can_edit: canEditEquipmentRow(auth, scope, row),
    can_manage: canManageEquipmentRow(auth, scope, row),
  };
}

/**
 * Changing an item (its fields, pictures) is for those who manage it (403 otherwise), and only
 * while it is not archived (equipment_archived, a data rule: 422).
 */
export function requireEditable(auth: Caller, scope: EquipmentScope, row: EquipmentRightsRow): void {
  if (!canManageEquipmentRow(auth, scope, row)) throw forbidden('You may not change this equipment');
  if (!canEditEquipmentRow(auth, scope, row)) {
    throw new AppError(422, 'equipment_archived', 'The equipment is archived');
  }
}

/** The rule inputs of an item of the caller's organisation, locked for the transaction (404 when gone). */
export async function lockEquipment(trx: Db, auth: Caller, id: number): Promise<EquipmentRightsRow> {
  const row = (await findEquipmentRights(trx, auth.clientId, [id], { forUpdate: true })).get(id);
  if (!row) throw notFound('Equipment not found');
  return row;
}

/** The rule inputs of an item the caller sees (404 otherwise). */
export async function requireEquipmentRights(
  db: Db,
  auth: Caller,
  scope: EquipmentScope,
  id: number,
): Promise<EquipmentRightsRow> {
  const [visible, rights] = await Promise.all([
    findVisibleEquipmentIds(db, scope, [id]),
    findEquipmentRights(db, auth.clientId, [id]),
  ]);
  const row = rights.get(id);
  if (!row || !visible.has(id)) throw notFound('Equipment not found');
  return row;
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

/** The pending and active bookings of each item. */
async function holdingBookings(db: Db, clientId: number, ids: number[]): Promise<Map<number, BookingRow[]>> {
  const byItem = new Map<number, BookingRow[]>(ids.map((id) => [id, []]));
  if (!ids.length) return byItem;
  for (const booking of await findBookingRows(db, clientId, { equipmentIds: ids, states: [...HOLDING] })) {
    byItem.get(booking.equipment_id)?.push(booking);
  }
  return byItem;
}

/** GET equipment/: a page of the items the caller sees, with the parts of the whole filtered list. */
export async function listEquipment(
  ctx: AppContext,
  auth: Caller,
  query: EquipmentListQuery,
  path: string,
): Promise<EquipmentListResponse> {
  const [scope, { today }] = await Promise.all([
    equipmentScope(ctx.db, auth),
    dayAndSettings(ctx.db, auth.clientId),
  ]);
  const { ids, total, parts } = await findEquipmentPage(ctx.db, scope, query, today);
  const [rows, bookings, pictures] = await Promise.all([
    findEquipmentRows(ctx.db, scope, ids),
    holdingBookings(ctx.db, auth.clientId, ids),
    findFirstPictureKeys(ctx.db, { clientIds: [auth.clientId], ownerType: 'equipment', ownerIds: ids }),
  ]);
  const viewer = { userId: auth.userId, today };
  const items = rows.map((row) =>
    presentEquipmentListItem(
      row,
      bookings.get(row.id) ?? [],
      rightsOf(auth, scope, row),
      pictures.get(row.id) ?? null,
      viewer,
    ),
  );
  return {
    ...buildPage({
      rows: items,
      total,
      page: query.page,
      perPage: query.paginate_by,
      path,
      query: equipmentListQueryToParams(query),
    }),
    parts,
  };
}

/** GET equipment/{id}. */
export async function getEquipment(ctx: AppContext, auth: Caller, id: number): Promise<Equipment> {
  const [scope, { today, settings }] = await Promise.all([
    equipmentScope(ctx.db, auth),
    dayAndSettings(ctx.db, auth.clientId),
  ]);
  const [row] = await findEquipmentRows(ctx.db, scope, [id]);
  if (!row) throw notFound('Equipment not found');
  const [bookings, managers, pictureRows] = await Promise.all([
    holdingBookings(ctx.db, row.client_id, [id]),
    findEquipmentManagers(ctx.db, row.client_id, [id]),
    findAttachmentRows(ctx.db, { clientId: row.client_id, ownerType: 'equipment', ownerIds: [id] }),
  ]);
  return presentItem(auth, scope, row, {
    today,
    settings,
    bookings: bookings.get(id) ?? [],
    managers: managers.get(id) ?? [],
    pictureRows,
  });
}

function presentItem(
  auth: Caller,
  scope: EquipmentScope,
  row: EquipmentRow,
  input: {
    today: string;
    settings: ClientSettings;
    bookings: BookingRow[];
    managers: PersonRow[];
    pictureRows: Awaited<ReturnType<typeof findAttachmentRows>>;
  },
): Equipment {
  const rights = rightsOf(auth, scope, row);
  // Pictures are changed by whoever may edit the item (none of the issue gallery's only-own limits).
  const pictures = presentAttachments(input.pictureRows, {
    callerId: auth.userId,
    permissions: {
      can_edit: rights.can_edit,
      can_edit_only_own_attachments: false,
      can_delete_only_own_attachments: false,
    },
  });
  const { handout } = bookingStateOf(input.bookings, input.today);
  const canReturn =
    handout !== null &&
    canReturnEquipment({
      strict: input.settings.is_equipment_return_strict,
      canManage: rights.can_manage,
      userId: auth.userId,
      holderUserId: handout.holder_user_id,
    });
  return presentEquipment(row, {
    bookings: input.bookings,
    rights,
    managers: input.managers,
    pictures: pictures.get(row.id) ?? [],
    viewer: { userId: auth.userId, today: input.today },
    canReturn,
  });
}

/** GET equipment/filter_options. */
export async function getEquipmentFilterOptions(
  ctx: AppContext,
  auth: Caller,
): Promise<EquipmentFilterOptions> {
  const scope = await equipmentScope(ctx.db, auth);
  return presentEquipmentFilterOptions(await findEquipmentFilterOptions(ctx.db, scope));
}

type Paging = { page: number; paginate_by: number };

/** GET equipment/{id}/activity_log: newest first, whoever sees the item. */
export async function listEquipmentActivity(
  ctx: AppContext,
  auth: Caller,
  id: number,
  paging: Paging,
  path: string,
) {
  const scope = await equipmentScope(ctx.db, auth);
  const item = await requireEquipmentRights(ctx.db, auth, scope, id);
  const { rows, total } = await findActivityPage(
    ctx.db,
    { clientId: item.client_id, type: ENTITY, id: item.id },
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
 * GET equipment/{id}/scan_log: QR scans and finders' reports, newest first. Where and by whom the
 * item was scanned, and the finders' contacts, are for those who manage it (as a workspace's scan
 * log is for those who run the workspace).
 */
export async function listEquipmentScans(
  ctx: AppContext,
  auth: Caller,
  id: number,
  paging: Paging,
  path: string,
) {
  const scope = await equipmentScope(ctx.db, auth);
  const item = await requireEquipmentRights(ctx.db, auth, scope, id);
  if (!canManageEquipmentRow(auth, scope, item)) {
    throw forbidden('Only those who manage the equipment read its scan log');
  }
  const { rows, total } = await findScanPage(ctx.db, { clientId: item.client_id, id }, paging);
  return buildPage({
    rows: rows.map(presentScan),
    total,
    page: paging.page,
    perPage: paging.paginate_by,
    path,
    query: { paginate_by: paging.paginate_by },
  });
}

/** The public code of an item the caller sees (its QR code). */
export async function equipmentPublicCode(ctx: AppContext, auth: Caller, id: number): Promise<string> {
  const scope = await equipmentScope(ctx.db, auth);
  const [row] = await findEquipmentRows(ctx.db, scope, [id]);
  if (!row) throw notFound('Equipment not found');
  return row.public_code;
}

// ---------------------------------------------------------------------------------------------
// The form: references and changes
// ---------------------------------------------------------------------------------------------

/** A workspace named in the body: one of the organisation's the caller sees, else 422 not_in_workspace. */
function bodyWorkspace(scope: EquipmentScope, field: string, workspaceId: number): WorkspaceGrant {
  const grant = scope.grants.get(workspaceId);
  if (!grant || grant.client_id !== scope.clientId) {
    throw new AppError(422, 'not_in_workspace', 'Workspace not found', { [field]: 'not_in_workspace' });
  }
  return grant;
}

/** can_create_equipment (001 §6): admins and managers of the workspace the item goes to. */
function requireCanAddTo(auth: Caller, grant: WorkspaceGrant): void {
  const isAdmin = auth.role === 'admin' && auth.clientId === grant.client_id;
  if (!canCreateEquipment({ isAdmin, workspaceRole: grant.role })) {
    throw forbidden('You may not add equipment to this workspace');
  }
}

/**
 * The references of the form against the item's organisation and workspace (001 §5): a live type
 * of the organisation; a group the caller sees, and for a workspace-bound group the item's
 * workspace its or one below it (not_same_workspace); a storage workspace the caller sees; each
 * manager a person of the organisation. Every bad field is named; nothing is written.
 */
async function checkReferences(
  db: Db,
  scope: EquipmentScope,
  target: {
    workspaceId: number;
    typeId?: number;
    groupId?: number | null;
    storageWorkspaceId?: number | null;
    managerIds?: number[];
  },
): Promise<{ typeStorage: EquipmentStorage | null }> {
  const fields: Record<string, ErrorKey> = {};
  let typeStorage: EquipmentStorage | null = null;
  if (target.typeId !== undefined) {
    const type = await findLiveType(db, scope.clientId, target.typeId);
    if (!type) fields.type_id = 'not_found';
    else typeStorage = type.storage;
  }
  if (target.groupId !== undefined && target.groupId !== null) {
    const group = await findVisibleGroup(db, scope, target.groupId);
    if (!group) fields.group_id = 'not_found';
    else if (group.workspace_id !== null) {
      const within = await findWorkspacesWithin(db, [target.workspaceId], group.workspace_id);
      if (!fitsEquipmentGroup(group.workspace_id, within, target.workspaceId))
        fields.group_id = 'not_same_workspace';
    }
  }
  if (target.storageWorkspaceId !== undefined && target.storageWorkspaceId !== null) {
    const grant = scope.grants.get(target.storageWorkspaceId);
    if (!grant || grant.client_id !== scope.clientId) fields.storage_workspace_id = 'not_in_workspace';
  }
  if (target.managerIds?.length) {
    const people = await findPeopleOfOrganisation(db, scope.clientId, target.managerIds);
    const index = target.managerIds.findIndex((id) => !people.has(id));
    if (index >= 0) fields[`manager_ids.${index}`] = 'not_in_workspace';
  }
  const [first] = Object.values(fields);
  if (first) throw new AppError(422, first, 'Check the marked fields', fields);
  return { typeStorage };
}

/** POST equipment: admins and managers of the workspace; a new item is stored (001 §3). */
export async function createEquipment(ctx: AppContext, auth: Caller, input: CreateInput): Promise<Equipment> {
  const scope = await equipmentScope(ctx.db, auth);
  const grant = bodyWorkspace(scope, 'workspace_id', input.workspace_id);
  requireCanAddTo(auth, grant);
  const managerIds = unique(input.manager_ids ?? []);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const { typeStorage } = await checkReferences(trx, scope, {
      workspaceId: grant.workspace_id,
      typeId: input.type_id,
      groupId: input.group_id,
      storageWorkspaceId: input.storage_workspace_id,
      managerIds,
    });
    const values = {
      title: input.title,
      workspace_id: grant.workspace_id,
      type_id: input.type_id,
      group_id: input.group_id ?? null,
      // The type gives its storage when the form leaves it out.
      storage: input.storage ?? typeStorage ?? 'NONE',
      storage_workspace_id: input.storage_workspace_id ?? null,
      location: input.location,
      description: input.description,
      serial_number: input.serial_number,
      reference_number: input.reference_number,
      handout_requires_approval: input.handout_requires_approval ?? false,
      links: input.links ?? [],
    };
    const row = await trx
      .insertInto('equipment')
      .values({
        ...values,
        ...locationInsertColumns(input.geo_location),
        links: JSON.stringify(values.links),
        status: 'stored',
        client_id: grant.client_id,
        created_by: auth.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setEquipmentManagers(trx, grant.client_id, row.id, managerIds);
    await logActivity(trx, {
      clientId: grant.client_id,
      userId: auth.userId,
      entityType: ENTITY,
      entityId: row.id,
      action: 'created',
      changes: { ...values, status: 'stored', manager_ids: managerIds },
    });
    return row.id;
  });
  return getEquipment(ctx, auth, id);
}

/** The columns PUT equipment/{id} may change (status and manager_ids apart). */
const EDITABLE = [
  'title',
  'workspace_id',
  'type_id',
  'group_id',
  'storage',
  'storage_workspace_id',
  'location',
  'description',
  'serial_number',
  'reference_number',
  'handout_requires_approval',
  'links',
] as const;
type Editable = (typeof EDITABLE)[number];
const TEXTS = new Set<Editable>(['location', 'description', 'serial_number', 'reference_number']);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Why an item may not be archived now: handed out (equipment_issued), or a request or reservation
 * holds days from today on (equipment_not_available: cancel or decide it first).
 */
function archiveRefusal(hold: { handedOut: boolean; heldAhead: boolean } | undefined): ErrorKey | null {
  if (hold?.handedOut) return 'equipment_issued';
  if (hold?.heldAhead) return 'equipment_not_available';
  return null;
}

/**
 * PUT equipment/{id} (001 §6): those who manage it, while it is not archived. An archived item
 * takes only status stored, which brings it back (anything else: equipment_archived); archiving
 * is refused while it is handed out or booked ahead. A new workspace must be one the caller may
 * add equipment to, and the group is checked again against it. The changes go to the log.
 */
export async function updateEquipment(
  ctx: AppContext,
  auth: Caller,
  id: number,
  input: UpdateInput,
): Promise<Equipment> {
  const [scope, { today }] = await Promise.all([
    equipmentScope(ctx.db, auth),
    dayAndSettings(ctx.db, auth.clientId),
  ]);
  await ctx.db.transaction().execute(async (trx) => {
    const rights = await lockEquipment(trx, auth, id);
    if (!canManageEquipmentRow(auth, scope, rights)) throw forbidden('You may not change this equipment');
    const current = await findEquipmentColumns(trx, rights.client_id, id);
    if (!current) throw notFound('Equipment not found');

    const changes: Record<string, [unknown, unknown]> = {};
    const next: Partial<Record<Editable, unknown>> = {};
    for (const field of EDITABLE) {
      const given = input[field];
      if (given === undefined) continue;
      const value = TEXTS.has(field) ? (given ? given : null) : given;
      if (!same(value, current[field])) {
        changes[field] = [current[field], value];
        next[field] = value;
      }
    }
    const geo = locationUpdate(current, input.geo_location);
    if (geo) changes.geo_location = geo.change;
    const wasArchived = current.status === 'archived';
    let status: 'stored' | 'archived' | undefined;
    if (input.status === 'archived' && !wasArchived) status = 'archived';
    if (input.status === 'stored' && wasArchived) status = 'stored';
    if (status) changes.status = [current.status, status];
    const managerIds = input.manager_ids === undefined ? undefined : unique(input.manager_ids);
    if (managerIds) {
      const before = [...rights.manager_ids].sort((a, b) => a - b);
      const after = [...managerIds].sort((a, b) => a - b);
      if (!same(before, after)) changes.manager_ids = [before, after];
    }
    if (wasArchived && (status !== 'stored' || Object.keys(changes).length > 1)) {
      throw new AppError(422, 'equipment_archived', 'The equipment is archived: bring it back first');
    }
    if (!Object.keys(changes).length) return;
    if (status === 'archived') {
      const refusal = archiveRefusal((await findBookingHolds(trx, [id], today)).get(id));
      if (refusal) throw new AppError(422, refusal, 'The equipment is handed out or booked ahead');
    }

    const workspaceId = (next.workspace_id as number | undefined) ?? current.workspace_id;
    if (changes.workspace_id) requireCanAddTo(auth, bodyWorkspace(scope, 'workspace_id', workspaceId));
    const moved = !!changes.workspace_id;
    await checkReferences(trx, scope, {
      workspaceId,
      typeId: changes.type_id ? (next.type_id as number) : undefined,
      groupId:
        changes.group_id || moved
          ? next.group_id !== undefined
            ? (next.group_id as number | null)
            : current.group_id
          : undefined,
      storageWorkspaceId: changes.storage_workspace_id
        ? (next.storage_workspace_id as number | null)
        : undefined,
      managerIds: changes.manager_ids ? managerIds : undefined,
    });

    const set: Updateable<EquipmentTable> = {
      ...(next as Omit<Updateable<EquipmentTable>, 'links'>),
      ...(next.links !== undefined ? { links: JSON.stringify(next.links) } : {}),
      ...(geo ? geo.columns : {}),
      ...(status ? { status } : {}),
      updated_at: new Date(),
    };
    await trx
      .updateTable('equipment')
      .set(set)
      .where('id', '=', id)
      .where('client_id', '=', rights.client_id)
      .execute();
    if (changes.manager_ids && managerIds) await setEquipmentManagers(trx, rights.client_id, id, managerIds);
    await logActivity(trx, {
      clientId: rights.client_id,
      userId: auth.userId,
      entityType: ENTITY,
      entityId: id,
      action: status === 'archived' ? 'archived' : status === 'stored' ? 'unarchived' : 'updated',
      changes,
    });
  });
  return getEquipment(ctx, auth, id);
}

/**
 * DELETE equipment/{id}: those who manage it, not while it is handed out (equipment_issued).
 * Soft: its requests and reservations are cancelled, and issues and schedules stop naming it.
 */
export async function deleteEquipment(ctx: AppContext, auth: Caller, id: number) {
  const [scope, { today }] = await Promise.all([
    equipmentScope(ctx.db, auth),
    dayAndSettings(ctx.db, auth.clientId),
  ]);
  await ctx.db.transaction().execute(async (trx) => {
    const rights = await lockEquipment(trx, auth, id);
    if (!canManageEquipmentRow(auth, scope, rights)) throw forbidden('You may not delete this equipment');
    if ((await findBookingHolds(trx, [id], today)).get(id)?.handedOut) {
      throw new AppError(422, 'equipment_issued', 'The equipment is handed out: take it back first');
    }
    await softDeleteEquipment(trx, rights.client_id, [id], new Date());
    await logActivity(trx, {
      clientId: rights.client_id,
      userId: auth.userId,
      entityType: ENTITY,
      entityId: id,
      action: 'deleted',
      changes: { title: rights.title },
    });
  });
  return { success: true as const };
}

/** POST equipment/duplicate/{id}: a stored copy (no bookings, no pictures) by those who may add equipment to its workspace. */
export async function duplicateEquipment(ctx: AppContext, auth: Caller, id: number): Promise<Equipment> {
  const scope = await equipmentScope(ctx.db, auth);
  const copyId = await ctx.db.transaction().execute(async (trx) => {
    const rights = await lockEquipment(trx, auth, id);
    const grant = scope.grants.get(rights.workspace_id);
    if (!grant) throw notFound('Equipment not found');
    requireCanAddTo(auth, grant);
    const source = await findEquipmentColumns(trx, rights.client_id, id);
    if (!source) throw notFound('Equipment not found');
    const suffix = ' (copy)';
    const title = `${source.title.slice(0, EQUIPMENT_TITLE_MAX - suffix.length)}${suffix}`;
    const values = {
      title,
      workspace_id: source.workspace_id,
      type_id: source.type_id,
      group_id: source.group_id,
      storage: source.storage,
      storage_workspace_id: source.storage_workspace_id,
      location: source.location,
      description: source.description,
      serial_number: source.serial_number,
      reference_number: source.reference_number,
      handout_requires_approval: source.handout_requires_approval,
      links: source.links,
    };
    const row = await trx
      .insertInto('equipment')
      .values({
        ...values,
        links: JSON.stringify(values.links),
        status: 'stored',
        client_id: rights.client_id,
        created_by: auth.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setEquipmentManagers(trx, rights.client_id, row.id, rights.manager_ids);
    await logActivity(trx, {
      clientId: rights.client_id,
      userId: auth.userId,
      entityType: ENTITY,
      entityId: row.id,
      action: 'created',
      changes: { ...values, status: 'stored', manager_ids: rights.manager_ids, duplicated_from: id },
    });
    await logActivity(trx, {
      clientId: rights.client_id,
      userId: auth.userId,
      entityType: ENTITY,
      entityId: id,
      action: 'duplicated',
      changes: { copy_id: row.id },
    });
    return row.id;
  });
  return getEquipment(ctx, auth, copyId);
}

// ---------------------------------------------------------------------------------------------
// Several items at once
// ---------------------------------------------------------------------------------------------

/**
 * The multiple calls: each id the caller does not see is not_found, one they may not manage is
 * forbidden; `act` decides the rest (done, or refused with a key), all in one transaction.
 */
async function multiAction(
  ctx: AppContext,
  auth: Caller,
  ids: readonly number[],
  act: (
    trx: Db,
    rows: EquipmentRightsRow[],
    scope: EquipmentScope,
  ) => Promise<{ done: number[]; not_done: Array<{ id: number; error: string }> }>,
): Promise<EquipmentBulkResult> {
  const scope = await equipmentScope(ctx.db, auth);
  const wanted = unique(ids);
  return ctx.db.transaction().execute(async (trx) => {
    const visible = await findVisibleEquipmentIds(trx, scope, wanted);
    const rights = await findEquipmentRights(trx, auth.clientId, [...visible], { forUpdate: true });
    const refused: Array<{ id: number; error: string }> = [];
    const allowed: EquipmentRightsRow[] = [];
    for (const id of wanted) {
      const row = visible.has(id) ? rights.get(id) : undefined;
      if (!row) refused.push({ id, error: 'not_found' });
      else if (!canManageEquipmentRow(auth, scope, row)) refused.push({ id, error: 'forbidden' });
      else allowed.push(row);
    }
    const result = allowed.length ? await act(trx, allowed, scope) : { done: [], not_done: [] };
    const order = new Map(wanted.map((id, i) => [id, i]));
    return {
      done: result.done,
      not_done: [...refused, ...result.not_done].sort(
        (a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0),
      ),
    };
  });
}

/** Writes the same values to several items of a multiple call and logs each item's change. */
async function setOnItems(
  trx: Db,
  auth: Caller,
  rows: readonly EquipmentRightsRow[],
  values: Updateable<EquipmentTable>,
  action: string,
  changesOf: (row: EquipmentRightsRow) => Record<string, unknown>,
): Promise<void> {
  if (!rows.length) return;
  await trx
    .updateTable('equipment')
    .set(values)
    .where('client_id', '=', auth.clientId)
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  for (const row of rows) {
    await logActivity(trx, {
      clientId: row.client_id,
      userId: auth.userId,
      entityType: ENTITY,
      entityId: row.id,
      action,
      changes: changesOf(row),
    });
  }
}

/** POST equipment/multiple/add_to_group: a group the caller sees; a workspace-bound one takes items of its tree only. */
export async function addEquipmentToGroup(
  ctx: AppContext,
  auth: Caller,
  ids: readonly number[],
  groupId: number,
): Promise<EquipmentBulkResult> {
  const scope = await equipmentScope(ctx.db, auth);
  const group = await findVisibleGroup(ctx.db, scope, groupId);
  if (!group) throw new AppError(422, 'not_found', 'Equipment group not found', { group_id: 'not_found' });
  return multiAction(ctx, auth, ids, async (trx, rows) => {
    const within =
      group.workspace_id === null
        ? new Set<number>()
        : await findWorkspacesWithin(trx, unique(rows.map((r) => r.workspace_id)), group.workspace_id);
    const done: number[] = [];
    const notDone: Array<{ id: number; error: string }> = [];
    for (const row of rows) {
      if (row.status === 'archived') notDone.push({ id: row.id, error: 'equipment_archived' });
      else if (!fitsEquipmentGroup(group.workspace_id, within, row.workspace_id))
        notDone.push({ id: row.id, error: 'not_same_workspace' });
      else done.push(row.id);
    }
    const moving = rows.filter((r) => done.includes(r.id) && r.group_id !== groupId);
    await setOnItems(trx, auth, moving, { group_id: groupId, updated_at: new Date() }, 'updated', (row) => ({
      group_id: [row.group_id, groupId],
    }));
    return { done, not_done: notDone };
  });
}

/** POST equipment/multiple/archive: not those handed out or booked ahead; one archived already counts as done. */
export async function multiArchiveEquipment(
  ctx: AppContext,
  auth: Caller,
  ids: readonly number[],
): Promise<EquipmentBulkResult> {
  const { today } = await dayAndSettings(ctx.db, auth.clientId);
  return multiAction(ctx, auth, ids, async (trx, rows) => {
    const holds = await findBookingHolds(
      trx,
      rows.map((r) => r.id),
      today,
    );
    const done: number[] = [];
    const notDone: Array<{ id: number; error: string }> = [];
    const archiving: EquipmentRightsRow[] = [];
    for (const row of rows) {
      if (row.status === 'archived') {
        done.push(row.id);
        continue;
      }
      const refusal = archiveRefusal(holds.get(row.id));
      if (refusal) notDone.push({ id: row.id, error: refusal });
      else {
        done.push(row.id);
        archiving.push(row);
      }
    }
    await setOnItems(
      trx,
      auth,
      archiving,
      { status: 'archived', updated_at: new Date() },
      'archived',
      (row) => ({
        status: [row.status, 'archived'],
      }),
    );
    return { done, not_done: notDone };
  });
}

/** POST equipment/multiple/delete: not those handed out. */
export async function multiDeleteEquipment(
  ctx: AppContext,
  auth: Caller,
  ids: readonly number[],
): Promise<EquipmentBulkResult> {
  const { today } = await dayAndSettings(ctx.db, auth.clientId);
  return multiAction(ctx, auth, ids, async (trx, rows) => {
    const holds = await findBookingHolds(
      trx,
      rows.map((r) => r.id),
      today,
    );
    const deleting = rows.filter((r) => !holds.get(r.id)?.handedOut);
    const notDone = rows
      .filter((r) => holds.get(r.id)?.handedOut)
      .map((r) => ({ id: r.id, error: 'equipment_issued' }));
    await softDeleteEquipment(
      trx,
      auth.clientId,
      deleting.map((r) => r.id),
      new Date(),
    );
    for (const row of deleting) {
      await logActivity(trx, {
        clientId: row.client_id,
        userId: auth.userId,
        entityType: ENTITY,
        entityId: row.id,
        action: 'deleted',
        changes: { title: row.title },
      });
    }
    return { done: deleting.map((r) => r.id), not_done: notDone };
  });
}
