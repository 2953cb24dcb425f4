import { ZLeaseResponseSchema, ZMaintenanceInfoSchema } from '@workbench/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDailyRemindersFor } from '../src/modules/notifications/notification-jobs.js';
import { createAsset, createRegulatoryFile } from './helpers/assets-factories.js';
import { attachmentForm, pdf, png } from './helpers/attachments-factories.js';
import { API, createIssueTeam } from './helpers/issues-factories.js';
import { createSchedule } from './helpers/schedules-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { createLease } from './helpers/workspace-info-factories.js';

// A workspace's lease and maintenance pages (issue 21): the lease read by admins, managers and
// group managers, changed by admins and managers, validated; its contract files; the maintenance
// figures; the reminder before the notice date, sent once.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const LEASE = {
  landlord_name: 'Harbour Estates Ltd',
  landlord_contact: 'Jane Doe, +44 20 7946 0000',
  start_date: '2024-07-01',
  end_date: '2029-06-30',
  rent_amount: 4250.5,
  rent_currency: 'eur',
  rent_period: 'month',
  notice_period_months: 6,
  reminder_days_before: 45,
  notes: 'Break clause after 3 years.',
};

const leaseOf = (id: number, token: string) => server.call('GET', `${API}/workspace/${id}/lease`, { token });
const putLease = (id: number, token: string, body: unknown) =>
  server.call('PUT', `${API}/workspace/${id}/lease`, { token, body });
const leaseRow = (workspaceId: number) =>
  server.db
    .selectFrom('workspace_leases')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();

