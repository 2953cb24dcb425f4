import {
  ATTACHMENT_MAX_FILE_BYTES,
  canEditLease,
  canReadLease,
  LEASE_FILES_MAX,
  type LeaseFields,
  type LeaseResponse,
} from '@workbench/domain';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { AppError, forbidden, notFound } from '../../http/errors.js';
import { requireWorkspaceGrant } from '../access/request-access.js';
import type { WorkspaceGrant } from '../access/workspace-access.js';
import { logActivity } from '../activity/activity-log.js';
import { storeAttachments, withFileCleanup } from '../attachments/attachment-service.js';
import { type AttachmentForm, prepareUploads } from '../attachments/attachment-upload.js';
import type { Db } from '../issues/issue-queries.js';
import { timeZoneOf } from '../schedules/schedule-rule-row.js';
import { localDateOf } from '../schedules/schedule-status.js';
import { readSettings } from '../workspaces/workspace-queries.js';
import { presentLease, presentLeaseResponse } from './lease-presenter.js';
import {
  deleteLease as deleteLeaseRow,
  findLease,
  findLeaseFiles,
  insertLease,
  LEASE_FILE_OWNER,
  type LeaseRow,
  requireOwnWorkspaceName,
  touchLease,
  updateLease,
} from './lease-queries.js';

type Caller = NonNullable<Auth>;

/**
 * A workspace's lease (issue 21): read by the organisation's admins and the workspace's managers
 * and group managers, changed by admins and managers (packages/domain workspace-info.ts). The
 * workspace is the caller's own organisation's: a partner's people get 403 like members (the id
 * guard already answered 404 for a workspace they do not see). Changes are logged on the
 * workspace without amounts (its log is read by more people than the lease).
 */

/** The caller's grant on the workspace, when they may read its lease (else 403). */
async function requireReader(db: Db, auth: Caller, workspaceId: number): Promise<WorkspaceGrant> {
  const grant = await requireWorkspaceGrant(db, auth, workspaceId);
  if (grant.client_id !== auth.clientId || grant.collaboration_id !== null || !canReadLease(grant.role)) {
    throw forbidden('Only admins and the workspace’s managers see its lease');
  }
  return grant;
}

async function requireEditor(db: Db, auth: Caller, workspaceId: number): Promise<WorkspaceGrant> {
  const grant = await requireReader(db, auth, workspaceId);
  if (!canEditLease(grant.role)) throw forbidden('Only admins and the workspace’s managers change its lease');
  return grant;
}

/** The organisation's today, the day notice states are judged on. */
export async function organisationToday(db: Db, clientId: number, now = new Date()): Promise<string> {
  const settings = await readSettings(db, clientId);
  return localDateOf(now, timeZoneOf(settings.time_zone ?? null));
}

async function answer(
  db: Db,
  auth: Caller,
  workspaceId: number,
  grant: WorkspaceGrant,
): Promise<LeaseResponse> {
  const workspace = await requireOwnWorkspaceName(db, auth.clientId, workspaceId);
  const row = await findLease(db, auth.clientId, workspaceId);
  const lease = row
    ? presentLease(
        row,
        await findLeaseFiles(db, auth.clientId, row.id),
        await organisationToday(db, auth.clientId),
      )
    : null;
  return presentLeaseResponse(workspace, lease, canEditLease(grant.role));
}

/**
 * Every write's load and check, in its transaction: the editor's grant and the lease row, locked
 * (null when there is none yet). `lockWorkspace` locks the workspace row first, so two first
 * saves cannot both insert.
 */
async function loadLeaseForEdit(
  trx: Db,
  auth: Caller,
  workspaceId: number,
  options: { lockWorkspace?: boolean } = {},
): Promise<{ grant: WorkspaceGrant; row: LeaseRow | undefined }> {
  const grant = await requireEditor(trx, auth, workspaceId);
  if (options.lockWorkspace) {
    await trx.selectFrom('workspaces').select('id').where('id', '=', workspaceId).forUpdate().execute();
  }
  const row = await findLease(trx, auth.clientId, workspaceId, { lock: true });
  return { grant, row };
}

/** A lease change in the workspace's activity log (names only, never amounts). */
function logLeaseChange(
  trx: Db,
  auth: Caller,
  workspaceId: number,
  action: string,
  changes: Record<string, unknown>,
) {
  return logActivity(trx, {
    clientId: auth.clientId,
    userId: auth.userId,
    entityType: 'workspace',
    entityId: workspaceId,
    action,
    changes,
  });
}

/** GET workspace/{id}/lease. */
export async function getLease(ctx: AppContext, auth: Caller, workspaceId: number): Promise<LeaseResponse> {
  const grant = await requireReader(ctx.db, auth, workspaceId);
  return answer(ctx.db, auth, workspaceId, grant);
}

/** The fields that differ (names only: the log does not carry the rent). */
function changedFields(row: LeaseRow, fields: LeaseFields): string[] {
  const now: Record<string, unknown> = {
    ...fields,
    rent_amount: fields.rent_amount === null ? null : fields.rent_amount.toFixed(2),
  };
  const was: Record<string, unknown> = { ...row, rent_currency: row.rent_currency?.trim() ?? null };
  return Object.keys(now).filter((key) => (now[key] ?? null) !== (was[key] ?? null));
}

