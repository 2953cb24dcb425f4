import {
  addDays,
  defaultPublicForm,
  publicFormTemplate,
  readClientSettings,
  todayIn,
} from '@workbench/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BUDGETS, type Budget, hashedKey } from '../src/http/rate-limit.js';
import { hashExtendToken, newExtendToken } from '../src/modules/equipment/extend-token.js';
import { FOUND_REPORT_BUDGET } from '../src/modules/equipment/public-equipment-service.js';
import {
  createEquipment,
  createEquipmentBooking,
  createEquipmentGroup,
  createEquipmentPicture,
  createEquipmentType,
  createExternalHolder,
} from './helpers/equipment-factories.js';
import { addWorkspace, createTeam, createUser, login } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});
// Every call here comes from one address: each test starts with a fresh budget.
beforeEach(async () => {
  await server.db.deleteFrom('rate_limits').execute();
});

const today = () => todayIn(readClientSettings({}).time_zone);

/** An organisation with a workspace, an item (managed by Mia) and a group of two items. */
async function world() {
  const team = await createTeam(server.db);
  const { org } = team;
  const workspace = await addWorkspace(server.db, org.id, 'Vienna HQ');
  const manager = await createUser(server.db, org.id, { firstName: 'Mia', lastName: 'Manager' });
  await server.db.updateTable('users').set({ language: 'de' }).where('id', '=', manager.id).execute();
  const typeId = await createEquipmentType(server.db, { client_id: org.id });
  const drill = await createEquipment(server.db, {
    client_id: org.id,
    workspace_id: workspace,
    type_id: typeId,
    title: 'Cordless drill',
    description: 'Blue case',
    serial_number: 'SN-SECRET-1',
    managerIds: [manager.id],
  });
  const groupId = await createEquipmentGroup(server.db, {
    clientId: org.id,
    workspaceId: workspace,
    name: 'Measuring kit',
  });
  const laser = await createEquipment(server.db, {
    client_id: org.id,
    workspace_id: workspace,
    type_id: typeId,
    title: 'Laser meter',
    group_id: groupId,
  });
  const level = await createEquipment(server.db, {
    client_id: org.id,
    workspace_id: workspace,
    type_id: typeId,
    title: 'Spirit level',
    group_id: groupId,
  });
  const group = await server.db
    .selectFrom('equipment_groups')
    .select('public_code')
    .where('id', '=', groupId)
    .executeTakeFirstOrThrow();
  return { ...team, workspace, manager, typeId, drill, laser, level, groupId, groupCode: group.public_code };
}

const scans = (clientId: number) =>
  server.db
    .selectFrom('qr_scan_logs')
    .select(['entity_type', 'entity_id', 'user_id'])
    .where('client_id', '=', clientId)
    .orderBy('id')
    .execute();

