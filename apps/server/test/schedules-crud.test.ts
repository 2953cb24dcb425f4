import { ZScheduleSchema } from '@workbench/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAsset, createAssetTeam } from './helpers/assets-factories.js';
import { addWorkspace } from './helpers/factories.js';
import { API } from './helpers/issues-factories.js';
import { createSchedule } from './helpers/schedules-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Team = Awaited<ReturnType<typeof createAssetTeam>>;

/** Everything stored about the organisation's schedules, to prove a refused call wrote nothing. */
async function schedulesSnapshot(clientId: number): Promise<string> {
  const [schedules, people, assets, links, budgets, activity] = await Promise.all([
    server.db.selectFrom('schedules').selectAll().where('client_id', '=', clientId).orderBy('id').execute(),
    server.db.selectFrom('schedule_people').selectAll().where('client_id', '=', clientId).execute(),
    server.db.selectFrom('schedule_assets').selectAll().where('client_id', '=', clientId).execute(),
    server.db.selectFrom('schedule_links').selectAll().where('client_id', '=', clientId).execute(),
    server.db.selectFrom('schedule_budgets').selectAll().where('client_id', '=', clientId).execute(),
    server.db
      .selectFrom('activity_log')
      .selectAll()
      .where('client_id', '=', clientId)
      .where('entity_type', '=', 'schedule')
      .execute(),
  ]);
  return JSON.stringify({ schedules, people, assets, links, budgets, activity });
}

async function activityOf(id: number) {
  return server.db
    .selectFrom('activity_log')
    .select(['action', 'changes', 'user_id'])
    .where('entity_type', '=', 'schedule')
    .where('entity_id', '=', id)
    .orderBy('id')
    .execute();
}

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

function validBody(t: Team, extra: Record<string, unknown> = {}) {
  return {
    title: 'Boiler check',
    description: 'Look at the pressure',
    workspace_id: t.ids.site,
    assignee_id: t.people.assignee.id,
    watchers: [t.people.member.id],
    replacements: [t.people.manager.id],
    assets: [t.asset.id],
    start_date: tomorrow(),
    repeat_every: { type: 'weeks', value: 1, exclude_weekends: false },
    repeat_on: [1, 3],
    work_hours_start: '07:00',
    work_hours_end: '09:00',
    links: [{ url: 'https://example.test/manual', title: 'Manual' }],
    ...extra,
  };
}