/** PUT workspace/{id}/lease: creates the lease or replaces its fields, in one transaction. */
export async function putLease(
  ctx: AppContext,
  auth: Caller,
  workspaceId: number,
  fields: LeaseFields,
): Promise<LeaseResponse> {
  return ctx.db.transaction().execute(async (trx) => {
    const { grant, row } = await loadLeaseForEdit(trx, auth, workspaceId, { lockWorkspace: true });
    if (!row) {
      await insertLease(trx, { clientId: auth.clientId, workspaceId, userId: auth.userId, fields });
      await logLeaseChange(trx, auth, workspaceId, 'lease_created', { fields: Object.keys(fields) });
    } else {
      const changed = changedFields(row, fields);
      if (changed.length) {
        await updateLease(trx, auth.clientId, row.id, fields);
        await logLeaseChange(trx, auth, workspaceId, 'lease_updated', { fields: changed });
      }
    }
    return answer(trx, auth, workspaceId, grant);
  });
}

/** DELETE workspace/{id}/lease (404 when there is none). */
export async function deleteLease(ctx: AppContext, auth: Caller, workspaceId: number) {
  return ctx.db.transaction().execute(async (trx) => {
    const { row } = await loadLeaseForEdit(trx, auth, workspaceId);
    if (!row) throw notFound('The workspace has no lease');
    await deleteLeaseRow(trx, auth.clientId, row.id);
    await logLeaseChange(trx, auth, workspaceId, 'lease_deleted', {});
    return { success: true as const };
  });
}

/** Refused before a byte of the upload is read when the caller may not change the lease. */
export async function requireCanChangeLeaseFiles(ctx: AppContext, auth: Caller, workspaceId: number) {
  await requireEditor(ctx.db, auth, workspaceId);
}

const refusal = (key: 'required' | 'invalid_format' | 'too_long', message: string) =>
  new AppError(422, key, message, { attachments: key });

/** POST workspace/{id}/lease/files: new contract files (all or none; the lease must exist). */
export async function uploadLeaseFiles(
  ctx: AppContext,
  auth: Caller,
  workspaceId: number,
  form: AttachmentForm,
): Promise<LeaseResponse> {
  if (form.items.some((item) => item.id !== undefined) || form.deleteIds.length) {
    throw refusal('invalid_format', 'Only new files can be uploaded here');
  }
  if (!form.uploads.length) throw refusal('required', 'Choose a file');
  // Content checks (PDFs without scripts, clean pictures, documents), thumbnails of pictures.
  const prepared = await prepareUploads(
    form.uploads.map((upload) => ({ ...upload, fields: { description: upload.fields.description } })),
  );
  return withFileCleanup(ctx, (written) =>
    ctx.db.transaction().execute(async (trx) => {
      const { grant, row } = await loadLeaseForEdit(trx, auth, workspaceId);
      if (!row) throw notFound('Save the lease before adding its files');
      const stored = await findLeaseFiles(trx, auth.clientId, row.id);
      if (stored.length + prepared.length > LEASE_FILES_MAX) {
        throw refusal('too_long', `A lease has at most ${LEASE_FILES_MAX} files`);
      }
      const ids = await storeAttachments(ctx, trx, {
        clientId: auth.clientId,
        ownerType: LEASE_FILE_OWNER,
        ownerId: row.id,
        userId: auth.userId,
        files: prepared,
        maxTotalBytes: LEASE_FILES_MAX * ATTACHMENT_MAX_FILE_BYTES,
        written,
      });
      await touchLease(trx, auth.clientId, row.id);
      await logLeaseChange(trx, auth, workspaceId, 'lease_files_added', {
        files: prepared.map((p, i) => ({ id: ids[i], name: p.name })),
      });
      return answer(trx, auth, workspaceId, grant);
    }),
  );
}

/** DELETE workspace/{id}/lease/files/{fileId}: a file of this workspace's lease (404 otherwise). */
export async function removeLeaseFile(
  ctx: AppContext,
  auth: Caller,
  workspaceId: number,
  fileId: number,
): Promise<LeaseResponse> {
  return ctx.db.transaction().execute(async (trx) => {
    const { grant, row } = await loadLeaseForEdit(trx, auth, workspaceId);
    const file = row && (await findLeaseFiles(trx, auth.clientId, row.id)).find((f) => f.id === fileId);
    if (!row || !file) throw notFound('File not found');
    const now = new Date();
    await trx
      .updateTable('attachments')
      .set({ deleted_at: now, updated_at: now })
      .where('client_id', '=', auth.clientId)
      .where('id', '=', fileId)
      .execute();
    await touchLease(trx, auth.clientId, row.id);
    await logLeaseChange(trx, auth, workspaceId, 'lease_file_removed', {
      file: { id: fileId, name: file.original_filename },
    });
    return answer(trx, auth, workspaceId, grant);
  });
}
