import { ZWorkspaceItemSchema } from '@workbench/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, login } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { createWorkspaceTree, imageForm, makePng } from './helpers/workspaces-factories.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const countWorkspaces = async (clientId: number) =>
  (await server.db.selectFrom('workspaces').select('id').where('client_id', '=', clientId).execute()).length;

describe('POST workspace', () => {
  it('admin creates a top-level workspace with translations; it is logged', async () => {
    const t = await createWorkspaceTree(server);
    const res = await server.call('POST', '/api/v4/workspace', {
      token: t.tokens.admin,
      body: {
        name: '  Warehouse ',
        reference_number: 'W-1',
        description: 'Big',
        translations: { name: { de: 'Lager' }, description: {} },
      },
    });
    expect(res.status).toBe(200);
    const item = ZWorkspaceItemSchema.parse(res.body);
    expect(item).toMatchObject({
      name: 'Warehouse',
      reference_number: 'W-1',
      parent_id: null,
      my_role: 'admin',
      available_translations: { name: { de: 'Lager' }, description: {} },
    });
    const log = await server.db
      .selectFrom('activity_log')
      .select('action')
      .where('entity_type', '=', 'workspace')
      .where('entity_id', '=', item.id)
      .execute();
    expect(log).toEqual([{ action: 'created' }]);
  });

  it('refuses bad input with field keys and writes nothing', async () => {
    const t = await createWorkspaceTree(server);
    const before = await countWorkspaces(t.org.id);
    const empty = await server.call('POST', '/api/v4/workspace', {
      token: t.tokens.admin,
      body: { name: '  ' },
    });
    expect(empty.status).toBe(422);
    expect(empty.body.fields).toEqual({ name: 'required' });
    const long = await server.call('POST', '/api/v4/workspace', {
      token: t.tokens.admin,
      body: { name: 'x'.repeat(256), reference_number: 'y'.repeat(256) },
    });
    expect(long.body.fields).toEqual({ name: 'too_long', reference_number: 'too_long' });
    const missing = await server.call('POST', '/api/v4/workspace', { token: t.tokens.admin, body: {} });
    expect(missing.body.fields).toEqual({ name: 'required' });
    expect(await countWorkspaces(t.org.id)).toBe(before);
  });

  it('a manager adds sub-workspaces under their own, not at top level; a member may not create', async () => {
    const t = await createWorkspaceTree(server);
    const before = await countWorkspaces(t.org.id);
    const sub = await server.call('POST', '/api/v4/workspace', {
      token: t.tokens.manager,
      body: { name: 'Annex', parent_id: t.ids.building },
    });
    expect(sub.status).toBe(200);
    expect(sub.body).toMatchObject({ parent_id: t.ids.building, my_role: 'manager' });
    expect(
      (await server.call('POST', '/api/v4/workspace', { token: t.tokens.manager, body: { name: 'Top' } }))
        .status,
    ).toBe(403);
    expect(
      (
        await server.call('POST', '/api/v4/workspace', {
          token: t.tokens.member,
          body: { name: 'Sub', parent_id: t.ids.depot },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await server.call('POST', '/api/v4/workspace', {
          token: t.tokens.groupManager,
          body: { name: 'Sub', parent_id: t.ids.site },
        })
      ).status,
    ).toBe(403);
    // Under a workspace one cannot see (or of another organisation): invalid_parent.
    const other = await createWorkspaceTree(server);
    const foreign = await server.call('POST', '/api/v4/workspace', {
      token: t.tokens.admin,
      body: { name: 'Sneaky', parent_id: other.ids.site },
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.fields).toEqual({ parent_id: 'invalid_parent' });
    expect(await countWorkspaces(t.org.id)).toBe(before + 1);
    expect(await countWorkspaces(other.org.id)).toBe(4);
    expect((await server.call('POST', '/api/v4/workspace', { body: { name: 'x' } })).status).toBe(401);
  });
});

describe('PUT workspace/{id}', () => {
  it('edits fields; a manager edits only when the organisation allows it', async () => {
    const t = await createWorkspaceTree(server);
    const res = await server.call('PUT', `/api/v4/workspace/${t.ids.building}`, {
      token: t.tokens.manager,
      body: { name: 'Main building', description: '' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Main building', description: null });
    await server.db
      .updateTable('clients')
      .set({ settings: JSON.stringify({ edit_workspace: false }) })
      .where('id', '=', t.org.id)
      .execute();
    const refused = await server.call('PUT', `/api/v4/workspace/${t.ids.building}`, {
      token: t.tokens.manager,
      body: { name: 'Nope' },
    });
    expect(refused.status).toBe(403);
    // Archiving is still theirs.
    const archived = await server.call('PUT', `/api/v4/workspace/${t.ids.building}`, {
      token: t.tokens.manager,
      body: { archived: true },
    });
    expect(archived.status).toBe(200);
    expect(archived.body.archived).toBe(true);
    const row = await server.db
      .selectFrom('workspaces')
      .select('name')
      .where('id', '=', t.ids.building)
      .executeTakeFirst();
    expect(row?.name).toBe('Main building');
  });

  it('a member and a group manager may not edit or archive; bad input is 422; another organisation 404', async () => {
    const t = await createWorkspaceTree(server);
    const other = await createWorkspaceTree(server);
    expect(
      (
        await server.call('PUT', `/api/v4/workspace/${t.ids.depot}`, {
          token: t.tokens.member,
          body: { name: 'X' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await server.call('PUT', `/api/v4/workspace/${t.ids.depot}`, {
          token: t.tokens.member,
          body: { archived: true },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await server.call('PUT', `/api/v4/workspace/${t.ids.site}`, {
          token: t.tokens.groupManager,
          body: { name: 'X' },
        })
      ).status,
    ).toBe(403);
    const bad = await server.call('PUT', `/api/v4/workspace/${t.ids.site}`, {
      token: t.tokens.admin,
      body: { name: '', archived: 'yes' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['archived', 'name']);
    const foreign = await server.call('PUT', `/api/v4/workspace/${other.ids.site}`, {
      token: t.tokens.admin,
      body: { name: 'Taken' },
    });
    expect(foreign.status).toBe(404);
    const rows = await server.db
      .selectFrom('workspaces')
      .select(['name', 'archived_at'])
      .where('id', 'in', [t.ids.depot, t.ids.site, other.ids.site])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.name, r.archived_at])).toEqual([
      ['Site', null],
      ['Depot', null],
      ['Site', null],
    ]);
  });

  it('moves within the organisation, never under itself or its descendants (invalid_parent)', async () => {
    const t = await createWorkspaceTree(server);
    // A manager may not lift their workspace to the top level.
    const managerMove = await server.call('PUT', `/api/v4/workspace/${t.ids.room}`, {
      token: t.tokens.manager,
      body: { parent_id: null },
    });
    expect(managerMove.status).toBe(403);
    const self = await server.call('PUT', `/api/v4/workspace/${t.ids.site}`, {
      token: t.tokens.admin,
      body: { parent_id: t.ids.site },
    });
    expect(self.status).toBe(422);
    expect(self.body.fields).toEqual({ parent_id: 'invalid_parent' });
    const below = await server.call('PUT', `/api/v4/workspace/${t.ids.site}`, {
      token: t.tokens.admin,
      body: { parent_id: t.ids.room },
    });
    expect(below.body.fields).toEqual({ parent_id: 'invalid_parent' });
    const moved = await server.call('PUT', `/api/v4/workspace/${t.ids.building}`, {
      token: t.tokens.admin,
      body: { parent_id: t.ids.depot },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.parent_id).toBe(t.ids.depot);
    const top = await server.call('PUT', `/api/v4/workspace/${t.ids.building}`, {
      token: t.tokens.admin,
      body: { parent_id: null },
    });
    expect(top.body.parent_id).toBeNull();
  });
});

describe('DELETE workspace/{id}', () => {
  it('only admins; deletes the whole subtree softly', async () => {
    const t = await createWorkspaceTree(server);
    expect(
      (await server.call('DELETE', `/api/v4/workspace/${t.ids.site}`, { token: t.tokens.manager })).status,
    ).toBe(403);
    expect(
      (await server.call('DELETE', `/api/v4/workspace/${t.ids.depot}`, { token: t.tokens.member })).status,
    ).toBe(403);
    const other = await createWorkspaceTree(server);
    expect(
      (await server.call('DELETE', `/api/v4/workspace/${other.ids.site}`, { token: t.tokens.admin })).status,
    ).toBe(404);
    expect((await server.call('DELETE', `/api/v4/workspace/${t.ids.site}`)).status).toBe(401);
    const res = await server.call('DELETE', `/api/v4/workspace/${t.ids.building}`, { token: t.tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const rows = await server.db
      .selectFrom('workspaces')
      .select(['id', 'deleted_at'])
      .where('client_id', '=', t.org.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.deleted_at !== null)).toEqual([false, true, true, false]);
    const list = await server.call('GET', '/api/v4/workspace?include_subws=1', { token: t.tokens.admin });
    expect(list.body.data.map((w: { name: string }) => w.name)).toEqual(['Depot', 'Site']);
    expect(
      (await server.call('GET', `/api/v4/workspace/${t.ids.room}`, { token: t.tokens.admin })).status,
    ).toBe(404);
    expect(
      (
        await server.db
          .selectFrom('workspaces')
          .select('deleted_at')
          .where('id', '=', other.ids.site)
          .executeTakeFirst()
      )?.deleted_at,
    ).toBeNull();
  });
});

describe('PUT workspace/{id}/users', () => {
  it('replaces the given lists with people of the organisation', async () => {
    const t = await createWorkspaceTree(server);
    const invited = await createUser(server.db, t.org.id, { status: 'invited', firstName: 'Ivy' });
    const res = await server.call('PUT', `/api/v4/workspace/${t.ids.site}/users`, {
      token: t.tokens.manager,
      body: { group_managers_ids: [], users_ids: [t.member.id, invited.id] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      managers_ids: [t.manager.id],
      group_managers_ids: [],
      users_ids: expect.arrayContaining([t.member.id, invited.id]),
    });
    // The member now reaches the site and all below it.
    const memberToken = await login(server, t.member);
    const list = await server.call('GET', '/api/v4/workspace?include_subws=1', { token: memberToken });
    expect(list.body.data.map((w: { name: string }) => w.name)).toEqual([
      'Building',
      'Depot',
      'Room',
      'Site',
    ]);
    // Moving someone to another role of the same workspace.
    const promoted = await server.call('PUT', `/api/v4/workspace/${t.ids.site}/users`, {
      token: t.tokens.admin,
      body: { managers_ids: [t.manager.id, t.member.id] },
    });
    expect(promoted.body.managers_ids.sort()).toEqual([t.manager.id, t.member.id].sort());
    expect(promoted.body.users_ids).toEqual([invited.id]);
  });

  it('refuses other organisations, doubles, members and group managers; nothing changes', async () => {
    const t = await createWorkspaceTree(server);
    const other = await createWorkspaceTree(server);
    const before = await server.db
      .selectFrom('workspace_users')
      .select(['user_id', 'role'])
      .where('workspace_id', '=', t.ids.site)
      .orderBy('user_id')
      .execute();
    const foreignPerson = await server.call('PUT', `/api/v4/workspace/${t.ids.site}/users`, {
      token: t.tokens.admin,
      body: { users_ids: [t.member.id, other.member.id] },
    });
    expect(foreignPerson.status).toBe(422);
    expect(foreignPerson.body.fields).toEqual({ 'users_ids.1': 'not_found' });
    const double = await server.call('PUT', `/api/v4/workspace/${t.ids.site}/users`, {
      token: t.tokens.admin,
      body: { managers_ids: [t.member.id], users_ids: [t.member.id] },
    });
    expect(double.status).toBe(422);
    expect(double.body.fields).toEqual({ users_ids: 'invalid_format' });
    const bad = await server.call('PUT', `/api/v4/workspace/${t.ids.site}/users`, {
      token: t.tokens.admin,
      body: { users_ids: ['x'] },
    });
    expect(bad.status).toBe(422);
    expect(
      (
        await server.call('PUT', `/api/v4/workspace/${t.ids.site}/users`, {
          token: t.tokens.groupManager,
          body: { users_ids: [] },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await server.call('PUT', `/api/v4/workspace/${t.ids.depot}/users`, {
          token: t.tokens.member,
          body: { users_ids: [] },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await server.call('PUT', `/api/v4/workspace/${other.ids.site}/users`, {
          token: t.tokens.admin,
          body: { users_ids: [] },
        })
      ).status,
    ).toBe(404);
    const after = await server.db
      .selectFrom('workspace_users')
      .select(['user_id', 'role'])
      .where('workspace_id', '=', t.ids.site)
      .orderBy('user_id')
      .execute();
    expect(after).toEqual(before);
  });
});

describe('POST workspace/{id}/upload', () => {
  it('accepts a png, resizes a wide image, serves it, and replaces the previous one', async () => {
    const t = await createWorkspaceTree(server);
    const res = await server.callForm(
      'POST',
      `/api/v4/workspace/${t.ids.site}/upload`,
      imageForm(await makePng(2400, 100)),
      t.tokens.admin,
    );
    expect(res.status).toBe(200);
    expect(res.body.image).toMatch(
      /^\/api\/v4\/files\/\d+\/workspaces\/[0-9a-f]{32}\.png\?expires=\d+&signature=[\w-]{43}$/,
    );
    const file = await fetch(`${server.url}${res.body.image}`);
    expect(file.headers.get('content-type')).toBe('image/png');
    const sharp = (await import('sharp')).default;
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect(meta.width).toBe(1920);
    const second = await server.callForm(
      'POST',
      `/api/v4/workspace/${t.ids.site}/upload`,
      imageForm(await makePng()),
      t.tokens.manager,
    );
    expect(second.status).toBe(200);
    expect((await fetch(`${server.url}${res.body.image}`)).status).toBe(404);
  });

  it('judges the content: a text file named .png is refused; too big is refused; nothing changes', async () => {
    const t = await createWorkspaceTree(server);
    const fake = await server.callForm(
      'POST',
      `/api/v4/workspace/${t.ids.site}/upload`,
      imageForm('hello, not an image'),
      t.tokens.admin,
    );
    expect(fake.status).toBe(422);
    expect(fake.body).toMatchObject({
      error: 'file_type_not_allowed',
      fields: { image: 'file_type_not_allowed' },
    });
    const big = await server.callForm(
      'POST',
      `/api/v4/workspace/${t.ids.site}/upload`,
      imageForm(Buffer.alloc(10_000_001, 1)),
      t.tokens.admin,
    );
    expect(big.status).toBe(422);
    expect(big.body.fields).toEqual({ image: 'file_too_big' });
    const none = await server.callForm(
      'POST',
      `/api/v4/workspace/${t.ids.site}/upload`,
      new FormData(),
      t.tokens.admin,
    );
    expect(none.status).toBe(422);
    const png = await makePng();
    expect(
      (
        await server.callForm(
          'POST',
          `/api/v4/workspace/${t.ids.depot}/upload`,
          imageForm(png),
          t.tokens.member,
        )
      ).status,
    ).toBe(403);
    const other = await createWorkspaceTree(server);
    expect(
      (
        await server.callForm(
          'POST',
          `/api/v4/workspace/${other.ids.site}/upload`,
          imageForm(png),
          t.tokens.admin,
        )
      ).status,
    ).toBe(404);
    expect(
      (await server.callForm('POST', `/api/v4/workspace/${t.ids.site}/upload`, imageForm(png))).status,
    ).toBe(401);
    const rows = await server.db
      .selectFrom('workspaces')
      .select('image')
      .where('id', 'in', [t.ids.site, t.ids.depot, other.ids.site])
      .execute();
    expect(rows.every((r) => r.image === null)).toBe(true);
  });
});