describe('workspace lease', () => {
  it('is created, read, changed and deleted by an admin, with its notice date', async () => {
    const t = await createIssueTeam(server);
    const empty = await leaseOf(t.ids.site, t.tokens.admin);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({
      lease: null,
      can_edit: true,
      workspace: { id: t.ids.site, name: 'Site' },
    });

    const created = await putLease(t.ids.site, t.tokens.admin, LEASE);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(ZLeaseResponseSchema.safeParse(created.body).success).toBe(true);
    expect(created.body.lease).toMatchObject({
      landlord_name: 'Harbour Estates Ltd',
      rent_amount: 4250.5,
      rent_currency: 'EUR',
      end_date: '2029-06-30',
      notice_date: '2028-12-30',
      reminder_date: '2028-11-15',
      notice_state: 'upcoming',
      files: [],
    });
    expect((await leaseRow(t.ids.site))?.rent_amount).toBe('4250.50');

    // Open-ended: no notice date.
    const open = await putLease(t.ids.site, t.tokens.admin, { ...LEASE, end_date: null });
    expect(open.body.lease).toMatchObject({ end_date: null, notice_date: null, notice_state: 'open_ended' });

    const log = await server.db
      .selectFrom('activity_log')
      .select(['action', 'changes'])
      .where('entity_type', '=', 'workspace')
      .where('entity_id', '=', t.ids.site)
      .orderBy('id')
      .execute();
    expect(log.map((r) => r.action)).toEqual(['lease_created', 'lease_updated']);
    // The log names the fields, never the rent.
    expect(JSON.stringify(log)).not.toContain('4250');

    const removed = await server.call('DELETE', `${API}/workspace/${t.ids.site}/lease`, {
      token: t.tokens.admin,
    });
    expect(removed.status).toBe(200);
    expect(await leaseRow(t.ids.site)).toBeUndefined();
    const again = await server.call('DELETE', `${API}/workspace/${t.ids.site}/lease`, {
      token: t.tokens.admin,
    });
    expect(again.status).toBe(404);
  });

  it('is read by managers and group managers, changed by managers only; members and partners are refused', async () => {
    const t = await createIssueTeam(server);
    expect((await putLease(t.ids.site, t.tokens.manager, LEASE)).status).toBe(200);
    // The Room below the Site: the manager's role is inherited.
    expect((await putLease(t.ids.room, t.tokens.manager, LEASE)).status).toBe(200);
    const gm = await leaseOf(t.ids.site, t.tokens.groupManager);
    expect(gm.status).toBe(200);
    expect(gm.body.can_edit).toBe(false);
    const before = JSON.stringify(await leaseRow(t.ids.site));
    expect((await putLease(t.ids.site, t.tokens.groupManager, { ...LEASE, landlord_name: 'X' })).status).toBe(
      403,
    );
    expect((await leaseOf(t.ids.site, t.tokens.member)).status).toBe(403);
    expect((await putLease(t.ids.site, t.tokens.member, LEASE)).status).toBe(403);
    expect((await leaseOf(t.ids.site, t.tokens.collabManager)).status).toBe(403);
    expect((await putLease(t.ids.site, t.tokens.collabManager, LEASE)).status).toBe(403);
    // A workspace the member does not see, and another organisation's admin: 404.
    expect((await leaseOf(t.ids.depot, t.tokens.member)).status).toBe(404);
    expect((await leaseOf(t.ids.site, t.strangerToken)).status).toBe(404);
    expect((await putLease(t.ids.site, t.strangerToken, LEASE)).status).toBe(404);
    expect(
      (await server.call('DELETE', `${API}/workspace/${t.ids.site}/lease`, { token: t.strangerToken }))
        .status,
    ).toBe(404);
    expect(JSON.stringify(await leaseRow(t.ids.site))).toBe(before);
  });

  it('refuses bad values with the field and key, and changes nothing', async () => {
    const t = await createIssueTeam(server);
    await putLease(t.ids.site, t.tokens.admin, LEASE);
    const before = JSON.stringify(await leaseRow(t.ids.site));
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ landlord_name: '' }, 'landlord_name', 'required'],
      [{ landlord_name: 'x'.repeat(256) }, 'landlord_name', 'too_long'],
      [{ start_date: undefined }, 'start_date', 'required'],
      [{ start_date: '2024-02-30' }, 'start_date', 'invalid_format'],
      [{ end_date: '2024-06-30' }, 'end_date', 'end_before_start'],
      [{ rent_amount: -5 }, 'rent_amount', 'invalid_format'],
      [{ rent_amount: 10.005 }, 'rent_amount', 'invalid_format'],
      [{ rent_currency: 'EURO' }, 'rent_currency', 'invalid_format'],
      [{ rent_currency: 'QQQ' }, 'rent_currency', 'invalid_format'],
      [{ rent_currency: null }, 'rent_currency', 'required'],
      [{ rent_period: 'week' }, 'rent_period', 'invalid_format'],
      [{ notice_period_months: 121 }, 'notice_period_months', 'invalid_format'],
      [{ notice_period_months: -1 }, 'notice_period_months', 'invalid_format'],
      [{ reminder_days_before: 366 }, 'reminder_days_before', 'invalid_format'],
      [{ reminder_days_before: 1.5 }, 'reminder_days_before', 'invalid_format'],
    ];
    for (const [change, field, key] of cases) {
      const res = await putLease(t.ids.site, t.tokens.admin, { ...LEASE, ...change });
      expect([400, 422], `${field} ${JSON.stringify(res.body)}`).toContain(res.status);
      expect(res.body.fields?.[field], `${field} ${JSON.stringify(res.body)}`).toBe(key);
    }
    expect(JSON.stringify(await leaseRow(t.ids.site))).toBe(before);
  });

  it('keeps contract files (PDFs and pictures) checked by content, with signed addresses', async () => {
    const t = await createIssueTeam(server);
    const url = `${API}/workspace/${t.ids.site}/lease/files`;
    // No lease yet: nothing to attach to.
    const early = await server.callForm(
      'POST',
      url,
      attachmentForm([{ file: pdf(), name: 'lease.pdf' }]),
      t.tokens.admin,
    );
    expect(early.status).toBe(404);
    await putLease(t.ids.site, t.tokens.admin, LEASE);
    const res = await server.callForm(
      'POST',
      url,
      attachmentForm([
        { file: pdf(), name: 'lease.pdf' },
        { file: await png(80, 60), name: 'signature.png' },
      ]),
      t.tokens.manager,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const files = res.body.lease.files;
    expect(files.map((f: { name: string; media_type: string }) => [f.name, f.media_type])).toEqual([
      ['lease.pdf', 'document'],
      ['signature.png', 'picture'],
    ]);
    expect((await fetch(`${server.url}${files[0].url}`)).status).toBe(200);
    expect(files[1].thumbnail_url).toBeTruthy();

    // A disguised file is refused; members and group managers may not upload.
    const fake = await server.callForm(
      'POST',
      url,
      attachmentForm([{ file: Buffer.from('<html>hi</html>'), name: 'lease.pdf' }]),
      t.tokens.admin,
    );
    expect(fake.status).toBe(422);
    const refused = await server.callForm(
      'POST',
      url,
      attachmentForm([{ file: pdf(), name: 'x.pdf' }]),
      t.tokens.groupManager,
    );
    expect(refused.status).toBe(403);

    // Removing: the file of another workspace's lease is not found here.
    await putLease(t.ids.depot, t.tokens.admin, LEASE);
    const other = await server.callForm(
      'POST',
      `${API}/workspace/${t.ids.depot}/lease/files`,
      attachmentForm([{ file: pdf(), name: 'depot.pdf' }]),
      t.tokens.admin,
    );
    const otherFile = other.body.lease.files[0].id;
    const wrong = await server.call('DELETE', `${url}/${otherFile}`, { token: t.tokens.admin });
    expect(wrong.status).toBe(404);
    const stranger = await server.call('DELETE', `${url}/${files[0].id}`, { token: t.strangerToken });
    expect(stranger.status).toBe(404);
    const gone = await server.call('DELETE', `${url}/${files[0].id}`, { token: t.tokens.admin });
    expect(gone.status).toBe(200);
    expect(gone.body.lease.files.map((f: { name: string }) => f.name)).toEqual(['signature.png']);
  });
});

