import { ZWorkspaceDetailResponseSchema, ZWorkspaceListResponseSchema } from '@workbench/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWorkspace, createTeam, login } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { createWorkspaceTree } from './helpers/workspaces-factories.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const names = (body: { data: Array<{ name: string }> }) => body.data.map((w) => w.name);

describe('GET workspace/', () => {
  it('needs a login', async () => {
    expect((await server.call('GET', '/api/v4/workspace/')).status).toBe(401);
  });

  it('admin sees every top workspace, and with include_subws=1 every workspace', async () => {
    const t = await createWorkspaceTree(server);
    const top = await server.call('GET', '/api/v4/workspace/', { token: t.tokens.admin });
    expect(top.status).toBe(200);
    const page = ZWorkspaceListResponseSchema.parse(top.body);
    expect(names(page)).toEqual(['Depot', 'Site']);
    expect(page.data[1]).toMatchObject({
      my_role: 'admin',
      children_count: 1,
      managers_ids: [t.manager.id],
      group_managers_ids: [t.groupManager.id],
      admins_ids: [t.admin.id],
      permissions: { can_edit: true, can_manage_users: true, can_archive: true, can_delete: true },
      archived: false,
      is_favorite: false,
    });
    const all = await server.call('GET', '/api/v4/workspace?include_subws=1', { token: t.tokens.admin });
    expect(names(all.body)).toEqual(['Building', 'Depot', 'Room', 'Site']);
  });

  it('a member sees only their subtree; a manager inherits the role below', async () => {
    const t = await createWorkspaceTree(server);
    const member = await server.call('GET', '/api/v4/workspace?include_subws=1', { token: t.tokens.member });
    expect(names(member.body)).toEqual(['Depot']);
    expect(member.body.data[0].permissions).toMatchObject({ can_edit: false, can_delete: false });
    const manager = await server.call('GET', '/api/v4/workspace?include_subws=1', {
      token: t.tokens.manager,
    });
    expect(manager.body.data.map((w: { name: string; my_role: string }) => [w.name, w.my_role])).toEqual([
      ['Building', 'manager'],
      ['Room', 'manager'],
      ['Site', 'manager'],
    ]);
    const top = await server.call('GET', '/api/v4/workspace', { token: t.tokens.manager });
    expect(names(top.body)).toEqual(['Site']);
  });

  it('searches name and reference number, filters archived, sorts both ways', async () => {
    const t = await createWorkspaceTree(server);
    await server.db
      .updateTable('workspaces')
      .set({ reference_number: 'REF-77' })
      .where('id', '=', t.ids.room)
      .execute();
    const byRef = await server.call('GET', '/api/v4/workspace?search=ref-7', { token: t.tokens.admin });
    expect(names(byRef.body)).toEqual(['Room']);
    const byName = await server.call('GET', '/api/v4/workspace?search=BUILD', { token: t.tokens.admin });
    expect(names(byName.body)).toEqual(['Building']);
    // A search treats % and _ as plain characters.
    expect(
      (await server.call('GET', '/api/v4/workspace?search=%25', { token: t.tokens.admin })).body.total,
    ).toBe(0);

    await server.db
      .updateTable('workspaces')
      .set({ archived_at: new Date() })
      .where('id', '=', t.ids.depot)
      .execute();
    expect(names((await server.call('GET', '/api/v4/workspace', { token: t.tokens.admin })).body)).toEqual([
      'Site',
    ]);
    const archived = await server.call('GET', '/api/v4/workspace?archived=1', { token: t.tokens.admin });
    expect(names(archived.body)).toEqual(['Depot']);
    expect(archived.body.data[0].archived).toBe(true);

    const desc = await server.call(
      'GET',
      '/api/v4/workspace?include_subws=1&sort_by=name&sort_direction=desc',
      {
        token: t.tokens.admin,
      },
    );
    expect(names(desc.body)).toEqual(['Site', 'Room', 'Building']);
    await server.db
      .updateTable('workspaces')
      .set({ created_at: new Date('2020-01-01') })
      .where('id', '=', t.ids.room)
      .execute();
    const created = await server.call(
      'GET',
      '/api/v4/workspace?include_subws=1&sort_by=created&sort_direction=asc',
      {
        token: t.tokens.admin,
      },
    );
    expect(names(created.body)[0]).toBe('Room');
  });

  it('pages with the spec envelope; unsupported values fall back to defaults', async () => {
    const { org, admin } = await createTeam(server.db);
    for (let i = 1; i <= 45; i++) await addWorkspace(server.db, org.id, `WS ${String(i).padStart(2, '0')}`);
    const token = await login(server, admin);
    const res = await server.call('GET', '/api/v4/workspace?page=3&paginate_by=20', { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      current_page: 3,
      last_page: 3,
      per_page: 20,
      total: 45,
      from: 41,
      to: 45,
    });
    expect(res.body.next_page_url).toBeNull();
    expect(res.body.prev_page_url).toContain('page=2');
    expect(names(res.body)[0]).toBe('WS 41');
    const odd = await server.call('GET', '/api/v4/workspace?paginate_by=7&sort_by=colour&archived=maybe', {
      token,
    });
    expect(odd.status).toBe(200);
    expect(odd.body).toMatchObject({ per_page: 20, total: 45 });
    expect(names(odd.body)[0]).toBe('WS 01');
  });
});

