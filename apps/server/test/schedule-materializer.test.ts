import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materializeDue } from '../src/modules/schedules/schedule-materializer.js';
import {
  planSchedule,
  replanSchedule,
  scheduleIssueStatusChanged,
} from '../src/modules/schedules/schedule-plan.js';
import { createAsset } from './helpers/assets-factories.js';
import { addWorkspace, createTeam, createUser, type TestUser } from './helpers/factories.js';
import { createSchedule, type ScheduleFactoryValues } from './helpers/schedules-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// The materializer on a real database: which occurrences become issues per reschedule mode and
// assets mode, AFTER N, breaks, what an issue copies, exactly once on a second run, and the
// replanning after an edit. Times are in the organisation's zone, Europe/Vienna (UTC+1 in March).

let server: TestServer;
let clientId: number;
let workspaceId: number;
let admin: TestUser;
let member: TestUser;
let stand_in: TestUser;
let assetA: number;
let assetB: number;
/** Monday 2 March 2026, 11:00 in Vienna. */
const NOW = new Date('2026-03-02T10:00:00Z');
const DAY = 86_400_000;

beforeAll(async () => {
  server = await startTestServer();
  const team = await createTeam(server.db);
  clientId = team.org.id;
  admin = team.admin;
  member = team.member;
  stand_in = await createUser(server.db, clientId);
  workspaceId = await addWorkspace(server.db, clientId, 'Plant');
  assetA = (await createAsset(server.db, { client_id: clientId, workspace_id: workspaceId, name: 'A door' }))
    .id;
  assetB = (await createAsset(server.db, { client_id: clientId, workspace_id: workspaceId, name: 'B gate' }))
    .id;
});

afterAll(async () => {
  await server?.close();
});

/** A schedule planned at NOW, as the create call does. */
async function planned(values: Partial<ScheduleFactoryValues>): Promise<number> {
  const id = await createSchedule(server, {
    clientId,
    workspaceId,
    start_date: '2026-03-02',
    created_by: admin.id,
    ...values,
  });
  await planSchedule(server.db, id, NOW);
  return id;
}

async function issuesOf(scheduleId: number) {
  return server.db
    .selectFrom('issues')
    .selectAll()
    .where('schedule_id', '=', scheduleId)
    .where('deleted_at', 'is', null)
    .orderBy('start_date')
    .orderBy('asset_id')
    .execute();
}

async function run(now: Date, horizon?: Date) {
  return materializeDue(server.ctx, { now, horizon, leadDays: 14 });
}