describe('the lease reminder', () => {
  it('reaches the managers and admins once, from the reminder date until the notice date', async () => {
    const t = await createIssueTeam(server, { settings: { time_zone: 'UTC' } });
    // End 2027-06-30, 3 months' notice: notice date 2027-03-30, reminder 30 days before (2027-02-28).
    await createLease(server.db, {
      clientId: t.org.id,
      workspaceId: t.ids.site,
      endDate: '2027-06-30',
      noticeMonths: 3,
      reminderDays: 30,
    });
    // Open-ended leases never remind.
    await createLease(server.db, { clientId: t.org.id, workspaceId: t.ids.depot, endDate: null });
    const run = (date: string) =>
      runDailyRemindersFor(
        server.ctx,
        { id: t.org.id, timeZone: 'UTC' },
        date,
        new Date(`${date}T08:00:00Z`),
      );
    const sent = () =>
      server.db
        .selectFrom('notifications')
        .select(['user_id', 'entity_id', 'data'])
        .where('event_type', '=', 'lease_notice_due')
        .where('client_id', '=', t.org.id)
        .orderBy('user_id')
        .execute();
    await run('2027-02-27');
    expect(await sent()).toEqual([]);
    await run('2027-02-28');
    const first = await sent();
    expect(first.map((n) => n.user_id).sort()).toEqual([t.people.admin.id, t.people.manager.id].sort());
    expect(first.every((n) => n.entity_id === t.ids.site)).toBe(true);
    expect(first[0]?.data).toMatchObject({ title: 'Site', notice_date: '2027-03-30' });
    await run('2027-03-01');
    await run('2027-03-30');
    expect((await sent()).length).toBe(2);
    // A changed end date is a new notice date: reminded again.
    await server.db
      .updateTable('workspace_leases')
      .set({ end_date: '2027-07-31' })
      .where('workspace_id', '=', t.ids.site)
      .execute();
    await run('2027-04-20');
    expect((await sent()).length).toBe(4);
    await run('2027-05-01');
    expect((await sent()).length).toBe(4);
  });
});

