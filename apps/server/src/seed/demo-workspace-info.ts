import { subtractMonths } from '@workbench/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { findDemoClientId } from './demo.js';

/**
 * The demo's lease (issue 21): Building A is rented, three months' notice, and the last day to
 * give notice is about three weeks away, so the reminder (30 days before) shows on the first
 * daily run and the lease page has something to say. Does nothing when the building has a lease.
 */
export async function seedDemoWorkspaceInfo(db: Kysely<Database>, now = new Date()): Promise<void> {
  const clientId = await findDemoClientId(db);
  if (!clientId) return;
  const building = await db
    .selectFrom('workspaces')
    .select('id')
    .where('client_id', '=', clientId)
    .where('name', '=', 'Building A')
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!building) return;
  const existing = await db
    .selectFrom('workspace_leases')
    .select('id')
    .where('workspace_id', '=', building.id)
    .executeTakeFirst();
  if (existing) return;
  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'admin@demo.test')
    .executeTakeFirst();
  // Notice date in three weeks (end − 3 months; a month end may move it a day or two earlier).
  const notice = new Date(now.getTime() + 21 * 86_400_000).toISOString().slice(0, 10);
  await db
    .insertInto('workspace_leases')
    .values({
      client_id: clientId,
      workspace_id: building.id,
      landlord_name: 'Donaupark Immobilien GmbH',
      landlord_contact: 'Mag. Eva Huber, +43 1 234 5678, huber@donaupark.example',
      start_date: subtractMonths(notice, 57),
      end_date: subtractMonths(notice, -3),
      rent_amount: '18450.00',
      rent_currency: 'EUR',
      rent_period: 'month',
      notice_period_months: 3,
      reminder_days_before: 30,
      notes: 'Index-linked rent (CPI), adjusted every January. Service charges billed quarterly.',
      created_by: admin?.id ?? null,
    })
    .execute();
}
