import {
  isOverdue,
  readClientSettings,
  regulatoryFileState,
  todayIn,
  ZLoginResponseSchema,
} from '@workbench/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWorkspaceGrants } from '../src/modules/access/request-access.js';
import { DEMO_PARTNER, DEMO_PASSWORD, DEMO_USERS, seedDemoIfEmpty } from '../src/seed/demo.js';
import { seedDemoAssets } from '../src/seed/demo-assets.js';
import { seedDemoCalendar } from '../src/seed/demo-calendar.js';
import { seedDemoEquipment } from '../src/seed/demo-equipment.js';
import { seedDemoNotifications } from '../src/seed/demo-notifications.js';
import { seedDemoPublic } from '../src/seed/demo-public.js';
import { login } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('demo organisation', () => {
  it('is seeded into an empty database once, and every demo user logs in', async () => {
    expect(await seedDemoIfEmpty(server.db)).toBe(true);
    expect(await seedDemoIfEmpty(server.db)).toBe(false);

    const clients = await server.db.selectFrom('clients').select('name').execute();
    expect(clients.map((c) => c.name).sort()).toEqual(
      [DEMO_PARTNER.company, 'Demo Facility Services'].sort(),
    );

    const sessions = new Map<string, ReturnType<typeof ZLoginResponseSchema.parse>>();
    for (const demo of DEMO_USERS) {
      const res = await server.call('POST', '/api/v4/auth/login', {
        body: { email: demo.email, password: DEMO_PASSWORD },
      });
      expect(res.status, demo.email).toBe(200);
      sessions.set(demo.email, ZLoginResponseSchema.parse(res.body));
    }
    expect(sessions.get('admin@demo.test')?.user).toMatchObject({ role: 'admin', full_name: 'Alice Admin' });
    const manager = sessions.get('manager@demo.test')?.user;
    expect(manager?.role).toBe('user');
    expect(new Set(manager?.permissions.workspace.map((w) => w.role))).toEqual(new Set(['manager']));
    expect(manager?.permissions.global).toContain('edit_workspace');
    expect(sessions.get('groupmanager@demo.test')?.user.permissions.workspace[0]?.role).toBe('group_manager');
    expect(sessions.get('anna@demo.test')?.user.permissions.workspace.every((w) => w.role === 'member')).toBe(
      true,
    );
    expect(sessions.get('ben@demo.test')?.user.full_name).toBe('Ben Member');
  });

  it('has a partner company that sees only the shared workspace', async () => {
    const graz = await server.db
      .selectFrom('workspaces')
      .select('id')
      .where('name', '=', DEMO_PARTNER.sharedWorkspace)
      .executeTakeFirstOrThrow();
    for (const person of [DEMO_PARTNER.admin, DEMO_PARTNER.member]) {
      const res = await server.call('POST', '/api/v4/auth/login', {
        body: { email: person.email, password: DEMO_PASSWORD },
      });
      expect(res.status, person.email).toBe(200);
      const user = ZLoginResponseSchema.parse(res.body).user;
      expect(user.client.name).toBe(DEMO_PARTNER.company);
      const grants = await loadWorkspaceGrants(server.db, {
        userId: user.id,
        clientId: user.client_id,
        role: user.role,
      });
      expect([...grants.keys()]).toEqual([graz.id]);
      expect(grants.get(graz.id)?.role).toBe(user.role === 'admin' ? 'collab_admin' : 'collab_member');
    }
  });

  it('has issues in every status, with sub-issues, comments and work time', async () => {
    const issues = await server.db
      .selectFrom('issues')
      .select(['id', 'status_id', 'parent_id', 'worktime_total', 'archived_at'])
      .execute();
    expect(new Set(issues.map((i) => i.status_id))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8]));
    expect(issues.some((i) => i.parent_id !== null)).toBe(true);
    expect(issues.some((i) => i.archived_at !== null)).toBe(true);
    const comments = await server.db.selectFrom('issue_comments').select('issue_id').execute();
    expect(comments.length).toBeGreaterThan(0);
    // The work time of each issue is the sum of its logs.
    const logs = await server.db.selectFrom('worktime_logs').select(['issue_id', 'seconds']).execute();
    for (const issue of issues) {
      const sum = logs.filter((l) => l.issue_id === issue.id).reduce((total, l) => total + l.seconds, 0);
      expect(issue.worktime_total, `issue ${issue.id}`).toBe(sum);
    }
  });

  it('has the workspace tree, categories and job positions', async () => {
    const workspaces = await server.db.selectFrom('workspaces').select(['id', 'name', 'parent_id']).execute();
    const byName = new Map(workspaces.map((w) => [w.name, w]));
    const parentOf = (name: string) =>
      workspaces.find((w) => w.id === byName.get(name)?.parent_id)?.name ?? null;
    expect(parentOf('Vienna HQ')).toBeNull();
    expect(parentOf('Graz Warehouse')).toBeNull();
    expect(parentOf('Building A')).toBe('Vienna HQ');
    expect(parentOf('Building B')).toBe('Vienna HQ');
    expect(parentOf('A-101 Office')).toBe('Building A');
    expect(parentOf('A-102 Kitchen')).toBe('Building A');
    expect(parentOf('B-001 Lobby')).toBe('Building B');

    const categories = await server.db.selectFrom('categories').select('name').orderBy('name').execute();
    expect(categories.map((c) => c.name)).toEqual(['Cleaning', 'Electrical', 'HVAC', 'Plumbing', 'Safety']);
    const positions = await server.db.selectFrom('job_positions').select('name').orderBy('name').execute();
    expect(positions.map((p) => p.name)).toEqual(['Cleaner', 'Facility Manager', 'Security', 'Technician']);
  });

  it('has assets in its sites: groups, systems, pictures, expired and expiring certificates, one system shared', async () => {
    await seedDemoAssets(server.ctx);
    const assets = await server.db
      .selectFrom('assets')
      .innerJoin('workspaces', 'workspaces.id', 'assets.workspace_id')
      .select(['assets.name', 'assets.status', 'workspaces.name as workspace'])
      .execute();
    expect(assets.length).toBeGreaterThanOrEqual(10);
    expect(new Set(assets.map((a) => a.status))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(new Set(assets.map((a) => a.workspace))).toContain(DEMO_PARTNER.sharedWorkspace);
    expect(await server.db.selectFrom('asset_groups').select('id').execute()).toHaveLength(3);
    expect(await server.db.selectFrom('asset_systems').select('id').execute()).toHaveLength(5);

    // Dates relative to today, so the demo always shows one of each state.
    const files = await server.db
      .selectFrom('regulatory_files')
      .select(['file_key', sql<string | null>`to_char(valid_until, 'YYYY-MM-DD')`.as('valid_until')])
      .execute();
    const today = new Date().toISOString().slice(0, 10);
    const states = files.map((f) => regulatoryFileState(f.valid_until, today));
    expect(states).toContain('expired');
    expect(states).toContain('expiring');
    expect(states).toContain('valid');
    // Every file is stored and is a PDF.
    for (const file of files) {
      expect((await server.ctx.storage.get(file.file_key))?.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const pictures = await server.db
      .selectFrom('attachments')
      .select('thumbnail_key')
      .where('owner_type', '=', 'asset')
      .execute();
    expect(pictures.length).toBeGreaterThanOrEqual(3);
    expect(pictures.every((p) => p.thumbnail_key)).toBe(true);

    const linked = await server.db
      .selectFrom('issues')
      .select('title')
      .where('asset_id', 'is not', null)
      .execute();
    expect(linked.map((i) => i.title)).toContain('Repair the loading dock door');
    expect(
      await server.db.selectFrom('collaboration_asset_systems').select('system_id').execute(),
    ).toHaveLength(1);
  });

  it('has equipment: types, groups, external holders, items handed out, one overdue, one reserved, one request', async () => {
    await seedDemoEquipment(server.ctx);
    // Once only: a second run adds nothing.
    await seedDemoEquipment(server.ctx);
    const types = await server.db
      .selectFrom('equipment_types')
      .select(['name', 'handout_requires_approval', 'max_reservation_duration_value'])
      .orderBy('name')
      .execute();
    expect(types.map((t) => t.name)).toEqual(['Ladders and access', 'Measuring devices', 'Power tools']);
    expect(types.find((t) => t.name === 'Measuring devices')?.handout_requires_approval).toBe(true);
    expect(types.find((t) => t.name === 'Power tools')?.max_reservation_duration_value).toBe(2);
    const groups = await server.db
      .selectFrom('equipment_groups as g')
      .leftJoin('workspaces as w', 'w.id', 'g.workspace_id')
      .select(['g.name', 'w.name as workspace'])
      .orderBy('g.name')
      .execute();
    expect(groups).toEqual([
      { name: 'Ladder set', workspace: null },
      { name: 'Measuring kit', workspace: 'Building A' },
    ]);
    const kit = await server.db
      .selectFrom('equipment as e')
      .innerJoin('equipment_groups as g', 'g.id', 'e.group_id')
      .select('e.title')
      .where('g.name', '=', 'Measuring kit')
      .execute();
    expect(kit).toHaveLength(3);
    expect(await server.db.selectFrom('external_holders').select('id').execute()).toHaveLength(2);

    const items = await server.db
      .selectFrom('equipment as e')
      .innerJoin('workspaces as w', 'w.id', 'e.workspace_id')
      .select(['e.id', 'e.title', 'e.status', 'w.name as workspace'])
      .execute();
    expect(items.length).toBeGreaterThanOrEqual(12);
    expect(new Set(items.map((i) => i.workspace)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(items.map((i) => i.status))).toEqual(
      new Set(['issued', 'stored', 'in_transition', 'archived']),
    );
    const martin = await server.db
      .selectFrom('equipment_managers as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select('m.equipment_id')
      .where('u.email', '=', 'manager@demo.test')
      .execute();
    expect(martin.length).toBeGreaterThanOrEqual(3);

    // Dates relative to the organisation's today, so the demo always shows each state.
    const settings = await server.db
      .selectFrom('clients')
      .select('settings')
      .where('name', '=', 'Demo Facility Services')
      .executeTakeFirstOrThrow();
    const today = todayIn(readClientSettings(settings.settings).time_zone);
    const bookings = await server.db
      .selectFrom('equipment_bookings as b')
      .leftJoin('users as u', 'u.id', 'b.holder_user_id')
      .select([
        'b.equipment_id',
        'b.kind',
        'b.state',
        'b.holder_external_id',
        'b.buffer_before',
        'u.email',
        sql<string>`b.starts_on::text`.as('starts_on'),
        sql<string>`b.ends_on::text`.as('ends_on'),
      ])
      .execute();
    const handouts = bookings.filter((b) => b.kind === 'handout' && b.state === 'active');
    expect(handouts.length).toBeGreaterThanOrEqual(3);
    expect(handouts.some((b) => b.email === 'anna@demo.test')).toBe(true);
    expect(handouts.some((b) => b.holder_external_id !== null)).toBe(true);
    expect(handouts.filter((b) => isOverdue(b.ends_on, today))).toHaveLength(1);
    const reserved = bookings.filter((b) => b.kind === 'reservation' && b.state === 'active');
    expect(reserved).toHaveLength(1);
    expect(String(reserved[0]?.starts_on) > today).toBe(true);
    expect(reserved[0]?.buffer_before).toBe(1);
    const pending = bookings.filter((b) => b.state === 'pending');
    expect(pending).toHaveLength(1);
    // Each item's status follows its bookings.
    for (const item of items) {
      const out = handouts.some((b) => b.equipment_id === item.id);
      const asked = pending.some((b) => b.equipment_id === item.id && b.kind === 'handout');
      if (out) expect(item.status, item.title).toBe('issued');
      else if (asked) expect(item.status, item.title).toBe('in_transition');
      else expect(['stored', 'archived'], item.title).toContain(item.status);
    }
    const pictures = await server.db
      .selectFrom('attachments')
      .select('thumbnail_key')
      .where('owner_type', '=', 'equipment')
      .execute();
    expect(pictures.length).toBeGreaterThanOrEqual(2);
    expect(pictures.every((p) => p.thumbnail_key)).toBe(true);
    const repair = await server.db
      .selectFrom('issues')
      .select('equipment_ids')
      .where('title', '=', 'Repair the loading dock door')
      .executeTakeFirstOrThrow();
    expect(repair.equipment_ids).toHaveLength(2);
  });

  it('has a configured public report form and issues reported through it, one of them anonymously', async () => {
    await seedDemoPublic(server.db);
    // Once only: a second run adds nothing.
    await seedDemoPublic(server.db);
    const links = await server.db
      .selectFrom('public_issue_links as l')
      .innerJoin('issues as i', 'i.id', 'l.issue_id')
      .leftJoin('public_reporters as r', 'r.id', 'l.reporter_id')
      .select([
        'i.id',
        'i.title',
        'i.status_id',
        'i.created_by',
        'l.kind',
        'l.token',
        'l.email',
        'r.email as reporter',
      ])
      .orderBy('i.id')
      .execute();
    expect(links).toHaveLength(4);
    expect(links.every((l) => l.kind === 'reporter' && l.created_by === null)).toBe(true);
    expect(links.every((l) => /^[A-Za-z0-9_-]{43}$/.test(l.token))).toBe(true);
    expect(new Set(links.map((l) => l.token)).size).toBe(4);
    expect(links.map((l) => l.status_id).sort()).toEqual([2, 2, 6, 8]);
    // One anonymous report: no address, no reporter record.
    expect(links.filter((l) => l.email === null && l.reporter === null)).toHaveLength(1);
    expect(links.filter((l) => l.email !== null && l.email === l.reporter)).toHaveLength(3);
    expect(await server.db.selectFrom('public_reporters').select('id').execute()).toHaveLength(3);

    const inProgress = links.find((l) => l.status_id === 6);
    const comments = await server.db
      .selectFrom('issue_comments')
      .select(['user_id', 'is_public', 'by_reporter'])
      .where('issue_id', '=', inProgress?.id as number)
      .orderBy('created_at')
      .execute();
    expect(comments.filter((c) => c.is_public && !c.by_reporter && c.user_id !== null)).toHaveLength(1);
    expect(comments.filter((c) => c.by_reporter && c.user_id === null)).toHaveLength(1);
    expect(comments.filter((c) => !c.is_public)).toHaveLength(1);

    // The admin sees each as reported publicly; the public page of a workspace shows the form.
    const token = await login(server, { email: 'admin@demo.test', password: DEMO_PASSWORD });
    const detail = await server.call('GET', `/api/v4/issue/${inProgress?.id}`, { token });
    expect(detail.status).toBe(200);
    expect(detail.body.public_report).toMatchObject({
      reporter: { full_name: 'Tom Berger', email: 'tom.berger@example.test', is_public_user: true },
      form_type: 'workspace',
      language: 'en',
      subscribed: true,
    });
    const form = await server.call('GET', '/api/v4/public_page_configurator/workspace', { token });
    expect(form.body.updated_at).not.toBeNull();
    expect(Object.keys(form.body.texts).sort()).toEqual(['de', 'en']);
    const code = await server.db
      .selectFrom('workspaces')
      .select('public_code')
      .where('name', '=', 'Building A')
      .executeTakeFirstOrThrow();
    const page = await server.call('GET', `/api/v4/public/workspace/${code.public_code}`);
    expect(page.body.form.texts.de.title).toBe('Problem melden');
    expect(page.body.form.categories.map((c: { name: string }) => c.name)).toEqual([
      'Cleaning',
      'Electrical',
      'HVAC',
      'Plumbing',
      'Safety',
    ]);
  });

  it('has notifications in the bells of Anna, Martin and Alice, some read', async () => {
    await seedDemoCalendar(server.db);
    await seedDemoNotifications(server.db);
    // Once only.
    await seedDemoNotifications(server.db);
    const token = await login(server, { email: 'anna@demo.test', password: DEMO_PASSWORD });
    const list = await server.call('GET', '/api/v4/notification/', { token });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(3);
    expect(list.body.unread_count).toBe(2);
    expect(list.body.data.map((n: { event_type: string }) => n.event_type)).toEqual([
      'issue_commented',
      'issue_assigned',
      'issue_due_today',
    ]);
    const opened = await server.call('GET', `/api/v4/issue/${list.body.data[1].entity_id}`, { token });
    expect(opened.body.title).toBe('Fix the kitchen extractor fan');
    const admin = await login(server, { email: 'admin@demo.test', password: DEMO_PASSWORD });
    const state = await server.call('GET', '/api/v4/notification/unread_count', { token: admin });
    expect(state.body).toEqual({ unread_count: 1, paused_until: null });
  });
});
