import { createHash } from 'node:crypto';
import { addDays, todayIn } from '@workbench/domain';
import type { Insertable } from 'kysely';
import type { EquipmentTable, EquipmentTypesTable } from '../../src/db/schema.js';
import { createEquipment, createEquipmentType, createExternalHolder } from './equipment-factories.js';
import { addWorkspace, addWorkspaceRole, createTeam, createUser, login } from './factories.js';
import type { TestServer } from './test-server.js';

export const API = '/api/v4';

/** The organisation's day as the server counts it (the default time zone). */
export const today = () => todayIn('Europe/Vienna');
export const day = (offset: number) => addDays(today(), offset);

/**
 * An organisation for booking tests: an admin, a manager of the Depot workspace, two members of
 * it (Mo and Otto), an external holder, one item of a type (the spec's defaults unless given),
 * and another organisation's admin.
 */
export async function createBookingTeam(
  server: TestServer,
  options: {
    type?: Partial<Insertable<EquipmentTypesTable>>;
    item?: Partial<Insertable<EquipmentTable>>;
  } = {},
) {
  const { org, admin, member } = await createTeam(server.db);
  const manager = await createUser(server.db, org.id, { firstName: 'Mia', lastName: 'Manager' });
  const other = await createUser(server.db, org.id, { firstName: 'Otto', lastName: 'Other' });
  const workspace = await addWorkspace(server.db, org.id, 'Depot');
  await addWorkspaceRole(server.db, manager, workspace, 'manager');
  await addWorkspaceRole(server.db, member, workspace, 'member');
  await addWorkspaceRole(server.db, other, workspace, 'member');
  const typeId = await createEquipmentType(server.db, { client_id: org.id, ...options.type });
  const addItem = async (values: Partial<Insertable<EquipmentTable>> = {}) =>
    (
      await createEquipment(server.db, {
        client_id: org.id,
        workspace_id: workspace,
        type_id: typeId,
        ...values,
      })
    ).id;
  const item = await addItem({ title: 'Cordless drill', ...options.item });
  const external = await createExternalHolder(server.db, { clientId: org.id, email: 'frank@fitters.test' });
  const outsiders = await createTeam(server.db);
  const [adminToken, managerToken, memberToken, otherToken, outsiderToken] = await Promise.all(
    [admin, manager, member, other, outsiders.admin].map((user) => login(server, user)),
  );
  const tokens = {
    admin: adminToken as string,
    manager: managerToken as string,
    member: memberToken as string,
    other: otherToken as string,
    outsider: outsiderToken as string,
  };
  return {
    org,
    people: { admin, manager, member, other },
    workspace,
    typeId,
    item,
    addItem,
    external,
    tokens,
  };
}
export type BookingTeam = Awaited<ReturnType<typeof createBookingTeam>>;

/** What a refusal must leave as it was: the organisation's items, bookings, log and mails. */
export async function bookingSnapshot(server: TestServer, clientId: number): Promise<string> {
  const [items, bookings, log, mails] = await Promise.all([
    server.db.selectFrom('equipment').selectAll().where('client_id', '=', clientId).orderBy('id').execute(),
    server.db
      .selectFrom('equipment_bookings')
      .selectAll()
      .where('client_id', '=', clientId)
      .orderBy('id')
      .execute(),
    server.db.selectFrom('activity_log').select('id').where('client_id', '=', clientId).execute(),
    server.db.selectFrom('mail_outbox').select('id').where('client_id', '=', clientId).execute(),
  ]);
  return JSON.stringify({ items, bookings, log: log.length, mails: mails.length });
}

export const sha256 = (raw: string) => createHash('sha256').update(raw).digest('hex');

export async function bookingRow(server: TestServer, id: number) {
  return server.db
    .selectFrom('equipment_bookings')
    .select([
      'id',
      'kind',
      'state',
      'equipment_id',
      'group_id',
      'batch_id',
      'buffer_before',
      'buffer_after',
      'extend_token_hash',
      'holder_user_id',
      'holder_external_id',
    ])
    .select((eb) => [
      eb.cast<string>('starts_on', 'text').as('starts_on'),
      eb.cast<string>('ends_on', 'text').as('ends_on'),
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

export async function itemStatus(server: TestServer, id: number): Promise<string> {
  const row = await server.db
    .selectFrom('equipment')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.status;
}

export async function activityOf(server: TestServer, id: number): Promise<string[]> {
  const rows = await server.db
    .selectFrom('activity_log')
    .select('action')
    .where('entity_type', '=', 'equipment')
    .where('entity_id', '=', id)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.action);
}

/** The mails queued to an address (newest last). */
export async function mailsTo(server: TestServer, to: string) {
  return server.db
    .selectFrom('mail_outbox')
    .select(['subject', 'text', 'kind'])
    .where('to_email', '=', to)
    .orderBy('id')
    .execute();
}