describe('GET workspace/{id}/maintenance_info', () => {
  it('counts assets, schedules, maintenance issues, expiring files and respects switches and roles', async () => {
    const t = await createIssueTeam(server);
    const boiler = await createAsset(server.db, {
      client_id: t.org.id,
      workspace_id: t.ids.site,
      name: 'Boiler',
    });
    const pump = await createAsset(server.db, {
      client_id: t.org.id,
      workspace_id: t.ids.room,
      name: 'Pump',
      status: 3,
    });
    await createAsset(server.db, { client_id: t.org.id, workspace_id: t.ids.site, name: 'Old', status: 5 });
    await createAsset(server.db, { client_id: t.org.id, workspace_id: t.ids.depot, name: 'Elsewhere' });
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await createRegulatoryFile(server.db, {
      clientId: t.org.id,
      assetIds: [boiler.id],
      validUntil: soon,
      name: 'Gas check',
    });
    await createRegulatoryFile(server.db, {
      clientId: t.org.id,
      assetIds: [pump.id],
      validUntil: '2020-01-01',
      name: 'Old cert',
    });
    await createRegulatoryFile(server.db, {
      clientId: t.org.id,
      assetIds: [pump.id],
      validUntil: '2099-01-01',
    });
    const schedule = await createSchedule(server, {
      clientId: t.org.id,
      workspaceId: t.ids.site,
      title: 'Weekly check',
    });
    await createSchedule(server, {
      clientId: t.org.id,
      workspaceId: t.ids.site,
      title: 'Paused',
      paused_at: new Date(),
    });
    const yesterday = new Date(Date.now() - 86_400_000);
    await t.issue({ title: 'Overdue service', asset_id: boiler.id, status_id: 5, due_date: yesterday });
    await t.issue({ title: 'Scheduled round', schedule_id: schedule, status_id: 2 });
    await t.issue({ title: 'Done', asset_id: pump.id, status_id: 8 });
    await t.issue({ title: 'Not maintenance', status_id: 2 });

    const res = await server.call('GET', `${API}/workspace/${t.ids.site}/maintenance_info`, {
      token: t.tokens.groupManager,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(ZMaintenanceInfoSchema.safeParse(res.body).success).toBe(true);
    const info = res.body;
    expect(info.sub_workspaces).toBe(1);
    expect(info.assets.total).toBe(2);
    expect(info.assets.data.map((a: { name: string }) => a.name)).toEqual(['Pump', 'Boiler']);
    expect(info.assets.data.find((a: { name: string }) => a.name === 'Boiler').open_issues).toBe(1);
    expect(info.assets.by_status).toEqual({ 1: 1, 3: 1 });
    expect(info.schedules.data.map((s: { title: string }) => s.title)).toEqual(['Weekly check']);
    expect(info.issues).toMatchObject({ open_total: 2, overdue_total: 1 });
    expect(info.issues.data[0]).toMatchObject({
      title: 'Overdue service',
      overdue: true,
      asset: { name: 'Boiler' },
    });
    expect(info.issues.list_queries.assets_overdue).toMatchObject({
      workspaces: String(t.ids.site),
      include_sub_ws: '1',
      due_state: 'overdue',
    });
    expect(info.regulatory_files.data.map((f: { name: string; state: string }) => [f.name, f.state])).toEqual(
      [
        ['Old cert', 'expired'],
        ['Gas check', 'expiring'],
      ],
    );
    expect(info.equipment).toMatchObject({ total: 0 });

    // Members and partners may not; another organisation's admin gets 404.
    const path = `${API}/workspace/${t.ids.site}/maintenance_info`;
    expect((await server.call('GET', path, { token: t.tokens.member })).status).toBe(403);
    expect((await server.call('GET', path, { token: t.tokens.collabManager })).status).toBe(403);
    expect((await server.call('GET', path, { token: t.strangerToken })).status).toBe(404);

    // Switched-off features have no section; their issues are not maintenance issues any more.
    await server.db
      .updateTable('clients')
      .set({
        settings: JSON.stringify({
          include_assets: false,
          include_schedules: false,
          include_equipment: false,
        }),
      })
      .where('id', '=', t.org.id)
      .execute();
    const off = await server.call('GET', path, { token: t.tokens.admin });
    expect(off.body).toMatchObject({
      assets: null,
      schedules: null,
      regulatory_files: null,
      equipment: null,
    });
    expect(off.body.issues.open_total).toBe(0);
  });
});
