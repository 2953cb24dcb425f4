import { ZScheduleSchema } from '@workbench/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materializeDue } from '../src/modules/schedules/schedule-materializer.js';
import { planSchedule } from '../src/modules/schedules/schedule-plan.js';
import { createEquipment } from './helpers/equipment-factories.js';
import { API, createIssueTeam } from './helpers/issues-factories.js';
import { createSchedule } from './helpers/schedules-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** The issue team, a schedule in the Site, and items in the Site, the Depot and another organisation. */
async function world() {
  const t = await createIssueTeam(server);
  const item = async (workspaceId: number, title: string, clientId = t.org.id) =>
    (await createEquipment(server.db, { client_id: clientId, workspace_id: workspaceId, title })).id;
  const scheduleId = await createSchedule(server, {
    clientId: t.org.id,
    workspaceId: t.ids.site,
    title: 'Gutter cleaning',
    created_by: t.people.admin.id,
  });
  const stranger = await createIssueTeam(server);
  return {
    ...t,
    scheduleId,
    items: {
      ladder: await item(t.ids.site, 'Ladder'),
      bucket: await item(t.ids.room, 'Bucket'),
      depotSaw: await item(t.ids.depot, 'Depot saw'),
      foreign: await item(stranger.ids.site, 'Foreign ladder', stranger.org.id),
    },
  };
}

const linked = async (scheduleId: number) =>
  (
    await server.db
      .selectFrom('schedule_equipment')
      .select('equipment_id')
      .where('schedule_id', '=', scheduleId)
      .orderBy('equipment_id')
      .execute()
  ).map((r) => r.equipment_id);

const post = (w: Awaited<ReturnType<typeof world>>, token: string | undefined, body: unknown) =>
  server.call('POST', `${API}/schedule/${w.scheduleId}/equipments`, { token, body });