describe('reschedule modes', () => {
  it('on_start_date: the occurrence in progress now, then each one as it starts; a second run makes nothing', async () => {
    const id = await planned({ reschedule_mode: 'on_start_date' });
    await run(NOW);
    let issues = await issuesOf(id);
    expect(issues.map((i) => i.start_date?.toISOString())).toEqual(['2026-03-02T07:00:00.000Z']);
    expect(issues[0]?.due_date?.toISOString()).toBe('2026-03-02T15:00:00.000Z');
    expect((await run(NOW)).issuesCreated).toBe(0);
    await run(new Date(NOW.getTime() + 2 * DAY));
    issues = await issuesOf(id);
    expect(issues.map((i) => i.start_date?.toISOString().slice(0, 10))).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
    ]);
    const schedule = await server.db
      .selectFrom('schedules')
      .select(['created_count', 'next_issue_scheduled_at', 'materialize_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(schedule.created_count).toBe(3);
    expect(schedule.next_issue_scheduled_at?.toISOString()).toBe('2026-03-05T07:00:00.000Z');
    expect(schedule.materialize_at?.toISOString()).toBe('2026-03-05T07:00:00.000Z');
  });

  it('a new schedule takes the occurrence still within its completion limit, even days after it started', async () => {
    // Fridays 08:00–16:00, each issue due 5 days after its start: at NOW (Monday) Friday's is still open.
    const id = await planned({
      reschedule_mode: 'on_start_date',
      start_date: '2026-02-20',
      repeat_unit: 'weeks',
      repeat_on: [5],
      time_limits: JSON.stringify({ completion: { value: 5, unit: 'days' } }),
    });
    await run(NOW);
    const issues = await issuesOf(id);
    expect(issues.map((i) => i.start_date?.toISOString())).toEqual(['2026-02-27T07:00:00.000Z']);
    expect(issues[0]?.due_date?.toISOString()).toBe('2026-03-04T07:00:00.000Z');
  });

  it('before_next_start_date: every occurrence starting within the lead time', async () => {
    const id = await planned({
      reschedule_mode: 'before_next_start_date',
      repeat_unit: 'weeks',
      repeat_on: [1],
    });
    await run(NOW);
    const issues = await issuesOf(id);
    expect(issues.map((i) => i.start_date?.toISOString().slice(0, 10))).toEqual([
      '2026-03-02',
      '2026-03-09',
      '2026-03-16',
    ]);
    const schedule = await server.db
      .selectFrom('schedules')
      .select('materialize_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    // Due again 14 days before the 23 March occurrence.
    expect(schedule.materialize_at?.toISOString()).toBe('2026-03-09T07:00:00.000Z');
  });

  it('after_completion: the first issue at once, the next only once it is completed, after that moment', async () => {
    const id = await planned({ reschedule_mode: 'after_completion' });
    await run(NOW);
    let issues = await issuesOf(id);
    expect(issues).toHaveLength(1);
    // Marked done (7) is not enough for after_completion.
    const later = new Date(NOW.getTime() + 3 * DAY);
    await server.db
      .updateTable('issues')
      .set({ status_id: 7, updated_at: later })
      .where('schedule_id', '=', id)
      .execute();
    await scheduleIssueStatusChanged(server.db, { schedule_id: id }, 7, later);
    await run(later);
    expect(await issuesOf(id)).toHaveLength(1);
    await server.db
      .updateTable('issues')
      .set({ status_id: 8, completed_at: later, updated_at: later })
      .where('schedule_id', '=', id)
      .execute();
    await scheduleIssueStatusChanged(server.db, { schedule_id: id }, 8, later);
    await run(later);
    issues = await issuesOf(id);
    // The days missed meanwhile are skipped: the next one starts after the completion (5 March 11:00).
    expect(issues.map((i) => i.start_date?.toISOString().slice(0, 10))).toEqual(['2026-03-02', '2026-03-06']);
    await run(new Date(later.getTime() + 5 * DAY));
    expect(await issuesOf(id)).toHaveLength(2);
  });

  it('after_marked_as_done: marked done (7) is enough', async () => {
    const id = await planned({ reschedule_mode: 'after_marked_as_done' });
    await run(NOW);
    const later = new Date(NOW.getTime() + DAY);
    await server.db
      .updateTable('issues')
      .set({ status_id: 7, updated_at: later })
      .where('schedule_id', '=', id)
      .execute();
    await scheduleIssueStatusChanged(server.db, { schedule_id: id }, 7, later);
    await run(later);
    expect((await issuesOf(id)).map((i) => i.start_date?.toISOString().slice(0, 10))).toEqual([
      '2026-03-02',
      '2026-03-04',
    ]);
  });
});

describe('assets, people and what an issue copies', () => {
  it('FOR_EACH_ASSET: one issue per asset and occurrence; accepted assignee: status 5', async () => {
    const id = await planned({
      assetIds: [assetA, assetB],
      assets_mode: 'FOR_EACH_ASSET',
      assignee_id: member.id,
      assignee_status: 5,
    });
    await run(NOW);
    const issues = await issuesOf(id);
    expect(issues.map((i) => [i.asset_id, i.status_id, i.assignee_id])).toEqual([
      [assetA, 5, member.id],
      [assetB, 5, member.id],
    ]);
    const rows = await server.db
      .selectFrom('schedule_occurrences')
      .select(['asset_id', 'issue_id'])
      .where('schedule_id', '=', id)
      .orderBy('asset_id')
      .execute();
    expect(rows).toEqual([
      { asset_id: assetA, issue_id: issues[0]?.id },
      { asset_id: assetB, issue_id: issues[1]?.id },
    ]);
  });

  it('ONE_FOR_ALL_ASSETS: one issue on the first asset naming them all; pending assignee: deciding (3)', async () => {
    const id = await planned({
      assetIds: [assetB, assetA],
      assets_mode: 'ONE_FOR_ALL_ASSETS',
      description: 'Check them.',
      assignee_id: member.id,
      assignee_status: null,
    });
    await run(NOW);
    const issues = await issuesOf(id);
    expect(issues).toHaveLength(1);
    expect(issues[0]?.asset_id).toBe(assetA);
    expect(issues[0]?.status_id).toBe(3);
    expect(issues[0]?.description).toBe('Check them.\n\n- A door\n- B gate');
  });

  it('declined assignee: unassigned (2); copies categories, watchers and stand-ins, links, checklists, flags, activity', async () => {
    const category = await server.db
      .insertInto('categories')
      .values({ client_id: clientId, name: 'Safety', color: '#ff0000' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const template = await server.db
      .insertInto('checklist_templates')
      .values({ client_id: clientId, name: 'Door round', category_id: null, created_by: admin.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('checklist_template_items')
      .values(
        ['Closes by itself', 'Seal intact'].map((title, position) => ({
          client_id: clientId,
          template_id: template.id,
          title,
          description: null,
          position,
        })),
      )
      .execute();
    const id = await planned({
      assignee_id: member.id,
      assignee_status: 4,
      priority_id: 5,
      category_id: category.id,
      categoryIds: [category.id],
      watcherIds: [admin.id],
      replacementIds: [stand_in.id],
      checklistTemplateIds: [template.id],
      is_attachment_required: true,
      is_worktime_required: true,
    });
    await server.db
      .insertInto('schedule_links')
      .values({ client_id: clientId, schedule_id: id, url: 'https://example.test/manual', title: 'Manual' })
      .execute();
    await run(NOW);
    const [issue] = await issuesOf(id);
    if (!issue) throw new Error('no issue');
    expect([issue.status_id, issue.assignee_id, issue.priority_id, issue.category_id]).toEqual([
      2,
      null,
      5,
      category.id,
    ]);
    expect([issue.is_attachment_required, issue.is_worktime_required, issue.created_by]).toEqual([
      true,
      true,
      admin.id,
    ]);
    const watchers = await server.db
      .selectFrom('issue_watchers')
      .select('user_id')
      .where('issue_id', '=', issue.id)
      .orderBy('user_id')
      .execute();
    expect(watchers.map((w) => w.user_id)).toEqual([admin.id, stand_in.id].sort((a, b) => a - b));
    const categories = await server.db
      .selectFrom('issue_categories')
      .select('category_id')
      .where('issue_id', '=', issue.id)
      .execute();
    expect(categories).toEqual([{ category_id: category.id }]);
    const links = await server.db
      .selectFrom('issue_links')
      .select(['url', 'title'])
      .where('issue_id', '=', issue.id)
      .execute();
    expect(links).toEqual([{ url: 'https://example.test/manual', title: 'Manual' }]);
    const checklists = await server.db
      .selectFrom('checklists as c')
      .innerJoin('checklist_items as ci', 'ci.checklist_id', 'c.id')
      .select(['c.title', 'ci.title as item', 'ci.status_id'])
      .where('c.issue_id', '=', issue.id)
      .orderBy('ci.position')
      .execute();
    expect(checklists).toEqual([
      { title: 'Door round', item: 'Closes by itself', status_id: 1 },
      { title: 'Door round', item: 'Seal intact', status_id: 1 },
    ]);
    const activity = await server.db
      .selectFrom('activity_log')
      .select(['action', 'user_id'])
      .where('entity_type', '=', 'issue')
      .where('entity_id', '=', issue.id)
      .execute();
    expect(activity).toEqual([{ action: 'created', user_id: admin.id }]);
  });

  it('keeps the state tab counters right', async () => {
    const counted = await sql<{ count: number }>`
      SELECT coalesce(sum(count), 0)::int AS count FROM issue_state_counts
        WHERE client_id = ${clientId} AND workspace_id = ${workspaceId}`.execute(server.db);
    const issues = await server.db
      .selectFrom('issues')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('workspace_id', '=', workspaceId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(counted.rows[0]?.count)).toBe(Number(issues.n));
  });
});

describe('ends and breaks', () => {
  it('AFTER N: never more than N issues, and the schedule is finished', async () => {
    const id = await planned({ end_type: 'AFTER', end_after: 3 });
    await run(NOW, new Date(NOW.getTime() + 365 * DAY));
    expect(await issuesOf(id)).toHaveLength(3);
    const schedule = await server.db
      .selectFrom('schedules')
      .select(['created_count', 'next_issue_scheduled_at', 'materialize_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(schedule).toEqual({ created_count: 3, next_issue_scheduled_at: null, materialize_at: null });
    await run(new Date(NOW.getTime() + 400 * DAY));
    expect(await issuesOf(id)).toHaveLength(3);
  });

  it('ON a date: none after it; a seasonal break: none on its days', async () => {
    const id = await planned({
      end_type: 'ON',
      end_on: '2026-03-10',
      seasonal_break_type: 'YES',
      seasonal_break_start: '2026-03-04',
      seasonal_break_end: '2026-03-06',
    });
    await run(NOW, new Date(NOW.getTime() + 365 * DAY));
    expect((await issuesOf(id)).map((i) => i.start_date?.toISOString().slice(0, 10))).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
    ]);
  });

  it('paused and archived schedules make nothing', async () => {
    const paused = await planned({});
    const archived = await planned({});
    await server.db.updateTable('schedules').set({ paused_at: NOW }).where('id', '=', paused).execute();
    await server.db.updateTable('schedules').set({ archived_at: NOW }).where('id', '=', archived).execute();
    await run(NOW);
    expect(await issuesOf(paused)).toHaveLength(0);
    expect(await issuesOf(archived)).toHaveLength(0);
  });

  it('a deleted or archived workspace gets no new issues; back again, its schedule goes on', async () => {
    const gone = await addWorkspace(server.db, clientId, 'Closed wing');
    const id = await planned({ workspaceId: gone, reschedule_mode: 'on_start_date' });
    await server.db.updateTable('workspaces').set({ archived_at: NOW }).where('id', '=', gone).execute();
    await run(NOW);
    expect(await issuesOf(id)).toHaveLength(0);
    await server.db.updateTable('workspaces').set({ archived_at: null }).where('id', '=', gone).execute();
    await run(NOW);
    expect((await issuesOf(id)).length).toBeGreaterThan(0);
  });

  it('hours: a year ahead in batches, each occurrence once', async () => {
    const id = await planned({
      repeat_unit: 'hours',
      repeat_value: 4,
      work_hours_start: '00:00',
      work_hours_end: '23:59',
    });
    const result = await run(NOW, new Date(NOW.getTime() + 200 * DAY));
    const issues = await issuesOf(id);
    expect(issues.length).toBeGreaterThan(1000);
    expect(result.issuesCreated).toBeGreaterThanOrEqual(issues.length);
    expect(new Set(issues.map((i) => i.start_date?.getTime())).size).toBe(issues.length);
  });
});

describe('replanning after an edit', () => {
  it('removes the untouched future issues and makes them again by the new rule; touched ones stay', async () => {
    const id = await planned({
      reschedule_mode: 'before_next_start_date',
      repeat_unit: 'weeks',
      repeat_on: [1],
    });
    await run(NOW);
    const before = await issuesOf(id);
    expect(before).toHaveLength(3);
    // Someone commented on the 16 March issue.
    const touched = before[2];
    if (!touched) throw new Error('no issue');
    await server.db
      .insertInto('issue_comments')
      .values({ client_id: clientId, issue_id: touched.id, user_id: admin.id, comment: 'Key at the gate.' })
      .execute();
    const edit = new Date(NOW.getTime() + 60_000);
    await server.db
      .updateTable('schedules')
      .set({ work_hours_start: '09:00' })
      .where('id', '=', id)
      .execute();
    const removed = await replanSchedule(server.db, id, edit);
    // 2 March started already (kept); 9 March untouched (removed); 16 March commented (kept).
    expect(removed).toBe(1);
    await run(edit);
    const after = await issuesOf(id);
    expect(after.map((i) => [i.start_date?.toISOString(), i.id === touched.id])).toEqual([
      ['2026-03-02T07:00:00.000Z', false],
      ['2026-03-09T08:00:00.000Z', false],
      ['2026-03-16T07:00:00.000Z', true],
      ['2026-03-16T08:00:00.000Z', false],
    ]);
    const version = await server.db
      .selectFrom('schedules')
      .select('plan_version')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(version.plan_version).toBe(2);
  });
});

describe('exactly once', () => {
  it('every occurrence row names one live issue and every schedule issue has its row', async () => {
    await run(new Date(NOW.getTime() + 30 * DAY));
    const orphans = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM issues i
        WHERE i.client_id = ${clientId} AND i.schedule_id IS NOT NULL AND i.deleted_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM schedule_occurrences o WHERE o.issue_id = i.id)`.execute(server.db);
    expect(orphans.rows[0]?.n).toBe(0);
    const doubles = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM (
        SELECT schedule_id, start_date, asset_id FROM issues
          WHERE client_id = ${clientId} AND schedule_id IS NOT NULL AND deleted_at IS NULL
          GROUP BY 1, 2, 3 HAVING count(*) > 1) d`.execute(server.db);
    expect(doubles.rows[0]?.n).toBe(0);
    const counts = await sql<{ created: number; issues: number }>`
      SELECT (SELECT sum(created_count)::int FROM schedules WHERE client_id = ${clientId}) AS created,
             (SELECT count(*)::int FROM issues WHERE client_id = ${clientId} AND schedule_id IS NOT NULL AND deleted_at IS NULL) AS issues`.execute(
      server.db,
    );
    expect(counts.rows[0]?.created).toBe(counts.rows[0]?.issues);
  });
});