describe('pickers: workspace_clean, workspace/short, workspace/flat', () => {
  it('list only visible workspaces', async () => {
    const t = await createWorkspaceTree(server);
    const clean = await server.call('GET', '/api/v4/workspace_clean', { token: t.tokens.manager });
    expect(clean.body).toEqual([
      { id: t.ids.building, name: 'Building', parent_id: t.ids.site },
      { id: t.ids.room, name: 'Room', parent_id: t.ids.building },
      { id: t.ids.site, name: 'Site', parent_id: null },
    ]);
    const short = await server.call('GET', '/api/v4/workspace/short?search=oo', { token: t.tokens.admin });
    expect(short.body).toEqual([{ id: t.ids.room, name: 'Room', reference_number: null }]);
    const flat = await server.call('GET', '/api/v4/workspace/flat', { token: t.tokens.admin });
    expect(flat.body.map((w: { path: string[]; depth: number }) => [w.path.join('/'), w.depth])).toEqual([
      ['Depot', 0],
      ['Site', 0],
      ['Site/Building', 1],
      ['Site/Building/Room', 2],
    ]);
    const memberFlat = await server.call('GET', '/api/v4/workspace/flat', { token: t.tokens.member });
    expect(memberFlat.body.map((w: { name: string }) => w.name)).toEqual(['Depot']);
  });
});

describe('GET workspace/{id}', () => {
  it('gives children, breadcrumbs and people with names', async () => {
    const t = await createWorkspaceTree(server);
    const res = await server.call('GET', `/api/v4/workspace/${t.ids.building}`, { token: t.tokens.admin });
    expect(res.status).toBe(200);
    const detail = ZWorkspaceDetailResponseSchema.parse(res.body);
    expect(detail.breadcrumbs).toEqual([{ id: t.ids.site, name: 'Site' }]);
    expect(detail.children.map((c) => c.name)).toEqual(['Room']);
    const site = await server.call('GET', `/api/v4/workspace/${t.ids.site}`, { token: t.tokens.admin });
    expect(site.body.managers).toEqual([{ id: t.manager.id, full_name: 'Mia Manager', profile_image: null }]);
    expect(site.body.group_managers[0].full_name).toBe('Gus Group');
  });

  it('hides archived children unless prune_offline=0; the manager sees no breadcrumb above their grant', async () => {
    const t = await createWorkspaceTree(server);
    await server.db
      .updateTable('workspaces')
      .set({ archived_at: new Date() })
      .where('id', '=', t.ids.room)
      .execute();
    const pruned = await server.call('GET', `/api/v4/workspace/${t.ids.building}`, { token: t.tokens.admin });
    expect(pruned.body.children).toEqual([]);
    const all = await server.call('GET', `/api/v4/workspace/${t.ids.building}?prune_offline=0`, {
      token: t.tokens.admin,
    });
    expect(all.body.children.map((c: { archived: boolean }) => c.archived)).toEqual([true]);
  });

  it('answers 404 for a workspace the caller cannot see and for another organisation', async () => {
    const t = await createWorkspaceTree(server);
    const other = await createWorkspaceTree(server);
    expect(
      (await server.call('GET', `/api/v4/workspace/${t.ids.site}`, { token: t.tokens.member })).status,
    ).toBe(404);
    expect(
      (await server.call('GET', `/api/v4/workspace/${t.ids.site}`, { token: other.tokens.admin })).status,
    ).toBe(404);
    expect((await server.call('GET', '/api/v4/workspace/abc', { token: t.tokens.admin })).status).toBe(422);
    await server.db
      .updateTable('workspaces')
      .set({ deleted_at: new Date() })
      .where('id', '=', t.ids.depot)
      .execute();
    expect(
      (await server.call('GET', `/api/v4/workspace/${t.ids.depot}`, { token: t.tokens.admin })).status,
    ).toBe(404);
  });
});