describe('POST schedule', () => {
  it('is refused without a login', async () => {
    const res = await server.call('POST', `${API}/schedule`, { body: { title: 'x' } });
    expect(res.status).toBe(401);
  });

  it('creates a schedule (admin), answers it whole and logs it', async () => {
    const t = await createAssetTeam(server);
    const res = await server.call('POST', `${API}/schedule`, { token: t.tokens.admin, body: validBody(t) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(ZScheduleSchema.safeParse(res.body).success).toBe(true);
    expect(res.body).toMatchObject({
      title: 'Boiler check',
      workspace: { id: t.ids.site, name: 'Site' },
      assignee: { id: t.people.assignee.id, full_name: 'Ava Assignee' },
      assignee_status: null,
      status: 'pending',
      watchers: [{ id: t.people.member.id }],
      replacements: [{ id: t.people.manager.id }],
      assets: [{ id: t.asset.id, name: 'Boiler 1', status: 1 }],
      links: [{ url: 'https://example.test/manual', title: 'Manual' }],
      repeat_every: { type: 'weeks', value: 1, exclude_weekends: false },
      repeat_on: [1, 3],
      end: { type: 'NEVER', value: null },
      priority_id: 3,
      assets_mode: 'FOR_EACH_ASSET',
      reschedule_mode: 'on_start_date',
      time_zone: 'Europe/Vienna',
      paused: false,
      archived: false,
      permissions: { can_edit: true, can_decide: false },
      created_by: { id: t.people.admin.id },
    });
    expect(res.body.next_issue_scheduled_at).not.toBeNull();
    expect((await activityOf(res.body.id)).map((a) => a.action)).toEqual(['created']);
  });

  it('a manager of the workspace creates; a member, a partner and a stranger cannot, and nothing is written', async () => {
    const t = await createAssetTeam(server);
    const ok = await server.call('POST', `${API}/schedule`, {
      token: t.tokens.manager,
      body: { ...validBody(t), title: 'Manager round', workspace_id: t.ids.room, assets: [] },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const before = await schedulesSnapshot(t.org.id);
    const member = await server.call('POST', `${API}/schedule`, {
      token: t.tokens.member,
      body: { ...validBody(t), title: 'Member round' },
    });
    expect(member.status).toBe(403);
    // The partner's collab manager sees the Site, but it is not their organisation's.
    const partner = await server.call('POST', `${API}/schedule`, {
      token: t.tokens.collabManager,
      body: { ...validBody(t), title: 'Partner round' },
    });
    expect(partner.status).toBe(422);
    expect(partner.body.fields).toEqual({ workspace_id: 'not_found' });
    const stranger = await server.call('POST', `${API}/schedule`, {
      token: t.strangerToken,
      body: { ...validBody(t), title: 'Stranger round' },
    });
    expect(stranger.status).toBe(422);
    expect(await schedulesSnapshot(t.org.id)).toBe(before);
  });

  it('refuses every invalid rule with its field key and writes nothing', async () => {
    const t = await createAssetTeam(server);
    const archived = await createAsset(server.db, {
      client_id: t.org.id,
      workspace_id: t.ids.site,
      status: 5,
    });
    const depotAsset = await createAsset(server.db, { client_id: t.org.id, workspace_id: t.ids.depot });
    const before = await schedulesSnapshot(t.org.id);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: 'x' }, 'title_too_short'],
      [{ repeat_every: { type: 'days', value: 0 } }, 'repeat_value_invalid'],
      [{ repeat_every: { type: 'days', value: 1000 } }, 'repeat_value_invalid'],
      [{ end: { type: 'ON', value: '2000-01-01' } }, 'end_before_start'],
      [{ work_hours_start: '10:00', work_hours_end: '09:00' }, 'work_hours_end_before_start'],
      [
        {
          seasonal_break_type: 'YES',
          seasonal_break_start: '2030-05-01',
          seasonal_break_end: '2030-04-01',
          seasonal_break_yearly: false,
        },
        'break_end_before_start',
      ],
      [{ repeat_on: [7] }, 'invalid_weekday'],
      [{ assets: Array.from({ length: 201 }, (_, i) => i + 1) }, 'too_many_assets'],
      [{ assignee_id: t.people.depotMember.id }, 'assignee_not_available'],
      [{ watchers: [t.people.depotMember.id] }, 'assignee_not_available'],
      [{ replacements: [t.people.depotMember.id] }, 'assignee_not_available'],
      // A partner's person works in the Site, but could never see the schedule to decide on it.
      [{ assignee_id: t.people.collabMember.id }, 'assignee_not_available'],
      [{ assets: [depotAsset.id] }, 'not_same_workspace'],
      [{ assets: [archived.id] }, 'asset_archived'],
      [{ categories: [999_999] }, 'not_found'],
      [{ checklist_templates: [999_999] }, 'not_found'],
      [{ start_date: '2025-02-30' }, 'invalid_format'],
      [{ work_hours_start: '25:00' }, 'invalid_format'],
      [{ reschedule_mode: 'sometimes' }, 'invalid_format'],
    ];
    for (const [change, key] of cases) {
      const res = await server.call('POST', `${API}/schedule`, {
        token: t.tokens.admin,
        body: { ...validBody(t), ...change },
      });
      expect(res.status, JSON.stringify(change)).toBe(422);
      expect(
        Object.values(res.body.fields ?? {}),
        `${JSON.stringify(change)} ${JSON.stringify(res.body)}`,
      ).toContain(key);
    }
    expect(await schedulesSnapshot(t.org.id)).toBe(before);
  });

  it('reads the multipart form: booleans 1/0, indexed slots and links, nested fields, lists', async () => {
    const t = await createAssetTeam(server);
    const form = new FormData();
    const fields: Array<[string, string]> = [
      ['title', 'Night watch'],
      ['workspace_id', String(t.ids.site)],
      ['priority_id', '4'],
      ['is_attachment_required', '1'],
      ['is_worktime_required', '0'],
      ['start_date', tomorrow()],
      ['repeat_every[type]', 'days'],
      ['repeat_every[value]', '2'],
      ['repeat_every[exclude_weekends]', '1'],
      ['end[type]', 'AFTER'],
      ['end[value]', '5'],
      ['time_slots[0][start]', '06:00'],
      ['time_slots[0][end]', '07:00'],
      ['time_slots[1][start]', '18:00'],
      ['time_slots[1][end]', '19:00'],
      ['links[0][url]', 'https://example.test/a'],
      ['links[0][title]', 'A'],
      ['watchers[]', String(t.people.member.id)],
      ['watchers[]', String(t.people.assignee.id)],
      ['assets', String(t.asset.id)],
      ['presence_alarm_enabled', '1'],
      ['presence_alarm[later_than_start][enabled]', '1'],
      ['presence_alarm[later_than_start][hours]', '0'],
      ['presence_alarm[later_than_start][minutes]', '15'],
      ['time_limits[completion][value]', '2'],
      ['time_limits[completion][unit]', 'hours'],
      ['assets_mode', 'ONE_FOR_ALL_ASSETS'],
    ];
    for (const [name, value] of fields) form.append(name, value);
    const res = await server.callForm('POST', `${API}/schedule`, form, t.tokens.admin);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Night watch',
      priority_id: 4,
      is_attachment_required: true,
      is_worktime_required: false,
      repeat_every: { type: 'days', value: 2, exclude_weekends: true },
      end: { type: 'AFTER', value: 5 },
      time_slots: [
        { start: '06:00', end: '07:00' },
        { start: '18:00', end: '19:00' },
      ],
      links: [{ url: 'https://example.test/a', title: 'A' }],
      assets: [{ id: t.asset.id }],
      assets_mode: 'ONE_FOR_ALL_ASSETS',
      presence_alarm_enabled: true,
      presence_alarm: { later_than_start: { enabled: true, hours: 0, minutes: 15 } },
      time_limits: { completion: { value: 2, unit: 'hours' } },
    });
    expect(res.body.watchers.map((w: { id: number }) => w.id).sort()).toEqual(
      [t.people.member.id, t.people.assignee.id].sort(),
    );

    // The update form: _method PUT, a list emptied with null, a boolean off with 0.
    const update = new FormData();
    update.append('_method', 'PUT');
    update.append('watchers', 'null');
    update.append('is_attachment_required', '0');
    update.append('repeat_on', '1,5');
    update.append('repeat_every[type]', 'weeks');
    update.append('repeat_every[value]', '1');
    const changed = await server.callForm('POST', `${API}/schedule/${res.body.id}`, update, t.tokens.admin);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ watchers: [], is_attachment_required: false, repeat_on: [1, 5] });
    expect(changed.body.time_slots).toHaveLength(2);
  });
});

