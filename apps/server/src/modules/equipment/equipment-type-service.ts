import {
  canCreateEquipmentType,
  canEditEquipmentType,
  EQUIPMENT_TYPE_DEFAULTS,
  type EquipmentSetCaller,
  type EquipmentType,
  type EquipmentTypeListQuery,
  equipmentTypeDeleteRefusal,
  managesSomeWorkspace,
  type ZCreateEquipmentTypeRequestSchema,
  type ZEquipmentTypeListResponseSchema,
  type ZUpdateEquipmentTypeRequestSchema,
} from '@workbench/domain';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import type { Auth } from '../../http/authenticate.js';
import { AppError, fieldError, forbidden, notFound } from '../../http/errors.js';
import { logActivity } from '../activity/activity-log.js';
import { assetSetPage } from '../assets/asset-sets.js';
import { presentEquipmentType } from './equipment-type-presenter.js';
import {
  deleteEquipmentTypeRow,
  EQUIPMENT_TYPE_COLUMNS,
  type EquipmentTypeRow,
  type EquipmentTypeValues,
  findEquipmentTypePage,
  findEquipmentTypeRows,
  insertEquipmentType,
  lockEquipmentType,
  updateEquipmentTypeRow,
} from './equipment-type-queries.js';
import { type EquipmentScope, equipmentScope } from './equipment-visibility.js';

type Db = Kysely<Database> | Transaction<Database>;
type CreateBody = z.output<typeof ZCreateEquipmentTypeRequestSchema>;
type UpdateBody = z.output<typeof ZUpdateEquipmentTypeRequestSchema>;
type Changes = Record<string, [unknown, unknown]>;
type EquipmentTypeListResponse = z.output<typeof ZEquipmentTypeListResponseSchema>;

const ENTITY = 'equipment_type';

/**
 * The caller as the rules of types, external holders and groups need them (equipment-set-rules):
 * an admin of their organisation, a manager of some workspace of it.
 */
export function equipmentSetCallerOf(auth: Auth, scope: EquipmentScope): EquipmentSetCaller {
  return {
    isAdmin: auth.role === 'admin' && auth.clientId === scope.clientId,
    managesSomeWorkspace: managesSomeWorkspace([...scope.grants.values()].map((g) => g.role)),
  };
}

/** A workspace an equipment type or group names: one of the caller's organisation they see (422). */
export function requireSeenWorkspace(scope: EquipmentScope, workspaceId: number): void {
  if (!scope.grants.has(workspaceId)) {
    throw fieldError('workspace_id', 'not_in_workspace', 'That workspace is not one of yours');
  }
}

/** The fields that differ, as [before, after]. */
export function changesOf<T extends Record<string, unknown>>(
  row: T,
  values: Partial<T>,
  keys: readonly (keyof T & string)[],
): Changes {
  const changes: Changes = {};
  for (const key of keys) {
    const next = values[key];
    if (next !== undefined && next !== row[key]) changes[key] = [row[key], next];
  }
  return changes;
}

function canEditTypeRow(auth: Auth, scope: EquipmentScope, row: EquipmentTypeRow): boolean {
  return canEditEquipmentType({
    isAdmin: auth.role === 'admin' && auth.clientId === row.client_id,
    workspaceId: row.workspace_id,
    workspaceRole: row.workspace_id === null ? null : (scope.grants.get(row.workspace_id)?.role ?? null),
  });
}

async function presentOne(db: Db, auth: Auth, scope: EquipmentScope, id: number): Promise<EquipmentType> {
  const [row] = await findEquipmentTypeRows(db, auth.clientId, [id]);
  if (!row) throw notFound('Equipment type not found');
  return presentEquipmentType(row, canEditTypeRow(auth, scope, row));
}

/** GET equipment/type: every person of the organisation reads its types (the item form's picker). */
export async function listEquipmentTypes(
  ctx: AppContext,
  auth: Auth,
  query: EquipmentTypeListQuery,
  path: string,
): Promise<EquipmentTypeListResponse> {
  const scope = await equipmentScope(ctx.db, auth);
  const { ids, total } = await findEquipmentTypePage(ctx.db, auth.clientId, query);
  const rows = await findEquipmentTypeRows(ctx.db, auth.clientId, ids);
  const data = rows.map((row) => presentEquipmentType(row, canEditTypeRow(auth, scope, row)));
  return assetSetPage(query, data, total, path);
}