describe('favourites', () => {
  it('are per person', async () => {
    const t = await createWorkspaceTree(server);
    const add = await server.call('POST', `/api/v4/workspace/${t.ids.site}/favorite`, {
      token: t.tokens.manager,
    });
    expect(add.status).toBe(200);
    expect(add.body.is_favorite).toBe(true);
    // Twice is fine.
    expect(
      (await server.call('POST', `/api/v4/workspace/${t.ids.site}/favorite`, { token: t.tokens.manager }))
        .status,
    ).toBe(200);
    const adminView = await server.call('GET', `/api/v4/workspace/${t.ids.site}`, { token: t.tokens.admin });
    expect(adminView.body.is_favorite).toBe(false);
    const removed = await server.call('DELETE', `/api/v4/workspace/${t.ids.site}/favorite`, {
      token: t.tokens.manager,
    });
    expect(removed.body.is_favorite).toBe(false);
    expect((await server.call('POST', `/api/v4/workspace/${t.ids.site}/favorite`)).status).toBe(401);
    expect(
      (await server.call('POST', `/api/v4/workspace/${t.ids.site}/favorite`, { token: t.tokens.member }))
        .status,
    ).toBe(404);
    const rows = await server.db
      .selectFrom('workspace_favorites')
      .selectAll()
      .where('workspace_id', '=', t.ids.site)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('workspaces shared through a collaboration', () => {
  it('the partner sees them with include_collabs=1, read-only, with only its own collaboration', async () => {
    const owner = await createWorkspaceTree(server);
    const partner = await createWorkspaceTree(server);
    const third = await createWorkspaceTree(server);
    const share = async (partnerClientId: number, alias: string) => {
      const c = await server.db
        .insertInto('collaborations')
        .values({
          client_id: owner.org.id,
          partner_client_id: partnerClientId,
          type: 'provider',
          access_type: 'limited',
          invitation_status: 'accepted',
          invited_email: `${alias}@example.test`,
          company_alias: alias,
          invited_by: owner.admin.id,
          invitee_user_id: null,
          logo: null,
          responded_at: new Date(),
          deleted_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await server.db
        .insertInto('collaboration_workspaces')
        .values({ client_id: owner.org.id, collaboration_id: c.id, workspace_id: owner.ids.building })
        .execute();
      return c.id;
    };
    const collabId = await share(partner.org.id, 'Cleaners');
    await share(third.org.id, 'Painters');

    const ownList = await server.call('GET', '/api/v4/workspace?include_subws=1', {
      token: partner.tokens.admin,
    });
    expect(ownList.body.data.map((w: { id: number }) => w.id).sort()).toEqual(
      Object.values(partner.ids).sort(),
    );
    expect(ownList.body.data.every((w: { my_role: string }) => w.my_role === 'admin')).toBe(true);
    const withShared = await server.call(
      'GET',
      '/api/v4/workspace?include_subws=1&include_collabs=1&search=room',
      {
        token: partner.tokens.admin,
      },
    );
    const shared = withShared.body.data.find((w: { id: number }) => w.id === owner.ids.room);
    expect(shared).toMatchObject({
      my_role: 'collab_admin',
      permissions: { can_edit: false, can_manage_users: false, can_delete: false },
      my_collaboration: { id: collabId, label: owner.org.name, type: 'client', access_type: 'limited' },
    });
    expect(shared.collaborations.map((c: { id: number }) => c.id)).toEqual([collabId]);

    const ownerView = await server.call('GET', `/api/v4/workspace/${owner.ids.room}`, {
      token: owner.tokens.admin,
    });
    expect(
      ownerView.body.collaborations.map((c: { label: string; type: string }) => [c.label, c.type]),
    ).toEqual([
      ['Cleaners', 'provider'],
      ['Painters', 'provider'],
    ]);
    expect(ownerView.body.my_collaboration).toBeNull();
    // Partners change nothing of the owner's workspace.
    const edit = await server.call('PUT', `/api/v4/workspace/${owner.ids.room}`, {
      token: partner.tokens.admin,
      body: { name: 'Ours now' },
    });
    expect(edit.status).toBe(403);
    // The site above the shared building stays hidden.
    expect(
      (await server.call('GET', `/api/v4/workspace/${owner.ids.site}`, { token: partner.tokens.admin }))
        .status,
    ).toBe(404);
  });
});
