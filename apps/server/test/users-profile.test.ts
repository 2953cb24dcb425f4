import { PROFILE_IMAGE_MAX_BYTES, ZSessionUserSchema } from '@workbench/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWorkspace, addWorkspaceRole, createTeam, createUser, login } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { addMembership, imageForm, pngImage, setClientSettings } from './helpers/users-factories.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('PUT user/{id}', () => {
  it('a user manager changes a colleague’s names, phone, language, role and job position', async () => {
    const { org, admin, member } = await createTeam(server.db);
    const token = await login(server, admin);
    const position = await server.call('POST', '/api/v4/users/job_positions', {
      token,
      body: { name: 'Driver' },
    });
    const res = await server.call('PUT', `/api/v4/user/${member.id}`, {
      token,
      body: {
        first_name: 'Moritz',
        phone: '+43 1 234',
        language: 'de',
        role: 'admin',
        job_position_id: position.body.id,
      },
    });
    expect(res.status).toBe(200);
    expect(ZSessionUserSchema.parse(res.body)).toMatchObject({
      first_name: 'Moritz',
      phone: '+43 1 234',
      language: 'de',
      role: 'admin',
      job_position: { id: position.body.id, name: 'Driver' },
    });
    const membership = await server.db
      .selectFrom('user_clients')
      .select('role')
      .where('user_id', '=', member.id)
      .where('client_id', '=', org.id)
      .executeTakeFirstOrThrow();
    expect(membership.role).toBe('admin');
    const log = await server.call('GET', `/api/v4/user/${member.id}/activity_log`, { token });
    expect(log.status).toBe(200);
    expect(log.body.data[0]).toMatchObject({
      action: 'updated',
      entity_type: 'user',
      user: { id: admin.id },
    });
  });

  it('a member edits only themself, never their role; bad input is 422 and changes nothing', async () => {
    const { admin, member } = await createTeam(server.db);
    const token = await login(server, member);
    expect(
      (await server.call('PUT', `/api/v4/user/${admin.id}`, { token, body: { first_name: 'X' } })).status,
    ).toBe(403);
    expect((await server.call('PUT', '/api/v4/user/me', { token, body: { role: 'admin' } })).status).toBe(
      403,
    );
    const bad = await server.call('PUT', '/api/v4/user/me', { token, body: { first_name: 'x'.repeat(256) } });
    expect(bad.status).toBe(422);
    expect(bad.body.fields).toEqual({ first_name: 'too_long' });
    const ok = await server.call('PUT', '/api/v4/user/me', {
      token,
      body: { last_name: 'Else', settings: { only_my_issues: true } },
    });
    expect(ok.body).toMatchObject({ last_name: 'Else', settings: { only_my_issues: true } });
    const row = await server.db
      .selectFrom('users')
      .select(['role', 'first_name'])
      .where('id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ role: 'admin', first_name: 'Ada' });
    expect((await server.call('PUT', '/api/v4/user/me', { body: { last_name: 'Y' } })).status).toBe(401);
  });

  it('another organisation’s person is 404 on every user/{id} call', async () => {
    const a = await createTeam(server.db);
    const b = await createTeam(server.db);
    const token = await login(server, a.admin);
    for (const [method, path, body] of [
      ['GET', `/api/v4/user/${b.member.id}`, undefined],
      ['PUT', `/api/v4/user/${b.member.id}`, { first_name: 'X' }],
      ['GET', `/api/v4/user/${b.member.id}/workspace_roles`, undefined],
      ['POST', `/api/v4/user/${b.member.id}/workspace_roles`, { workspace_roles: [] }],
      ['PUT', `/api/v4/user/${b.member.id}/all_ws`, { role: 'member' }],
      ['GET', `/api/v4/user/${b.member.id}/activity_log`, undefined],
    ] as const) {
      const res = await server.call(method, path, { token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const form = imageForm(await pngImage(200, 200), 'me.png', 'image/png');
    expect((await server.callForm('POST', `/api/v4/user/${b.member.id}`, form, token)).status).toBe(404);
    const row = await server.db
      .selectFrom('users')
      .select(['first_name', 'profile_image'])
      .where('id', '=', b.member.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ first_name: 'Mo', profile_image: null });
  });
});

describe('profile picture', () => {
  it('stores a JPEG/PNG/GIF checked by content and serves it', async () => {
    const { member } = await createTeam(server.db);
    const token = await login(server, member);
    const png = await pngImage(160, 140);
    const res = await server.callForm(
      'POST',
      '/api/v4/user/me',
      imageForm(png, 'face.png', 'image/png'),
      token,
    );
    expect(res.status).toBe(200);
    expect(res.body.profile_image).toMatch(
      /^\/api\/v4\/files\/\d+\/profiles\/[0-9a-f]{32}\.png\?expires=\d+&signature=[\w-]{43}$/,
    );
    const file = await fetch(`${server.url}${res.body.profile_image}`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(png)).toBe(true);
    // A second picture replaces the first, whose file goes.
    const second = await server.callForm(
      'POST',
      `/api/v4/user/${member.id}`,
      imageForm(await pngImage(130, 130), 'x.bin', 'application/octet-stream'),
      token,
    );
    expect(second.status).toBe(200);
    expect((await fetch(`${server.url}${res.body.profile_image}`)).status).toBe(404);
  });

  it('refuses small, big and non-image files (422) and keeps the old picture', async () => {
    const { member } = await createTeam(server.db);
    const token = await login(server, member);
    const small = await server.callForm(
      'POST',
      '/api/v4/user/me',
      imageForm(await pngImage(100, 100), 'a.png', 'image/png'),
      token,
    );
    expect(small.status).toBe(422);
    expect(small.body.fields).toEqual({ profile_image: 'image_too_small' });
    const bigPng = await pngImage(600, 600, { noisy: true });
    expect(bigPng.length).toBeGreaterThan(PROFILE_IMAGE_MAX_BYTES);
    const big = await server.callForm(
      'POST',
      '/api/v4/user/me',
      imageForm(bigPng, 'b.png', 'image/png'),
      token,
    );
    expect(big.status).toBe(422);
    expect(big.body.fields).toEqual({ profile_image: 'image_too_big' });
    const text = await server.callForm(
      'POST',
      '/api/v4/user/me',
      imageForm(Buffer.from('hello, I am not a picture'), 'c.png', 'image/png'),
      token,
    );
    expect(text.status).toBe(422);
    expect(text.body.fields).toEqual({ profile_image: 'file_type_not_allowed' });
    const none = new FormData();
    none.append('_method', 'PUT');
    expect((await server.callForm('POST', '/api/v4/user/me', none, token)).status).toBe(422);
    const row = await server.db
      .selectFrom('users')
      .select('profile_image')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row.profile_image).toBeNull();
  });

  it('a user manager may set a colleague’s picture; a member may not', async () => {
    const { admin, member } = await createTeam(server.db);
    const image = await pngImage(120, 120);
    const byMember = await server.callForm(
      'POST',
      `/api/v4/user/${admin.id}`,
      imageForm(image, 'a.png', 'image/png'),
      await login(server, member),
    );
    expect(byMember.status).toBe(403);
    const byAdmin = await server.callForm(
      'POST',
      `/api/v4/user/${member.id}`,
      imageForm(image, 'a.png', 'image/png'),
      await login(server, admin),
    );
    expect(byAdmin.status).toBe(200);
    expect(
      (await server.callForm('POST', '/api/v4/user/me', imageForm(image, 'a.png', 'image/png'))).status,
    ).toBe(401);
  });
});

describe('workspace roles', () => {
  it('reads, replaces and sets the role in every top-level workspace', async () => {
    const { org, admin, member } = await createTeam(server.db);
    const a = await addWorkspace(server.db, org.id, 'Alpha');
    const b = await addWorkspace(server.db, org.id, 'Beta');
    const child = await addWorkspace(server.db, org.id, 'Child', a);
    await addWorkspaceRole(server.db, member, a, 'member');
    const token = await login(server, admin);
    const read = await server.call('GET', `/api/v4/user/${member.id}/workspace_roles`, { token });
    expect(read.body).toEqual([{ workspace_id: a, workspace_name: 'Alpha', role: 'member' }]);
    const replaced = await server.call('POST', `/api/v4/user/${member.id}/workspace_roles`, {
      token,
      body: {
        workspace_roles: [
          { workspace_id: b, role: 'manager' },
          { workspace_id: child, role: 'group_manager' },
        ],
      },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toEqual([
      { workspace_id: b, workspace_name: 'Beta', role: 'manager' },
      { workspace_id: child, workspace_name: 'Child', role: 'group_manager' },
    ]);
    const all = await server.call('PUT', `/api/v4/user/${member.id}/all_ws`, {
      token,
      body: { role: 'member' },
    });
    expect(all.body).toEqual([
      { workspace_id: a, workspace_name: 'Alpha', role: 'member' },
      { workspace_id: b, workspace_name: 'Beta', role: 'member' },
      { workspace_id: child, workspace_name: 'Child', role: 'group_manager' },
    ]);
    const own = await server.call('GET', '/api/v4/user/me/workspace_roles', {
      token: await login(server, member),
    });
    expect(own.body).toHaveLength(3);
  });

  it('refuses members, foreign workspaces and bad roles without changing anything', async () => {
    const { org, admin, member } = await createTeam(server.db);
    const other = await createTeam(server.db);
    const a = await addWorkspace(server.db, org.id, 'A');
    const foreign = await addWorkspace(server.db, other.org.id, 'Foreign');
    await addWorkspaceRole(server.db, member, a, 'member');
    const memberToken = await login(server, member);
    expect(
      (
        await server.call('POST', `/api/v4/user/${member.id}/workspace_roles`, {
          token: memberToken,
          body: { workspace_roles: [] },
        })
      ).status,
    ).toBe(403);
    expect(
      (await server.call('GET', `/api/v4/user/${admin.id}/workspace_roles`, { token: memberToken })).status,
    ).toBe(403);
    const token = await login(server, admin);
    const foreignRes = await server.call('POST', `/api/v4/user/${member.id}/workspace_roles`, {
      token,
      body: { workspace_roles: [{ workspace_id: foreign, role: 'member' }] },
    });
    expect(foreignRes.status).toBe(404);
    const bad = await server.call('PUT', `/api/v4/user/${member.id}/all_ws`, {
      token,
      body: { role: 'owner' },
    });
    expect(bad.status).toBe(422);
    const rows = await server.db
      .selectFrom('workspace_users')
      .select(['workspace_id', 'role'])
      .where('user_id', '=', member.id)
      .execute();
    expect(rows).toEqual([{ workspace_id: a, role: 'member' }]);
  });

  it('a manager-admin replaces roles only in workspaces they manage', async () => {
    const { org, member } = await createTeam(server.db);
    await setClientSettings(server.db, org.id, { user_management_permission: 'manager_admins' });
    const manager = await createUser(server.db, org.id);
    const mine = await addWorkspace(server.db, org.id, 'Mine');
    const theirs = await addWorkspace(server.db, org.id, 'Theirs');
    await addWorkspaceRole(server.db, manager, mine, 'manager');
    await addWorkspaceRole(server.db, member, theirs, 'member');
    await addWorkspaceRole(server.db, member, mine, 'member');
    const token = await login(server, manager);
    const res = await server.call('POST', `/api/v4/user/${member.id}/workspace_roles`, {
      token,
      body: { workspace_roles: [{ workspace_id: mine, role: 'group_manager' }] },
    });
    expect(res.status).toBe(200);
    const roles = Object.fromEntries(
      res.body.map((r: { workspace_id: number; role: string }) => [r.workspace_id, r.role]),
    );
    expect(roles).toEqual({ [mine]: 'group_manager', [theirs]: 'member' });
    // A workspace they cannot see is 404; one they see without managing it is 403.
    const unseen = await server.call('POST', `/api/v4/user/${member.id}/workspace_roles`, {
      token,
      body: { workspace_roles: [{ workspace_id: theirs, role: 'manager' }] },
    });
    expect(unseen.status).toBe(404);
    const grouped = await addWorkspace(server.db, org.id, 'Grouped');
    await addWorkspaceRole(server.db, manager, grouped, 'group_manager');
    const refused = await server.call('POST', `/api/v4/user/${member.id}/workspace_roles`, {
      token,
      body: { workspace_roles: [{ workspace_id: grouped, role: 'member' }] },
    });
    expect(refused.status).toBe(403);
    const after = await server.db
      .selectFrom('workspace_users')
      .select('workspace_id')
      .where('user_id', '=', member.id)
      .execute();
    expect(after.map((r) => r.workspace_id).sort()).toEqual([mine, theirs].sort());
  });
});

describe('activity log', () => {
  it('is paged, own or for user managers', async () => {
    const { admin, member } = await createTeam(server.db);
    const token = await login(server, member);
    for (const name of ['A', 'B', 'C'])
      await server.call('PUT', '/api/v4/user/me', { token, body: { first_name: name } });
    const res = await server.call('GET', '/api/v4/user/me/activity_log?paginate_by=2', { token });
    expect(res.status).toBe(200);
    // login + three updates
    expect(res.body).toMatchObject({ total: 4, per_page: 2, last_page: 2 });
    expect(res.body.data[0]).toMatchObject({ action: 'updated', changes: { first_name: 'C' } });
    expect((await server.call('GET', `/api/v4/user/${admin.id}/activity_log`, { token })).status).toBe(403);
    expect((await server.call('GET', '/api/v4/user/me/activity_log?page=0', { token })).status).toBe(422);
  });
});

describe('switch_client', () => {
  it('moves the person into another organisation they belong to; the token stays valid', async () => {
    const a = await createTeam(server.db);
    const b = await createTeam(server.db);
    await addMembership(server.db, a.member.id, b.org.id, 'admin');
    const token = await login(server, a.member);
    const res = await server.call('POST', '/api/v4/user/switch_client', {
      token,
      body: { client_id: b.org.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: a.member.id, client_id: b.org.id, role: 'admin' });
    const list = await server.call('GET', '/api/v4/users?paginate_by=50', { token });
    expect(list.body.data.map((u: { id: number }) => u.id)).toContain(b.admin.id);
    const back = await server.call('POST', '/api/v4/user/switch_client', {
      token,
      body: { client_id: a.org.id },
    });
    expect(back.body.user).toMatchObject({ client_id: a.org.id, role: 'user' });
  });

  it('refuses an organisation the person does not belong to (403 no_other_client)', async () => {
    const a = await createTeam(server.db);
    const b = await createTeam(server.db);
    const token = await login(server, a.member);
    const res = await server.call('POST', '/api/v4/user/switch_client', {
      token,
      body: { client_id: b.org.id },
    });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('no_other_client');
    expect((await server.call('POST', '/api/v4/user/switch_client', { token, body: {} })).status).toBe(422);
    expect((await server.call('POST', '/api/v4/user/switch_client', { body: { client_id: 1 } })).status).toBe(
      401,
    );
    const row = await server.db
      .selectFrom('users')
      .select('client_id')
      .where('id', '=', a.member.id)
      .executeTakeFirstOrThrow();
    expect(row.client_id).toBe(a.org.id);
  });
});

describe('often_details', () => {
  it('lists favourite and role workspaces and the colleagues sharing most of them', async () => {
    const { org, admin, member } = await createTeam(server.db);
    const zoe = await createUser(server.db, org.id, { firstName: 'Zoe' });
    const amy = await createUser(server.db, org.id, { firstName: 'Amy' });
    const a = await addWorkspace(server.db, org.id, 'A');
    const b = await addWorkspace(server.db, org.id, 'B');
    const fav = await addWorkspace(server.db, org.id, 'Fav');
    await addWorkspaceRole(server.db, member, a, 'member');
    await addWorkspaceRole(server.db, member, b, 'manager');
    await addWorkspaceRole(server.db, zoe, a, 'member');
    await addWorkspaceRole(server.db, zoe, b, 'member');
    await addWorkspaceRole(server.db, amy, a, 'member');
    await addWorkspaceRole(server.db, member, fav, 'member');
    await server.db
      .insertInto('workspace_favorites')
      .values({ client_id: org.id, user_id: member.id, workspace_id: fav })
      .execute();
    const res = await server.call('GET', '/api/v4/user/me/often_details', {
      token: await login(server, member),
    });
    expect(res.status).toBe(200);
    expect(res.body.workspaces.map((w: { name: string }) => w.name)).toEqual(['Fav', 'B', 'A']);
    expect(
      res.body.users.map((u: { id: number; shared_workspaces: number }) => [u.id, u.shared_workspaces]),
    ).toEqual([
      [zoe.id, 2],
      [amy.id, 1],
    ]);
    void admin;
  });
});
