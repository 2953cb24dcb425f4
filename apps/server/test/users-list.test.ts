import { ZPickerUserListResponseSchema, ZUserListResponseSchema } from '@workbench/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWorkspace, addWorkspaceRole, createTeam, createUser, login } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { addAcceptedCollaboration, addJobPosition, setClientSettings } from './helpers/users-factories.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** An organisation with five people of known names, statuses and creation order. */
async function buildStaff() {
  const { org, admin, member } = await createTeam(server.db);
  const zoe = await createUser(server.db, org.id, { firstName: 'Zoe', lastName: 'Zimmer' });
  const bea = await createUser(server.db, org.id, { firstName: 'Bea', lastName: 'Baker', status: 'invited' });
  const carl = await createUser(server.db, org.id, { firstName: 'Carl', lastName: 'Cook', status: 'paused' });
  return { org, admin, member, zoe, bea, carl };
}

async function list(token: string, query = '') {
  const res = await server.call('GET', `/api/v4/users${query}`, { token });
  return res;
}

describe('GET users', () => {
  it('needs a login', async () => {
    expect((await server.call('GET', '/api/v4/users')).status).toBe(401);
  });

  it('lists own people by name, with the envelope, role, status and job position', async () => {
    const { org, admin, zoe } = await buildStaff();
    const position = await addJobPosition(server.db, org.id, 'Plumber');
    await server.db
      .updateTable('users')
      .set({ job_position_id: position })
      .where('id', '=', zoe.id)
      .execute();
    const token = await login(server, admin);
    const res = await list(token);
    expect(res.status).toBe(200);
    const page = ZUserListResponseSchema.parse(res.body);
    expect(page.total).toBe(5);
    expect(page.data.map((u) => u.first_name)).toEqual(['Ada', 'Bea', 'Carl', 'Mo', 'Zoe']);
    expect(page.data[0]).toMatchObject({
      role: 'admin',
      status: 'active',
      status_nice: 'Active',
      client_id: org.id,
    });
    expect(page.data.find((u) => u.id === zoe.id)?.job_position).toEqual({ id: position, name: 'Plumber' });
    expect(page.data[0]).not.toHaveProperty('password_hash');
    expect(page.data[0]).not.toHaveProperty('workspaces_count');
    // 000 §7 spells it users/: the same list.
    const slash = await server.call('GET', '/api/v4/users/', { token });
    expect(slash.body.total).toBe(5);
  });

  it('sorts, pages, searches and filters by status', async () => {
    const { admin, zoe, bea, carl } = await buildStaff();
    const token = await login(server, admin);
    const desc = ZUserListResponseSchema.parse((await list(token, '?sort_direction=desc')).body);
    expect(desc.data[0]?.first_name).toBe('Zoe');
    const created = ZUserListResponseSchema.parse(
      (await list(token, '?sort_by=created&sort_direction=desc')).body,
    );
    expect(created.data[0]?.id).toBe(carl.id);
    await server.db
      .updateTable('users')
      .set({ updated_at: new Date(Date.now() + 60_000) })
      .where('id', '=', bea.id)
      .execute();
    const updated = ZUserListResponseSchema.parse(
      (await list(token, '?sort_by=updated&sort_direction=desc')).body,
    );
    expect(updated.data[0]?.id).toBe(bea.id);

    const page2 = ZUserListResponseSchema.parse((await list(token, '?paginate_by=2&page=2')).body);
    expect(page2).toMatchObject({ current_page: 2, per_page: 2, last_page: 3, total: 5, from: 3, to: 4 });
    expect(page2.data.map((u) => u.first_name)).toEqual(['Carl', 'Mo']);
    expect(page2.next_page_url).toContain('page=3');

    const search = ZUserListResponseSchema.parse((await list(token, '?search=zimm')).body);
    expect(search.data.map((u) => u.id)).toEqual([zoe.id]);
    const byEmail = ZUserListResponseSchema.parse(
      (await list(token, `?search=${encodeURIComponent(zoe.email)}`)).body,
    );
    expect(byEmail.data.map((u) => u.id)).toEqual([zoe.id]);
    const literal = ZUserListResponseSchema.parse((await list(token, '?search=%25')).body);
    expect(literal.total).toBe(0);

    const active = ZUserListResponseSchema.parse((await list(token, '?active=1')).body);
    expect(active.data.every((u) => u.status === 'active')).toBe(true);
    expect(active.total).toBe(3);
    const inactive = ZUserListResponseSchema.parse((await list(token, '?active=0')).body);
    expect(inactive.data.map((u) => u.id).sort()).toEqual([bea.id, carl.id].sort());
  });

  it('filters by workspaces and counts workspaces with statistics=1', async () => {
    const { org, admin, zoe, bea } = await buildStaff();
    const a = await addWorkspace(server.db, org.id, 'A');
    const b = await addWorkspace(server.db, org.id, 'B');
    await addWorkspaceRole(server.db, zoe, a, 'member');
    await addWorkspaceRole(server.db, zoe, b, 'manager');
    await addWorkspaceRole(server.db, bea, b, 'member');
    const token = await login(server, admin);
    const inA = ZUserListResponseSchema.parse((await list(token, `?workspace_ids=${a}`)).body);
    expect(inA.data.map((u) => u.id)).toEqual([zoe.id]);
    const inAB = ZUserListResponseSchema.parse(
      (await list(token, `?workspace_ids=${a},${b}&statistics=1`)).body,
    );
    expect(inAB.data.map((u) => [u.id, u.workspaces_count])).toEqual([
      [bea.id, 1],
      [zoe.id, 2],
    ]);
  });

  it('refuses bad parameters with 422 and field keys', async () => {
    const { admin } = await createTeam(server.db);
    const token = await login(server, admin);
    for (const query of [
      '?sort_by=title',
      '?sort_direction=up',
      '?page=0',
      '?paginate_by=500',
      '?active=2',
    ]) {
      const res = await list(token, query);
      expect(res.status, query).toBe(422);
      expect(Object.keys(res.body.fields ?? {}).length, query).toBeGreaterThan(0);
    }
  });

  it('only_admins_see_users hides the list (and colleagues) from non-admins', async () => {
    const { org, admin, member } = await createTeam(server.db);
    const memberToken = await login(server, member);
    expect((await list(memberToken)).status).toBe(200);
    expect((await server.call('GET', `/api/v4/user/${admin.id}`, { token: memberToken })).status).toBe(200);
    await setClientSettings(server.db, org.id, { only_admins_see_users: true });
    const refused = await list(memberToken);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('forbidden');
    expect((await server.call('GET', `/api/v4/user/${admin.id}`, { token: memberToken })).status).toBe(403);
    expect((await server.call('GET', '/api/v4/user/statistics', { token: memberToken })).status).toBe(403);
    expect((await server.call('GET', '/api/v4/user/me', { token: memberToken })).status).toBe(200);
    expect((await list(await login(server, admin))).status).toBe(200);
  });

  it('never shows another organisation’s people, and counts by status', async () => {
    const a = await buildStaff();
    const b = await createTeam(server.db);
    const token = await login(server, a.admin);
    const page = ZUserListResponseSchema.parse((await list(token, '?paginate_by=200')).body);
    expect(page.data.some((u) => u.id === b.admin.id || u.id === b.member.id)).toBe(false);
    const stats = await server.call('GET', '/api/v4/user/statistics', { token });
    expect(stats.body).toEqual({ total: 5, active: 3, invited: 1, paused: 1, admins: 1 });
  });
});

