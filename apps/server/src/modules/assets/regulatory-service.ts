import {
  ASSET_STATUS,
  type RegulatoryFile,
  type RegulatoryFileList,
  type ZUpdateRegulatoryFileRequestSchema,
} from '@workbench/domain';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import type { Auth } from '../../http/authenticate.js';
import { AppError, fieldError, forbidden, notFound } from '../../http/errors.js';
import { newFileKey } from '../../storage/file-storage.js';
import { logActivity } from '../activity/activity-log.js';
import { withFileCleanup } from '../attachments/attachment-service.js';
import { type AssetRightsRow, findVisibleAssetRights } from './asset-group-queries.js';
import { canEditAssetRow, canManageAssetRow } from './asset-group-rights.js';
import { type AssetScope, assetScope } from './asset-visibility.js';
import { presentRegulatoryFile } from './regulatory-presenter.js';
import {
  findRegulatoryFile,
  findRegulatoryFileAssets,
  findRegulatoryFilesOfAsset,
  insertRegulatoryFile,
  lockRegulatoryFile,
  type RegulatoryFileRow,
} from './regulatory-queries.js';
import type { RegulatoryUpload } from './regulatory-upload.js';

type Db = Kysely<Database> | Transaction<Database>;
type UpdateBody = z.output<typeof ZUpdateRegulatoryFileRequestSchema>;

/** The server's today (UTC): the day the states expired / expiring / valid are judged on. */
export const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * Whether the caller may change files of all these assets (canEditAsset on each): the refusal of
 * the first that stops them, or undefined. Assets they do not see: not_found; archived ones they
 * could otherwise edit: asset_archived (read only until brought back); the rest: forbidden.
 */
function refusalFor(
  auth: Auth,
  scope: AssetScope,
  rights: Map<number, AssetRightsRow>,
  ids: number[],
): AppError | undefined {
  const rows = ids.map((id) => rights.get(id));
  if (rows.some((row) => !row)) return notFound('Asset not found');
  const present = rows as AssetRightsRow[];
  if (present.some((row) => !canManageAssetRow(auth, scope, row))) {
    return forbidden('You may not change the files of this asset');
  }
  if (present.some((row) => row.status === ASSET_STATUS.ARCHIVED || !canEditAssetRow(auth, scope, row))) {
    return new AppError(422, 'asset_archived', 'The asset is archived: bring it back to change its files');
  }
  return undefined;
}

/** A file's upload, change or deletion shows on the log of every asset it covers. */
async function logOnAssets(
  trx: Db,
  auth: Auth,
  clientId: number,
  assetIds: number[],
  action: string,
  changes: Record<string, unknown>,
) {
  for (const assetId of assetIds) {
    await logActivity(trx, {
      clientId,
      userId: auth.userId,
      entityType: 'asset',
      entityId: assetId,
      action,
      changes,
    });
  }
}

async function presentFiles(
  db: Db,
  auth: Auth,
  scope: AssetScope,
  rows: RegulatoryFileRow[],
): Promise<RegulatoryFile[]> {
  const covered = await findRegulatoryFileAssets(
    db,
    scope,
    rows.map((r) => r.id),
  );
  const allIds = [...new Set([...covered.values()].flatMap((c) => c.all))];
  const rights = await findVisibleAssetRights(db, scope, allIds);
  const today = todayUtc();
  return rows.map((row) => {
    const assets = covered.get(row.id) ?? { all: [], visible: [] };
    const canEdit = assets.all.length > 0 && !refusalFor(auth, scope, rights, assets.all);
    return presentRegulatoryFile(row, assets.visible, canEdit, today);
  });
}

async function presentOne(db: Db, auth: Auth, scope: AssetScope, id: number): Promise<RegulatoryFile> {
  const row = await findRegulatoryFile(db, id);
  if (!row) throw notFound('Regulatory file not found');
  const [file] = await presentFiles(db, auth, scope, [row]);
  return file as RegulatoryFile;
}

/** GET asset/{id}/regulatory (the id guard answered 404 for an asset the caller does not see). */
export async function listRegulatoryFiles(
  ctx: AppContext,
  auth: Auth,
  assetId: number,
): Promise<RegulatoryFileList> {
  const scope = await assetScope(ctx.db, auth);
  return { data: await presentFiles(ctx.db, auth, scope, await findRegulatoryFilesOfAsset(ctx.db, assetId)) };
}

export async function getRegulatoryFile(ctx: AppContext, auth: Auth, id: number): Promise<RegulatoryFile> {
  return presentOne(ctx.db, auth, await assetScope(ctx.db, auth), id);
}

/** Refuses a caller who may not add files to the asset, before a byte of the upload is read. */
export async function assertCanAddRegulatoryFile(
  ctx: AppContext,
  auth: Auth,
  assetId: number,
): Promise<void> {
  const scope = await assetScope(ctx.db, auth);
  const refusal = refusalFor(auth, scope, await findVisibleAssetRights(ctx.db, scope, [assetId]), [assetId]);
  if (refusal) throw refusal;
}

/**
 * POST asset/{id}/regulatory and POST asset/regulatory (global): one stored file covering every
 * named asset. The caller must be able to edit each (else nothing is written: 422 asset_ids for
 * an asset they do not see in the global form, 403 or asset_archived); the file was checked by
 * content when the form was read.
 */
