import { ASSET_STATUS, type PublicAsset } from '@workbench/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { BUDGETS, hashedKey, requireBudget } from '../../http/rate-limit.js';
import { fileUrl } from '../../storage/file-storage.js';
import { findFirstPictureKeys } from '../attachments/attachment-queries.js';
import { optionalCaller, recordQrScan } from '../workspaces/qr-scans.js';
import { readPublicForm } from './public-forms.js';

type Db = AppContext['db'];

/**
 * A live asset by its public code (what its QR code carries, never its id): not deleted, not
 * archived, in a live (not archived, not deleted) workspace of its organisation.
 */
export async function findPublicAsset(db: Db, code: string) {
  return db
    .selectFrom('assets as a')
    .innerJoin('workspaces as w', (join) =>
      join.onRef('w.id', '=', 'a.workspace_id').onRef('w.client_id', '=', 'a.client_id'),
    )
    .innerJoin('clients as c', 'c.id', 'a.client_id')
    .select([
      'a.id',
      'a.client_id',
      'a.workspace_id',
      'a.public_code',
      'a.name',
      'w.name as workspace_name',
      'c.name as client_name',
      'c.logo',
    ])
    .where('a.public_code', '=', code)
    .where('a.deleted_at', 'is', null)
    .where('a.status', '<>', ASSET_STATUS.ARCHIVED)
    .where('w.deleted_at', 'is', null)
    .where('w.archived_at', 'is', null)
    .executeTakeFirst();
}

/**
 * GET public/asset/{code}: what a visitor may see of an asset before reporting about it (its
 * name, workspace, first picture, the organisation, the asset report form). Unknown, deleted,
 * archived, or in an archived or deleted workspace: 404. Every view spends the client address's
 * budget of public views; with qr=1 the view is a QR scan (with the person, when logged in),
 * logged at most once per address, person and asset in 5 minutes.
 */
export async function getPublicAsset(
  ctx: AppContext,
  request: FastifyRequest,
  code: string,
  qr: boolean,
): Promise<PublicAsset> {
  await requireBudget(ctx.db, BUDGETS.publicViews, hashedKey('ip', request.ip));
  const row = await findPublicAsset(ctx.db, code);
  if (!row) throw notFound('Asset not found');
  if (qr) {
    await recordQrScan(ctx, request, {
      clientId: row.client_id,
      entityType: 'asset',
      entityId: row.id,
      userId: await optionalCaller(ctx, request),
    });
  }
  const [pictures, form] = await Promise.all([
    findFirstPictureKeys(ctx.db, { clientIds: [row.client_id], ownerType: 'asset', ownerIds: [row.id] }),
    readPublicForm(ctx.db, row.client_id, 'asset', row.logo),
  ]);
  return {
    code: row.public_code,
    name: row.name,
    workspace: row.workspace_name,
    picture_url: fileUrl(pictures.get(row.id) ?? null),
    client: { name: row.client_name, logo: fileUrl(row.logo) },
    form,
  };
}