describe('picker lists', () => {
  it('filter-mix: active and invited own people with isNotInWorkspace', async () => {
    const { org, admin, member, zoe, bea, carl } = await buildStaff();
    const site = await addWorkspace(server.db, org.id, 'Site');
    const room = await addWorkspace(server.db, org.id, 'Room', site);
    await addWorkspaceRole(server.db, zoe, site, 'member');
    const token = await login(server, member);
    const res = await server.call('GET', `/api/v4/users/filter-mix?workspace_ids=${room}&paginate_by=50`, {
      token: await login(server, admin),
    });
    expect(res.status).toBe(200);
    const page = ZPickerUserListResponseSchema.parse(res.body);
    expect(page.data.some((u) => u.id === carl.id)).toBe(false);
    const flags = Object.fromEntries(page.data.map((u) => [u.id, u.isNotInWorkspace]));
    // Zoe reaches the room through its parent; the admin sees everything; the others are not in it.
    expect(flags).toEqual({ [admin.id]: false, [bea.id]: true, [member.id]: true, [zoe.id]: false });
    const noWs = ZPickerUserListResponseSchema.parse(
      (await server.call('GET', '/api/v4/users/filter-mix?search=bak', { token })).body,
    );
    expect(noWs.data).toEqual([
      { id: bea.id, full_name: 'Bea Baker', email: bea.email, profile_image: null, isNotInWorkspace: false },
    ]);
    expect((await server.call('GET', '/api/v4/users/filter-mix')).status).toBe(401);
    expect((await server.call('GET', '/api/v4/users/filter-mix?page=x', { token })).status).toBe(422);
  });

  it('filter-mix-collabs: partner people of accepted collaborations, both ways', async () => {
    const owner = await createTeam(server.db);
    const partner = await createTeam(server.db);
    const stranger = await createTeam(server.db);
    const shared = await addWorkspace(server.db, owner.org.id, 'Shared');
    const other = await addWorkspace(server.db, owner.org.id, 'Other');
    await addWorkspaceRole(server.db, owner.member, shared, 'manager');
    const collab = await addAcceptedCollaboration(server.db, owner.org.id, partner.org.id, shared, [
      { userId: partner.member.id, role: 'member' },
    ]);
    const ownerToken = await login(server, owner.admin);
    const res = await server.call(
      'GET',
      `/api/v4/users/filter-mix-collabs?workspace_ids=${shared},${other}`,
      {
        token: ownerToken,
      },
    );
    expect(res.status).toBe(200);
    const ids = res.body.data.map((u: { id: number }) => u.id).sort();
    expect(ids).toEqual([partner.admin.id, partner.member.id].sort());
    const partnerMember = res.body.data.find((u: { id: number }) => u.id === partner.member.id);
    expect(partnerMember).toMatchObject({
      collaboration_id: collab,
      company: { id: partner.org.id, name: partner.org.name },
      // The partner member sees Shared but not Other.
      isNotInWorkspace: true,
    });
    const onlyShared = await server.call('GET', `/api/v4/users/filter-mix-collabs?workspace_ids=${shared}`, {
      token: ownerToken,
    });
    expect(onlyShared.body.data.every((u: { isNotInWorkspace: boolean }) => !u.isNotInWorkspace)).toBe(true);

    const searched = await server.call(
      'GET',
      `/api/v4/users/filter-mix-collabs?search=${encodeURIComponent(partner.member.email.slice(0, 12))}`,
      { token: ownerToken },
    );
    expect(searched.body.data.map((u: { id: number }) => u.id)).toEqual([partner.member.id]);
    const partnerView = await server.call('GET', '/api/v4/users/filter-mix-collabs', {
      token: await login(server, partner.admin),
    });
    expect(partnerView.body.data.map((u: { id: number }) => u.id).sort()).toEqual(
      [owner.admin.id, owner.member.id].sort(),
    );
    const strangerView = await server.call('GET', '/api/v4/users/filter-mix-collabs', {
      token: await login(server, stranger.admin),
    });
    expect(strangerView.body.total).toBe(0);
  });

  it('list-by-workspace-access: admins, roles in the workspace or above, partner people; 404 elsewhere', async () => {
    const owner = await createTeam(server.db);
    const partner = await createTeam(server.db);
    const site = await addWorkspace(server.db, owner.org.id, 'Site');
    const room = await addWorkspace(server.db, owner.org.id, 'Room', site);
    const elsewhere = await addWorkspace(server.db, owner.org.id, 'Elsewhere');
    const lone = await createUser(server.db, owner.org.id, { firstName: 'Lone' });
    await addWorkspaceRole(server.db, owner.member, site, 'member');
    await addWorkspaceRole(server.db, lone, elsewhere, 'member');
    await addAcceptedCollaboration(server.db, owner.org.id, partner.org.id, room, [
      { userId: partner.member.id, role: 'collab_manager' },
    ]);
    const token = await login(server, owner.admin);
    const res = await server.call('GET', `/api/v4/users/list-by-workspace-access?workspace_id=${room}`, {
      token,
    });
    expect(res.status).toBe(200);
    const byId = Object.fromEntries(res.body.map((p: { id: number; company: unknown }) => [p.id, p.company]));
    expect(Object.keys(byId).map(Number).sort()).toEqual(
      [owner.admin.id, owner.member.id, partner.admin.id, partner.member.id].sort(),
    );
    expect(byId[owner.member.id]).toBeNull();
    expect(byId[partner.member.id]).toMatchObject({ id: partner.org.id });

    // A member without a role there cannot see the workspace: 404.
    const loneToken = await login(server, lone);
    expect(
      (
        await server.call('GET', `/api/v4/users/list-by-workspace-access?workspace_id=${room}`, {
          token: loneToken,
        })
      ).status,
    ).toBe(404);
    const stranger = await createTeam(server.db);
    expect(
      (
        await server.call('GET', `/api/v4/users/list-by-workspace-access?workspace_id=${room}`, {
          token: await login(server, stranger.admin),
        })
      ).status,
    ).toBe(404);
    expect((await server.call('GET', '/api/v4/users/list-by-workspace-access', { token })).status).toBe(422);
  });

  it('main_org: active own people only', async () => {
    const { admin, member, zoe } = await buildStaff();
    const res = await server.call('GET', '/api/v4/users/main_org', { token: await login(server, member) });
    expect(res.status).toBe(200);
    expect(res.body.map((p: { id: number }) => p.id).sort()).toEqual([admin.id, member.id, zoe.id].sort());
  });
});

