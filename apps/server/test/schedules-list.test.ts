import { ZScheduleListResponseSchema } from '@workbench/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAsset, createAssetTeam } from './helpers/assets-factories.js';
import { createEquipment } from './helpers/equipment-factories.js';
import { addWorkspace, addWorkspaceRole, createUser } from './helpers/factories.js';
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

async function titles(t: Team, query: string, who: keyof Team['tokens'] = 'admin'): Promise<string[]> {
  const res = await server.call('GET', `${API}/schedule?${query}`, { token: t.tokens[who] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.map((s: { title: string }) => s.title);
}
const sorted = (list: string[]) => [...list].sort();

describe('GET schedule', () => {
  it('is refused without a login', async () => {
    expect((await server.call('GET', `${API}/schedule`)).status).toBe(401);
  });

  it('answers the paged envelope, newest change first, without archived ones by default', async () => {
    const t = await createAssetTeam(server);
    const base = { clientId: t.org.id, workspaceId: t.ids.site };
    await createSchedule(server, { ...base, title: 'Old', updated_at: new Date('2025-01-01T00:00:00Z') });
    await createSchedule(server, { ...base, title: 'New', updated_at: new Date('2025-03-01T00:00:00Z') });
    await createSchedule(server, { ...base, title: 'Middle', updated_at: new Date('2025-02-01T00:00:00Z') });
    await createSchedule(server, { ...base, title: 'Archived', archived_at: new Date() });
    // Older ones in the Depot, enough for a second page.
    for (let n = 0; n < 19; n++)
      await createSchedule(server, {
        clientId: t.org.id,
        workspaceId: t.ids.depot,
        title: `Filler ${n}`,
        updated_at: new Date(Date.UTC(2024, 0, 1 + n)),
      });
    const res = await server.call('GET', `${API}/schedule`, { token: t.tokens.admin });
    expect(res.status).toBe(200);
    expect(ZScheduleListResponseSchema.safeParse(res.body).success).toBe(true);
    expect(res.body).toMatchObject({ total: 22, per_page: 20, current_page: 1, last_page: 2 });
    expect(res.body.data.slice(0, 4).map((s: { title: string }) => s.title)).toEqual([
      'New',
      'Middle',
      'Old',
      'Filler 18',
    ]);
    expect(await titles(t, 'page=2')).toEqual(['Filler 1', 'Filler 0']);
    const site = `workspaces=${t.ids.site}`;
    expect(await titles(t, `${site}&sort_by=title&sort_direction=asc`)).toEqual(['Middle', 'New', 'Old']);
    expect(await titles(t, `${site}&sort_by=created&sort_direction=asc`)).toEqual(['Old', 'New', 'Middle']);
    expect(await titles(t, `${site}&sort_by=updated&sort_direction=asc`)).toEqual(['Old', 'Middle', 'New']);
  });

  it('sorts by the next date, schedules without one last', async () => {
    const t = await createAssetTeam(server);
    const base = { clientId: t.org.id, workspaceId: t.ids.site };
    await createSchedule(server, {
      ...base,
      title: 'Later',
      next_issue_scheduled_at: new Date('2031-01-02T07:00:00Z'),
    });
    await createSchedule(server, { ...base, title: 'None', next_issue_scheduled_at: null });
    await createSchedule(server, {
      ...base,
      title: 'Sooner',
      next_issue_scheduled_at: new Date('2031-01-01T07:00:00Z'),
    });
    expect(await titles(t, 'sort_by=next_date&sort_direction=asc')).toEqual(['Sooner', 'Later', 'None']);
    expect(await titles(t, 'sort_by=next_date&sort_direction=desc')).toEqual(['Later', 'Sooner', 'None']);
  });

  it('shows each caller the schedules of the workspaces they see, of their own organisation only', async () => {
    const t = await createAssetTeam(server);
    await createSchedule(server, { clientId: t.org.id, workspaceId: t.ids.site, title: 'Site' });
    await createSchedule(server, { clientId: t.org.id, workspaceId: t.ids.room, title: 'Room' });
    await createSchedule(server, { clientId: t.org.id, workspaceId: t.ids.depot, title: 'Depot' });
    await createSchedule(server, {
      clientId: t.org.id,
      workspaceId: t.ids.site,
      title: 'Gone',
      deleted_at: new Date(),
    });
    expect(sorted(await titles(t, ''))).toEqual(['Depot', 'Room', 'Site']);
    expect(sorted(await titles(t, '', 'member'))).toEqual(['Room', 'Site']);
    expect(await titles(t, '', 'depotMember')).toEqual(['Depot']);
    expect(await titles(t, '', 'collabManager')).toEqual([]);
    expect(await titles(t, '', 'collabMember')).toEqual([]);
    const stranger = await server.call('GET', `${API}/schedule`, { token: t.strangerToken });
    expect(stranger.body.data).toEqual([]);
  });

  it('filters by search, status, priority, people, categories, workspaces, assets, systems, groups and positions', async () => {
    const t = await createAssetTeam(server);
    const base = { clientId: t.org.id, workspaceId: t.ids.site };
    const category = await server.db
      .insertInto('categories')
      .values({ client_id: t.org.id, name: 'Heating', color: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const position = await server.db
      .insertInto('job_positions')
      .values({ client_id: t.org.id, name: 'Technician' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db
      .updateTable('users')
      .set({ job_position_id: position.id })
      .where('id', '=', t.people.assignee.id)
      .execute();
    const roomAsset = await createAsset(server.db, {
      client_id: t.org.id,
      workspace_id: t.ids.room,
      name: 'Pump',
    });
    const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    await createSchedule(server, {
      ...base,
      title: 'Boiler pressure',
      priority_id: 5,
      assignee_id: t.people.assignee.id,
      assignee_status: 5,
      assetIds: [t.asset.id],
      categoryIds: [category.id],
    });
    await createSchedule(server, {
      ...base,
      title: 'Window cleaning',
      description: 'All the glass of the boiler room',
      assignee_id: t.people.member.id,
      watcherIds: [t.people.assignee.id],
    });
    await createSchedule(server, {
      ...base,
      title: 'Paused round',
      paused_at: new Date(),
      replacementIds: [t.people.member.id],
    });
    await createSchedule(server, {
      ...base,
      title: 'Archived round',
      archived_at: new Date(),
      category_id: category.id,
    });
    await createSchedule(server, {
      ...base,
      title: 'Ended round',
      end_type: 'ON',
      end_on: yesterday,
      start_date: '2020-01-01',
    });
    await createSchedule(server, {
      ...base,
      title: 'Counted out',
      end_type: 'AFTER',
      end_after: 2,
      created_count: 2,
    });
    // No occurrence left to create (001 §4: finished with no next scheduled issue).
    await createSchedule(server, { ...base, title: 'Ran out', next_issue_scheduled_at: null });
    await createSchedule(server, {
      clientId: t.org.id,
      workspaceId: t.ids.room,
      title: 'Room pump',
      assetIds: [roomAsset.id],
    });

    expect(sorted(await titles(t, 'search=boiler'))).toEqual(['Boiler pressure', 'Window cleaning']);
    expect(sorted(await titles(t, 'search=100%25'))).toEqual([]);
    expect(await titles(t, 'status=pending')).toEqual(['Window cleaning']);
    expect(await titles(t, 'status=paused')).toEqual(['Paused round']);
    expect(await titles(t, 'status=archived')).toEqual(['Archived round']);
    expect(sorted(await titles(t, 'status=finished'))).toEqual(['Counted out', 'Ended round', 'Ran out']);
    expect(sorted(await titles(t, 'status=active'))).toEqual(['Boiler pressure', 'Room pump']);
    expect(sorted(await titles(t, 'status=active,paused'))).toEqual([
      'Boiler pressure',
      'Paused round',
      'Room pump',
    ]);
    expect(await titles(t, 'priority_id=5')).toEqual(['Boiler pressure']);
    expect(await titles(t, `assignees=${t.people.assignee.id}`)).toEqual(['Boiler pressure']);
    expect(await titles(t, `assignees_ids=${t.people.member.id}`)).toEqual(['Window cleaning']);
    expect(sorted(await titles(t, `assignees_companies=${t.org.id}`))).toEqual([
      'Boiler pressure',
      'Window cleaning',
    ]);
    expect(await titles(t, `watchers=${t.people.assignee.id}`)).toEqual(['Window cleaning']);
    expect(await titles(t, `watchers_companies=${t.org.id}`)).toEqual(['Window cleaning']);
    expect(await titles(t, `replacements=${t.people.member.id}`)).toEqual(['Paused round']);
    expect(await titles(t, `categories=${category.id}`)).toEqual(['Boiler pressure']);
    expect(await titles(t, `categories=${category.id}&status=archived`)).toEqual(['Archived round']);
    expect(await titles(t, `workspaces=${t.ids.room}`)).toEqual(['Room pump']);
    expect(await titles(t, `workspaces=${t.ids.site}&paginate_by=100`)).not.toContain('Room pump');
    expect(await titles(t, `workspaces=${t.ids.site}&include_sub_ws=1&paginate_by=100`)).toContain(
      'Room pump',
    );
    expect(await titles(t, `assets=${t.asset.id}`)).toEqual(['Boiler pressure']);
    expect(await titles(t, `asset_system_ids=${t.systemId}`)).toEqual(['Boiler pressure']);
    expect(await titles(t, `asset_group_ids=${t.groupId}`)).toEqual(['Boiler pressure']);
    expect(await titles(t, `job_positions=${position.id}`)).toEqual(['Boiler pressure']);
    // Equipment: the schedules naming one of the items (live ones).
    const [window] = await server.db
      .selectFrom('schedules')
      .select('id')
      .where('client_id', '=', t.org.id)
      .where('title', '=', 'Window cleaning')
      .execute();
    const ladder = await createEquipment(server.db, { client_id: t.org.id, workspace_id: t.ids.site });
    const bucket = await createEquipment(server.db, { client_id: t.org.id, workspace_id: t.ids.site });
    await server.db
      .insertInto('schedule_equipment')
      .values({ client_id: t.org.id, schedule_id: window?.id ?? 0, equipment_id: ladder.id })
      .execute();
    expect(await titles(t, `equipment=${ladder.id}`)).toEqual(['Window cleaning']);
    expect(await titles(t, `equipment=${bucket.id},${ladder.id}`)).toEqual(['Window cleaning']);
    expect(await titles(t, `equipment=${bucket.id}`)).toEqual([]);
    await server.db
      .updateTable('equipment')
      .set({ deleted_at: new Date() })
      .where('id', '=', ladder.id)
      .execute();
    expect(await titles(t, `equipment=${ladder.id}`)).toEqual([]);
  });

  it('reads a page in the same number of statements however many schedules and people it shows', async () => {
    const t = await createAssetTeam(server);
    const statements = async () =>
      (
        await server.countStatements(() =>
          server.call('GET', `${API}/schedule?paginate_by=50`, { token: t.tokens.admin }),
        )
      ).statements;
    await createSchedule(server, {
      clientId: t.org.id,
      workspaceId: t.ids.site,
      title: 'First',
      assignee_id: t.people.assignee.id,
    });
    await statements(); // the caller's access is read once, then kept
    const few = await statements();
    for (let n = 0; n < 12; n++) {
      const person = await createUser(server.db, t.org.id, { firstName: `P${n}` });
      await addWorkspaceRole(server.db, person, t.ids.site, 'member');
      const ws = await addWorkspace(server.db, t.org.id, `Hall ${n}`, t.ids.site);
      await createSchedule(server, {
        clientId: t.org.id,
        workspaceId: ws,
        title: `Round ${n}`,
        assignee_id: person.id,
        watcherIds: [t.people.member.id, person.id],
        assetIds: [t.asset.id],
      });
    }
    await statements(); // new workspaces: the caller's access is read again once
    expect(await statements()).toBe(few);
  });
});
