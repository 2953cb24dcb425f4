import type { LeaseFields } from '@workbench/domain';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The attachments' owner type of a lease's contract files (owner_id: the lease's id). */
export const LEASE_FILE_OWNER = 'workspace_lease';

/** A lease as the presenter needs it: dates as YYYY-MM-DD text, the rent as text. */
export type LeaseRow = {
  id: number;
  client_id: number;
  workspace_id: number;
  landlord_name: string;
  landlord_contact: string | null;
  start_date: string;
  end_date: string | null;
  rent_amount: string | null;
  rent_currency: string | null;
  rent_period: 'month' | 'quarter' | 'year' | null;
  notice_period_months: number;
  reminder_days_before: number;
  notes: string | null;
  created_at: Date;
  updated_at: Date;
};

export type LeaseFileRow = {
  id: number;
  file_key: string;
  thumbnail_key: string | null;
  original_filename: string;
  mime_type: string;
  media_type: string;
  size_bytes: number;
  created_at: Date;
  uploader_id: number | null;
  uploader_first_name: string | null;
  uploader_last_name: string | null;
  uploader_email: string | null;
  uploader_profile_image: string | null;
};

/** The lease of a workspace (one at most), locked for the rest of the transaction when asked. */
export async function findLease(
  db: Db,
  clientId: number,
  workspaceId: number,
  options: { lock?: boolean } = {},
): Promise<LeaseRow | undefined> {
  const { rows } = await sql<LeaseRow>`
    SELECT l.id, l.client_id, l.workspace_id, l.landlord_name, l.landlord_contact,
        to_char(l.start_date, 'YYYY-MM-DD') AS start_date, to_char(l.end_date, 'YYYY-MM-DD') AS end_date,
        l.rent_amount::text AS rent_amount, l.rent_currency, l.rent_period, l.notice_period_months,
        l.reminder_days_before, l.notes, l.created_at, l.updated_at
      FROM workspace_leases l
      WHERE l.workspace_id = ${workspaceId} AND l.client_id = ${clientId}
      ${options.lock ? sql`FOR UPDATE` : sql``}`.execute(db);
  return rows[0];
}

/** The live contract files of a lease, in upload order, with their uploaders. */
export async function findLeaseFiles(db: Db, clientId: number, leaseId: number): Promise<LeaseFileRow[]> {
  const { rows } = await sql<LeaseFileRow>`
    SELECT f.id, f.file_key, f.thumbnail_key, f.original_filename, f.mime_type, f.media_type, f.size_bytes,
        f.created_at, u.id AS uploader_id, u.first_name AS uploader_first_name,
        u.last_name AS uploader_last_name, u.email AS uploader_email, u.profile_image AS uploader_profile_image
      FROM attachments f
      LEFT JOIN users u ON u.id = f.user_id AND u.deleted_at IS NULL
      WHERE f.client_id = ${clientId} AND f.owner_type = ${LEASE_FILE_OWNER} AND f.owner_id = ${leaseId}
        AND f.deleted_at IS NULL
      ORDER BY f.sort_index, f.id`.execute(db);
  return rows;
}

const columnsOf = (fields: LeaseFields) => ({
  landlord_name: fields.landlord_name,
  landlord_contact: fields.landlord_contact,
  start_date: fields.start_date,
  end_date: fields.end_date,
  rent_amount: fields.rent_amount === null ? null : fields.rent_amount.toFixed(2),
  rent_currency: fields.rent_currency,
  rent_period: fields.rent_period,
  notice_period_months: fields.notice_period_months,
  reminder_days_before: fields.reminder_days_before,
  notes: fields.notes,
});

export async function insertLease(
  db: Db,
  input: { clientId: number; workspaceId: number; userId: number; fields: LeaseFields },
): Promise<void> {
  await db
    .insertInto('workspace_leases')
    .values({
      client_id: input.clientId,
      workspace_id: input.workspaceId,
      created_by: input.userId,
      ...columnsOf(input.fields),
    })
    .execute();
}

export async function updateLease(
  db: Db,
  clientId: number,
  leaseId: number,
  fields: LeaseFields,
): Promise<void> {
  await db
    .updateTable('workspace_leases')
    .set({ ...columnsOf(fields), updated_at: sql`now()` })
    .where('id', '=', leaseId)
    .where('client_id', '=', clientId)
    .execute();
}

/** Deletes the lease; its files are marked deleted (the rows stay for the logs). */
export async function deleteLease(db: Db, clientId: number, leaseId: number): Promise<void> {
  const now = new Date();
  await db
    .updateTable('attachments')
    .set({ deleted_at: now, updated_at: now })
    .where('client_id', '=', clientId)
    .where('owner_type', '=', LEASE_FILE_OWNER)
    .where('owner_id', '=', leaseId)
    .where('deleted_at', 'is', null)
    .execute();
  await db
    .deleteFrom('workspace_leases')
    .where('id', '=', leaseId)
    .where('client_id', '=', clientId)
    .execute();
}

export async function touchLease(db: Db, clientId: number, leaseId: number): Promise<void> {
  await db
    .updateTable('workspace_leases')
    .set({ updated_at: sql`now()` })
    .where('id', '=', leaseId)
    .where('client_id', '=', clientId)
    .execute();
}

/** The workspace's id and name, of the caller's organisation (404 otherwise): lease and maintenance pages' head. */
export async function requireOwnWorkspaceName(
  db: Db,
  clientId: number,
  workspaceId: number,
): Promise<{ id: number; name: string }> {
  const workspace = await db
    .selectFrom('workspaces')
    .select(['id', 'name'])
    .where('id', '=', workspaceId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (!workspace) throw notFound('Workspace not found');
  return workspace;
}
