import {
  addDays,
  DEFAULT_TIME_ZONE,
  todayIn,
  ZEquipmentBulkResultSchema,
  ZEquipmentSchema,
} from '@workbench/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEquipmentBooking,
  createEquipmentGroup,
  createEquipmentItemTeam,
  createEquipmentPicture,
  createEquipmentType,
  createExternalHolder,
} from './helpers/equipment-factories.js';
import { addWorkspace, createTeam } from './helpers/factories.js';
import { API, insertIssue } from './helpers/issues-factories.js';
import { createSchedule } from './helpers/schedules-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Team = Awaited<ReturnType<typeof createEquipmentItemTeam>>;
type Who = keyof Team['tokens'];

/** The organisation's day (the team keeps the default time zone). */
const today = () => todayIn(DEFAULT_TIME_ZONE);

async function activityOf(id: number) {
  return server.db
    .selectFrom('activity_log')
    .select(['action', 'changes', 'user_id'])
    .where('entity_type', '=', 'equipment')
    .where('entity_id', '=', id)
    .orderBy('id')
    .execute();
}

async function itemRow(id: number) {
  return server.db.selectFrom('equipment').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Everything stored about equipment, to prove a refused call changed nothing. */
async function equipmentSnapshot(): Promise<string> {
  const [items, managers, bookings, activity] = await Promise.all([
    server.db.selectFrom('equipment').selectAll().orderBy('id').execute(),
    server.db
      .selectFrom('equipment_managers')
      .selectAll()
      .orderBy('equipment_id')
      .orderBy('user_id')
      .execute(),
    server.db.selectFrom('equipment_bookings').selectAll().orderBy('id').execute(),
    server.db
      .selectFrom('activity_log')
      .selectAll()
      .where('entity_type', '=', 'equipment')
      .orderBy('id')
      .execute(),
  ]);
  return JSON.stringify({ items, managers, bookings, activity });
}

const get = (t: Team, id: number, who: Who = 'admin') =>
  server.call('GET', `${API}/equipment/${id}`, { token: t.tokens[who] });

/** Ida's active handout of an item (the item is issued), ending on `endsOn`. */
async function handOut(t: Team, id: number, endsOn: string, holder = t.people.member.id) {
  return createEquipmentBooking(server.db, {
    client_id: t.org.id,
    equipment_id: id,
    kind: 'handout',
    starts_on: addDays(today(), -3),
    ends_on: endsOn,
    holder_user_id: holder,
  });
}

/** Everyone on the item's side of 001 §6, and those who only see it. */
const EDITORS: Who[] = ['admin', 'manager', 'groupManager', 'itemManager', 'kitManager', 'typeManager'];
const READERS: Who[] = ['member', 'assignee'];

describe('GET equipment/{id}', () => {
  it('answers the item with its type defaults, managers and what each role may do', async () => {
    const t = await createEquipmentItemTeam(server);
    const res = await get(t, t.item.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(ZEquipmentSchema.safeParse(res.body).success).toBe(true);
    expect(res.body).toMatchObject({
      id: t.item.id,
      title: 'Cordless drill',
      status: 'stored',
      workspace: { id: t.ids.site, name: 'Site' },
      type: { id: t.typeId, name: 'Power tools' },
      group: { id: t.groupId, name: 'Measuring kit' },
      serial_number: 'SN-100',
      reference_number: 'REF-1',
      picture_url: null,
      holder: null,
      return_date: null,
      overdue: false,
      reserved_for: null,
      pending_requests: 0,
      part: 'regular',
      storage: 'NONE',
      storage_workspace: null,
      links: [],
      managers: [{ id: t.people.itemManager.id, full_name: 'Ida Item' }],
      public_code: t.item.publicCode,
      attachments: [],
      handout: null,
      // The type's defaults (001 §9): a week's handout comes back on the 7th day, a week's
      // reservation at most, one buffer day before.
      default_return_date: addDays(today(), 6),
      max_reservation_days: 7,
      buffer_days: { before: 1, after: 0 },
      requires_approval: false,
      can_book: true,
      can_return: false,
      created_by: { id: t.people.admin.id },
    });
    for (const who of [...EDITORS, ...READERS]) {
      const seen = await get(t, t.item.id, who);
      expect(seen.status, who).toBe(200);
      const may = EDITORS.includes(who);
      expect({
        who,
        can_edit: seen.body.can_edit,
        can_manage: seen.body.can_manage,
        can_book: seen.body.can_book,
      }).toEqual({ who, can_edit: may, can_manage: may, can_book: true });
    }
  });

  it('is 401 without a session, 404 for another organisation, a partner, an unseen workspace and a deleted item', async () => {
    const t = await createEquipmentItemTeam(server);
    const path = `${API}/equipment/${t.item.id}`;
    expect((await server.call('GET', path)).status).toBe(401);
    expect((await server.call('GET', path, { token: t.strangerToken })).status).toBe(404);
    // A partner borrows as a holder; the inventory is not theirs to read.
    expect((await get(t, t.item.id, 'collabMember')).status).toBe(404);
    expect((await get(t, t.item.id, 'collabManager')).status).toBe(404);
    expect((await get(t, t.item.id, 'depotMember')).status).toBe(404);
    await server.db
      .updateTable('equipment')
      .set({ deleted_at: new Date() })
      .where('id', '=', t.item.id)
      .execute();
    expect((await get(t, t.item.id)).status).toBe(404);
  });

  it('shows the active handout, the next reservation and who may confirm the return (strict or not)', async () => {
    const t = await createEquipmentItemTeam(server);
    const handout = await handOut(t, t.item.id, addDays(today(), -1));
    const holder = await createExternalHolder(server.db, { clientId: t.org.id, fullName: 'Frank Fitter' });
    await createEquipmentBooking(server.db, {
      client_id: t.org.id,
      equipment_id: t.item.id,
      kind: 'reservation',
      state: 'pending',
      starts_on: addDays(today(), 10),
      ends_on: addDays(today(), 12),
      holder_external_id: holder,
    });
    const res = await get(t, t.item.id, 'assignee');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'issued',
      holder: { id: t.people.member.id, is_public_user: false },
      return_date: addDays(today(), -1),
      overdue: true,
      reserved_for: { id: holder, is_public_user: true, full_name: 'Frank Fitter' },
      reserved_from: addDays(today(), 10),
      pending_requests: 1,
      part: 'overdue',
      handout: { id: handout, kind: 'handout', state: 'active', overdue: true, can_change: false },
      // Without the strict setting anyone who sees it confirms its return.
      can_return: true,
    });
    const strict = await createEquipmentItemTeam(server, { settings: { is_equipment_return_strict: true } });
    await handOut(strict, strict.item.id, addDays(today(), 3), strict.people.member.id);
    const asked = async (who: Who) => (await get(strict, strict.item.id, who)).body.can_return;
    expect(await asked('member')).toBe(true); // the holder
    expect(await asked('itemManager')).toBe(true);
    expect(await asked('assignee')).toBe(false);
  });

  it('an archived item is read only: managers still manage it, nobody edits or books it', async () => {
    const t = await createEquipmentItemTeam(server);
    await server.db
      .updateTable('equipment')
      .set({ status: 'archived' })
      .where('id', '=', t.item.id)
      .execute();
    const res = await get(t, t.item.id, 'itemManager');
    expect(res.body).toMatchObject({
      status: 'archived',
      can_edit: false,
      can_manage: true,
      can_book: false,
    });
  });

  it('a type without a default return period gives no default return date', async () => {
    const t = await createEquipmentItemTeam(server);
    const typeId = await createEquipmentType(server.db, {
      client_id: t.org.id,
      set_default_return_period: false,
      set_max_reservation_duration: false,
      buffer_days_reservations_type: 'AFTER',
      buffer_days_reservations_value: 2,
      handout_requires_approval: true,
    });
    const item = await t.addItem({ type_id: typeId });
    expect((await get(t, item.id)).body).toMatchObject({
      default_return_date: null,
      max_reservation_days: null,
      buffer_days: { before: 0, after: 2 },
      handout_requires_approval: false,
      requires_approval: true,
    });
  });
});

