import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.js';

type Db = Kysely<Database>;

/** A lease on a workspace (open-ended unless endDate is given). */
export async function createLease(
  db: Db,
  values: {
    clientId: number;
    workspaceId: number;
    startDate?: string;
    endDate?: string | null;
    noticeMonths?: number;
    reminderDays?: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('workspace_leases')
    .values({
      client_id: values.clientId,
      workspace_id: values.workspaceId,
      landlord_name: 'Landlord Ltd',
      start_date: values.startDate ?? '2024-01-01',
      end_date: values.endDate ?? null,
      notice_period_months: values.noticeMonths ?? 3,
      reminder_days_before: values.reminderDays ?? 30,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A contract file of a workspace's lease (the lease is made when there is none). */
export async function createLeaseFile(
  db: Db,
  values: { clientId: number; workspaceId: number },
): Promise<number> {
  const existing = await db
    .selectFrom('workspace_leases')
    .select('id')
    .where('workspace_id', '=', values.workspaceId)
    .executeTakeFirst();
  const leaseId = existing?.id ?? (await createLease(db, values));
  const now = new Date();
  const row = await db
    .insertInto('attachments')
    .values({
      client_id: values.clientId,
      owner_type: 'workspace_lease',
      owner_id: leaseId,
      user_id: null,
      file_key: `${values.clientId}/attachments/${'0'.repeat(31)}7.pdf`,
      media_type: 'document',
      original_filename: 'contract.pdf',
      mime_type: 'application/pdf',
      size_bytes: 100,
      description: null,
      priority_id: null,
      due_date: null,
      sort_index: 0,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