describe('job positions', () => {
  it('anybody lists them; user managers add and remove them; other organisations get 404', async () => {
    const { org, admin, member } = await createTeam(server.db);
    const other = await createTeam(server.db);
    const adminToken = await login(server, admin);
    const memberToken = await login(server, member);
    const created = await server.call('POST', '/api/v4/users/job_positions', {
      token: adminToken,
      body: { name: 'Welder' },
    });
    expect(created.status).toBe(200);
    const again = await server.call('POST', '/api/v4/users/job_positions', {
      token: adminToken,
      body: { name: 'welder' },
    });
    expect(again.body.id).toBe(created.body.id);
    expect(
      (await server.call('POST', '/api/v4/users/job_positions', { token: adminToken, body: { name: '' } }))
        .body.fields,
    ).toEqual({ name: 'required' });
    expect(
      (await server.call('POST', '/api/v4/users/job_positions', { token: memberToken, body: { name: 'X' } }))
        .status,
    ).toBe(403);
    const listed = await server.call('GET', '/api/v4/users/job_positions', { token: memberToken });
    expect(listed.body).toEqual([{ id: created.body.id, name: 'Welder' }]);
    const otherToken = await login(server, other.admin);
    expect(
      (await server.call('DELETE', `/api/v4/users/job_positions/${created.body.id}`, { token: otherToken }))
        .status,
    ).toBe(404);
    expect(
      (await server.call('DELETE', `/api/v4/users/job_positions/${created.body.id}`, { token: memberToken }))
        .status,
    ).toBe(403);
    expect(
      (await server.call('DELETE', `/api/v4/users/job_positions/${created.body.id}`, { token: adminToken }))
        .status,
    ).toBe(200);
    const rows = await server.db
      .selectFrom('job_positions')
      .select('id')
      .where('client_id', '=', org.id)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('check-existing', () => {
  it("tells which addresses belong to the organisation; another organisation's read as new", async () => {
    const { admin, member } = await createTeam(server.db);
    const other = await createTeam(server.db);
    const token = await login(server, admin);
    const res = await server.call('POST', '/api/v4/users/check-existing', {
      token,
      body: { emails: [member.email.toUpperCase(), other.member.email, 'nobody@example.test'] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ existing: [{ email: member.email, id: member.id }] });
    expect(
      (
        await server.call('POST', '/api/v4/users/check-existing', {
          token: await login(server, member),
          body: { emails: ['a@b.co'] },
        })
      ).status,
    ).toBe(403);
    expect(
      (await server.call('POST', '/api/v4/users/check-existing', { token, body: { emails: [] } })).status,
    ).toBe(422);
  });
});
