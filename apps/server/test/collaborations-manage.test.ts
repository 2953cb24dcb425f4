import { ZCollaborationDetailSchema, ZCollaborationItemSchema } from '@workbench/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWorkspaceGrants } from '../src/modules/access/request-access.js';
import { ACTION_PATH, acceptedCollaboration, inviteByMail } from './helpers/collaborations-factories.js';
import {
  addWorkspace,
  addWorkspaceRole,
  createTeam,
  createUser,
  login,
  uniqueEmail,
} from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const api = (path: string) => `/api/v4${path}`;

async function snapshot(collabId: number) {
  const [collab, workspaces, users] = await Promise.all([
    server.db.selectFrom('collaborations').selectAll().where('id', '=', collabId).executeTakeFirst(),
    server.db
      .selectFrom('collaboration_workspaces')
      .select('workspace_id')
      .where('collaboration_id', '=', collabId)
      .orderBy('workspace_id')
      .execute(),
    server.db
      .selectFrom('collaboration_users')
      .select(['workspace_id', 'user_id', 'role'])
      .where('collaboration_id', '=', collabId)
      .orderBy('user_id')
      .execute(),
  ]);
  return { collab, workspaces, users };
}

describe('the collaboration list', () => {
  it('shows both directions, the type flipped for the partner, with filters and paging', async () => {
    const setup = await acceptedCollaboration(server, { type: 'provider' });
    const second = await addWorkspace(server.db, setup.owner.org.id, 'Second');
    await inviteByMail(server, setup.ownerToken, {
      collab_type: 'client',
      access_type: 'limited',
      email: uniqueEmail('pending'),
      company_alias: 'Pending Client',
      workspace_ids: [second],
    });

    const all = await server.call('GET', api('/collaboration'), { token: setup.ownerToken });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ current_page: 1, per_page: 10, total: 2, last_page: 1 });
    const items = all.body.data.map((i: unknown) => ZCollaborationItemSchema.parse(i));
    expect(items.map((i: { label: string }) => i.label)).toEqual(['Pending Client', 'Cleaners']);
    expect(items[1]).toMatchObject({
      type: 'provider',
      is_owner: true,
      invitation_status: 'accepted',
      partner: { id: setup.partnerAdmin.clientId, name: 'Partner Cleaning Ltd' },
      workspaces_count: 1,
    });

    const filter = async (query: string, token = setup.ownerToken) => {
      const res = await server.call('GET', api(`/collaboration?${query}`), { token });
      expect(res.status).toBe(200);
      return res.body.data.map((i: { label: string }) => i.label);
    };
    expect(await filter('type=client')).toEqual(['Pending Client']);
    expect(await filter('access_type=full')).toEqual(['Cleaners']);
    expect(await filter('invitation_status=pending')).toEqual(['Pending Client']);
    expect(await filter('search=partner%20clean')).toEqual(['Cleaners']);
    expect(await filter(`workspaces=${second},999999`)).toEqual(['Pending Client']);
    expect(await filter('search=%25')).toEqual([]);
    // Unsupported values fall back to defaults.
    expect(await filter('type=friend&paginate_by=7&page=x')).toEqual(['Pending Client', 'Cleaners']);
    const paged = await server.call('GET', api('/collaboration?paginate_by=20&page=2'), {
      token: setup.ownerToken,
    });
    expect(paged.body).toMatchObject({ current_page: 2, per_page: 20, data: [], from: null });

    // The partner sees the owner, as its client.
    const theirs = await server.call('GET', api('/collaboration'), { token: setup.partnerToken });
    expect(theirs.body.data).toMatchObject([
      { id: setup.collabId, label: setup.owner.org.name, type: 'client', is_owner: false },
    ]);
    expect(await filter('type=client', setup.partnerToken)).toEqual([setup.owner.org.name]);
    expect(await filter('type=provider', setup.partnerToken)).toEqual([]);
    expect(await filter(`search=${encodeURIComponent(setup.owner.org.name)}`, setup.partnerToken)).toEqual([
      setup.owner.org.name,
    ]);

    const names = await server.call('GET', api('/collaboration/list-names'), { token: setup.ownerToken });
    expect(names.body).toEqual([
      { id: expect.any(Number), label: 'Pending Client' },
      { id: setup.collabId, label: 'Cleaners' },
    ]);
    const simple = await server.call('GET', api('/collaboration/simple'), { token: setup.ownerToken });
    expect(simple.body).toEqual([{ id: setup.collabId, label: 'Cleaners', logo: null, type: 'provider' }]);
  });

  it('plain members are refused (403); workspace managers see it; not logged in is 401', async () => {
    const owner = await createTeam(server.db);
    const token = await login(server, owner.member);
    expect((await server.call('GET', api('/collaboration'), { token })).status).toBe(403);
    const site = await addWorkspace(server.db, owner.org.id, 'Site');
    await addWorkspaceRole(server.db, owner.member, site, 'manager');
    expect((await server.call('GET', api('/collaboration'), { token })).status).toBe(200);
    expect((await server.call('GET', api('/collaboration'))).status).toBe(401);
    expect((await server.call('GET', api('/collaboration/simple'))).status).toBe(401);
  });
});