describe('GET public/equipment/{code} and group/{code}', () => {
  it('shows only what a finder may see, by the public code', async () => {
    const w = await world();
    await createEquipmentPicture(server.db, { clientId: w.org.id, equipmentId: w.drill.id });
    const res = await server.call('GET', `/api/v4/public/equipment/${w.drill.publicCode}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'Cordless drill',
      description: 'Blue case',
      organisation: w.org.name,
      workspace: 'Vienna HQ',
      equipment: [],
    });
    expect(res.body.picture_url).toMatch(/thumbnails/);
    // Nothing beyond it: no id, serial number, managers or holder.
    expect(Object.keys(res.body).sort()).toEqual(
      ['description', 'equipment', 'form', 'organisation', 'picture_url', 'title', 'workspace'].sort(),
    );
    // The organisation's finder form (the default until an admin saves one).
    expect(res.body.form).toEqual({
      enabled: true,
      fields: defaultPublicForm('equipment').fields,
      texts: {},
      logo: null,
      primary_color: null,
      allow_follow: true,
      categories: [],
    });
    expect(JSON.stringify(res.body)).not.toContain('SN-SECRET-1');

    const group = await server.call('GET', `/api/v4/public/equipment/group/${w.groupCode}`);
    expect(group.status).toBe(200);
    expect(group.body).toMatchObject({ title: 'Measuring kit', workspace: 'Vienna HQ', picture_url: null });
    expect(group.body.equipment).toEqual([
      { title: 'Laser meter', picture_url: null },
      { title: 'Spirit level', picture_url: null },
    ]);
  });

  it('finds nothing by a sequential id, an unknown code, or a deleted or archived item', async () => {
    const w = await world();
    expect((await server.call('GET', `/api/v4/public/equipment/${w.drill.id}`)).status).toBe(404);
    expect((await server.call('GET', `/api/v4/public/equipment/group/${w.groupId}`)).status).toBe(404);
    expect((await server.call('GET', '/api/v4/public/equipment/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    await server.db
      .updateTable('equipment')
      .set({ status: 'archived' })
      .where('id', '=', w.drill.id)
      .execute();
    expect((await server.call('GET', `/api/v4/public/equipment/${w.drill.publicCode}`)).status).toBe(404);
    await server.db
      .updateTable('equipment')
      .set({ deleted_at: new Date() })
      .where('id', '=', w.laser.id)
      .execute();
    expect((await server.call('GET', `/api/v4/public/equipment/${w.laser.publicCode}`)).status).toBe(404);
    // The group lists only its live items; an archived group is gone.
    const group = await server.call('GET', `/api/v4/public/equipment/group/${w.groupCode}`);
    expect(group.body.equipment.map((e: { title: string }) => e.title)).toEqual(['Spirit level']);
    await server.db
      .updateTable('equipment_groups')
      .set({ status: 'archived' })
      .where('id', '=', w.groupId)
      .execute();
    expect((await server.call('GET', `/api/v4/public/equipment/group/${w.groupCode}`)).status).toBe(404);
    // Only the group's one successful view was a scan.
    expect(await scans(w.org.id)).toEqual([
      { entity_type: 'equipment_group', entity_id: w.groupId, user_id: null },
    ]);
  });

  it('logs a scan once per address and item in 5 minutes, without a user', async () => {
    const w = await world();
    await server.call('GET', `/api/v4/public/equipment/${w.drill.publicCode}`);
    await server.call('GET', `/api/v4/public/equipment/${w.drill.publicCode}`);
    await server.call('GET', `/api/v4/public/equipment/${w.laser.publicCode}`);
    await server.call('GET', `/api/v4/public/equipment/group/${w.groupCode}`);
    expect(await scans(w.org.id)).toEqual([
      { entity_type: 'equipment', entity_id: w.drill.id, user_id: null },
      { entity_type: 'equipment', entity_id: w.laser.id, user_id: null },
      { entity_type: 'equipment_group', entity_id: w.groupId, user_id: null },
    ]);
    await server.db
      .updateTable('rate_limits')
      .set({ window_start: new Date(Date.now() - BUDGETS.scanLog.windowMs - 1000) })
      .where('bucket', '=', BUDGETS.scanLog.bucket)
      .execute();
    await server.call('GET', `/api/v4/public/equipment/${w.drill.publicCode}`);
    expect((await scans(w.org.id)).length).toBe(4);
  });
});

const outbox = (clientId: number) =>
  server.db
    .selectFrom('mail_outbox')
    .select(['to_email', 'subject', 'text', 'kind'])
    .where('client_id', '=', clientId)
    .orderBy('id')
    .execute();

describe('POST public/equipment/{code}/found', () => {
  it("stores the report, logs 'found' and mails the item's managers in their language", async () => {
    const w = await world();
    const res = await server.call('POST', `/api/v4/public/equipment/${w.drill.publicCode}/found`, {
      body: {
        finder_name: 'Fiona Finder',
        finder_contact: '+43 660 123',
        message: 'Left at the bus stop',
        latitude: 48.2,
        longitude: 16.37,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const reports = await server.db
      .selectFrom('equipment_found_reports')
      .selectAll()
      .where('client_id', '=', w.org.id)
      .execute();
    expect(reports).toMatchObject([
      {
        equipment_id: w.drill.id,
        group_id: null,
        finder_name: 'Fiona Finder',
        finder_contact: '+43 660 123',
        message: 'Left at the bus stop',
        latitude: 48.2,
        longitude: 16.37,
      },
    ]);
    const log = await server.db
      .selectFrom('activity_log')
      .select(['entity_type', 'entity_id', 'action', 'user_id'])
      .where('client_id', '=', w.org.id)
      .where('action', '=', 'found')
      .execute();
    expect(log).toEqual([
      { entity_type: 'equipment', entity_id: w.drill.id, action: 'found', user_id: null },
    ]);
    const mails = await outbox(w.org.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to_email: w.manager.email, kind: 'equipment_found' });
    expect(mails[0]?.subject).toBe('Gefunden: Cordless drill');
    expect(mails[0]?.text).toContain('Fiona Finder');
    expect(mails[0]?.text).toContain(`/dashboard/equipment/detail/${w.drill.id}`);
  });

  it('mails the admins when the item or group has no managers; every field is optional', async () => {
    const w = await world();
    const item = await server.call('POST', `/api/v4/public/equipment/${w.laser.publicCode}/found`, {
      body: {},
    });
    expect(item.status).toBe(200);
    const group = await server.call('POST', `/api/v4/public/equipment/group/${w.groupCode}/found`, {
      body: { message: 'The whole kit' },
    });
    expect(group.status).toBe(200);
    const mails = await outbox(w.org.id);
    expect(mails.map((m) => [m.to_email, m.subject])).toEqual([
      [w.admin.email, 'Found: Laser meter'],
      [w.admin.email, 'Found: Measuring kit'],
    ]);
    const reports = await server.db
      .selectFrom('equipment_found_reports')
      .select(['equipment_id', 'group_id', 'message'])
      .where('client_id', '=', w.org.id)
      .orderBy('id')
      .execute();
    expect(reports).toEqual([
      { equipment_id: w.laser.id, group_id: null, message: null },
      { equipment_id: null, group_id: w.groupId, message: 'The whole kit' },
    ]);
  });

  it("follows the organisation's finder form: hidden fields dropped, required ones asked for, a disabled form refused", async () => {
    const w = await world();
    const admin = await login(server, w.admin);
    const saveForm = (changes: Record<string, unknown>) =>
      server.call('POST', '/api/v4/public_page_configurator/equipment', {
        token: admin,
        body: {
          ...publicFormTemplate('equipment', 'standard'),
          fields: [
            { key: 'finder_name', visible: true, required: false },
            { key: 'finder_contact', visible: true, required: true },
            { key: 'message', visible: false, required: false },
            { key: 'location', visible: false, required: false },
          ],
          ...changes,
        },
      });
    expect((await saveForm({})).status).toBe(200);
    const found = (body: Record<string, unknown>) =>
      server.call('POST', `/api/v4/public/equipment/${w.drill.publicCode}/found`, { body });
    const missing = await found({ finder_name: 'Fiona', message: 'At the bus stop' });
    expect(missing).toMatchObject({ status: 422, body: { fields: { finder_contact: 'required' } } });
    const kept = await found({
      finder_contact: '+43 660 123',
      message: 'At the bus stop',
      latitude: 48.2,
      longitude: 16.37,
    });
    expect(kept.status).toBe(200);
    const reports = await server.db
      .selectFrom('equipment_found_reports')
      .select(['finder_contact', 'message', 'latitude'])
      .where('client_id', '=', w.org.id)
      .execute();
    expect(reports).toEqual([{ finder_contact: '+43 660 123', message: null, latitude: null }]);

    expect((await saveForm({ enabled: false })).status).toBe(200);
    expect(await found({ finder_contact: '+43 660 123' })).toMatchObject({
      status: 422,
      body: { error: 'public_form_disabled' },
    });
    expect(await outbox(w.org.id)).toHaveLength(1);
  });

  it('refuses bad input and unknown codes, and stores nothing', async () => {
    const w = await world();
    const bad = await server.call('POST', `/api/v4/public/equipment/${w.drill.publicCode}/found`, {
      body: { latitude: 123 },
    });
    expect(bad.status).toBe(422);
    const long = await server.call('POST', `/api/v4/public/equipment/${w.drill.publicCode}/found`, {
      body: { message: 'x'.repeat(5000) },
    });
    expect(long.status).toBe(422);
    const byId = await server.call('POST', `/api/v4/public/equipment/${w.drill.id}/found`, { body: {} });
    expect(byId.status).toBe(404);
    const reports = await server.db
      .selectFrom('equipment_found_reports')
      .select('id')
      .where('client_id', '=', w.org.id)
      .execute();
    expect(reports).toEqual([]);
    expect(await outbox(w.org.id)).toEqual([]);
  });
});

/** An active handout of `equipmentId` to an external holder, with an extend link. */
async function handoutWithLink(
  w: Awaited<ReturnType<typeof world>>,
  equipmentId: number,
  values: { endsOn: string; batchId?: number | null; token?: string | null } = { endsOn: today() },
) {
  const holder = await createExternalHolder(server.db, { clientId: w.org.id, fullName: 'Frank Fitter' });
  const token = values.token === undefined ? newExtendToken() : values.token;
  const id = await createEquipmentBooking(server.db, {
    client_id: w.org.id,
    equipment_id: equipmentId,
    kind: 'handout',
    starts_on: addDays(today(), -3),
    ends_on: values.endsOn,
    holder_external_id: holder,
    batch_id: values.batchId ?? null,
    extend_token_hash: token ? hashExtendToken(token) : null,
  });
  return { id, token: token ?? '' };
}

/** A booking's return date as YYYY-MM-DD, whatever the driver makes of dates. */
const endsOn = async (id: number) =>
  (
    await server.db
      .selectFrom('equipment_bookings')
      .select(sql<string>`ends_on::text`.as('d'))
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).d;

describe('public/equipment/extend_handout', () => {
  it('shows the handout the link names and extends it up to the type period from today', async () => {
    const w = await world();
    // The type: 1 week return period (the default) → today + 6 days at the latest.
    const { id, token } = await handoutWithLink(w, w.drill.id, { endsOn: addDays(today(), 1) });
    const shown = await server.call('GET', `/api/v4/public/equipment/extend_handout?token=${token}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({
      organisation: w.org.name,
      holder_name: 'Frank Fitter',
      items: [{ title: 'Cordless drill', return_at: addDays(today(), 1), overdue: false }],
      return_at: addDays(today(), 1),
      latest_return_at: addDays(today(), 6),
      today: today(),
    });
    const tooFar = await server.call('POST', '/api/v4/public/equipment/extend_handout', {
      body: { token, return_at: addDays(today(), 7) },
    });
    expect(tooFar.status).toBe(422);
    expect(tooFar.body.error).toBe('booking_too_far_ahead');
    const past = await server.call('POST', '/api/v4/public/equipment/extend_handout', {
      body: { token, return_at: addDays(today(), -1) },
    });
    expect(past.status).toBe(422);
    expect(past.body.error).toBe('date_in_past');
    expect(await endsOn(id)).toBe(addDays(today(), 1));

    const ok = await server.call('POST', '/api/v4/public/equipment/extend_handout', {
      body: { token, return_at: addDays(today(), 6) },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.return_at).toBe(addDays(today(), 6));
    expect(await endsOn(id)).toBe(addDays(today(), 6));
    const log = await server.db
      .selectFrom('activity_log')
      .select(['entity_id', 'action'])
      .where('client_id', '=', w.org.id)
      .where('action', '=', 'extended')
      .execute();
    expect(log).toEqual([{ entity_id: w.drill.id, action: 'extended' }]);
    // The link works once.
    const again = await server.call('GET', `/api/v4/public/equipment/extend_handout?token=${token}`);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_token');
  });

  it('extends a group handout (one batch) together; without a type period up to 30 days', async () => {
    const w = await world();
    await server.db
      .updateTable('equipment_types')
      .set({ set_default_return_period: false })
      .where('id', '=', w.typeId)
      .execute();
    const first = await handoutWithLink(w, w.laser.id, { endsOn: today() });
    await server.db
      .updateTable('equipment_bookings')
      .set({ batch_id: first.id })
      .where('id', '=', first.id)
      .execute();
    const second = await handoutWithLink(w, w.level.id, { endsOn: today(), batchId: first.id, token: null });
    const shown = await server.call('GET', `/api/v4/public/equipment/extend_handout?token=${first.token}`);
    expect(shown.status).toBe(200);
    expect(shown.body.items.map((i: { title: string }) => i.title)).toEqual(['Laser meter', 'Spirit level']);
    expect(shown.body.latest_return_at).toBe(addDays(today(), 29));
    const ok = await server.call('POST', '/api/v4/public/equipment/extend_handout', {
      body: { token: first.token, return_at: addDays(today(), 20) },
    });
    expect(ok.status).toBe(200);
    expect(await endsOn(first.id)).toBe(addDays(today(), 20));
    expect(await endsOn(second.id)).toBe(addDays(today(), 20));
  });

  it('never extends over another booking (409) and changes nothing then', async () => {
    const w = await world();
    const { id, token } = await handoutWithLink(w, w.drill.id, { endsOn: addDays(today(), 1) });
    // A reservation from today + 4 with one buffer day before: blocked from today + 3.
    await createEquipmentBooking(server.db, {
      client_id: w.org.id,
      equipment_id: w.drill.id,
      kind: 'reservation',
      starts_on: addDays(today(), 4),
      ends_on: addDays(today(), 5),
      buffer_before: 1,
      holder_user_id: w.member.id,
    });
    const shown = await server.call('GET', `/api/v4/public/equipment/extend_handout?token=${token}`);
    expect(shown.body.latest_return_at).toBe(addDays(today(), 2));
    const refused = await server.call('POST', '/api/v4/public/equipment/extend_handout', {
      body: { token, return_at: addDays(today(), 3) },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('equipment_not_available');
    expect(await endsOn(id)).toBe(addDays(today(), 1));
    // The link still works after a refusal.
    const ok = await server.call('POST', '/api/v4/public/equipment/extend_handout', {
      body: { token, return_at: addDays(today(), 2) },
    });
    expect(ok.status).toBe(200);
  });

  it('refuses unknown tokens and the links of handouts already returned', async () => {
    const w = await world();
    const unknown = await server.call(
      'GET',
      `/api/v4/public/equipment/extend_handout?token=${newExtendToken()}`,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('invalid_token');
    const { id, token } = await handoutWithLink(w, w.drill.id, { endsOn: addDays(today(), 1) });
    await server.db
      .updateTable('equipment_bookings')
      .set({ state: 'returned', returned_at: new Date() })
      .where('id', '=', id)
      .execute();
    const expired = await server.call('POST', '/api/v4/public/equipment/extend_handout', {
      body: { token, return_at: addDays(today(), 2) },
    });
    expect(expired.status).toBe(400);
    expect(expired.body.error).toBe('invalid_token');
    expect(await endsOn(id)).toBe(addDays(today(), 1));
    const short = await server.call('GET', '/api/v4/public/equipment/extend_handout?token=abc');
    expect(short.status).toBe(422);
    const noDate = await server.call('POST', '/api/v4/public/equipment/extend_handout', {
      body: { token, return_at: 'tomorrow' },
    });
    expect(noDate.status).toBe(422);
  });
});

describe('rate limits', () => {
  const ip = hashedKey('ip', '127.0.0.1');
  const spend = (budget: Budget) =>
    server.db
      .insertInto('rate_limits')
      .values({ bucket: budget.bucket, key: ip, window_start: new Date(), hits: budget.limit })
      .onConflict((oc) =>
        oc.columns(['bucket', 'key']).doUpdateSet({ hits: budget.limit, window_start: new Date() }),
      )
      .execute();

  it('each address has a budget of public views; beyond it every public call is 429 with Retry-After', async () => {
    const w = await world();
    const { token } = await handoutWithLink(w, w.drill.id, { endsOn: addDays(today(), 1) });
    await spend(BUDGETS.publicViews);
    const calls = [
      await server.call('GET', `/api/v4/public/equipment/${w.drill.publicCode}`),
      await server.call('GET', `/api/v4/public/equipment/group/${w.groupCode}`),
      await server.call('POST', `/api/v4/public/equipment/${w.drill.publicCode}/found`, { body: {} }),
      await server.call('POST', `/api/v4/public/equipment/group/${w.groupCode}/found`, { body: {} }),
      await server.call('GET', `/api/v4/public/equipment/extend_handout?token=${token}`),
      await server.call('POST', '/api/v4/public/equipment/extend_handout', {
        body: { token, return_at: addDays(today(), 2) },
      }),
    ];
    for (const res of calls) {
      expect(res.status).toBe(429);
      expect(res.body.error).toBe('too_many_requests');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(await scans(w.org.id)).toEqual([]);
    expect(await outbox(w.org.id)).toEqual([]);
  });

  it('found reports have a smaller budget of their own (each one sends mail)', async () => {
    const w = await world();
    await spend(FOUND_REPORT_BUDGET);
    const refused = await server.call('POST', `/api/v4/public/equipment/${w.drill.publicCode}/found`, {
      body: { message: 'again' },
    });
    expect(refused.status).toBe(429);
    expect(await outbox(w.org.id)).toEqual([]);
    // Viewing goes on.
    expect((await server.call('GET', `/api/v4/public/equipment/${w.drill.publicCode}`)).status).toBe(200);
  });
});
