import {
  canManageExternalHolders,
  type ExternalHolder,
  type ExternalHolderListQuery,
  externalHolderDeleteRefusal,
  type ZCreateExternalHolderRequestSchema,
  type ZExternalHolderListResponseSchema,
  type ZUpdateExternalHolderRequestSchema,
} from '@workbench/domain';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import type { Auth } from '../../http/authenticate.js';
import { AppError, forbidden, notFound } from '../../http/errors.js';
import { logActivity } from '../activity/activity-log.js';
import { assetSetPage } from '../assets/asset-sets.js';
import { changesOf, equipmentSetCallerOf } from './equipment-type-service.js';
import { equipmentScope } from './equipment-visibility.js';
import { presentExternalHolder } from './external-holder-presenter.js';
import {
  deleteExternalHolderRow,
  EXTERNAL_HOLDER_COLUMNS,
  type ExternalHolderRow,
  type ExternalHolderValues,
  findExternalHolderPage,
  findExternalHolderRows,
  insertExternalHolder,
  lockExternalHolder,
  updateExternalHolderRow,
} from './external-holder-queries.js';

type Db = Kysely<Database> | Transaction<Database>;
type CreateBody = z.output<typeof ZCreateExternalHolderRequestSchema>;
type UpdateBody = z.output<typeof ZUpdateExternalHolderRequestSchema>;
type ExternalHolderListResponse = z.output<typeof ZExternalHolderListResponseSchema>;

const ENTITY = 'external_holder';

/** Whether the caller adds, changes, archives and deletes external holders (admins, workspace managers). */
async function mayManage(db: Db, auth: Auth): Promise<boolean> {
  return canManageExternalHolders(equipmentSetCallerOf(auth, await equipmentScope(db, auth)));
}

async function presentOne(db: Db, auth: Auth, id: number, canEdit: boolean): Promise<ExternalHolder> {
  const [row] = await findExternalHolderRows(db, auth.clientId, [id]);
  if (!row) throw notFound('External holder not found');
  return presentExternalHolder(row, canEdit);
}

/** GET equipment/external_holder: every person of the organisation reads them (default name ascending). */
export async function listExternalHolders(
  ctx: AppContext,
  auth: Auth,
  query: ExternalHolderListQuery,
  path: string,
): Promise<ExternalHolderListResponse> {
  const canEdit = await mayManage(ctx.db, auth);
  const { ids, total } = await findExternalHolderPage(ctx.db, auth.clientId, query);
  const rows = await findExternalHolderRows(ctx.db, auth.clientId, ids);
  return assetSetPage(
    query,
    rows.map((row) => presentExternalHolder(row, canEdit)),
    total,
    path,
  );
}

export async function getExternalHolder(ctx: AppContext, auth: Auth, id: number): Promise<ExternalHolder> {
  return presentOne(ctx.db, auth, id, await mayManage(ctx.db, auth));
}

/** POST equipment/external_holder: admins and anyone who manages a workspace. */
export async function createExternalHolder(
  ctx: AppContext,
  auth: Auth,
  body: CreateBody,
): Promise<ExternalHolder> {
  if (!(await mayManage(ctx.db, auth))) throw forbidden('Only admins and managers add external holders');
  const values: ExternalHolderValues = {
    full_name: body.full_name,
    company: body.company ?? null,
    email: body.email ?? null,
    phone: body.phone ?? null,
    status: body.status ?? 'active',
  };
  return ctx.db.transaction().execute(async (trx) => {
    const id = await insertExternalHolder(trx, auth.clientId, auth.userId, values);
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: ENTITY,
      entityId: id,
      action: 'created',
      changes: { ...values },
    });
    return presentOne(trx, auth, id, true);
  });
}

/** Runs a change of the holder in one transaction, the row locked: 403 first, 404 when gone. */
async function changeHolder<T>(
  ctx: AppContext,
  auth: Auth,
  id: number,
  change: (trx: Transaction<Database>, row: ExternalHolderRow) => Promise<T>,
): Promise<T> {
  if (!(await mayManage(ctx.db, auth))) throw forbidden('Only admins and managers change external holders');
  return ctx.db.transaction().execute(async (trx) => {
    await lockExternalHolder(trx, auth.clientId, id);
    const [row] = await findExternalHolderRows(trx, auth.clientId, [id]);
    if (!row) throw notFound('External holder not found');
    return change(trx, row);
  });
}

/** PUT equipment/external_holder/{id}: the fields given (status archives or brings back). */
export async function updateExternalHolder(
  ctx: AppContext,
  auth: Auth,
  id: number,
  body: UpdateBody,
): Promise<ExternalHolder> {
  return changeHolder(ctx, auth, id, async (trx, row) => {
    const values: Partial<ExternalHolderValues> = {};
    for (const key of EXTERNAL_HOLDER_COLUMNS) {
      if (body[key] !== undefined) (values as Record<string, unknown>)[key] = body[key];
    }
    const changes = changesOf(
      row as ExternalHolderRow & ExternalHolderValues,
      values,
      EXTERNAL_HOLDER_COLUMNS,
    );
    if (Object.keys(changes).length) {
      const changed = Object.fromEntries(
        Object.keys(changes).map((k) => [k, values[k as keyof typeof values]]),
      );
      await updateExternalHolderRow(trx, auth.clientId, id, changed);
      await logActivity(trx, {
        clientId: auth.clientId,
        userId: auth.userId,
        entityType: ENTITY,
        entityId: id,
        action: 'updated',
        changes,
      });
    }
    return presentOne(trx, auth, id, true);
  });
}

/**
 * DELETE equipment/external_holder/{id}: refused while they hold or have reserved something
 * (422 holder_has_equipment); a soft delete, so past bookings keep naming them.
 */
export async function deleteExternalHolder(ctx: AppContext, auth: Auth, id: number) {
  return changeHolder(ctx, auth, id, async (trx, row) => {
    const refusal = externalHolderDeleteRefusal(row.holding_count);
    if (refusal) throw new AppError(422, refusal, 'They still hold or have reserved equipment');
    await deleteExternalHolderRow(trx, auth.clientId, id);
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: ENTITY,
      entityId: id,
      action: 'deleted',
      changes: { full_name: row.full_name },
    });
    return { success: true as const };
  });
}