describe('GET and POST schedule/{id}', () => {
  it('members of the workspace see it (no edit); the other organisation and the partner get 404', async () => {
    const t = await createAssetTeam(server);
    const id = await createSchedule(server, { clientId: t.org.id, workspaceId: t.ids.site, title: 'Seen' });
    for (const [who, canEdit] of [
      ['admin', true],
      ['manager', true],
      ['member', false],
      ['groupManager', false],
    ] as const) {
      const res = await server.call('GET', `${API}/schedule/${id}`, { token: t.tokens[who] });
      expect(res.status, who).toBe(200);
      expect(res.body.permissions.can_edit, who).toBe(canEdit);
    }
    for (const token of [
      t.strangerToken,
      t.tokens.collabManager,
      t.tokens.collabMember,
      t.tokens.depotMember,
    ]) {
      const res = await server.call('GET', `${API}/schedule/${id}`, { token });
      expect(res.status).toBe(404);
    }
    // The partner's collab manager manages nothing of ours: every call is 404 too.
    const before = await schedulesSnapshot(t.org.id);
    for (const [method, path, body] of [
      ['POST', `/schedule/${id}`, { title: 'Theirs now' }],
      ['POST', `/schedule/${id}/pause`, undefined],
      ['DELETE', `/schedule/${id}`, undefined],
      ['GET', `/schedule/${id}/budgets`, undefined],
      ['GET', `/schedule/future_preview/${id}`, undefined],
    ] as const) {
      const res = await server.call(method, `${API}${path}`, { token: t.tokens.collabManager, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const reassign = await server.call('POST', `${API}/schedule/multiple/reassign`, {
      token: t.tokens.collabManager,
      body: { schedule_ids: [id], assignee_id: null },
    });
    expect(reassign.body).toEqual({ updated: [], failed: [{ id, error: 'not_found' }] });
    expect(await schedulesSnapshot(t.org.id)).toBe(before);
  });

  it('an update changes fields, logs the diff, and a new assignee decides again', async () => {
    const t = await createAssetTeam(server);
    const id = await createSchedule(server, {
      clientId: t.org.id,
      workspaceId: t.ids.site,
      assignee_id: t.people.assignee.id,
      assignee_status: 5,
    });
    const res = await server.call('POST', `${API}/schedule/${id}`, {
      token: t.tokens.manager,
      body: { _method: 'PUT', title: 'Renamed round', assignee_id: t.people.member.id, priority_id: 5 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      title: 'Renamed round',
      priority_id: 5,
      assignee_id: t.people.member.id,
      assignee_status: null,
      status: 'pending',
    });
    const log = await activityOf(id);
    expect(log.at(-1)).toMatchObject({
      action: 'updated',
      changes: {
        title: { from: 'Daily round', to: 'Renamed round' },
        assignee_id: { from: t.people.assignee.id, to: t.people.member.id },
        priority_id: { from: 3, to: 5 },
      },
    });
  });

  it('refuses members, bad rules of the merged schedule, assets of another branch, and archived schedules', async () => {
    const t = await createAssetTeam(server);
    const id = await createSchedule(server, { clientId: t.org.id, workspaceId: t.ids.site });
    const archivedId = await createSchedule(server, {
      clientId: t.org.id,
      workspaceId: t.ids.site,
      archived_at: new Date(),
    });
    const before = await schedulesSnapshot(t.org.id);
    const member = await server.call('POST', `${API}/schedule/${id}`, {
      token: t.tokens.member,
      body: { title: 'Mine now' },
    });
    expect(member.status).toBe(403);
    // Only the end of the work hours is sent: it is checked against the stored start (08:00).
    const merged = await server.call('POST', `${API}/schedule/${id}`, {
      token: t.tokens.admin,
      body: { work_hours_end: '07:00' },
    });
    expect(merged.status).toBe(422);
    expect(Object.values(merged.body.fields)).toContain('work_hours_end_before_start');
    // Moving it to the Depot leaves the Site's asset behind.
    const withAsset = await createSchedule(server, {
      clientId: t.org.id,
      workspaceId: t.ids.site,
      assetIds: [t.asset.id],
    });
    const before2 = await schedulesSnapshot(t.org.id);
    const moved = await server.call('POST', `${API}/schedule/${withAsset}`, {
      token: t.tokens.admin,
      body: { workspace_id: t.ids.depot },
    });
    expect(moved.status).toBe(422);
    expect(moved.body.fields).toEqual({ 'assets.0': 'not_same_workspace' });
    const archived = await server.call('POST', `${API}/schedule/${archivedId}`, {
      token: t.tokens.admin,
      body: { title: 'Again' },
    });
    expect(archived.status).toBe(422);
    expect(archived.body.error).toBe('schedule_archived');
    expect(await schedulesSnapshot(t.org.id)).toBe(before2);
    expect(before2).not.toBe(before);
  });

  it('assets of a sub-workspace fit; the list of assets is replaced and emptied with null', async () => {
    const t = await createAssetTeam(server);
    const roomAsset = await createAsset(server.db, {
      client_id: t.org.id,
      workspace_id: t.ids.room,
      name: 'Pump',
    });
    const id = await createSchedule(server, { clientId: t.org.id, workspaceId: t.ids.site });
    const res = await server.call('POST', `${API}/schedule/${id}`, {
      token: t.tokens.admin,
      body: { assets: [roomAsset.id, t.asset.id] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.assets.map((a: { name: string }) => a.name)).toEqual(['Boiler 1', 'Pump']);
    const emptied = await server.call('POST', `${API}/schedule/${id}`, {
      token: t.tokens.admin,
      body: { assets: null },
    });
    expect(emptied.body.assets).toEqual([]);
  });
});

describe('the state of a schedule', () => {
  it('pause, unpause, archive, unarchive, duplicate and delete by editors, each logged', async () => {
    const t = await createAssetTeam(server);
    const id = await createSchedule(server, {
      clientId: t.org.id,
      workspaceId: t.ids.site,
      title: 'Stateful',
      watcherIds: [t.people.member.id],
      assetIds: [t.asset.id],
    });
    const paused = await server.call('POST', `${API}/schedule/${id}/pause`, { token: t.tokens.manager });
    expect(paused.body).toMatchObject({ paused: true, status: 'paused' });
    const unpaused = await server.call('POST', `${API}/schedule/${id}/unpause`, { token: t.tokens.manager });
    expect(unpaused.body).toMatchObject({ paused: false, status: 'active' });
    expect(unpaused.body.next_issue_scheduled_at).not.toBeNull();

    const copy = await server.call('POST', `${API}/schedule/${id}/duplicate`, { token: t.tokens.admin });
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    expect(copy.body).toMatchObject({
      title: 'Stateful (copy)',
      paused: true,
      watchers: [{ id: t.people.member.id }],
      assets: [{ id: t.asset.id }],
    });
    expect(copy.body.id).not.toBe(id);

    const archived = await server.call('PUT', `${API}/schedule/${id}`, {
      token: t.tokens.admin,
      body: { archived: true },
    });
    expect(archived.body).toMatchObject({ archived: true, status: 'archived' });
    const refused = await server.call('POST', `${API}/schedule/${id}/pause`, { token: t.tokens.admin });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('schedule_archived');
    const back = await server.call('PUT', `${API}/schedule/${id}`, {
      token: t.tokens.admin,
      body: { archived: false },
    });
    expect(back.body).toMatchObject({ archived: false });

    const removed = await server.call('DELETE', `${API}/schedule/${id}`, { token: t.tokens.admin });
    expect(removed.status).toBe(200);
    expect((await server.call('GET', `${API}/schedule/${id}`, { token: t.tokens.admin })).status).toBe(404);
    expect((await activityOf(id)).map((a) => a.action)).toEqual([
      'paused',
      'unpaused',
      'archived',
      'unarchived',
      'deleted',
    ]);
    const log = await server.call('GET', `${API}/schedule/${copy.body.id}/activity_log`, {
      token: t.tokens.member,
    });
    expect(log.status).toBe(200);
    expect(log.body.data[0]).toMatchObject({ action: 'created', changes: { duplicate_of: id } });
  });

  it('members may not change the state (403) and nothing is written', async () => {
    const t = await createAssetTeam(server);
    const id = await createSchedule(server, { clientId: t.org.id, workspaceId: t.ids.site });
    const before = await schedulesSnapshot(t.org.id);
    const calls: Array<[string, string, unknown?]> = [
      ['POST', `/schedule/${id}/pause`],
      ['POST', `/schedule/${id}/unpause`],
      ['POST', `/schedule/${id}/duplicate`],
      ['PUT', `/schedule/${id}`, { archived: true }],
      ['DELETE', `/schedule/${id}`],
      ['POST', `/schedule/${id}/set_budget`, { year: 2030, planned_amount: 10, planned_hours: 5 }],
      ['POST', `/schedule/${id}/set_time_limits`, { completion: { value: 1, unit: 'days' } }],
    ];
    for (const [method, path, body] of calls) {
      const res = await server.call(method, `${API}${path}`, { token: t.tokens.member, body });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect(await schedulesSnapshot(t.org.id)).toBe(before);
  });
});

describe('PUT schedule/{id}/assignee_decision', () => {
  it('the assignee accepts or declines with a note; nobody else decides', async () => {
    const t = await createAssetTeam(server);
    const id = await createSchedule(server, {
      clientId: t.org.id,
      workspaceId: t.ids.site,
      assignee_id: t.people.assignee.id,
    });
    const pending = await server.call('GET', `${API}/schedule/${id}`, { token: t.tokens.assignee });
    expect(pending.body).toMatchObject({
      status: 'pending',
      permissions: { can_decide: true, can_edit: false },
    });

    for (const token of [t.tokens.admin, t.tokens.manager, t.tokens.member]) {
      const res = await server.call('PUT', `${API}/schedule/${id}/assignee_decision`, {
        token,
        body: { status_id: 5 },
      });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('not_schedule_assignee');
    }
    const noNote = await server.call('PUT', `${API}/schedule/${id}/assignee_decision`, {
      token: t.tokens.assignee,
      body: { status_id: 4, note: '  ' },
    });
    expect(noNote.status).toBe(422);
    expect(noNote.body.fields).toEqual({ note: 'note_required' });

    const declined = await server.call('PUT', `${API}/schedule/${id}/assignee_decision`, {
      token: t.tokens.assignee,
      body: { status_id: 4, note: 'On holiday' },
    });
    expect(declined.body).toMatchObject({
      assignee_status: 4,
      assignee_note: 'On holiday',
      status: 'active',
    });
    const accepted = await server.call('PUT', `${API}/schedule/${id}/assignee_decision`, {
      token: t.tokens.assignee,
      body: { status_id: 5 },
    });
    expect(accepted.body).toMatchObject({ assignee_status: 5, assignee_note: null });
    expect((await activityOf(id)).filter((a) => a.action === 'decision')).toHaveLength(2);
  });
});

describe('budgets and time limits', () => {
  it('lists the current year, sets a plan, and counts the hours of the schedule issues of that year', async () => {
    const t = await createAssetTeam(server);
    const id = await createSchedule(server, { clientId: t.org.id, workspaceId: t.ids.site });
    const year = new Date().getUTCFullYear();
    const midYear = new Date(Date.UTC(year, 5, 15, 8));
    await t.issue({ schedule_id: id, start_date: midYear, worktime_total: 5400, status_id: 8 });
    await t.issue({ schedule_id: id, start_date: midYear, worktime_total: 1800 });
    const empty = await server.call('GET', `${API}/schedule/${id}/budgets`, { token: t.tokens.member });
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual([
      {
        year,
        planned_amount: null,
        planned_hours: null,
        currency: 'EUR',
        actual_hours: 2,
        remaining_hours: null,
        issues_created: 2,
        issues_completed: 1,
      },
    ]);
    const set = await server.call('POST', `${API}/schedule/${id}/set_budget`, {
      token: t.tokens.manager,
      body: { year, planned_amount: 1200.5, planned_hours: 10 },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data[0]).toMatchObject({
      year,
      planned_amount: 1200.5,
      planned_hours: 10,
      remaining_hours: 8,
    });

    const limits = await server.call('POST', `${API}/schedule/${id}/set_time_limits`, {
      token: t.tokens.manager,
      body: { completion: { value: 3, unit: 'days' } },
    });
    expect(limits.status, JSON.stringify(limits.body)).toBe(200);
    expect(limits.body.time_limits).toEqual({ completion: { value: 3, unit: 'days' } });
  });
});

describe('future dates and prepared tasks', () => {
  it('answers the next occurrences in the time zone and one prepared task per asset', async () => {
    const t = await createAssetTeam(server);
    const pump = await t.addAsset({ name: 'Pump' });
    const id = await createSchedule(server, {
      clientId: t.org.id,
      workspaceId: t.ids.site,
      start_date: tomorrow(),
      work_hours_start: '07:00',
      work_hours_end: '08:00',
      assetIds: [t.asset.id, pump.id],
      assignee_id: t.people.assignee.id,
    });
    const dates = await server.call('GET', `${API}/schedule/${id}/future_dates?count=3`, {
      token: t.tokens.member,
    });
    expect(dates.status, JSON.stringify(dates.body)).toBe(200);
    expect(dates.body.time_zone).toBe('Europe/Vienna');
    expect(dates.body.data).toHaveLength(3);
    const first = new Date(dates.body.data[0].start_date);
    expect(first.toLocaleTimeString('en-GB', { timeZone: 'Europe/Vienna' })).toBe('07:00:00');
    expect(dates.body.data[0]).toMatchObject({ created: false });

    const from = Math.floor(first.getTime() / 1000);
    const preview = await server.call(
      'GET',
      `${API}/schedule/future_preview/${id}?from=${from}&to=${from + 2 * 86_400}`,
      { token: t.tokens.member },
    );
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data).toHaveLength(4);
    expect(preview.body.data[0]).toMatchObject({
      schedule_id: id,
      status_id: 0,
      model: 'PREDEFINED_TASK',
      is_scheduled_prepared_task: true,
      start_date: from,
      assignee: { id: t.people.assignee.id },
      workspace: { id: t.ids.site },
    });
    expect(new Set(preview.body.data.map((p: { key: string }) => p.key)).size).toBe(4);

    // An occurrence already created is flagged, and not previewed again.
    await server.db
      .insertInto('schedule_occurrences')
      .values({
        client_id: t.org.id,
        schedule_id: id,
        starts_at: first,
        asset_id: t.asset.id,
        issue_id: null,
      })
      .execute();
    const again = await server.call('GET', `${API}/schedule/${id}/future_dates?count=1`, {
      token: t.tokens.member,
    });
    expect(again.body.data[0]).toMatchObject({ created: true, creates_at: null });
    const preview2 = await server.call(
      'GET',
      `${API}/schedule/future_preview/${id}?from=${from}&to=${from + 2 * 86_400}`,
      { token: t.tokens.member },
    );
    expect(preview2.body.data).toHaveLength(3);
  });
});

describe('POST schedule/multiple/reassign and asset/{id}/schedules', () => {
  it('reassigns those the caller may change and lists the others as failed', async () => {
    const t = await createAssetTeam(server);
    const depotSchedule = await createSchedule(server, { clientId: t.org.id, workspaceId: t.ids.depot });
    const siteSchedule = await createSchedule(server, { clientId: t.org.id, workspaceId: t.ids.site });
    const archived = await createSchedule(server, {
      clientId: t.org.id,
      workspaceId: t.ids.site,
      archived_at: new Date(),
    });
    const res = await server.call('POST', `${API}/schedule/multiple/reassign`, {
      token: t.tokens.manager,
      body: {
        schedule_ids: [siteSchedule, depotSchedule, archived, 999_999],
        assignee_id: t.people.assignee.id,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      updated: [siteSchedule],
      failed: [
        { id: depotSchedule, error: 'not_found' },
        { id: archived, error: 'schedule_archived' },
        { id: 999_999, error: 'not_found' },
      ],
    });
    // The admin sees the Depot, but Ava cannot work there.
    const admin = await server.call('POST', `${API}/schedule/multiple/reassign`, {
      token: t.tokens.admin,
      body: { schedule_ids: [depotSchedule], assignee_id: t.people.assignee.id },
    });
    expect(admin.body.failed).toEqual([{ id: depotSchedule, error: 'assignee_not_available' }]);
  });

  it('an asset lists the schedules working on it', async () => {
    const t = await createAssetTeam(server);
    const id = await createSchedule(server, {
      clientId: t.org.id,
      workspaceId: t.ids.site,
      title: 'On the boiler',
      assetIds: [t.asset.id],
    });
    await createSchedule(server, { clientId: t.org.id, workspaceId: t.ids.site, title: 'Elsewhere' });
    const res = await server.call('GET', `${API}/asset/${t.asset.id}/schedules`, { token: t.tokens.member });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { id, name: 'On the boiler', workspace: { id: t.ids.site, name: 'Site' } },
    ]);
    expect(res.body.total).toBe(1);
  });
});

describe('a schedule of a deleted workspace', () => {
  it('is nobody’s to see', async () => {
    const t = await createAssetTeam(server);
    const ws = await addWorkspace(server.db, t.org.id, 'Gone');
    const id = await createSchedule(server, { clientId: t.org.id, workspaceId: ws });
    await server.db.updateTable('workspaces').set({ deleted_at: new Date() }).where('id', '=', ws).execute();
    const res = await server.call('GET', `${API}/schedule/${id}`, { token: t.tokens.admin });
    expect(res.status).toBe(404);
  });
});
