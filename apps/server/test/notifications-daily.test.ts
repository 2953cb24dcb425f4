import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDailyReminders, runDailyRemindersFor } from '../src/modules/notifications/notification-jobs.js';
import { createAsset, createRegulatoryFile } from './helpers/assets-factories.js';
import { createEquipment, createEquipmentBooking } from './helpers/equipment-factories.js';
import { createIssueTeam } from './helpers/issues-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// The daily reminders: once per organisation and local day whatever the number of servers
// (job_runs), after 07:00 in the organisation's time zone: overdue and due-today issues to their
// assignees, late returns, expiring regulatory files; then the digest e-mail of the day.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const TIME_ZONE = 'Europe/Berlin';
/** 12:00 in Berlin on 15 June 2026. */
const NOON = new Date('2026-06-15T10:00:00Z');
const DATE = '2026-06-15';

async function world() {
  const t = await createIssueTeam(server, { settings: { time_zone: TIME_ZONE } });
  const assignee = t.people.assignee.id;
  const overdue = await t.issue({
    title: 'Overdue job',
    assignee_id: assignee,
    status_id: 6,
    due_date: new Date('2026-06-14T09:00:00Z'),
  });
  // 23:30 in Berlin on the 15th is 21:30 UTC: due today there.
  const today = await t.issue({
    title: 'Due today',
    assignee_id: assignee,
    status_id: 5,
    due_date: new Date('2026-06-15T21:30:00Z'),
  });
  const completed = await t.issue({
    assignee_id: assignee,
    status_id: 8,
    due_date: new Date('2026-06-01T09:00:00Z'),
  });
  const archived = await t.issue({
    assignee_id: assignee,
    status_id: 6,
    due_date: new Date('2026-06-01T09:00:00Z'),
    archived_at: new Date(),
  });
  const unassigned = await t.issue({ status_id: 2, due_date: new Date('2026-06-01T09:00:00Z') });
  const later = await t.issue({
    assignee_id: assignee,
    status_id: 5,
    due_date: new Date('2026-06-20T09:00:00Z'),
  });
  const item = await createEquipment(server.db, {
    client_id: t.org.id,
    workspace_id: t.ids.site,
    title: 'Drill',
    managerIds: [t.people.manager.id],
  });
  const handout = await createEquipmentBooking(server.db, {
    client_id: t.org.id,
    equipment_id: item.id,
    kind: 'handout',
    holder_user_id: t.people.member.id,
    starts_on: '2026-06-01',
    ends_on: '2026-06-10',
  });
  const asset = await createAsset(server.db, {
    client_id: t.org.id,
    workspace_id: t.ids.site,
    managerIds: [t.people.member.id],
  });
  const expiring = await createRegulatoryFile(server.db, {
    clientId: t.org.id,
    assetIds: [asset.id],
    name: 'Boiler certificate',
    validUntil: '2026-07-01',
  });
  const farOff = await createRegulatoryFile(server.db, {
    clientId: t.org.id,
    assetIds: [asset.id],
    validUntil: '2026-09-01',
  });
  return {
    t,
    ids: {
      overdue,
      today,
      completed,
      archived,
      unassigned,
      later,
      handout,
      expiring,
      farOff,
      asset: asset.id,
    },
  };
}

async function notificationsOf(clientId: number) {
  return server.db
    .selectFrom('notifications')
    .select(['user_id', 'event_type', 'entity_id', 'dedupe_key', 'channel', 'email_state', 'data'])
    .where('client_id', '=', clientId)
    .orderBy('event_type')
    .orderBy('user_id')
    .execute();
}

describe('daily reminders', () => {
  it('remind the right people once, with two runs at once, and send the digest of the day', async () => {
    const { t, ids } = await world();
    const org = { id: t.org.id, timeZone: TIME_ZONE };
    const runs = await Promise.all([
      runDailyRemindersFor(server.ctx, org, DATE, NOON),
      runDailyRemindersFor(server.ctx, org, DATE, NOON),
    ]);
    expect(runs.filter(Boolean)).toHaveLength(1);
    expect(await runDailyRemindersFor(server.ctx, org, DATE, NOON)).toBe(false);

    const rows = await notificationsOf(t.org.id);
    const order = (a: [string, number, number], b: [string, number, number]) =>
      a[0].localeCompare(b[0]) || a[1] - b[1];
    const got = rows
      .map((r) => [r.event_type, r.user_id, r.entity_id] as [string, number, number])
      .sort(order);
    const want: [string, number, number][] = [
      ['equipment_return_overdue', t.people.member.id, ids.handout],
      ['equipment_return_overdue', t.people.manager.id, ids.handout],
      ['issue_due_today', t.people.assignee.id, ids.today],
      ['issue_overdue', t.people.assignee.id, ids.overdue],
      ['regulatory_file_expiring', t.people.member.id, ids.expiring],
    ];
    expect(got).toEqual(want.sort(order));
    expect(rows.every((r) => r.dedupe_key === DATE)).toBe(true);
    expect(rows.find((r) => r.event_type === 'regulatory_file_expiring')?.data).toMatchObject({
      title: 'Boiler certificate',
      asset_id: ids.asset,
    });

    // The assignee's two reminders (digest by default) went out in one digest mail.
    const assignee = await server.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', t.people.assignee.id)
      .executeTakeFirstOrThrow();
    const digests = await server.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_email', '=', assignee.email)
      .where('kind', '=', 'notification_digest')
      .execute();
    expect(digests).toHaveLength(1);
    expect(digests[0]?.subject).toBe('Your daily summary: 2 notifications');
    expect(digests[0]?.text).toContain('"Overdue job" is overdue');
    expect(digests[0]?.text).toContain('"Due today" is due today');
    expect(
      rows.filter((r) => r.user_id === t.people.assignee.id).map((r) => [r.channel, r.email_state]),
    ).toEqual([
      ['digest', 'sent'],
      ['digest', 'sent'],
    ]);
    // The late return is an e-mail of its own (the mailer's).
    expect(rows.filter((r) => r.event_type === 'equipment_return_overdue').map((r) => r.email_state)).toEqual(
      ['waiting', 'waiting'],
    );
  });

  it('runs only after 07:00 local time, once per local day', async () => {
    const { t } = await world();
    const mine = async () => (await notificationsOf(t.org.id)).length;
    // 06:30 in Berlin: not yet.
    await runDailyReminders(server.ctx, new Date('2026-06-15T04:30:00Z'));
    expect(await mine()).toBe(0);
    const run = await server.db
      .selectFrom('job_runs')
      .select('run_key')
      .where('run_key', '=', `${t.org.id}:${DATE}`)
      .execute();
    expect(run).toEqual([]);
    await runDailyReminders(server.ctx, new Date('2026-06-15T05:30:00Z'));
    const first = await mine();
    expect(first).toBeGreaterThan(0);
    await runDailyReminders(server.ctx, new Date('2026-06-15T15:00:00Z'));
    expect(await mine()).toBe(first);
  });
});