describe('details, sharing and roles', () => {
  it('detail, workspaces (with sub-workspaces) and people as both sides see them', async () => {
    const setup = await acceptedCollaboration(server);
    const detail = await server.call('GET', api(`/collaboration/${setup.collabId}`), {
      token: setup.ownerToken,
    });
    expect(detail.status).toBe(200);
    expect(ZCollaborationDetailSchema.parse(detail.body)).toMatchObject({
      label: 'Cleaners',
      company_alias: 'Cleaners',
      workspaces: [{ id: setup.shared, name: 'Shared site' }],
      invited_by: { id: setup.owner.admin.id, full_name: 'Ada Admin' },
      permissions: { can_manage: true, can_sync_users: true },
    });
    const partnerView = await server.call('GET', api(`/collaboration/${setup.collabId}`), {
      token: setup.partnerToken,
    });
    expect(partnerView.body).toMatchObject({
      label: setup.owner.org.name,
      company_alias: null,
      workspaces: [{ id: setup.shared }],
      permissions: { can_manage: false, can_sync_users: true },
    });
    const flat = await server.call('GET', api(`/collaboration/${setup.collabId}/workspaces`), {
      token: setup.partnerToken,
    });
    expect(flat.body).toEqual([{ id: setup.shared, name: 'Shared site', parent_id: null, is_shared: true }]);
    const deep = await server.call(
      'GET',
      api(`/collaboration/${setup.collabId}/workspaces?include_subws=1`),
      {
        token: setup.partnerToken,
      },
    );
    expect(deep.body).toEqual([
      { id: setup.sharedChild, name: 'Shared room', parent_id: setup.shared, is_shared: false },
      { id: setup.shared, name: 'Shared site', parent_id: null, is_shared: true },
    ]);
    const bad = await server.call('GET', api(`/collaboration/${setup.collabId}/workspaces?include_subws=2`), {
      token: setup.partnerToken,
    });
    expect(bad.status).toBe(422);
  });

  it('sync_users gives partner people roles; a partner member sees only workspaces synced to them', async () => {
    const setup = await acceptedCollaboration(server);
    const second = await addWorkspace(server.db, setup.owner.org.id, 'Second shared');
    const share = await server.call('POST', api(`/collaboration/${setup.collabId}/workspaces/add`), {
      token: setup.ownerToken,
      body: { workspace_ids: [second] },
    });
    expect(share.status).toBe(200);
    expect(share.body.workspaces.map((w: { id: number }) => w.id).sort()).toEqual(
      [setup.shared, second].sort(),
    );
    const worker = await createUser(server.db, setup.partnerAdmin.clientId, {
      firstName: 'Wes',
      lastName: 'Worker',
    });
    const boss = await createUser(server.db, setup.partnerAdmin.clientId, {
      firstName: 'Bo',
      lastName: 'Boss',
    });
    const path = api(`/collaboration/${setup.collabId}/workspaces/${setup.shared}/sync_users`);

    // Only the partner's people; an owner's person is refused and nothing changes.
    const wrong = await server.call('POST', path, {
      token: setup.partnerToken,
      body: { members: [worker.id, setup.owner.member.id] },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.fields).toEqual({ 'members.1': 'not_found' });
    expect((await snapshot(setup.collabId)).users).toEqual([]);
    // A partner's plain member may not give roles.
    const workerToken = await login(server, worker);
    const refused = await server.call('POST', path, { token: workerToken, body: { members: [worker.id] } });
    expect(refused.status).toBe(404);

    const ok = await server.call('POST', path, {
      token: setup.partnerToken,
      body: { collab_managers: [boss.id], members: [worker.id, boss.id] },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      workspace_id: setup.shared,
      collab_admins: [],
      collab_managers: [boss.id],
      members: [worker.id],
    });
    const grants = await loadWorkspaceGrants(server.db, {
      userId: worker.id,
      clientId: worker.clientId,
      role: 'user',
    });
    expect([...grants.keys()].sort()).toEqual([setup.shared, setup.sharedChild].sort());
    expect(grants.get(setup.shared)).toMatchObject({
      role: 'collab_member',
      collaboration_id: setup.collabId,
    });
    expect(grants.has(second)).toBe(false);

    // The owner's admin sees who works there.
    const people = await server.call('GET', api(`/collaboration/${setup.collabId}/users`), {
      token: setup.ownerToken,
    });
    expect(people.body).toEqual([
      {
        id: boss.id,
        full_name: 'Bo Boss',
        email: boss.email,
        profile_image: null,
        workspaces: [{ workspace_id: setup.shared, workspace_name: 'Shared site', role: 'collab_manager' }],
      },
      {
        id: worker.id,
        full_name: 'Wes Worker',
        email: worker.email,
        profile_image: null,
        workspaces: [{ workspace_id: setup.shared, workspace_name: 'Shared site', role: 'member' }],
      },
    ]);
    const item = await server.call('GET', api('/collaboration'), { token: setup.ownerToken });
    expect(item.body.data[0].users.map((u: { full_name: string }) => u.full_name)).toEqual([
      'Bo Boss',
      'Wes Worker',
    ]);

    // Replacing only the members list keeps the managers; an empty list removes them.
    const cleared = await server.call('POST', path, { token: setup.ownerToken, body: { members: [] } });
    expect(cleared.body).toMatchObject({ collab_managers: [boss.id], members: [] });

    // A workspace not shared in this collaboration: 422 for the owner, 404 for the partner.
    const notShared = api(`/collaboration/${setup.collabId}/workspaces/${setup.other}/sync_users`);
    const owner422 = await server.call('POST', notShared, {
      token: setup.ownerToken,
      body: { members: [worker.id] },
    });
    expect(owner422.status).toBe(422);
    expect(owner422.body.error).toBe('not_in_workspace');
    expect(
      (await server.call('POST', notShared, { token: setup.partnerToken, body: { members: [] } })).status,
    ).toBe(404);

    // Unsharing removes the roles too, and the access at once.
    await server.call('POST', path, { token: setup.partnerToken, body: { members: [worker.id] } });
    const unshare = await server.call(
      'PUT',
      api(`/collaboration/${setup.collabId}/workspaces/remove_access`),
      {
        token: setup.ownerToken,
        body: { workspace_ids: [setup.shared] },
      },
    );
    expect(unshare.status).toBe(200);
    expect(unshare.body.workspaces).toEqual([{ id: second, name: 'Second shared' }]);
    expect((await snapshot(setup.collabId)).users).toEqual([]);
    const after = await loadWorkspaceGrants(server.db, {
      userId: worker.id,
      clientId: worker.clientId,
      role: 'user',
    });
    expect(after.size).toBe(0);
  });

  it('PUT workspaces replaces the shared set; only owner admins change sharing', async () => {
    const setup = await acceptedCollaboration(server);
    const replace = await server.call('PUT', api(`/collaboration/${setup.collabId}/workspaces`), {
      token: setup.partnerToken,
      body: { workspace_ids: [setup.other] },
    });
    expect(replace.status).toBe(403);
    const managerOfOwner = await createUser(server.db, setup.owner.org.id);
    await addWorkspaceRole(server.db, managerOfOwner, setup.other, 'manager');
    const managerToken = await login(server, managerOfOwner);
    expect(
      (
        await server.call('PUT', api(`/collaboration/${setup.collabId}/workspaces`), {
          token: managerToken,
          body: { workspace_ids: [setup.other] },
        })
      ).status,
    ).toBe(403);
    const bad = await server.call('PUT', api(`/collaboration/${setup.collabId}/workspaces`), {
      token: setup.ownerToken,
      body: { workspace_ids: ['x'] },
    });
    expect(bad.status).toBe(422);
    expect((await snapshot(setup.collabId)).workspaces).toEqual([{ workspace_id: setup.shared }]);
    const ok = await server.call('PUT', api(`/collaboration/${setup.collabId}/workspaces`), {
      token: setup.ownerToken,
      body: { workspace_ids: [setup.other] },
    });
    expect(ok.status).toBe(200);
    expect((await snapshot(setup.collabId)).workspaces).toEqual([{ workspace_id: setup.other }]);
    const grants = await loadWorkspaceGrants(server.db, {
      userId: setup.partnerAdmin.id,
      clientId: setup.partnerAdmin.clientId,
      role: 'admin',
    });
    expect([...grants.keys()]).toEqual([setup.other]);
  });

  it('PUT changes alias and access; the logo must be a real image', async () => {
    const setup = await acceptedCollaboration(server);
    const path = api(`/collaboration/${setup.collabId}`);
    const refused = await server.call('PUT', path, {
      token: setup.partnerToken,
      body: { access_type: 'limited' },
    });
    expect(refused.status).toBe(403);
    const bad = await server.call('PUT', path, { token: setup.ownerToken, body: { access_type: 'half' } });
    expect(bad.status).toBe(422);
    expect(bad.body.fields).toEqual({ access_type: 'invalid_format' });
    const ok = await server.call('PUT', path, {
      token: setup.ownerToken,
      body: { access_type: 'limited', company_alias: 'Best cleaners' },
    });
    expect(ok.body).toMatchObject({ access_type: 'limited', label: 'Best cleaners' });
    const grants = await loadWorkspaceGrants(server.db, {
      userId: setup.partnerAdmin.id,
      clientId: setup.partnerAdmin.clientId,
      role: 'admin',
    });
    expect(grants.get(setup.shared)?.access_type).toBe('limited');
    const cleared = await server.call('PUT', path, {
      token: setup.ownerToken,
      body: { company_alias: null },
    });
    expect(cleared.body.label).toBe('Partner Cleaning Ltd');

    const upload = (data: Buffer, name: string, token = setup.ownerToken) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(data)]), name);
      return server.callForm('POST', `${path}/upload`, form, token);
    };
    const png = await sharp({
      create: { width: 40, height: 40, channels: 3, background: { r: 200, g: 10, b: 10 } },
    })
      .png()
      .toBuffer();
    const text = await upload(Buffer.from('not an image at all'), 'logo.png');
    expect(text.status).toBe(422);
    expect(text.body.fields).toEqual({ file: 'file_type_not_allowed' });
    const webp = await upload(await sharp(png).webp().toBuffer(), 'logo.webp');
    expect(webp.body.fields).toEqual({ file: 'file_type_not_allowed' });
    expect((await upload(png, 'logo.png', setup.partnerToken)).status).toBe(403);
    const empty = await server.callForm('POST', `${path}/upload`, new FormData(), setup.ownerToken);
    expect(empty.status).toBe(422);
    expect((await snapshot(setup.collabId)).collab?.logo).toBeNull();
    const stored = await upload(png, 'logo.png');
    expect(stored.status).toBe(200);
    expect(stored.body.logo).toMatch(
      /^\/api\/v4\/files\/\d+\/collaborations\/[0-9a-f]{32}\.png\?expires=\d+&signature=[\w-]{43}$/,
    );
    const file = await server.call('GET', stored.body.logo);
    expect(file.status).toBe(200);
    // The partner keeps seeing the owner's logo, not the one the owner chose for them.
    const theirs = await server.call('GET', path, { token: setup.partnerToken });
    expect(theirs.body.logo).toBeNull();
  });
});

