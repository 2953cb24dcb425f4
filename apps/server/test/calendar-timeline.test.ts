import {
  CALENDAR_SIDEBAR_COUNT_AHEAD,
  ZCalendarItemSchema,
  ZCalendarSidebarPageSchema,
  ZCalendarUserRowsResponseSchema,
  ZCalendarWorkspaceRowsResponseSchema,
} from '@workbench/domain';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAvailableAssignees } from '../src/modules/calendar/calendar-items.js';
import { findAvailableAssigneeIds } from '../src/modules/issues/issue-queries.js';
import { materializeDue } from '../src/modules/schedules/schedule-materializer.js';
import { addWorkspace, addWorkspaceRole, createUser, login } from './helpers/factories.js';
import { API, createIssueTeam, issueSnapshot } from './helpers/issues-factories.js';
import { createSchedule } from './helpers/schedules-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { setClientSettings } from './helpers/users-factories.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Team = Awaited<ReturnType<typeof createIssueTeam>>;

/** The organisation's zone (the default setting) and a week far ahead: Monday 2030-03-04 to Sunday 03-10. */
const ZONE = 'Europe/Vienna';
const MONDAY = '2030-03-04';
const at = (day: string, time: string, zone = ZONE) =>
  DateTime.fromISO(`${day}T${time}`, { zone }).toJSDate();
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

async function get(path: string, token: string) {
  return server.call('GET', `${API}${path}`, { token });
}

const ids = (list: Array<{ id: number | string }>) => list.map((i) => i.id);

