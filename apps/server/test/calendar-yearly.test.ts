import { inflateSync } from 'node:zlib';
import { ZCalendarItemPageSchema, ZCalendarYearlyResponseSchema } from '@workbench/domain';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IssuesTable } from '../src/db/schema.js';
import { YEARLY_PDF_ROWS_PER_PAGE } from '../src/modules/calendar/calendar-yearly-pdf.js';
import { createAsset, createAssetTeam } from './helpers/assets-factories.js';
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
type Cell = { month: number; data: Item[]; count: number; blockDisplayType: string | null };
type Item = {
  id: number | string;
  title: string;
  start_date: number | null;
  due_date: number | null;
  displayType: string;
  model: string;
  is_scheduled_prepared_task: boolean;
  schedule_id: number | null;
};
type Row = {
  scheduleId: number;
  scheduleTitle: string;
  assetTooltip: string;
  assetGroupTooltip: string;
  events: Cell[];
};

const ZONE = 'Europe/Vienna';
const thisYear = Number(
  new Intl.DateTimeFormat('en', { timeZone: ZONE, year: 'numeric' }).format(new Date()),
);
const PAST = 2025 < thisYear ? 2025 : 2024;
const at = (iso: string) => new Date(iso);

/** A team whose organisation works in Vienna's time zone (the calendar's months are local). */
async function team(): Promise<Team> {
  const t = await createAssetTeam(server);
  await server.db
    .updateTable('clients')
    .set({ settings: JSON.stringify({ time_zone: ZONE }) })
    .where('id', '=', t.org.id)
    .execute();
  return t;
}

/** Many issues in one statement (the defaults of insertIssue). */
async function addIssues(t: Team, rows: Partial<Insertable<IssuesTable>>[]): Promise<number[]> {
  const inserted = await server.db
    .insertInto('issues')
    .values(
      rows.map((values) => ({
        client_id: t.org.id,
        workspace_id: t.ids.site,
        parent_id: null,
        title: 'Inspection',
        description: null,
        category_id: null,
        assignee_id: null,
        last_assignee_id: null,
        created_by: t.people.admin.id,
        external_email_address: null,
        start_date: null,
        due_date: null,
        schedule_id: null,
        asset_id: null,
        asset_group_id: null,
        process_number: null,
        rating: null,
        translations: '{}',
        started_at: null,
        completed_at: null,
        archived_at: null,
        deleted_at: null,
        ...values,
      })),
    )
    .returning('id')
    .execute();
  return inserted.map((r) => r.id);
}