describe('re-invite and delete', () => {
  it('re-invites a pending or declined invitation with a new link; never an accepted one', async () => {
    const setup = await acceptedCollaboration(server);
    const accepted = await server.call('POST', api(`/collaboration/${setup.collabId}/reinvite`), {
      token: setup.ownerToken,
    });
    expect(accepted.status).toBe(409);
    const email = uniqueEmail('re');
    const invite = await inviteByMail(server, setup.ownerToken, { collab_type: 'client', email });
    await server.call('POST', api(ACTION_PATH), { body: { token: invite.token, action: 'decline' } });
    const memberToken = await login(server, setup.owner.member);
    expect(
      (await server.call('POST', api(`/collaboration/${invite.id}/reinvite`), { token: memberToken })).status,
    ).toBe(403);
    const again = await server.call('POST', api(`/collaboration/${invite.id}/reinvite`), {
      token: setup.ownerToken,
    });
    expect(again.status).toBe(200);
    expect(again.body.invitation_status).toBe('pending');
    const outbox = await server.call('GET', '/api/v4/mail/outbox', { token: setup.ownerToken });
    const mails = outbox.body.data.filter((m: { to_email: string }) => m.to_email === email);
    expect(mails).toHaveLength(2);
  });

  it('delete ends the partner’s access at once; only owner admins may delete', async () => {
    const setup = await acceptedCollaboration(server);
    const path = api(`/collaboration/${setup.collabId}`);
    expect((await server.call('DELETE', path, { token: setup.partnerToken })).status).toBe(403);
    expect((await server.call('DELETE', path)).status).toBe(401);
    expect((await snapshot(setup.collabId)).collab?.deleted_at).toBeNull();
    const ok = await server.call('DELETE', path, { token: setup.ownerToken });
    expect(ok.status).toBe(200);
    const grants = await loadWorkspaceGrants(server.db, {
      userId: setup.partnerAdmin.id,
      clientId: setup.partnerAdmin.clientId,
      role: 'admin',
    });
    expect(grants.size).toBe(0);
    expect((await server.call('GET', path, { token: setup.partnerToken })).status).toBe(404);
    expect((await server.call('GET', path, { token: setup.ownerToken })).status).toBe(404);
    const list = await server.call('GET', api('/collaboration'), { token: setup.partnerToken });
    expect(list.body.total).toBe(0);
  });
});