export async function uploadRegulatoryFile(
  ctx: AppContext,
  auth: Auth,
  assetIds: number[],
  upload: RegulatoryUpload,
  options: { field?: 'asset_ids' } = {},
): Promise<RegulatoryFile> {
  if (!assetIds.length) throw fieldError('asset_ids', 'required', 'Choose at least one asset');
  const scope = await assetScope(ctx.db, auth);
  return withFileCleanup(ctx, (written) =>
    ctx.db.transaction().execute(async (trx) => {
      // Locked: an asset archived or deleted meanwhile is judged as it is now.
      await trx.selectFrom('assets').select('id').where('id', 'in', assetIds).forUpdate().execute();
      const rights = await findVisibleAssetRights(trx, scope, assetIds);
      const refusal = refusalFor(auth, scope, rights, assetIds);
      if (refusal?.key === 'not_found' && options.field) {
        throw fieldError(options.field, 'not_found', 'Asset not found');
      }
      if (refusal) throw refusal;
      const key = newFileKey(auth.clientId, 'regulatory', upload.file.ext);
      await ctx.storage.put(key, upload.file.data);
      written.push(key);
      const id = await insertRegulatoryFile(trx, {
        clientId: auth.clientId,
        userId: auth.userId,
        name: upload.fields.name,
        kind: upload.fields.kind,
        fileKey: key,
        originalFilename: upload.file.name,
        mimeType: upload.file.mimeType,
        sizeBytes: upload.file.data.length,
        issuedOn: upload.fields.issued_on,
        validUntil: upload.fields.valid_until,
        assetIds,
      });
      await logOnAssets(trx, auth, auth.clientId, assetIds, 'regulatory_file_uploaded', {
        file_id: id,
        name: upload.fields.name,
        kind: upload.fields.kind,
        valid_until: upload.fields.valid_until,
      });
      return presentOne(trx, auth, scope, id);
    }),
  );
}

/** The file (locked) and its assets, when the caller may change it (every asset it covers). */
async function requireEditableFile(trx: Db, auth: Auth, scope: AssetScope, id: number) {
  await lockRegulatoryFile(trx, id);
  const row = await findRegulatoryFile(trx, id);
  if (!row) throw notFound('Regulatory file not found');
  const assetIds = (await findRegulatoryFileAssets(trx, scope, [id])).get(id)?.all ?? [];
  const refusal = refusalFor(auth, scope, await findVisibleAssetRights(trx, scope, assetIds), assetIds);
  // An asset of the file the caller does not see: they may not change it (they see the file).
  if (refusal) throw refusal.key === 'not_found' ? forbidden('You may not change this file') : refusal;
  if (!assetIds.length) throw forbidden('You may not change this file');
  return { row, assetIds };
}

/** PUT asset/regulatory/{id}: name, kind and dates; valid_until may not be before issued_on. */
export async function updateRegulatoryFile(
  ctx: AppContext,
  auth: Auth,
  id: number,
  body: UpdateBody,
): Promise<RegulatoryFile> {
  const scope = await assetScope(ctx.db, auth);
  return ctx.db.transaction().execute(async (trx) => {
    const { row, assetIds } = await requireEditableFile(trx, auth, scope, id);
    const issuedOn = body.issued_on === undefined ? row.issued_on : body.issued_on;
    const validUntil = body.valid_until === undefined ? row.valid_until : body.valid_until;
    if (issuedOn && validUntil && validUntil < issuedOn) {
      throw fieldError('valid_until', 'valid_until_before_issued', 'Valid until is before the issue date');
    }
    const changes: Record<string, [unknown, unknown]> = {};
    if (body.name !== undefined && body.name !== row.name) changes.name = [row.name, body.name];
    if (body.kind !== undefined && body.kind !== row.kind) changes.kind = [row.kind, body.kind];
    if (issuedOn !== row.issued_on) changes.issued_on = [row.issued_on, issuedOn];
    if (validUntil !== row.valid_until) changes.valid_until = [row.valid_until, validUntil];
    if (!Object.keys(changes).length) return presentOne(trx, auth, scope, id);
    await trx
      .updateTable('regulatory_files')
      .set({
        ...(changes.name ? { name: body.name } : {}),
        ...(changes.kind ? { kind: body.kind } : {}),
        ...(changes.issued_on ? { issued_on: issuedOn } : {}),
        ...(changes.valid_until ? { valid_until: validUntil } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .where('client_id', '=', row.client_id)
      .execute();
    await logOnAssets(trx, auth, row.client_id, assetIds, 'regulatory_file_updated', {
      file_id: id,
      ...changes,
    });
    return presentOne(trx, auth, scope, id);
  });
}

/**
 * DELETE asset/regulatory/{id}: gone from every asset it covers (soft: the row stays for the
 * logs; nobody is handed its address again, and addresses handed out expire within two hours).
 */
export async function deleteRegulatoryFile(ctx: AppContext, auth: Auth, id: number) {
  const scope = await assetScope(ctx.db, auth);
  return ctx.db.transaction().execute(async (trx) => {
    const { row, assetIds } = await requireEditableFile(trx, auth, scope, id);
    const now = new Date();
    await trx
      .updateTable('regulatory_files')
      .set({ deleted_at: now, updated_at: now })
      .where('id', '=', id)
      .where('client_id', '=', row.client_id)
      .execute();
    await logOnAssets(trx, auth, row.client_id, assetIds, 'regulatory_file_deleted', {
      file_id: id,
      name: row.name,
    });
    return { success: true as const };
  });
}