describe('POST schedule/{id}/equipments', () => {
  it('replaces the equipment of the schedule (editors), answered as equipments and logged', async () => {
    const w = await world();
    const res = await post(w, w.tokens.manager, { equipment_ids: [w.items.ladder, w.items.bucket] });
    expect(res.status).toBe(200);
    const schedule = ZScheduleSchema.parse(res.body);
    expect(schedule.equipments).toEqual([
      { id: w.items.bucket, title: 'Bucket', status: 'stored' },
      { id: w.items.ladder, title: 'Ladder', status: 'stored' },
    ]);
    expect(await linked(w.scheduleId)).toEqual([w.items.ladder, w.items.bucket].sort((a, b) => a - b));
    const replaced = await post(w, w.tokens.admin, { equipment_ids: [w.items.depotSaw] });
    expect(replaced.status).toBe(200);
    expect(replaced.body.equipments.map((e: { title: string }) => e.title)).toEqual(['Depot saw']);
    // The Site manager does not see the Depot saw: it is not shown to them.
    const seen = await server.call('GET', `${API}/schedule/${w.scheduleId}`, { token: w.tokens.manager });
    expect(seen.body.equipments).toEqual([]);
    const log = await server.db
      .selectFrom('activity_log')
      .select(['action', 'changes'])
      .where('entity_type', '=', 'schedule')
      .where('entity_id', '=', w.scheduleId)
      .orderBy('id')
      .execute();
    expect(log.map((l) => l.action)).toEqual(['updated', 'updated']);
    const cleared = await post(w, w.tokens.admin, { equipment_ids: [] });
    expect(cleared.body.equipments).toEqual([]);
    expect(await linked(w.scheduleId)).toEqual([]);
  });

  it('refuses strangers, members, other organisations, bad input and items the caller does not see', async () => {
    const w = await world();
    await post(w, w.tokens.admin, { equipment_ids: [w.items.ladder] });
    expect((await post(w, undefined, { equipment_ids: [] })).status).toBe(401);
    const member = await post(w, w.tokens.member, { equipment_ids: [w.items.bucket] });
    expect(member.status).toBe(403);
    expect((await post(w, w.strangerToken, { equipment_ids: [] })).status).toBe(404);
    expect((await post(w, w.tokens.collabManager, { equipment_ids: [] })).status).toBe(404);
    for (const body of [{}, { equipment_ids: 'x' }, { equipment_ids: [0] }, { equipment_ids: ['1'] }]) {
      const res = await post(w, w.tokens.admin, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    for (const bad of [w.items.foreign, w.items.depotSaw, 2_000_000_000]) {
      // The manager of the Site sees neither the Depot saw nor another organisation's item.
      const res = await post(w, w.tokens.manager, { equipment_ids: [w.items.bucket, bad] });
      expect(res.status, String(bad)).toBe(422);
      expect(res.body.fields).toEqual({ equipment_ids: 'invalid_format' });
    }
    expect(await linked(w.scheduleId)).toEqual([w.items.ladder]);
    await server.db
      .updateTable('schedules')
      .set({ archived_at: new Date() })
      .where('id', '=', w.scheduleId)
      .execute();
    const archived = await post(w, w.tokens.admin, { equipment_ids: [] });
    expect(archived.status).toBe(422);
    expect(archived.body.error).toBe('schedule_archived');
    expect(await linked(w.scheduleId)).toEqual([w.items.ladder]);
  });

  it('keeps items already named that the editor does not see', async () => {
    const w = await world();
    await post(w, w.tokens.admin, { equipment_ids: [w.items.depotSaw] });
    const res = await post(w, w.tokens.manager, { equipment_ids: [w.items.depotSaw, w.items.ladder] });
    expect(res.status).toBe(200);
    expect(await linked(w.scheduleId)).toEqual([w.items.ladder, w.items.depotSaw].sort((a, b) => a - b));
  });

  it('issues the schedule creates copy its live, not archived equipment into equipment_ids', async () => {
    const w = await world();
    await post(w, w.tokens.admin, { equipment_ids: [w.items.ladder, w.items.bucket, w.items.depotSaw] });
    await server.db
      .updateTable('equipment')
      .set({ status: 'archived' })
      .where('id', '=', w.items.depotSaw)
      .execute();
    await server.db
      .updateTable('equipment')
      .set({ deleted_at: new Date() })
      .where('id', '=', w.items.bucket)
      .execute();
    // Monday 2 March 2026, 11:00 in Vienna: the day's occurrence (08:00–16:00) is in progress.
    const now = new Date('2026-03-02T10:00:00Z');
    await server.db
      .updateTable('schedules')
      .set({ start_date: '2026-03-02', reschedule_mode: 'on_start_date' })
      .where('id', '=', w.scheduleId)
      .execute();
    await planSchedule(server.db, w.scheduleId, now);
    await materializeDue(server.ctx, { now, leadDays: 14 });
    const issues = await server.db
      .selectFrom('issues')
      .select(['id', 'equipment_ids'])
      .where('schedule_id', '=', w.scheduleId)
      .execute();
    expect(issues.length).toBeGreaterThan(0);
    for (const issue of issues) expect(issue.equipment_ids).toEqual([w.items.ladder]);
    const issue = await server.call('GET', `${API}/issue/${issues[0]?.id}`, { token: w.tokens.admin });
    expect(issue.body.equipments).toEqual([{ id: w.items.ladder, title: 'Ladder', status: 'stored' }]);
    // The schedule list filters by it.
    const list = await server.call('GET', `${API}/schedule?equipment=${w.items.ladder}`, {
      token: w.tokens.admin,
    });
    expect(list.body.data.map((s: { id: number }) => s.id)).toEqual([w.scheduleId]);
  });

  it('a duplicate names the same equipment', async () => {
    const w = await world();
    await post(w, w.tokens.admin, { equipment_ids: [w.items.ladder] });
    const copy = await server.call('POST', `${API}/schedule/${w.scheduleId}/duplicate`, {
      token: w.tokens.admin,
    });
    expect(copy.status).toBe(201);
    expect(copy.body.equipments.map((e: { id: number }) => e.id)).toEqual([w.items.ladder]);
  });
});