describe('GET calendar/users', () => {
  let t: Team;
  beforeAll(async () => {
    t = await createIssueTeam(server);
  });

  it('an admin plans for every active person of the organisation, by name; a manager for the people of their workspaces; a member for themself', async () => {
    const paused = await createUser(server.db, t.org.id, {
      firstName: 'Pat',
      lastName: 'Paused',
      status: 'paused',
    });
    const admin = await get(`/calendar/users?start_date=${MONDAY}&rows_only=1`, t.tokens.admin);
    expect(admin.status).toBe(200);
    ZCalendarUserRowsResponseSchema.parse(admin.body);
    const names = admin.body.data.map((r: { full_name: string }) => r.full_name);
    expect(names).toEqual([
      'Ada Admin',
      'Ava Assignee',
      'Dan Depot',
      'Gus Group',
      'Mia Manager',
      'Mo Member',
    ]);
    expect(ids(admin.body.data)).not.toContain(paused.id);
    expect(admin.body.total).toBe(6);
    expect(admin.body.per_page).toBe(25);

    const manager = await get(`/calendar/users?rows_only=1`, t.tokens.manager);
    expect(manager.body.data.map((r: { full_name: string }) => r.full_name)).toEqual([
      'Ava Assignee',
      'Gus Group',
      'Mia Manager',
      'Mo Member',
    ]);
    const groupManager = await get(`/calendar/users?rows_only=1`, t.tokens.groupManager);
    expect(ids(groupManager.body.data)).toEqual(ids(manager.body.data));

    const member = await get(`/calendar/users?rows_only=1`, t.tokens.member);
    expect(ids(member.body.data)).toEqual([t.people.member.id]);
    // A partner's person plans only for themself; nobody of ours is theirs to plan.
    const partner = await get(`/calendar/users?rows_only=1`, await login(server, t.people.collabMember));
    expect(ids(partner.body.data)).toEqual([t.people.collabMember.id]);
  });

  it('search, job positions, ids and rows_only narrow the rows', async () => {
    const position = await server.db
      .insertInto('job_positions')
      .values({ client_id: t.org.id, name: 'Plumber' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db
      .updateTable('users')
      .set({ job_position_id: position.id })
      .where('id', '=', t.people.assignee.id)
      .execute();
    const search = await get(`/calendar/users?search=mia&rows_only=1`, t.tokens.admin);
    expect(ids(search.body.data)).toEqual([t.people.manager.id]);
    const byPosition = await get(`/calendar/users?job_positions=${position.id}`, t.tokens.admin);
    expect(ids(byPosition.body.data)).toEqual([t.people.assignee.id]);
    expect(byPosition.body.data[0].job_position).toEqual({ id: position.id, name: 'Plumber' });
    const only = await get(
      `/calendar/users?ids=${t.people.member.id},${t.people.depotMember.id}&rows_only=1`,
      t.tokens.admin,
    );
    expect(ids(only.body.data)).toEqual([t.people.depotMember.id, t.people.member.id]);
    // A manager naming someone outside their workspaces gets nothing for them.
    const outside = await get(`/calendar/users?ids=${t.people.depotMember.id}`, t.tokens.manager);
    expect(outside.body.data).toEqual([]);
  });

  it('a day holds the items of that local day (23:30 belongs to it, 00:30 the next day does not), split into timeline and full-day items, with presence', async () => {
    const ava = t.people.assignee.id;
    const late = await t.issue({
      title: 'Late',
      assignee_id: ava,
      status_id: 5,
      start_date: at(MONDAY, '23:30'),
    });
    const early = await t.issue({
      title: 'Next morning',
      assignee_id: ava,
      status_id: 5,
      start_date: at('2030-03-05', '00:30'),
    });
    const sameDay = await t.issue({
      title: 'Same day',
      assignee_id: ava,
      status_id: 6,
      start_date: at(MONDAY, '09:00'),
      due_date: at(MONDAY, '11:00'),
    });
    const span = await t.issue({
      title: 'Two days',
      assignee_id: ava,
      status_id: 5,
      start_date: at('2030-03-03', '09:00'),
      due_date: at('2030-03-05', '17:00'),
    });
    const dueOnly = await t.issue({ title: 'Due only', assignee_id: ava, due_date: at(MONDAY, '12:00') });
    const other = await t.issue({
      title: 'Mo',
      assignee_id: t.people.member.id,
      start_date: at(MONDAY, '10:00'),
    });
    await server.db
      .insertInto('presence_logs')
      .values([
        {
          client_id: t.org.id,
          workspace_id: t.ids.site,
          user_id: ava,
          started_at: at(MONDAY, '07:55'),
          ended_at: at(MONDAY, '16:10'),
          created_at: new Date(),
        },
        {
          client_id: t.org.id,
          workspace_id: t.ids.site,
          user_id: ava,
          started_at: at('2030-03-06', '08:00'),
          ended_at: null,
          created_at: new Date(),
        },
      ])
      .execute();

    const day = await get(
      `/calendar/users?start_date=${MONDAY}&end_date=${MONDAY}&ids=${ava}`,
      t.tokens.admin,
    );
    expect(day.status).toBe(200);
    ZCalendarUserRowsResponseSchema.parse(day.body);
    const row = day.body.data[0];
    expect(ids(row.issues).sort()).toEqual([late, sameDay, dueOnly].sort());
    expect(ids(row.full_day)).toEqual([span]);
    expect(row.total_calendar_events).toBe(4);
    expect(ids(row.issues)).not.toContain(early);
    expect(ids(row.issues)).not.toContain(other);
    const card = row.issues.find((i: { id: number }) => i.id === late);
    expect(card).toMatchObject({
      start_date: seconds(at(MONDAY, '23:30')),
      due_date: null,
      status: { id: 5, name: 'accepted', type: 'accepted' },
      displayType: 'PLANNED',
      workspace: { id: t.ids.site, name: 'Site' },
      assignee: { full_name: 'Ava Assignee' },
      is_scheduled_prepared_task: false,
      model: 'ISSUE',
      permissions: { canEdit: true, canReassign: true },
    });
    expect(card.workspace.available_assignees_ids).toContain(ava);
    expect(card.workspace.available_assignees_ids).not.toContain(t.people.depotMember.id);
    expect(row.issues.find((i: { id: number }) => i.id === sameDay).displayType).toBe('IN_PROGRESS');
    expect(row.presence).toEqual([
      {
        logged_at: seconds(at(MONDAY, '07:55')),
        logout_at: seconds(at(MONDAY, '16:10')),
        workspace: { id: t.ids.site, name: 'Site' },
      },
    ]);

    // The week (Monday to Sunday) has them all, and the open presence of Wednesday.
    const week = await get(
      `/calendar/users?start_date=${MONDAY}&end_date=2030-03-10&ids=${ava}`,
      t.tokens.admin,
    );
    const weekRow = week.body.data[0];
    expect(ids(weekRow.issues).sort()).toEqual([late, early, sameDay, dueOnly].sort());
    expect(weekRow.presence).toHaveLength(2);

    // Another zone for the organisation moves the day's edges with it.
    await setClientSettings(server.db, t.org.id, { time_zone: 'America/New_York' });
    const shifted = await get(`/calendar/users?start_date=${MONDAY}&ids=${ava}`, t.tokens.admin);
    // 23:30 in Vienna is 17:30 in New York the same day; 00:30 on Tuesday in Vienna is Monday 18:30 there.
    expect(ids(shifted.body.data[0].issues)).toContain(early);
    await setClientSettings(server.db, t.org.id, { time_zone: ZONE });

    // A member sees their own row and their issues only; rows_only leaves items out.
    const mine = await get(`/calendar/users?start_date=${MONDAY}`, t.tokens.member);
    expect(ids(mine.body.data[0].issues)).toEqual([other]);
    const rowsOnly = await get(`/calendar/users?start_date=${MONDAY}&rows_only=1&ids=${ava}`, t.tokens.admin);
    expect(rowsOnly.body.data[0]).toMatchObject({ issues: [], full_day: [], total_calendar_events: 0 });
  });

  it('the filter bar narrows the items: status, priority, workspace (with sub-workspaces), category, type, schedule', async () => {
    const ava = t.people.assignee.id;
    const day = '2030-04-01';
    const category = await server.db
      .insertInto('categories')
      .values({ client_id: t.org.id, name: 'Heating', color: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const inRoom = await t.issue({
      workspace_id: t.ids.room,
      assignee_id: ava,
      status_id: 6,
      priority_id: 5,
      category_id: category.id,
      start_date: at(day, '09:00'),
    });
    const inSite = await t.issue({ assignee_id: ava, status_id: 5, start_date: at(day, '10:00') });
    const sub = await t.issue({ assignee_id: ava, parent_id: inSite, start_date: at(day, '11:00') });
    const q = (extra: string) => get(`/calendar/users?start_date=${day}&ids=${ava}&${extra}`, t.tokens.admin);
    const itemsOf = async (extra: string) => ids((await q(extra)).body.data[0].issues).sort();
    expect(await itemsOf('')).toEqual([inRoom, inSite, sub].sort());
    expect(await itemsOf('status=6')).toEqual([inRoom]);
    expect(await itemsOf('priority_id=5')).toEqual([inRoom]);
    expect(await itemsOf(`categories=${category.id}`)).toEqual([inRoom]);
    expect(await itemsOf(`workspaces=${t.ids.site}`)).toEqual([inSite, sub].sort());
    expect(await itemsOf(`workspaces=${t.ids.site}&include_sub_ws=1`)).toEqual([inRoom, inSite, sub].sort());
    expect(await itemsOf('issue_type=task')).toEqual([sub]);
    expect(await itemsOf('issue_type=issue')).toEqual([inRoom, inSite].sort());
    expect(await itemsOf('schedules=999999')).toEqual([]);
  });
});

describe('prepared tasks and scheduled_tasks/{id}', () => {
  let t: Team;
  let scheduleId: number;
  const keyOf = (day: string) => `${scheduleId}:${seconds(at(day, '08:00'))}:0`;
  beforeAll(async () => {
    t = await createIssueTeam(server);
    scheduleId = await createSchedule(server, {
      clientId: t.org.id,
      workspaceId: t.ids.site,
      title: 'Boiler round',
      assignee_id: t.people.assignee.id,
      assignee_status: 5,
      start_date: '2030-03-01',
      work_hours_start: '08:00',
      work_hours_end: '16:00',
    });
  });

  it('appear on the assignee row for every day beyond what is created, read only, and not where the issue exists', async () => {
    const ava = t.people.assignee.id;
    const week = await get(
      `/calendar/users?start_date=${MONDAY}&end_date=2030-03-10&ids=${ava}`,
      t.tokens.manager,
    );
    const prepared = week.body.data[0].issues.filter((i: { model: string }) => i.model === 'PREDEFINED_TASK');
    expect(prepared).toHaveLength(7);
    expect(prepared[0]).toMatchObject({
      id: keyOf(MONDAY),
      title: 'Boiler round',
      status_id: 0,
      is_scheduled_prepared_task: true,
      schedule_id: scheduleId,
      assignee_id: ava,
      start_date: seconds(at(MONDAY, '08:00')),
      due_date: seconds(at(MONDAY, '16:00')),
      displayType: 'PLANNED',
      permissions: {
        canAddAttachments: false,
        deleteOnlyMyAttachments: false,
        editOnlyMyAttachments: false,
        canEdit: false,
        canReassign: false,
        canQuickComplete: false,
      },
    });
    ZCalendarItemSchema.parse(prepared[0]);
    // The workspaces view shows them too, counted in the statistics.
    const ws = await get(`/calendar/workspaces?start_date=${MONDAY}&ids=${t.ids.site}`, t.tokens.manager);
    expect(ws.body.data[0].statistics).toEqual({ completed: 0, total: 1 });
    // Another person's row has none.
    const mo = await get(`/calendar/users?start_date=${MONDAY}&ids=${t.people.member.id}`, t.tokens.admin);
    expect(mo.body.data[0].issues).toEqual([]);
  });

  it('GET answers a prepared task by its key; a key not in the rule, of another asset or of another organisation is 404', async () => {
    const res = await get(`/scheduled_tasks/${keyOf('2030-03-05')}`, t.tokens.member);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: keyOf('2030-03-05'), status_id: 0, model: 'PREDEFINED_TASK' });
    ZCalendarItemSchema.parse(res.body);
    const offRule = `${scheduleId}:${seconds(at('2030-03-05', '09:00'))}:0`;
    expect((await get(`/scheduled_tasks/${offRule}`, t.tokens.admin)).status).toBe(404);
    expect(
      (await get(`/scheduled_tasks/${scheduleId}:${seconds(at('2030-03-05', '08:00'))}:7`, t.tokens.admin))
        .status,
    ).toBe(404);
    expect((await get(`/scheduled_tasks/${keyOf('2030-03-05')}`, t.strangerToken)).status).toBe(404);
    expect((await get(`/scheduled_tasks/999999999:1:0`, t.tokens.admin)).status).toBe(404);
    expect((await get(`/scheduled_tasks/not-a-key`, t.tokens.admin)).status).toBe(422);
    // A partner, like a stranger, does not see the organisation's schedules.
    expect(
      (await get(`/scheduled_tasks/${keyOf('2030-03-05')}`, await login(server, t.people.collabMember)))
        .status,
    ).toBe(404);
  });

  it('PUT: members are refused, unavailable assignees are refused, nothing is written', async () => {
    const key = keyOf('2030-03-06');
    const count = async () =>
      (await server.db.selectFrom('issues').select('id').where('schedule_id', '=', scheduleId).execute())
        .length;
    const before = await count();
    const member = await server.call('PUT', `${API}/scheduled_tasks/${key}`, {
      token: t.tokens.member,
      body: { title: 'Mine' },
    });
    expect(member.status).toBe(403);
    const unavailable = await server.call('PUT', `${API}/scheduled_tasks/${key}`, {
      token: t.tokens.manager,
      body: { assignee_id: t.people.depotMember.id },
    });
    expect(unavailable.status).toBe(422);
    expect(unavailable.body.error).toBe('assignee_not_available');
    const stranger = await server.call('PUT', `${API}/scheduled_tasks/${key}`, {
      token: t.strangerToken,
      body: { title: 'x' },
    });
    expect(stranger.status).toBe(404);
    expect(await count()).toBe(before);
  });

  it('PUT by a manager creates the issue now with the changes, once: the materializer does not make it again and the prepared task is gone', async () => {
    const key = keyOf('2030-03-07');
    const res = await server.call('PUT', `${API}/scheduled_tasks/${key}`, {
      token: t.tokens.manager,
      body: { title: 'Boiler round (early)', assignee_id: t.people.member.id, priority_id: 4 },
    });
    expect(res.status).toBe(200);
    ZCalendarItemSchema.parse(res.body);
    expect(res.body).toMatchObject({
      title: 'Boiler round (early)',
      assignee_id: t.people.member.id,
      status_id: 3,
      priority_id: 4,
      schedule_id: scheduleId,
      model: 'ISSUE',
      is_scheduled_prepared_task: false,
      start_date: seconds(at('2030-03-07', '08:00')),
      due_date: seconds(at('2030-03-07', '16:00')),
    });
    const issueId = res.body.id as number;
    const occurrence = await server.db
      .selectFrom('schedule_occurrences')
      .selectAll()
      .where('schedule_id', '=', scheduleId)
      .execute();
    expect(occurrence).toHaveLength(1);
    expect(occurrence[0]?.issue_id).toBe(issueId);
    // Again: the task is no more (404), and so is a GET of it.
    const again = await server.call('PUT', `${API}/scheduled_tasks/${key}`, {
      token: t.tokens.manager,
      body: {},
    });
    expect(again.status).toBe(404);
    expect((await get(`/scheduled_tasks/${key}`, t.tokens.manager)).status).toBe(404);
    // The materializer reaching that day leaves it as it is.
    await server.db
      .updateTable('schedules')
      .set({ next_issue_scheduled_at: at('2030-03-05', '08:00'), materialize_at: new Date(0) })
      .where('id', '=', scheduleId)
      .execute();
    await materializeDue(server.ctx, { now: at('2030-03-08', '09:00'), leadDays: 0 });
    const made = await server.db
      .selectFrom('issues')
      .select(['id', 'start_date'])
      .where('schedule_id', '=', scheduleId)
      .where('start_date', '=', at('2030-03-07', '08:00'))
      .execute();
    expect(made.map((i) => i.id)).toEqual([issueId]);
    // The week shows the issue on Thursday and no prepared task beside it.
    const week = await get(
      `/calendar/users?start_date=${MONDAY}&end_date=2030-03-10&ids=${t.people.assignee.id},${t.people.member.id}`,
      t.tokens.admin,
    );
    const all = week.body.data.flatMap((r: { issues: unknown[] }) => r.issues) as Array<{
      id: number | string;
      start_date: number;
    }>;
    const thursday = all.filter((i) => i.start_date === seconds(at('2030-03-07', '08:00')));
    expect(ids(thursday)).toEqual([issueId]);
  });

  it('an archived schedule refuses with schedule_archived; a paused one has no prepared tasks', async () => {
    const archived = await createSchedule(server, {
      clientId: t.org.id,
      workspaceId: t.ids.site,
      assignee_id: t.people.assignee.id,
      start_date: '2030-03-01',
      archived_at: new Date(),
    });
    const key = `${archived}:${seconds(at(MONDAY, '08:00'))}:0`;
    const res = await server.call('PUT', `${API}/scheduled_tasks/${key}`, {
      token: t.tokens.admin,
      body: {},
    });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('schedule_archived');
    await server.db
      .updateTable('schedules')
      .set({ paused_at: new Date() })
      .where('id', '=', scheduleId)
      .execute();
    const week = await get(
      `/calendar/users?start_date=${MONDAY}&end_date=2030-03-10&ids=${t.people.assignee.id}`,
      t.tokens.admin,
    );
    const prepared = (week.body.data[0].issues as Array<{ model: string }>).filter(
      (i) => i.model === 'PREDEFINED_TASK',
    );
    expect(prepared).toEqual([]);
    await server.db.updateTable('schedules').set({ paused_at: null }).where('id', '=', scheduleId).execute();
  });
});

describe('GET calendar/workspaces, full days and counts', () => {
  let t: Team;
  beforeAll(async () => {
    t = await createIssueTeam(server);
  });

  it('only workspaces the caller may edit, by name, with statistics and items', async () => {
    const done = await t.issue({ status_id: 8, start_date: at(MONDAY, '08:00'), completed_at: new Date() });
    const open = await t.issue({ status_id: 2, start_date: at(MONDAY, '12:00') });
    const depot = await t.issue({ workspace_id: t.ids.depot, start_date: at(MONDAY, '12:00') });
    const admin = await get(`/calendar/workspaces?start_date=${MONDAY}`, t.tokens.admin);
    expect(admin.status).toBe(200);
    ZCalendarWorkspaceRowsResponseSchema.parse(admin.body);
    expect(admin.body.data.map((w: { name: string }) => w.name)).toEqual(['Depot', 'Room', 'Site']);
    const site = admin.body.data.find((w: { id: number }) => w.id === t.ids.site);
    expect(site.statistics).toEqual({ completed: 1, total: 2 });
    expect(ids(site.issues).sort()).toEqual([done, open].sort());
    expect(ids(admin.body.data[0].issues)).toEqual([depot]);
    const manager = await get(`/calendar/workspaces?start_date=${MONDAY}&rows_only=1`, t.tokens.manager);
    expect(ids(manager.body.data)).toEqual([t.ids.room, t.ids.site]);
    // A group manager and a member may not edit workspaces; a manager may not when edit_workspace is off.
    expect((await get(`/calendar/workspaces?rows_only=1`, t.tokens.groupManager)).body.data).toEqual([]);
    expect((await get(`/calendar/workspaces?rows_only=1`, t.tokens.member)).body.data).toEqual([]);
    await setClientSettings(server.db, t.org.id, { edit_workspace: false });
    expect((await get(`/calendar/workspaces?rows_only=1`, t.tokens.manager)).body.data).toEqual([]);
    await setClientSettings(server.db, t.org.id, { edit_workspace: true });
    const search = await get(`/calendar/workspaces?search=roo&rows_only=1`, t.tokens.admin);
    expect(ids(search.body.data)).toEqual([t.ids.room]);
    // A partner's admin sees the shared Site, but it is not theirs to plan: no rows of ours.
    const partnerAdmin = await login(server, t.partner.admin);
    expect(ids((await get(`/calendar/workspaces?rows_only=1`, partnerAdmin)).body.data)).toEqual([]);
    // Another organisation's workspaces are never rows.
    const stranger = await get(`/calendar/workspaces?ids=${t.ids.site}&rows_only=1`, t.strangerToken);
    expect(stranger.body.data).toEqual([]);
  });

  it("full_days answers the multi-day items of the rows given; the counts each row's events and the total", async () => {
    const ava = t.people.assignee.id;
    const mo = t.people.member.id;
    const week = 'start_date=2030-05-06&end_date=2030-05-12';
    const span = await t.issue({
      assignee_id: ava,
      start_date: at('2030-05-06', '09:00'),
      due_date: at('2030-05-08', '09:00'),
    });
    await t.issue({ assignee_id: ava, start_date: at('2030-05-07', '09:00') });
    await t.issue({ assignee_id: mo, start_date: at('2030-05-07', '09:00') });
    await t.issue({ assignee_id: mo, workspace_id: t.ids.depot, start_date: at('2030-05-09', '09:00') });
    const full = await get(`/calendar/weekly/full_days?${week}&assignees=${ava},${mo}`, t.tokens.admin);
    expect(full.status).toBe(200);
    expect(ids(full.body.data)).toEqual([span]);
    const byWorkspace = await get(
      `/calendar/weekly/full_days?${week}&workspace_ids=${t.ids.depot}`,
      t.tokens.admin,
    );
    expect(byWorkspace.body.data).toEqual([]);
    const users = await get(`/calendar/weekly/users_count?${week}&assignees=${ava},${mo}`, t.tokens.admin);
    expect(users.body).toEqual({
      data: [
        { id: ava, total_calendar_events: 2 },
        { id: mo, total_calendar_events: 2 },
      ],
      total: 4,
    });
    const workspaces = await get(
      `/calendar/weekly/workspaces_count?${week}&workspace_ids=${t.ids.site},${t.ids.depot}`,
      t.tokens.admin,
    );
    expect(workspaces.body).toEqual({
      data: [
        { id: t.ids.site, total_calendar_events: 3 },
        { id: t.ids.depot, total_calendar_events: 1 },
      ],
      total: 4,
    });
    // A Depot member counts what they see: nothing of the Site.
    const dan = await login(server, t.people.depotMember);
    const theirs = await get(`/calendar/weekly/workspaces_count?${week}&workspace_ids=${t.ids.site}`, dan);
    expect(theirs.body.total).toBe(0);
    const stranger = await get(`/calendar/weekly/users_count?${week}&assignees=${ava}`, t.strangerToken);
    expect(stranger.body.total).toBe(0);
  });
});

describe('the drag sidebar: calendar/unscheduled and calendar/overdue', () => {
  let t: Team;
  beforeAll(async () => {
    t = await createIssueTeam(server);
  });

  it('unscheduled: open issues without dates, sorted, 30 a page', async () => {
    const b = await t.issue({ title: 'B pump' });
    const a = await t.issue({ title: 'A valve', priority_id: 5 });
    await t.issue({ title: 'Dated', start_date: at(MONDAY, '09:00') });
    await t.issue({ title: 'Done', status_id: 8 });
    await t.issue({ title: 'Archived', archived_at: new Date() });
    const res = await get(`/calendar/unscheduled?sort_by=title&sort_direction=asc`, t.tokens.admin);
    expect(res.status).toBe(200);
    expect(ids(res.body.data)).toEqual([a, b]);
    expect(res.body).toMatchObject({ total: 2, per_page: 30, current_page: 1 });
    const desc = await get(`/calendar/unscheduled?sort_by=title&sort_direction=desc`, t.tokens.admin);
    expect(ids(desc.body.data)).toEqual([b, a]);
    const priority = await get(`/calendar/unscheduled?sort_by=priority&sort_direction=desc`, t.tokens.admin);
    expect(ids(priority.body.data)[0]).toBe(a);
    expect((await get(`/calendar/unscheduled?priority_id=5`, t.tokens.admin)).body.total).toBe(1);
    for (let n = 0; n < 30; n++) await t.issue({ title: `Bulk ${String(n).padStart(2, '0')}` });
    const page2 = await get(`/calendar/unscheduled?sort_by=title&sort_direction=asc&page=2`, t.tokens.admin);
    expect(page2.body).toMatchObject({ total: 32, current_page: 2, last_page: 2 });
    expect(page2.body.data).toHaveLength(2);
    // The stranger sees none of it; Dan of the Depot neither.
    expect((await get(`/calendar/unscheduled`, t.strangerToken)).body.total).toBe(0);
    expect((await get(`/calendar/unscheduled`, await login(server, t.people.depotMember))).body.total).toBe(
      0,
    );
  });

  it('who may be assigned follows roles, admins and paused people at once, though kept in memory', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue({ title: 'Undated in the room', workspace_id: t.ids.room });
    const assignable = async () => {
      const res = await get('/calendar/unscheduled', t.tokens.admin);
      const card = res.body.data.find((item: { id: number }) => item.id === id);
      return card.workspace.available_assignees_ids as number[];
    };
    const newcomer = await createUser(server.db, t.org.id, { firstName: 'Nia', lastName: 'New' });
    expect(await assignable()).not.toContain(newcomer.id);
    await addWorkspaceRole(server.db, newcomer, t.ids.room, 'member');
    expect(await assignable()).toContain(newcomer.id);
    // Paused, then back; made an admin of the organisation (admins work everywhere), and not.
    await server.db.updateTable('users').set({ status: 'paused' }).where('id', '=', newcomer.id).execute();
    expect(await assignable()).not.toContain(newcomer.id);
    await server.db.updateTable('users').set({ status: 'active' }).where('id', '=', newcomer.id).execute();
    expect(await assignable()).toContain(newcomer.id);
    const boss = await createUser(server.db, t.org.id, { firstName: 'Bo', lastName: 'Boss' });
    expect(await assignable()).not.toContain(boss.id);
    await server.db
      .updateTable('user_clients')
      .set({ role: 'admin' })
      .where('user_id', '=', boss.id)
      .where('client_id', '=', t.org.id)
      .execute();
    expect(await assignable()).toContain(boss.id);
  });

  it('a sidebar of more undated issues than it counts says "at least", and pages on past the count', async () => {
    const t = await createIssueTeam(server);
    const many = CALENDAR_SIDEBAR_COUNT_AHEAD + 40;
    await sql`INSERT INTO issues (client_id, workspace_id, created_by, title, status_id, priority_id, translations)
      SELECT ${t.org.id}, ${t.ids.site}, ${t.people.admin.id}, 'Undated ' || n, 2, 3, '{}'
        FROM generate_series(1, ${many}::int) AS n`.execute(server.db);
    const first = await get('/calendar/unscheduled', t.tokens.admin);
    ZCalendarSidebarPageSchema.parse(first.body);
    expect(first.body).toMatchObject({ total: CALENDAR_SIDEBAR_COUNT_AHEAD, total_capped: true });
    // Deeper, the count reaches further: the list goes on until its true end.
    const lastPage = Math.ceil(many / 30);
    const last = await get(`/calendar/unscheduled?page=${lastPage}`, t.tokens.admin);
    expect(last.body).toMatchObject({ total: many, total_capped: false, last_page: lastPage });
    expect(last.body.data).toHaveLength(many - (lastPage - 1) * 30);
    const before = await get(`/calendar/unscheduled?page=${lastPage - 1}`, t.tokens.admin);
    expect(before.body).toMatchObject({
      total: many,
      total_capped: false,
      next_page_url: expect.any(String),
    });
    // An exact count below the limit, and nothing for another organisation.
    expect((await get('/calendar/unscheduled?priority_id=5', t.tokens.admin)).body).toMatchObject({
      total: 0,
      total_capped: false,
    });
    expect((await get('/calendar/unscheduled', t.strangerToken)).body.total).toBe(0);
  });

  it('overdue: due before now and not completed; in review only with show_in_review_overdue', async () => {
    const past = new Date(Date.now() - 86_400_000);
    const late = await t.issue({ title: 'Late', status_id: 5, due_date: past });
    const review = await t.issue({ title: 'In review', status_id: 7, due_date: past });
    await t.issue({ title: 'Completed', status_id: 8, due_date: past });
    await t.issue({ title: 'Future', status_id: 5, due_date: new Date(Date.now() + 86_400_000) });
    await t.issue({ title: 'Archived', status_id: 5, due_date: past, archived_at: new Date() });
    const res = await get(`/calendar/overdue?sort_by=due_date&sort_direction=asc`, t.tokens.admin);
    expect(ids(res.body.data)).toEqual([late]);
    expect(res.body.data[0].displayType).toBe('OVERDUE');
    await setClientSettings(server.db, t.org.id, { show_in_review_overdue: true });
    const withReview = await get(`/calendar/overdue?sort_by=title&sort_direction=asc`, t.tokens.admin);
    expect(ids(withReview.body.data)).toEqual([review, late]);
    expect(withReview.body.data[0].displayType).toBe('OVERDUE');
  });
});

describe('drag and drop goes through PUT issue/{id}', () => {
  let t: Team;
  beforeAll(async () => {
    t = await createIssueTeam(server);
  });
  const put = (id: number, token: string, body: Record<string, unknown>) =>
    server.call('PUT', `${API}/issue/${id}`, { token, body });

  it('a manager moves an issue to another time and another person of the workspace', async () => {
    const id = await t.issue({
      assignee_id: t.people.assignee.id,
      status_id: 5,
      start_date: at(MONDAY, '09:00'),
    });
    const start = seconds(at(MONDAY, '10:00'));
    const res = await put(id, t.tokens.manager, {
      start_date: start,
      due_date: start + 3600,
      assignee_id: t.people.member.id,
    });
    expect(res.status).toBe(200);
    const day = await get(`/calendar/users?start_date=${MONDAY}&ids=${t.people.member.id}`, t.tokens.admin);
    expect(day.body.data[0].issues[0]).toMatchObject({ id, start_date: start, due_date: start + 3600 });
  });

  it('the assignee (a member) may move their issue in time but not give it to someone else', async () => {
    const id = await t.issue({
      assignee_id: t.people.assignee.id,
      status_id: 5,
      start_date: at(MONDAY, '09:00'),
    });
    const start = seconds(at('2030-03-05', '11:00'));
    const moved = await put(id, t.tokens.assignee, { start_date: start });
    expect(moved.status).toBe(200);
    const before = await issueSnapshot(server, id);
    const reassign = await put(id, t.tokens.assignee, { assignee_id: t.people.member.id });
    expect(reassign.status).toBe(403);
    expect(await issueSnapshot(server, id)).toBe(before);
    // Its card says so.
    const card = (
      await get(`/calendar/users?start_date=2030-03-05`, t.tokens.assignee)
    ).body.data[0].issues.find((i: { id: number }) => i.id === id);
    expect(card.permissions).toMatchObject({ canEdit: true, canReassign: false });
  });

  it('a plain member who neither reported nor holds the issue can neither move nor reassign it', async () => {
    const id = await t.issue({
      assignee_id: t.people.assignee.id,
      status_id: 5,
      start_date: at(MONDAY, '09:00'),
    });
    const before = await issueSnapshot(server, id);
    expect((await put(id, t.tokens.member, { start_date: seconds(at(MONDAY, '12:00')) })).status).toBe(403);
    expect((await put(id, t.tokens.member, { assignee_id: t.people.member.id })).status).toBe(403);
    expect(await issueSnapshot(server, id)).toBe(before);
  });

  it('a person who is not an available assignee of the workspace is refused', async () => {
    const id = await t.issue({
      assignee_id: t.people.assignee.id,
      status_id: 5,
      start_date: at(MONDAY, '09:00'),
    });
    const before = await issueSnapshot(server, id);
    const res = await put(id, t.tokens.manager, { assignee_id: t.people.depotMember.id });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('assignee_not_available');
    expect(await issueSnapshot(server, id)).toBe(before);
  });

  it('an admin moves an issue to another workspace; a stranger cannot touch it', async () => {
    const id = await t.issue({ start_date: at(MONDAY, '09:00') });
    const res = await put(id, t.tokens.admin, { workspace_id: t.ids.depot });
    expect(res.status).toBe(200);
    const ws = await get(`/calendar/workspaces?start_date=${MONDAY}&ids=${t.ids.depot}`, t.tokens.admin);
    expect(ids(ws.body.data[0].issues)).toEqual([id]);
    expect((await put(id, t.strangerToken, { start_date: seconds(at(MONDAY, '10:00')) })).status).toBe(404);
  });
});

describe('GET user_positions/fetch', () => {
  it("the organisation's job positions with how many people hold each, searchable", async () => {
    const t = await createIssueTeam(server);
    const [plumber, welder] = await Promise.all(
      ['Plumber', 'Welder'].map((name) =>
        server.db
          .insertInto('job_positions')
          .values({ client_id: t.org.id, name })
          .returning('id')
          .executeTakeFirstOrThrow(),
      ),
    );
    await server.db
      .updateTable('users')
      .set({ job_position_id: plumber?.id ?? 0 })
      .where('id', 'in', [t.people.assignee.id, t.people.member.id])
      .execute();
    const other = await createUser(server.db, t.org.id, { firstName: 'Wes' });
    await addWorkspaceRole(server.db, other, t.ids.site, 'member');
    const res = await get('/user_positions/fetch', t.tokens.member);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { id: plumber?.id, name: 'Plumber', users_count: 2 },
      { id: welder?.id, name: 'Welder', users_count: 0 },
    ]);
    expect((await get('/user_positions/fetch?search=wel', t.tokens.member)).body.data).toEqual([
      { id: welder?.id, name: 'Welder', users_count: 0 },
    ]);
    expect((await get('/user_positions/fetch', t.strangerToken)).body.data).toEqual([]);
  });
});