async function yearly(t: Team, query: string, who: keyof Team['tokens'] = 'admin') {
  const res = await server.call('GET', `${API}/calendar/yearly?${query}`, { token: t.tokens[who] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const parsed = ZCalendarYearlyResponseSchema.safeParse(res.body);
  expect(parsed.success, JSON.stringify(parsed.error?.issues?.slice(0, 3))).toBe(true);
  return res.body as { data: Row[]; total: number; last_page: number; current_page: number };
}
const titles = async (t: Team, query: string, who: keyof Team['tokens'] = 'admin') =>
  (await yearly(t, query, who)).data.map((r) => r.scheduleTitle);
const rowOf = (body: { data: Row[] }, id: number) => body.data.find((r) => r.scheduleId === id) as Row;
const counts = (row: Row) => row.events.map((e) => e.count);

async function events(t: Team, query: string, who: keyof Team['tokens'] = 'admin') {
  const res = await server.call('GET', `${API}/calendar/yearly/events?${query}`, { token: t.tokens[who] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(ZCalendarItemPageSchema.safeParse(res.body).success).toBe(true);
  return res.body as { data: Item[]; total: number; last_page: number };
}

describe('GET calendar/yearly', () => {
  it('is refused without a login', async () => {
    expect((await server.call('GET', `${API}/calendar/yearly`)).status).toBe(401);
    expect((await server.call('GET', `${API}/calendar/yearly/events?scheduleId=1`)).status).toBe(401);
    expect((await server.call('GET', `${API}/calendar/yearly/export`)).status).toBe(401);
  });

  it("answers twelve cells per schedule: the month's issues by local start (else due) date, five of them, the count of all and the most urgent colour", async () => {
    const t = await team();
    const pump = await t.addAsset({ name: 'Pump 2', group_id: t.groupId });
    const loose = await t.addAsset({ name: 'Valve 3' });
    const alpha = await createSchedule(server, {
      clientId: t.org.id,
      workspaceId: t.ids.site,
      title: 'Alpha',
      assetIds: [t.asset.id, pump.id, loose.id],
    });
    const beta = await createSchedule(server, { clientId: t.org.id, workspaceId: t.ids.site, title: 'Beta' });
    // March: six completed issues and one in progress whose due date has passed (overdue).
    const march = await addIssues(t, [
      ...Array.from({ length: 6 }, (_, n) => ({
        schedule_id: alpha,
        title: `March ${n + 1}`,
        status_id: 8,
        start_date: at(`${PAST}-03-0${n + 2}T09:00:00Z`),
        due_date: at(`${PAST}-03-0${n + 2}T11:00:00Z`),
      })),
      {
        schedule_id: alpha,
        title: 'March late',
        status_id: 6,
        start_date: at(`${PAST}-03-01T09:00:00Z`),
        due_date: at(`${PAST}-03-01T11:00:00Z`),
      },
    ]);
    await addIssues(t, [
      // Only a due date: June. 22:30 UTC on March 31st is April 1st in Vienna.
      { schedule_id: alpha, title: 'June', status_id: 5, due_date: at(`${PAST}-06-15T08:00:00Z`) },
      { schedule_id: alpha, title: 'April', status_id: 8, start_date: at(`${PAST}-03-31T22:30:00Z`) },
      // Not in the grid: no date, another year, deleted, another schedule's, no schedule's.
      { schedule_id: alpha, title: 'No date', status_id: 5 },
      { schedule_id: alpha, title: 'Last year', status_id: 8, start_date: at(`${PAST - 1}-03-05T09:00:00Z`) },
      {
        schedule_id: alpha,
        title: 'Deleted',
        status_id: 8,
        start_date: at(`${PAST}-03-05T09:00:00Z`),
        deleted_at: new Date(),
      },
      { schedule_id: beta, title: 'Beta May', status_id: 7, start_date: at(`${PAST}-05-05T09:00:00Z`) },
      { title: 'Loose', status_id: 8, start_date: at(`${PAST}-05-05T09:00:00Z`) },
    ]);
    const body = await yearly(t, `year=${PAST}`);
    expect(body.total).toBe(2);
    expect(body.data.map((r) => r.scheduleTitle)).toEqual(['Alpha', 'Beta']);
    const row = rowOf(body, alpha);
    expect(row.events.map((e) => e.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(counts(row)).toEqual([0, 0, 7, 1, 0, 1, 0, 0, 0, 0, 0, 0]);
    const cell = row.events[2] as Cell;
    // Five shown, by start: the late one first.
    expect(cell.data.map((i) => i.id)).toEqual([march[6], ...march.slice(0, 4)]);
    expect(cell.data.map((i) => i.displayType)).toEqual(['OVERDUE', ...Array(4).fill('COMPLETED')]);
    expect(cell.blockDisplayType).toBe('OVERDUE');
    expect(row.events[3]?.blockDisplayType).toBe('COMPLETED');
    expect(row.events[5]?.data.map((i) => i.title)).toEqual(['June']);
    expect(row.events[5]?.blockDisplayType).toBe('OVERDUE');
    expect(row.events[0]).toEqual({ month: 1, data: [], count: 0, blockDisplayType: null });
    expect(row.assetTooltip).toBe('Boiler 1, Pump 2, Valve 3');
    expect(row.assetGroupTooltip).toBe('Boiler room');
    const betaRow = rowOf(body, beta);
    expect(counts(betaRow)).toEqual([0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]);
    expect(betaRow.events[4]?.blockDisplayType).toBe('IN_REVIEW');
    expect(betaRow.assetTooltip).toBe('');

    // The colour is of all the cell's items, not only the five shown: the late one last.
    await server.db
      .updateTable('issues')
      .set({ status_id: 8 })
      .where('id', '=', march[6] as number)
      .execute();
    await addIssues(t, [
      { schedule_id: alpha, status_id: 6, start_date: at(`${PAST}-03-30T09:00:00Z`), due_date: null },
    ]);
    const again = rowOf(await yearly(t, `year=${PAST}`), alpha).events[2] as Cell;
    expect(again.count).toBe(8);
    expect(again.data.every((i) => i.displayType === 'COMPLETED')).toBe(true);
    expect(again.blockDisplayType).toBe('IN_PROGRESS');

    // The filter bar's issue filters narrow the items: only the completed ones.
    expect(counts(rowOf(await yearly(t, `year=${PAST}&status=8`), alpha))).toEqual([
      0, 0, 7, 1, 0, 0, 0, 0, 0, 0, 0, 0,
    ]);
  });

  it('counts prepared tasks for the occurrences still to be created, and the issue instead once one is', async () => {
    const t = await team();
    const next = thisYear + 1;
    const monthly = {
      clientId: t.org.id,
      workspaceId: t.ids.site,
      repeat_unit: 'months' as const,
      repeat_value: 1,
      start_date: `${next}-01-15`,
      next_issue_scheduled_at: at(`${next}-01-15T07:00:00Z`),
    };
    const monthlyId = await createSchedule(server, { ...monthly, title: 'Monthly' });
    const paused = await createSchedule(server, { ...monthly, title: 'Paused', paused_at: new Date() });
    const row = rowOf(await yearly(t, `year=${next}`), monthlyId);
    expect(counts(row)).toEqual(Array(12).fill(1));
    expect(row.events.every((e) => e.blockDisplayType === 'PLANNED')).toBe(true);
    const march = row.events[2]?.data[0] as Item;
    expect(march).toMatchObject({
      is_scheduled_prepared_task: true,
      model: 'PREDEFINED_TASK',
      schedule_id: monthlyId,
      title: 'Monthly',
    });
    // 08:00 in Vienna (winter time).
    expect(new Date((march.start_date as number) * 1000).toISOString()).toBe(`${next}-03-15T07:00:00.000Z`);
    expect(counts(rowOf(await yearly(t, `year=${next}`), paused))).toEqual(Array(12).fill(0));

    // March's occurrence becomes an issue: the issue is counted, not the prepared task as well.
    const [issueId] = await addIssues(t, [
      {
        schedule_id: monthlyId,
        title: 'Monthly',
        status_id: 5,
        start_date: at(`${next}-03-15T07:00:00Z`),
        due_date: at(`${next}-03-15T15:00:00Z`),
      },
    ]);
    await server.db
      .insertInto('schedule_occurrences')
      .values({
        client_id: t.org.id,
        schedule_id: monthlyId,
        starts_at: at(`${next}-03-15T07:00:00Z`),
        asset_id: 0,
        issue_id: issueId as number,
        created_at: new Date(),
      })
      .execute();
    const after = rowOf(await yearly(t, `year=${next}`), monthlyId);
    expect(counts(after)).toEqual(Array(12).fill(1));
    expect(after.events[2]?.data.map((i) => [i.id, i.model])).toEqual([[issueId, 'ISSUE']]);
    // A status filter leaves prepared tasks (status 0) out.
    expect(counts(rowOf(await yearly(t, `year=${next}&status=5`), monthlyId))).toEqual([
      0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ]);
  });

  it('counts a schedule with three time slots a day in every month of next year', async () => {
    const t = await team();
    const next = thisYear + 1;
    const id = await createSchedule(server, {
      clientId: t.org.id,
      workspaceId: t.ids.site,
      title: 'Three a day',
      start_date: `${next}-01-01`,
      time_slots: JSON.stringify([
        { start: '06:00', end: '07:00' },
        { start: '12:00', end: '13:00' },
        { start: '18:00', end: '19:00' },
      ]),
    });
    const days = [31, next % 4 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    expect(counts(rowOf(await yearly(t, `year=${next}`), id))).toEqual(days.map((d) => 3 * d));
  });

  it('keeps a schedule repeating every few minutes bounded', async () => {
    const t = await team();
    const id = await createSchedule(server, {
      clientId: t.org.id,
      workspaceId: t.ids.site,
      title: 'Every five minutes',
      repeat_unit: 'minutes',
      repeat_value: 5,
      work_hours_start: '00:00',
      work_hours_end: '23:55',
    });
    const row = rowOf(await yearly(t, `year=${thisYear + 1}`), id);
    const total = counts(row).reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(0);
    // Capped (YEARLY_PREPARED_PER_SCHEDULE), not the 100,000 occurrences of a year.
    expect(total).toBeLessThanOrEqual(2000);
    expect(row.events.every((e) => e.data.length <= 5)).toBe(true);
  });

  it('reads a page in as many statements for 50 rows with items as for one', async () => {
    const t = await team();
    const next = thisYear + 1;
    const base = { clientId: t.org.id, workspaceId: t.ids.site, start_date: `${next}-01-01` };
    const statements = async () =>
      (
        await server.countStatements(() =>
          server.call('GET', `${API}/calendar/yearly?year=${next}`, { token: t.tokens.admin }),
        )
      ).statements;
    const first = await createSchedule(server, { ...base, title: 'First' });
    await addIssues(t, [{ schedule_id: first, status_id: 5, start_date: at(`${next}-02-10T09:00:00Z`) }]);
    await statements(); // The caller's grants are read once and kept.
    const one = await statements();
    for (let n = 0; n < 49; n++) {
      const id = await createSchedule(server, { ...base, title: `More ${n}`, assetIds: [t.asset.id] });
      await addIssues(t, [{ schedule_id: id, status_id: 8, start_date: at(`${next}-03-10T09:00:00Z`) }]);
    }
    const body = await yearly(t, `year=${next}`);
    expect(body.data).toHaveLength(50);
    expect(body.data.every((r) => r.events.every((e) => e.data.length === Math.min(5, e.count)))).toBe(true);
    expect(await statements()).toBe(one);
    // The organisation's settings (time zone, colours) are read once for the whole page.
    const { sql: page } = await server.countStatements(() =>
      server.call('GET', `${API}/calendar/yearly?year=${next}`, { token: t.tokens.admin }),
    );
    expect(page.filter((text) => /from "clients"/i.test(text))).toHaveLength(1);
  });

  it('searches titles, sorts by title, creation, update and upcoming date (none last), and pages by 50', async () => {
    const t = await team();
    const base = { clientId: t.org.id, workspaceId: t.ids.site };
    await createSchedule(server, {
      ...base,
      title: 'b Boiler',
      created_at: at('2025-01-03T00:00:00Z'),
      updated_at: at('2025-02-01T00:00:00Z'),
      next_issue_scheduled_at: at('2031-01-02T07:00:00Z'),
    });
    await createSchedule(server, {
      ...base,
      title: 'A boiler check',
      created_at: at('2025-01-01T00:00:00Z'),
      updated_at: at('2025-03-01T00:00:00Z'),
      next_issue_scheduled_at: null,
    });
    await createSchedule(server, {
      ...base,
      title: 'C Boiler',
      created_at: at('2025-01-02T00:00:00Z'),
      updated_at: at('2025-01-01T00:00:00Z'),
      next_issue_scheduled_at: at('2031-01-01T07:00:00Z'),
    });
    await createSchedule(server, { ...base, title: 'Boiler archived', archived_at: new Date() });
    await createSchedule(server, { ...base, title: 'Boiler deleted', deleted_at: new Date() });
    const q = 'search=boiler';
    expect(await titles(t, q)).toEqual(['A boiler check', 'b Boiler', 'C Boiler']);
    expect(await titles(t, `${q}&sort_direction=desc`)).toEqual(['C Boiler', 'b Boiler', 'A boiler check']);
    expect(await titles(t, `${q}&sort_by=created`)).toEqual(['A boiler check', 'C Boiler', 'b Boiler']);
    expect(await titles(t, `${q}&sort_by=updated&sort_direction=desc`)).toEqual([
      'A boiler check',
      'b Boiler',
      'C Boiler',
    ]);
    expect(await titles(t, `${q}&sort_by=upcoming`)).toEqual(['C Boiler', 'b Boiler', 'A boiler check']);
    expect(await titles(t, `${q}&sort_by=upcoming&sort_direction=desc`)).toEqual([
      'b Boiler',
      'C Boiler',
      'A boiler check',
    ]);
    expect(await titles(t, 'search=100%25')).toEqual([]);

    for (let n = 0; n < 52; n++)
      await createSchedule(server, { ...base, title: `Round ${String(n).padStart(2, '0')}` });
    const first = await yearly(t, 'search=round');
    expect(first).toMatchObject({ total: 52, last_page: 2, current_page: 1 });
    expect(first.data).toHaveLength(50);
    const second = await yearly(t, 'search=round&page=2');
    expect(second.data.map((r) => r.scheduleTitle)).toEqual(['Round 50', 'Round 51']);
  });

  it('narrows the rows by workspaces (with sub-workspaces), people, priority, schedules, categories, assets and positions', async () => {
    const t = await team();
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
      name: 'Fan',
    });
    const site = await createSchedule(server, {
      clientId: t.org.id,
      workspaceId: t.ids.site,
      title: 'Site',
      assignee_id: t.people.assignee.id,
      priority_id: 4,
    });
    const room = await createSchedule(server, {
      clientId: t.org.id,
      workspaceId: t.ids.room,
      title: 'Room',
      categoryIds: [category.id],
      assetIds: [roomAsset.id],
    });
    const depot = await createSchedule(server, {
      clientId: t.org.id,
      workspaceId: t.ids.depot,
      title: 'Depot',
      category_id: category.id,
    });
    expect(await titles(t, '')).toEqual(['Depot', 'Room', 'Site']);
    expect(await titles(t, `workspaces=${t.ids.site}`)).toEqual(['Site']);
    expect(await titles(t, `workspaces=${t.ids.site}&include_sub_ws=1`)).toEqual(['Room', 'Site']);
    expect(await titles(t, `assignees=${t.people.assignee.id}`)).toEqual(['Site']);
    expect(await titles(t, 'priority_id=4')).toEqual(['Site']);
    expect(await titles(t, `schedules=${room},${depot}`)).toEqual(['Depot', 'Room']);
    expect(await titles(t, `categories=${category.id}`)).toEqual(['Depot', 'Room']);
    expect(await titles(t, `assets=${roomAsset.id}`)).toEqual(['Room']);
    expect(await titles(t, `job_positions=${position.id}`)).toEqual(['Site']);
    expect(site).toBeGreaterThan(0);
  });

  it('shows each caller the schedules they see; another organisation sees none', async () => {
    const t = await team();
    await createSchedule(server, { clientId: t.org.id, workspaceId: t.ids.site, title: 'Site' });
    await createSchedule(server, { clientId: t.org.id, workspaceId: t.ids.room, title: 'Room' });
    await createSchedule(server, { clientId: t.org.id, workspaceId: t.ids.depot, title: 'Depot' });
    expect(await titles(t, '')).toEqual(['Depot', 'Room', 'Site']);
    expect(await titles(t, '', 'manager')).toEqual(['Room', 'Site']);
    expect(await titles(t, '', 'member')).toEqual(['Room', 'Site']);
    expect(await titles(t, '', 'depotMember')).toEqual(['Depot']);
    expect(await titles(t, '', 'collabManager')).toEqual([]);
    const stranger = await server.call('GET', `${API}/calendar/yearly`, { token: t.strangerToken });
    expect(stranger.status).toBe(200);
    expect(stranger.body).toMatchObject({ data: [], total: 0 });
  });

  it('reads the year asked from 2020 to next year, and this year otherwise', async () => {
    const t = await team();
    const id = await createSchedule(server, { clientId: t.org.id, workspaceId: t.ids.site, title: 'Years' });
    await addIssues(t, [
      { schedule_id: id, status_id: 8, start_date: at('2020-02-10T09:00:00Z') },
      { schedule_id: id, status_id: 8, start_date: at('2019-02-10T09:00:00Z') },
      { schedule_id: id, status_id: 8, start_date: at(`${thisYear}-02-10T09:00:00Z`) },
      { schedule_id: id, status_id: 8, start_date: at(`${thisYear + 2}-02-10T09:00:00Z`) },
    ]);
    const february = async (year: string) => {
      const body = await yearly(t, year);
      return { count: rowOf(body, id).events[1]?.count, next: body.data.length };
    };
    expect((await february('year=2020')).count).toBe(1);
    // 2019 and the year after next are not offered: this year's grid (its first page's links say so).
    expect((await february('year=2019')).count).toBe(1);
    const res = await server.call('GET', `${API}/calendar/yearly?year=${thisYear + 2}`, {
      token: t.tokens.admin,
    });
    expect(res.body.first_page_url).toContain(`year=${thisYear}`);
    const dated = rowOf(res.body, id).events[1]?.data[0] as Item;
    expect(new Date((dated.start_date as number) * 1000).getUTCFullYear()).toBe(thisYear);
  });
});

describe('GET calendar/yearly/events', () => {
  it("pages a cell's items by 150 in start order, the month and year from the query", async () => {
    const t = await team();
    const id = await createSchedule(server, { clientId: t.org.id, workspaceId: t.ids.site, title: 'Hourly' });
    const base = Date.parse(`${PAST}-05-01T00:00:00Z`);
    // Inserted out of order; 160 in May, one in April (Vienna) and one in May of the year before.
    const may = await addIssues(
      t,
      Array.from({ length: 160 }, (_, n) => ({
        schedule_id: id,
        title: `May ${159 - n}`,
        status_id: 8,
        start_date: new Date(base + (159 - n) * 3_600_000),
      })),
    );
    await addIssues(t, [
      { schedule_id: id, title: 'April', status_id: 8, start_date: at(`${PAST}-04-30T21:00:00Z`) },
      { schedule_id: id, title: 'Old May', status_id: 8, start_date: at(`${PAST - 1}-05-10T09:00:00Z`) },
    ]);
    const q = `scheduleId=${id}&month=5&start_date=${PAST}-05-20`;
    const first = await events(t, q);
    expect(first).toMatchObject({ total: 160, last_page: 2 });
    expect(first.data).toHaveLength(150);
    expect(first.data.slice(0, 3).map((i) => i.title)).toEqual(['May 0', 'May 1', 'May 2']);
    const starts = first.data.map((i) => i.start_date as number);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    const second = await events(t, `${q}&page=2`);
    expect(second.data.map((i) => i.title)).toEqual(Array.from({ length: 10 }, (_, n) => `May ${150 + n}`));
    expect(new Set([...first.data, ...second.data].map((i) => i.id))).toEqual(new Set(may));
    expect(
      (await events(t, `scheduleId=${id}&month=4&start_date=${PAST}-01-01`)).data.map((i) => i.title),
    ).toEqual(['April']);
    expect(
      (await events(t, `scheduleId=${id}&month=5&start_date=${PAST - 1}-01-01`)).data.map((i) => i.title),
    ).toEqual(['Old May']);
    // The grid's count is the same.
    expect(rowOf(await yearly(t, `year=${PAST}`), id).events[4]?.count).toBe(160);
  });

  it("lists a future month's prepared tasks", async () => {
    const t = await team();
    const next = thisYear + 1;
    const id = await createSchedule(server, {
      clientId: t.org.id,
      workspaceId: t.ids.site,
      title: 'Daily',
      start_date: `${next}-01-01`,
    });
    const body = await events(t, `scheduleId=${id}&month=2&start_date=${next}-01-01`);
    const days = next % 4 === 0 ? 29 : 28;
    expect(body.total).toBe(days);
    expect(body.data.every((i) => i.model === 'PREDEFINED_TASK')).toBe(true);
  });

  it('answers 404 for a schedule the caller does not see, of another organisation or none', async () => {
    const t = await team();
    const depot = await createSchedule(server, {
      clientId: t.org.id,
      workspaceId: t.ids.depot,
      title: 'Depot',
    });
    const q = `scheduleId=${depot}&month=1`;
    expect((await events(t, q)).total).toBe(0);
    expect((await events(t, q, 'depotMember')).total).toBe(0);
    for (const who of ['member', 'collabManager'] as const) {
      const res = await server.call('GET', `${API}/calendar/yearly/events?${q}`, { token: t.tokens[who] });
      expect(res.status).toBe(404);
    }
    const stranger = await server.call('GET', `${API}/calendar/yearly/events?${q}`, {
      token: t.strangerToken,
    });
    expect(stranger.status).toBe(404);
    const none = await server.call('GET', `${API}/calendar/yearly/events?month=1`, { token: t.tokens.admin });
    expect(none.status).toBe(404);
  });
});

// ---------------------------------------------------------------------------------------------
// The PDF, read back: its objects, streams (inflated) and text through the fonts' ToUnicode maps
// ---------------------------------------------------------------------------------------------

type PdfObject = { id: number; dict: string; stream: Buffer | null };

function pdfObjects(pdf: Buffer): PdfObject[] {
  const text = pdf.toString('latin1');
  const out: PdfObject[] = [];
  const head = /(\d+) 0 obj\s*/g;
  for (let match = head.exec(text); match; match = head.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endobj', start);
    const streamAt = text.indexOf('stream', start);
    if (streamAt !== -1 && streamAt < end) {
      const dict = text.slice(start, streamAt);
      const length = Number(/\/Length (\d+)/.exec(dict)?.[1]);
      const from = streamAt + 'stream'.length + (text[streamAt + 6] === '\r' ? 2 : 1);
      const raw = pdf.subarray(from, from + length);
      const stream = dict.includes('/FlateDecode') ? inflateSync(raw) : raw;
      out.push({ id: Number(match[1]), dict, stream });
      head.lastIndex = from + length;
    } else {
      out.push({ id: Number(match[1]), dict: text.slice(start, end), stream: null });
    }
  }
  return out;
}

/** A ToUnicode CMap (pdfkit writes bfrange arrays) as glyph code → text. */
function readCMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const range = /<([0-9a-f]+)> <([0-9a-f]+)> \[([^\]]*)\]/gi;
  for (let match = range.exec(cmap); match; match = range.exec(cmap)) {
    const start = Number.parseInt(match[1] as string, 16);
    const targets = [...(match[3] as string).matchAll(/<([0-9a-f ]+)>/gi)];
    targets.forEach((target, n) => {
      const units = (target[1] as string).split(' ').map((h) => Number.parseInt(h, 16));
      map.set(start + n, String.fromCharCode(...units));
    });
  }
  return map;
}

/** The text each page shows, in drawing order, decoded as a reader (and a search) would. */
function pdfText(pdf: Buffer): { pages: string[]; baseFonts: string[] } {
  const objects = new Map(pdfObjects(pdf).map((o) => [o.id, o]));
  const fontMaps = new Map<number, Map<number, string>>();
  const baseFonts: string[] = [];
  for (const o of objects.values()) {
    const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(o.dict);
    if (/\/Type \/Font/.test(o.dict) && toUnicode) {
      baseFonts.push(/\/BaseFont \/(\S+)/.exec(o.dict)?.[1] ?? '');
      const cmap = objects.get(Number(toUnicode[1]))?.stream?.toString('latin1') ?? '';
      fontMaps.set(o.id, readCMap(cmap));
    }
  }
  const pages: string[] = [];
  for (const page of objects.values()) {
    if (!/\/Type \/Page\b/.test(page.dict)) continue;
    const resources = objects.get(Number(/\/Resources (\d+) 0 R/.exec(page.dict)?.[1]))?.dict ?? page.dict;
    const fontNames = new Map(
      [...(/\/Font <<([^>]*)>>/.exec(resources)?.[1] ?? '').matchAll(/\/(\S+) (\d+) 0 R/g)].map((m) => [
        m[1] as string,
        Number(m[2]),
      ]),
    );
    const contents = objects
      .get(Number(/\/Contents (\d+) 0 R/.exec(page.dict)?.[1]))
      ?.stream?.toString('latin1');
    let font = new Map<number, string>();
    let text = '';
    for (const op of (contents ?? '').matchAll(/\/(\S+) [\d.]+ Tf|\[([^\]]*)\] TJ/g)) {
      if (op[1]) font = fontMaps.get(fontNames.get(op[1]) as number) ?? new Map();
      else {
        for (const hex of (op[2] as string).matchAll(/<([0-9a-f]*)>/gi)) {
          const codes = (hex[1] as string).match(/.{4}/g) ?? [];
          text += codes.map((c) => font.get(Number.parseInt(c, 16)) ?? '\uFFFD').join('');
        }
        text += '\n';
      }
    }
    pages.push(text);
  }
  return { pages, baseFonts };
}

async function fetchPdf(path: string, token: string, method = 'GET') {
  const res = await fetch(`${server.url}${API}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
  });
  return { res, pdf: Buffer.from(await res.arrayBuffer()) };
}

describe('calendar/yearly/export', () => {
  it('answers the grid as a PDF in DejaVu, whose Polish, Turkish and Cyrillic text reads back as typed', async () => {
    const t = await team();
    await server.db.updateTable('clients').set({ name: 'Zakład Łódź' }).where('id', '=', t.org.id).execute();
    await server.db
      .updateTable('users')
      .set({ language: 'pl' })
      .where('id', '=', t.people.admin.id)
      .execute();
    const names = [
      'Przegląd gaśnic – Łódź',
      'Şişli ısıtma kontrolü',
      'Проверка огнетушителей',
      'Перевірка їдальні',
    ];
    const ids: number[] = [];
    for (const title of names)
      ids.push(await createSchedule(server, { clientId: t.org.id, workspaceId: t.ids.site, title }));
    await addIssues(
      t,
      Array.from({ length: 3 }, (_, n) => ({
        schedule_id: ids[0],
        status_id: 8,
        start_date: at(`${PAST}-07-0${n + 1}T09:00:00Z`),
      })),
    );
    const { res, pdf } = await fetchPdf(`/calendar/yearly/export?year=${PAST}`, t.tokens.admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="yearly-calendar-${PAST}.pdf"`);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { pages, baseFonts } = pdfText(pdf);
    expect(pages).toHaveLength(1);
    expect(baseFonts.length).toBeGreaterThan(0);
    expect(baseFonts.every((name) => /^[A-Z]{6}\+DejaVuSans(-Bold)?$/.test(name))).toBe(true);
    const page = pages[0] as string;
    expect(page).not.toContain('\uFFFD');
    for (const title of names) expect(page).toContain(title);
    expect(page).toContain(`Kalendarz roczny ${PAST}`);
    expect(page).toContain('Zakład Łódź');
    // The months in Polish, the legend's words and July's count.
    expect(page).toContain('Sty\n');
    expect(page).toContain('Lip\n');
    expect(page).toContain('Zakończone');
    expect(page).toContain('Po terminie');
    expect(page).toMatch(/\n3\n/);

    // The same as Turkish and Russian readers.
    for (const [language, word] of [
      ['tr', 'Yıllık takvim'],
      ['ru', 'Годовой календарь'],
      ['uk', 'Річний календар'],
    ] as const) {
      await server.db.updateTable('users').set({ language }).where('id', '=', t.people.admin.id).execute();
      const again = pdfText((await fetchPdf(`/calendar/yearly/export?year=${PAST}`, t.tokens.admin)).pdf)
        .pages[0];
      expect(again).toContain(`${word} ${PAST}`);
      for (const title of names) expect(again).toContain(title);
    }
  });

  it('continues the rows on further pages (the header again on each), by GET and POST, with the query of the grid', async () => {
    const t = await team();
    const perPage = YEARLY_PDF_ROWS_PER_PAGE;
    for (let n = 0; n < 2 * perPage + 3; n++)
      await createSchedule(server, {
        clientId: t.org.id,
        workspaceId: t.ids.site,
        title: `Round ${String(n).padStart(3, '0')}`,
      });
    await createSchedule(server, { clientId: t.org.id, workspaceId: t.ids.depot, title: 'Depot only' });
    const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
    const all = await fetchPdf('/calendar/yearly/export?search=round', t.tokens.admin);
    expect(pageCount(all.pdf)).toBe(3);
    const { pages } = pdfText(all.pdf);
    expect(pages.every((p) => p.includes('Schedule\n') && p.includes('Jan\n') && p.includes('Dec\n'))).toBe(
      true,
    );
    expect(pages[2]).toContain(`Round ${String(2 * perPage + 2).padStart(3, '0')}`);
    expect(pages.join('')).not.toContain('Depot only');
    const posted = await fetchPdf('/calendar/yearly/export?search=round', t.tokens.admin, 'POST');
    expect(posted.res.status).toBe(200);
    expect(pageCount(posted.pdf)).toBe(3);
    const few = await fetchPdf(`/calendar/yearly/export?workspaces=${t.ids.depot}`, t.tokens.admin);
    expect(pageCount(few.pdf)).toBe(1);
    expect(pdfText(few.pdf).pages[0]).toContain('Depot only');
    // Another organisation: a PDF without our schedules.
    const stranger = await fetchPdf('/calendar/yearly/export', t.strangerToken);
    expect(stranger.res.status).toBe(200);
    const strangerText = pdfText(stranger.pdf).pages.join('');
    expect(strangerText).toContain('No schedules');
    expect(strangerText).not.toContain('Round');
  });
});