describe('tenant boundary', () => {
  it('another organisation gets 404 on every collaboration route with an id, and nothing changes', async () => {
    const setup = await acceptedCollaboration(server);
    const stranger = await createTeam(server.db);
    const strangerToken = await login(server, stranger.admin);
    const before = await snapshot(setup.collabId);
    const id = setup.collabId;
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/collaboration/${id}`],
      ['GET', `/collaboration/${id}/workspaces`],
      ['GET', `/collaboration/${id}/users`],
      ['PUT', `/collaboration/${id}`, { access_type: 'limited' }],
      ['PUT', `/collaboration/${id}/workspaces`, { workspace_ids: [] }],
      ['POST', `/collaboration/${id}/workspaces/add`, { workspace_ids: [setup.other] }],
      ['PUT', `/collaboration/${id}/workspaces/remove_access`, { workspace_ids: [setup.shared] }],
      ['POST', `/collaboration/${id}/workspaces/${setup.shared}/sync_users`, { members: [] }],
      ['POST', `/collaboration/${id}/reinvite`],
      ['DELETE', `/collaboration/${id}`],
    ];
    for (const [method, path, body] of calls) {
      const res = await server.call(method, api(path), { token: strangerToken, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([1, 2, 3])]), 'x.png');
    expect(
      (await server.callForm('POST', api(`/collaboration/${id}/upload`), form, strangerToken)).status,
    ).toBe(404);
    expect(await snapshot(setup.collabId)).toEqual(before);
    const list = await server.call('GET', api('/collaboration'), { token: strangerToken });
    expect(list.body.total).toBe(0);
    expect(
      (await server.call('GET', api('/collaboration/list-names'), { token: strangerToken })).body,
    ).toEqual([]);
  });
});