describe('available assignees of many workspaces at once', () => {
  it('are exactly what the one-workspace rule (workspaceWorkersSql) answers for each', async () => {
    const t = await createIssueTeam(server);
    const gone = await addWorkspace(server.db, t.org.id, 'Gone');
    const below = await addWorkspace(server.db, t.org.id, 'Below gone', gone);
    await addWorkspaceRole(server.db, t.people.member, below, 'member');
    await server.db
      .updateTable('workspaces')
      .set({ deleted_at: new Date() })
      .where('id', '=', gone)
      .execute();
    const invited = await createUser(server.db, t.org.id, { firstName: 'Ivy', status: 'invited' });
    await addWorkspaceRole(server.db, invited, t.ids.room, 'member');
    const partnerOwn = await addWorkspace(server.db, t.partner.org.id, 'Partner yard');
    await addWorkspaceRole(server.db, t.people.collabMember, partnerOwn, 'manager');
    const workspaces = [t.ids.site, t.ids.room, t.ids.depot, gone, below, partnerOwn];
    const many = await findAvailableAssignees(server.db, workspaces);
    const owner = new Map([[partnerOwn, t.partner.org.id]]);
    for (const id of workspaces) {
      const one = await findAvailableAssigneeIds(server.db, owner.get(id) ?? t.org.id, id);
      expect(many.get(id), `workspace ${id}`).toEqual(one);
    }
    // The shared Site's partner people are among its workers; the Room inherits them.
    expect(many.get(t.ids.room)).toContain(t.people.collabMember.id);
    expect(many.get(t.ids.room)).toContain(invited.id);
    expect(many.get(below)).toEqual([]);
  });
});