describe('POST equipment', () => {
  it('admins and managers of the workspace add items (stored), with managers and links; the log says so', async () => {
    const t = await createEquipmentItemTeam(server);
    const storedType = await createEquipmentType(server.db, {
      client_id: t.org.id,
      name: 'Ladders',
      storage: 'WORKSPACE',
    });
    const res = await server.call('POST', `${API}/equipment`, {
      token: t.tokens.manager,
      body: {
        title: '  Laser level ',
        workspace_id: t.ids.room,
        type_id: storedType,
        group_id: t.groupId,
        storage_workspace_id: t.ids.site,
        serial_number: '',
        reference_number: 'R-9',
        manager_ids: [t.people.itemManager.id, t.people.itemManager.id],
        links: [{ title: 'Manual', url: 'https://example.test/manual.pdf' }],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(ZEquipmentSchema.safeParse(res.body).success).toBe(true);
    expect(res.body).toMatchObject({
      title: 'Laser level',
      status: 'stored',
      workspace: { id: t.ids.room },
      type: { id: storedType, name: 'Ladders' },
      group: { id: t.groupId },
      // The type's storage when the form leaves it out.
      storage: 'WORKSPACE',
      storage_workspace: { id: t.ids.site, name: 'Site' },
      serial_number: null,
      reference_number: 'R-9',
      managers: [{ id: t.people.itemManager.id }],
      links: [{ title: 'Manual', url: 'https://example.test/manual.pdf' }],
      created_by: { id: t.people.manager.id },
      can_edit: true,
    });
    expect(res.body.public_code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const [log] = await activityOf(res.body.id);
    expect(log).toMatchObject({ action: 'created', user_id: t.people.manager.id });
    expect(log?.changes).toMatchObject({ title: 'Laser level', workspace_id: t.ids.room, status: 'stored' });

    const byAdmin = await server.call('POST', `${API}/equipment`, {
      token: t.tokens.admin,
      body: {
        title: 'Depot saw',
        workspace_id: t.ids.depot,
        type_id: t.typeId,
        storage: 'CUSTOM',
        location: 'Shelf 3',
      },
    });
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body).toMatchObject({ storage: 'CUSTOM', location: 'Shelf 3', status: 'stored' });
  });

  it('members, item and group managers and partners may not (403); an unseen workspace is a bad field; nothing is written', async () => {
    const t = await createEquipmentItemTeam(server);
    const before = await equipmentSnapshot();
    const body = { title: 'Mine', workspace_id: t.ids.site, type_id: t.typeId };
    expect((await server.call('POST', `${API}/equipment`, { body })).status).toBe(401);
    for (const who of ['member', 'itemManager', 'kitManager', 'typeManager'] as const) {
      const res = await server.call('POST', `${API}/equipment`, { token: t.tokens[who], body });
      expect(res.status, who).toBe(403);
    }
    for (const token of [t.strangerToken, t.tokens.depotMember, t.tokens.collabManager]) {
      const res = await server.call('POST', `${API}/equipment`, { token, body });
      expect(res.status).toBe(422);
      expect(res.body.fields).toEqual({ workspace_id: 'not_in_workspace' });
    }
    expect(await equipmentSnapshot()).toBe(before);
  });

  it('checks the form (001 §5): title, type, group, storage workspace and managers, naming each field', async () => {
    const t = await createEquipmentItemTeam(server);
    const other = await createTeam(server.db);
    const otherSite = await addWorkspace(server.db, other.org.id, 'Elsewhere');
    const foreignType = await createEquipmentType(server.db, { client_id: other.org.id });
    const foreignGroup = await createEquipmentGroup(server.db, {
      clientId: other.org.id,
      workspaceId: otherSite,
    });
    const depotGroup = await createEquipmentGroup(server.db, {
      clientId: t.org.id,
      workspaceId: t.ids.depot,
    });
    const roomGroup = await createEquipmentGroup(server.db, { clientId: t.org.id, workspaceId: t.ids.room });
    const deletedType = await createEquipmentType(server.db, { client_id: t.org.id, deleted_at: new Date() });
    const before = await equipmentSnapshot();
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ title: '' }, { title: 'title_mandatory' }],
      [{ title: '   ' }, { title: 'title_mandatory' }],
      [{ title: 'x'.repeat(256) }, { title: 'too_long' }],
      [{ serial_number: 'x'.repeat(256) }, { serial_number: 'too_long' }],
      [{ type_id: undefined }, { type_id: 'type_required' }],
      [{ type_id: null }, { type_id: 'type_required' }],
      [{ type_id: foreignType }, { type_id: 'not_found' }],
      [{ type_id: deletedType }, { type_id: 'not_found' }],
      [{ group_id: foreignGroup }, { group_id: 'not_found' }],
      [{ group_id: depotGroup }, { group_id: 'not_same_workspace' }],
      // A group bound below the item's workspace does not hold it either.
      [{ group_id: roomGroup }, { group_id: 'not_same_workspace' }],
      [{ storage_workspace_id: otherSite }, { storage_workspace_id: 'not_in_workspace' }],
      [{ manager_ids: [t.people.member.id, other.admin.id] }, { 'manager_ids.1': 'not_in_workspace' }],
      // A partner's person is not one of the organisation's.
      [{ manager_ids: [t.people.collabMember.id] }, { 'manager_ids.0': 'not_in_workspace' }],
      [{ storage: 'SHELF' }, { storage: 'invalid_format' }],
      [{ links: [{ title: 'x', url: 'not a url' }] }, { 'links.0.url': 'invalid_format' }],
      [
        { type_id: foreignType, group_id: depotGroup },
        { type_id: 'not_found', group_id: 'not_same_workspace' },
      ],
    ];
    for (const [change, fields] of cases) {
      const res = await server.call('POST', `${API}/equipment`, {
        token: t.tokens.admin,
        body: { title: 'Pump', workspace_id: t.ids.site, type_id: t.typeId, ...change },
      });
      expect(res.status, JSON.stringify(change)).toBe(422);
      expect(res.body.fields, JSON.stringify(change)).toEqual(fields);
    }
    // The site's manager does not see the depot: no storage there.
    const unseen = await server.call('POST', `${API}/equipment`, {
      token: t.tokens.manager,
      body: { title: 'Pump', workspace_id: t.ids.site, type_id: t.typeId, storage_workspace_id: t.ids.depot },
    });
    expect(unseen.body.fields).toEqual({ storage_workspace_id: 'not_in_workspace' });
    expect(await equipmentSnapshot()).toBe(before);
  });
});