export async function getEquipmentType(ctx: AppContext, auth: Auth, id: number): Promise<EquipmentType> {
  return presentOne(ctx.db, auth, await equipmentScope(ctx.db, auth), id);
}

/** What a type's form changes, as columns (only the fields given). */
function typeValues(body: UpdateBody): Partial<EquipmentTypeValues> {
  const values: Partial<EquipmentTypeValues> = {};
  for (const key of EQUIPMENT_TYPE_COLUMNS) {
    const value = body[key];
    if (value !== undefined) (values as Record<string, unknown>)[key] = value;
  }
  return values;
}

/**
 * POST equipment/type: admins and anyone who manages a workspace. What the form leaves out takes
 * the defaults of 001 §9 (1 week return period, 1 week longest reservation, 1 buffer day before).
 */
export async function createEquipmentType(
  ctx: AppContext,
  auth: Auth,
  body: CreateBody,
): Promise<EquipmentType> {
  const scope = await equipmentScope(ctx.db, auth);
  if (!canCreateEquipmentType(equipmentSetCallerOf(auth, scope)))
    throw forbidden('Only admins and workspace managers add equipment types');
  if (body.workspace_id) requireSeenWorkspace(scope, body.workspace_id);
  const values: EquipmentTypeValues = {
    ...EQUIPMENT_TYPE_DEFAULTS,
    status: 'active',
    description: null,
    location: null,
    ...typeValues(body),
    name: body.name,
    workspace_id: body.workspace_id ?? null,
  };
  return ctx.db.transaction().execute(async (trx) => {
    const id = await insertEquipmentType(trx, auth.clientId, auth.userId, values);
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: ENTITY,
      entityId: id,
      action: 'created',
      changes: { ...values },
    });
    return presentOne(trx, auth, scope, id);
  });
}

/**
 * Runs a change of the type in one transaction, its row locked: 404 when it is gone, 403 when
 * the caller may not change it (admins; managers of its workspace; an unbound type admins only).
 */
async function changeType<T>(
  ctx: AppContext,
  auth: Auth,
  id: number,
  change: (trx: Transaction<Database>, scope: EquipmentScope, row: EquipmentTypeRow) => Promise<T>,
): Promise<T> {
  const scope = await equipmentScope(ctx.db, auth);
  return ctx.db.transaction().execute(async (trx) => {
    await lockEquipmentType(trx, auth.clientId, id);
    const [row] = await findEquipmentTypeRows(trx, auth.clientId, [id]);
    if (!row) throw notFound('Equipment type not found');
    if (!canEditTypeRow(auth, scope, row)) throw forbidden('You may not change this equipment type');
    return change(trx, scope, row);
  });
}

/** PUT equipment/type/{id}: the fields given; a new workspace must be one the caller sees. */
export async function updateEquipmentType(
  ctx: AppContext,
  auth: Auth,
  id: number,
  body: UpdateBody,
): Promise<EquipmentType> {
  return changeType(ctx, auth, id, async (trx, scope, row) => {
    const values = typeValues(body);
    if (body.workspace_id !== undefined) values.workspace_id = body.workspace_id ?? null;
    if (values.workspace_id && values.workspace_id !== row.workspace_id)
      requireSeenWorkspace(scope, values.workspace_id);
    const changes = changesOf(row as EquipmentTypeValues & EquipmentTypeRow, values, EQUIPMENT_TYPE_COLUMNS);
    if (!Object.keys(changes).length) return presentOne(trx, auth, scope, id);
    const changed = Object.fromEntries(
      Object.keys(changes).map((k) => [k, values[k as keyof typeof values]]),
    );
    await updateEquipmentTypeRow(trx, auth.clientId, id, changed);
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: ENTITY,
      entityId: id,
      action: 'updated',
      changes,
    });
    return presentOne(trx, auth, scope, id);
  });
}

/** DELETE equipment/type/{id}: refused while an item uses it (422 type_in_use); soft delete. */
export async function deleteEquipmentType(ctx: AppContext, auth: Auth, id: number) {
  return changeType(ctx, auth, id, async (trx, _scope, row) => {
    const refusal = equipmentTypeDeleteRefusal(row.equipment_count);
    if (refusal) throw new AppError(422, refusal, 'Items still use this type');
    await deleteEquipmentTypeRow(trx, auth.clientId, id);
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: ENTITY,
      entityId: id,
      action: 'deleted',
      changes: { name: row.name },
    });
    return { success: true as const };
  });
}