describe('PUT equipment/{id}', () => {
  it('everyone of 001 §6 edits the item; members may not; the log has the changed fields', async () => {
    const t = await createEquipmentItemTeam(server);
    const path = `${API}/equipment/${t.item.id}`;
    for (const who of EDITORS) {
      const res = await server.call('PUT', path, {
        token: t.tokens[who],
        body: { title: `Drill of ${who}` },
      });
      expect(res.status, `${who} ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.title).toBe(`Drill of ${who}`);
    }
    const before = await equipmentSnapshot();
    for (const who of READERS) {
      expect(
        (await server.call('PUT', path, { token: t.tokens[who], body: { title: 'Mine' } })).status,
        who,
      ).toBe(403);
    }
    expect((await server.call('PUT', path, { token: t.strangerToken, body: { title: 'Mine' } })).status).toBe(
      404,
    );
    expect((await server.call('PUT', path, { body: { title: 'Mine' } })).status).toBe(401);
    const bad = await server.call('PUT', path, {
      token: t.tokens.admin,
      body: { title: '', reference_number: 'x'.repeat(300) },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.fields).toEqual({ title: 'title_mandatory', reference_number: 'too_long' });
    expect(await equipmentSnapshot()).toBe(before);

    const res = await server.call('PUT', path, {
      token: t.tokens.itemManager,
      body: {
        description: 'Blue case',
        serial_number: '',
        group_id: null,
        manager_ids: [t.people.itemManager.id, t.people.assignee.id],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ description: 'Blue case', serial_number: null, group: null });
    expect(res.body.managers.map((m: { id: number }) => m.id).sort()).toEqual(
      [t.people.itemManager.id, t.people.assignee.id].sort(),
    );
    const log = (await activityOf(t.item.id)).at(-1);
    expect(log).toMatchObject({ action: 'updated', user_id: t.people.itemManager.id });
    expect(log?.changes).toEqual({
      description: [null, 'Blue case'],
      serial_number: ['SN-100', null],
      group_id: [t.groupId, null],
      manager_ids: [
        [t.people.itemManager.id],
        [t.people.itemManager.id, t.people.assignee.id].sort((a, b) => a - b),
      ],
    });
    // The same again changes nothing and logs nothing.
    const count = (await activityOf(t.item.id)).length;
    await server.call('PUT', path, { token: t.tokens.admin, body: { description: 'Blue case' } });
    expect((await activityOf(t.item.id)).length).toBe(count);
  });

  it('a new workspace must be one the caller may add to, and the group must still hold the item', async () => {
    const t = await createEquipmentItemTeam(server);
    const path = `${API}/equipment/${t.item.id}`;
    // The site's manager does not see the depot.
    const unseen = await server.call('PUT', path, {
      token: t.tokens.manager,
      body: { workspace_id: t.ids.depot },
    });
    expect(unseen.status).toBe(422);
    expect(unseen.body.fields).toEqual({ workspace_id: 'not_in_workspace' });
    // The item's own manager may edit it but not put it into a workspace they do not run.
    const notManager = await server.call('PUT', path, {
      token: t.tokens.itemManager,
      body: { workspace_id: t.ids.room },
    });
    expect(notManager.status).toBe(403);
    // The group is bound to the site: the depot is outside its tree.
    const outside = await server.call('PUT', path, {
      token: t.tokens.admin,
      body: { workspace_id: t.ids.depot },
    });
    expect(outside.status).toBe(422);
    expect(outside.body.fields).toEqual({ group_id: 'not_same_workspace' });
    const below = await server.call('PUT', path, {
      token: t.tokens.manager,
      body: { workspace_id: t.ids.room },
    });
    expect(below.status, JSON.stringify(below.body)).toBe(200);
    expect(below.body.workspace).toEqual({ id: t.ids.room, name: 'Room' });
    const moved = await server.call('PUT', path, {
      token: t.tokens.admin,
      body: { workspace_id: t.ids.depot, group_id: null },
    });
    expect(moved.status).toBe(200);
    expect((await itemRow(t.item.id)).workspace_id).toBe(t.ids.depot);
  });

  it('archives and brings back; an archived item takes nothing else; archiving waits for handouts and bookings ahead', async () => {
    const t = await createEquipmentItemTeam(server);
    const path = `${API}/equipment/${t.item.id}`;
    const archived = await server.call('PUT', path, {
      token: t.tokens.kitManager,
      body: { status: 'archived' },
    });
    expect(archived.status, JSON.stringify(archived.body)).toBe(200);
    expect(archived.body).toMatchObject({ status: 'archived', can_edit: false, can_manage: true });
    expect((await activityOf(t.item.id)).at(-1)).toMatchObject({
      action: 'archived',
      changes: { status: ['stored', 'archived'] },
    });
    const before = await equipmentSnapshot();
    for (const body of [{ title: 'Renamed' }, { status: 'stored', title: 'Renamed' }]) {
      const res = await server.call('PUT', path, { token: t.tokens.admin, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error).toBe('equipment_archived');
    }
    expect(
      (await server.call('PUT', path, { token: t.tokens.member, body: { status: 'stored' } })).status,
    ).toBe(403);
    expect(await equipmentSnapshot()).toBe(before);
    const back = await server.call('PUT', path, { token: t.tokens.itemManager, body: { status: 'stored' } });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ status: 'stored', can_edit: true });
    expect((await activityOf(t.item.id)).at(-1)?.action).toBe('unarchived');

    await handOut(t, t.item.id, addDays(today(), 2));
    const issued = await server.call('PUT', path, { token: t.tokens.admin, body: { status: 'archived' } });
    expect(issued.status).toBe(422);
    expect(issued.body.error).toBe('equipment_issued');
    const reserved = await t.addItem({ title: 'Reserved saw' });
    await createEquipmentBooking(server.db, {
      client_id: t.org.id,
      equipment_id: reserved.id,
      kind: 'reservation',
      starts_on: addDays(today(), 5),
      ends_on: addDays(today(), 6),
      holder_user_id: t.people.member.id,
    });
    const ahead = await server.call('PUT', `${API}/equipment/${reserved.id}`, {
      token: t.tokens.admin,
      body: { status: 'archived' },
    });
    expect(ahead.status).toBe(422);
    expect(ahead.body.error).toBe('equipment_not_available');
    expect((await itemRow(reserved.id)).status).toBe('stored');
  });
});

describe('DELETE equipment/{id}', () => {
  it('those who manage it delete it: its bookings are cancelled, issues and schedules stop naming it', async () => {
    const t = await createEquipmentItemTeam(server);
    const keep = await t.addItem({ title: 'Keep me' });
    const reservation = await createEquipmentBooking(server.db, {
      client_id: t.org.id,
      equipment_id: t.item.id,
      kind: 'reservation',
      starts_on: addDays(today(), 4),
      ends_on: addDays(today(), 5),
      holder_user_id: t.people.member.id,
    });
    const issue = await insertIssue(server, {
      client_id: t.org.id,
      workspace_id: t.ids.site,
      equipment_ids: [t.item.id, keep.id],
    });
    const schedule = await createSchedule(server, { clientId: t.org.id, workspaceId: t.ids.site });
    await server.db
      .insertInto('schedule_equipment')
      .values([
        { client_id: t.org.id, schedule_id: schedule, equipment_id: t.item.id },
        { client_id: t.org.id, schedule_id: schedule, equipment_id: keep.id },
      ])
      .execute();
    const path = `${API}/equipment/${t.item.id}`;
    const before = await equipmentSnapshot();
    expect((await server.call('DELETE', path)).status).toBe(401);
    expect((await server.call('DELETE', path, { token: t.tokens.member })).status).toBe(403);
    expect((await server.call('DELETE', path, { token: t.strangerToken })).status).toBe(404);
    expect(await equipmentSnapshot()).toBe(before);

    const res = await server.call('DELETE', path, { token: t.tokens.typeManager });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await itemRow(t.item.id)).deleted_at).not.toBeNull();
    expect((await get(t, t.item.id)).status).toBe(404);
    const booking = await server.db
      .selectFrom('equipment_bookings')
      .select('state')
      .where('id', '=', reservation)
      .executeTakeFirstOrThrow();
    expect(booking.state).toBe('cancelled');
    const issueRow = await server.db
      .selectFrom('issues')
      .select('equipment_ids')
      .where('id', '=', issue)
      .executeTakeFirstOrThrow();
    expect(issueRow.equipment_ids).toEqual([keep.id]);
    const scheduled = await server.db
      .selectFrom('schedule_equipment')
      .select('equipment_id')
      .where('schedule_id', '=', schedule)
      .execute();
    expect(scheduled.map((r) => r.equipment_id)).toEqual([keep.id]);
    expect((await activityOf(t.item.id)).at(-1)).toMatchObject({
      action: 'deleted',
      user_id: t.people.typeManager.id,
    });
  });

  it('is refused while the item is handed out', async () => {
    const t = await createEquipmentItemTeam(server);
    await handOut(t, t.item.id, addDays(today(), 2));
    const before = await equipmentSnapshot();
    const res = await server.call('DELETE', `${API}/equipment/${t.item.id}`, { token: t.tokens.admin });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('equipment_issued');
    expect(await equipmentSnapshot()).toBe(before);
  });
});

describe('POST equipment/duplicate/{id}', () => {
  it('makes a stored copy with the same type, group, managers and fields, without bookings or pictures', async () => {
    const t = await createEquipmentItemTeam(server);
    await server.db
      .updateTable('equipment')
      .set({
        description: 'Blue case',
        links: JSON.stringify([{ title: 'Manual', url: 'https://example.test/m' }]),
        handout_requires_approval: true,
      })
      .where('id', '=', t.item.id)
      .execute();
    await handOut(t, t.item.id, addDays(today(), 2));
    await createEquipmentPicture(server.db, { clientId: t.org.id, equipmentId: t.item.id });
    const path = `${API}/equipment/duplicate/${t.item.id}`;
    expect((await server.call('POST', path)).status).toBe(401);
    // Copying adds an item to the workspace: can_create_equipment.
    for (const who of ['member', 'itemManager'] as const) {
      expect((await server.call('POST', path, { token: t.tokens[who] })).status, who).toBe(403);
    }
    expect((await server.call('POST', path, { token: t.strangerToken })).status).toBe(404);
    const res = await server.call('POST', path, { token: t.tokens.manager });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Cordless drill (copy)',
      status: 'stored',
      type: { id: t.typeId },
      group: { id: t.groupId },
      workspace: { id: t.ids.site },
      description: 'Blue case',
      serial_number: 'SN-100',
      handout_requires_approval: true,
      links: [{ title: 'Manual', url: 'https://example.test/m' }],
      managers: [{ id: t.people.itemManager.id }],
      holder: null,
      handout: null,
      attachments: [],
      created_by: { id: t.people.manager.id },
    });
    expect(res.body.id).not.toBe(t.item.id);
    expect(res.body.public_code).not.toBe(t.item.publicCode);
    expect((await activityOf(res.body.id))[0]).toMatchObject({
      action: 'created',
      changes: { duplicated_from: t.item.id },
    });
    // A long title stays within 255.
    await server.db
      .updateTable('equipment')
      .set({ title: 'y'.repeat(255) })
      .where('id', '=', t.item.id)
      .execute();
    const long = await server.call('POST', path, { token: t.tokens.admin });
    expect(long.body.title).toHaveLength(255);
    expect(long.body.title.endsWith(' (copy)')).toBe(true);
  });
});

describe('POST equipment/multiple/*', () => {
  it('add_to_group puts items into a group: each refused one with its reason, in one go', async () => {
    const t = await createEquipmentItemTeam(server);
    const kit = await createEquipmentGroup(server.db, {
      clientId: t.org.id,
      workspaceId: t.ids.site,
      name: 'Kit 2',
    });
    const inRoom = await t.addItem({ title: 'Room drill', workspace_id: t.ids.room });
    const inDepot = await t.addItem({ title: 'Depot drill', workspace_id: t.ids.depot });
    const archived = await t.addItem({ title: 'Old drill', status: 'archived' });
    const theirs = await createEquipmentItemTeam(server);
    const res = await server.call('POST', `${API}/equipment/multiple/add_to_group`, {
      token: t.tokens.admin,
      body: { group_id: kit, equipment_ids: [t.item.id, inRoom.id, inDepot.id, archived.id, theirs.item.id] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(ZEquipmentBulkResultSchema.safeParse(res.body).success).toBe(true);
    expect(res.body).toEqual({
      done: [t.item.id, inRoom.id],
      not_done: [
        { id: inDepot.id, error: 'not_same_workspace' },
        { id: archived.id, error: 'equipment_archived' },
        { id: theirs.item.id, error: 'not_found' },
      ],
    });
    expect((await itemRow(inRoom.id)).group_id).toBe(kit);
    expect((await itemRow(inDepot.id)).group_id).toBeNull();
    expect((await activityOf(inRoom.id)).at(-1)).toMatchObject({
      action: 'updated',
      changes: { group_id: [null, kit] },
    });

    const member = await server.call('POST', `${API}/equipment/multiple/add_to_group`, {
      token: t.tokens.member,
      body: { group_id: t.groupId, equipment_ids: [inRoom.id] },
    });
    expect(member.body).toEqual({ done: [], not_done: [{ id: inRoom.id, error: 'forbidden' }] });
    const foreignGroup = await server.call('POST', `${API}/equipment/multiple/add_to_group`, {
      token: t.tokens.admin,
      body: { group_id: theirs.groupId, equipment_ids: [inRoom.id] },
    });
    expect(foreignGroup.status).toBe(422);
    expect(foreignGroup.body.fields).toEqual({ group_id: 'not_found' });
    const empty = await server.call('POST', `${API}/equipment/multiple/add_to_group`, {
      token: t.tokens.admin,
      body: { group_id: kit, equipment_ids: [] },
    });
    expect(empty.status).toBe(422);
    expect(empty.body.fields).toEqual({ equipment_ids: 'required' });
    expect((await itemRow(inRoom.id)).group_id).toBe(kit);
  });

  it('archive archives what may be archived; handed out and booked-ahead items stay', async () => {
    const t = await createEquipmentItemTeam(server);
    const out = await t.addItem({ title: 'Out' });
    await handOut(t, out.id, addDays(today(), 1));
    const booked = await t.addItem({ title: 'Booked' });
    await createEquipmentBooking(server.db, {
      client_id: t.org.id,
      equipment_id: booked.id,
      kind: 'reservation',
      state: 'pending',
      starts_on: addDays(today(), 3),
      ends_on: addDays(today(), 4),
      holder_user_id: t.people.member.id,
    });
    const already = await t.addItem({ title: 'Already', status: 'archived' });
    const mine = await t.addItem({ title: 'Not mine', managerIds: [t.people.itemManager.id] });
    const other = await t.addItem({ title: 'Other' });
    const res = await server.call('POST', `${API}/equipment/multiple/archive`, {
      token: t.tokens.itemManager,
      body: { equipment_ids: [t.item.id, out.id, mine.id, other.id] },
    });
    expect(res.body).toEqual({
      done: [t.item.id, mine.id],
      not_done: [
        { id: out.id, error: 'forbidden' },
        { id: other.id, error: 'forbidden' },
      ],
    });
    const byAdmin = await server.call('POST', `${API}/equipment/multiple/archive`, {
      token: t.tokens.admin,
      body: { equipment_ids: [out.id, booked.id, already.id, other.id] },
    });
    expect(byAdmin.body).toEqual({
      done: [already.id, other.id],
      not_done: [
        { id: out.id, error: 'equipment_issued' },
        { id: booked.id, error: 'equipment_not_available' },
      ],
    });
    const statuses = await server.db
      .selectFrom('equipment')
      .select(['id', 'status'])
      .where('id', 'in', [t.item.id, out.id, booked.id, already.id, mine.id, other.id])
      .orderBy('id')
      .execute();
    expect(Object.fromEntries(statuses.map((r) => [r.id, r.status]))).toEqual({
      [t.item.id]: 'archived',
      [out.id]: 'issued',
      [booked.id]: 'stored',
      [already.id]: 'archived',
      [mine.id]: 'archived',
      [other.id]: 'archived',
    });
    expect((await activityOf(other.id)).map((r) => r.action)).toEqual(['archived']);
    expect(await activityOf(already.id)).toEqual([]);
  });

  it('delete deletes what may be deleted; handed out items stay', async () => {
    const t = await createEquipmentItemTeam(server);
    const out = await t.addItem({ title: 'Out' });
    await handOut(t, out.id, addDays(today(), 1));
    const other = await t.addItem({ title: 'Other' });
    const memberAnswer = await server.call('POST', `${API}/equipment/multiple/delete`, {
      token: t.tokens.member,
      body: { equipment_ids: [other.id] },
    });
    expect(memberAnswer.body).toEqual({ done: [], not_done: [{ id: other.id, error: 'forbidden' }] });
    expect(
      (await server.call('POST', `${API}/equipment/multiple/delete`, { body: { equipment_ids: [other.id] } }))
        .status,
    ).toBe(401);
    const res = await server.call('POST', `${API}/equipment/multiple/delete`, {
      token: t.tokens.admin,
      body: { equipment_ids: [t.item.id, out.id, other.id, other.id] },
    });
    expect(res.body).toEqual({
      done: [t.item.id, other.id],
      not_done: [{ id: out.id, error: 'equipment_issued' }],
    });
    expect((await itemRow(t.item.id)).deleted_at).not.toBeNull();
    expect((await itemRow(other.id)).deleted_at).not.toBeNull();
    expect((await itemRow(out.id)).deleted_at).toBeNull();
    expect((await activityOf(other.id)).map((r) => r.action)).toEqual(['deleted']);
  });
});
