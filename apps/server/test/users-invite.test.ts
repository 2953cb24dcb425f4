import { ZCreateMultipleUsersResponseSchema, ZUserListItemSchema } from '@workbench/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addWorkspace,
  addWorkspaceRole,
  createTeam,
  createUser,
  login,
  readMailLink,
  uniqueEmail,
} from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { setClientSettings } from './helpers/users-factories.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function countUsersOf(clientId: number): Promise<number> {
  const row = await server.db
    .selectFrom('user_clients')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('client_id', '=', clientId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function activate(token: string, password = 'brand-new-pass') {
  return server.call('POST', '/api/v4/users/activate', { body: { token, password } });
}

describe('POST users/create-multiple', () => {
  it('invites by e-mail into a workspace; the outbox link activates; the person logs in', async () => {
    const { org, admin } = await createTeam(server.db);
    const site = await addWorkspace(server.db, org.id, 'Site');
    const token = await login(server, admin);
    const first = uniqueEmail('new');
    const second = uniqueEmail('new');
    const res = await server.call('POST', '/api/v4/users/create-multiple', {
      token,
      body: {
        new_users: [{ email: first.toUpperCase(), first_name: 'Nia', last_name: 'New' }, { email: second }],
        workspace_ids: [site],
        role: 'group_manager',
      },
    });
    expect(res.status).toBe(200);
    const body = ZCreateMultipleUsersResponseSchema.parse(res.body);
    expect(body.new_users.map((u) => [u.email, u.status, u.role, u.full_name])).toEqual([
      [first, 'invited', 'user', 'Nia New'],
      [second, 'invited', 'user', second],
    ]);
    const roles = await server.db
      .selectFrom('workspace_users')
      .select(['user_id', 'role'])
      .where('workspace_id', '=', site)
      .execute();
    expect(roles.map((r) => r.role)).toEqual(['group_manager', 'group_manager']);

    const link = await readMailLink(server, token, first, '/activate_account');
    expect(link.mail.kind).toBe('invite');
    const activated = await activate(link.token);
    expect(activated.status).toBe(200);
    expect(activated.body.user).toMatchObject({ email: first, status: 'active' });
    expect((await login(server, { email: first, password: 'brand-new-pass' })).length).toBeGreaterThan(0);
  });

  it('checks every entry and creates nothing when one fails', async () => {
    const { org, admin, member } = await createTeam(server.db);
    const token = await login(server, admin);
    const before = await countUsersOf(org.id);
    const good = uniqueEmail('good');
    const res = await server.call('POST', '/api/v4/users/create-multiple', {
      token,
      body: {
        new_users: [
          { email: good },
          { email: good.toUpperCase() },
          { email: 'not-an-email' },
          { email: member.email },
          { email: uniqueEmail('x'), first_name: 'y'.repeat(256) },
          { email: `${'z'.repeat(250)}@example.test` },
        ],
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.fields).toEqual({
      'new_users.1.email': 'email_already_added',
      'new_users.2.email': 'invalid_format',
      'new_users.4.first_name': 'too_long',
      'new_users.5.email': 'invalid_format',
    });
    // The format problems come first; then the address that already has an account.
    const exists = await server.call('POST', '/api/v4/users/create-multiple', {
      token,
      body: { new_users: [{ email: good }, { email: member.email.toUpperCase() }] },
    });
    expect(exists.status).toBe(422);
    expect(exists.body).toMatchObject({
      error: 'user_already_exists',
      fields: { 'new_users.1.email': 'user_already_exists' },
    });
    expect(await countUsersOf(org.id)).toBe(before);
    const outbox = await server.call('GET', '/api/v4/mail/outbox', { token });
    expect(outbox.body.data.some((m: { to_email: string }) => m.to_email === good)).toBe(false);
  });

  it('needs a login, a user manager, and a workspace of the organisation', async () => {
    const { org, admin, member } = await createTeam(server.db);
    const other = await createTeam(server.db);
    const foreign = await addWorkspace(server.db, other.org.id, 'Theirs');
    const body = { new_users: [{ email: uniqueEmail() }] };
    expect((await server.call('POST', '/api/v4/users/create-multiple', { body })).status).toBe(401);
    const memberRes = await server.call('POST', '/api/v4/users/create-multiple', {
      token: await login(server, member),
      body,
    });
    expect(memberRes.status).toBe(403);
    const before = await countUsersOf(org.id);
    const foreignRes = await server.call('POST', '/api/v4/users/create-multiple', {
      token: await login(server, admin),
      body: { ...body, workspace_ids: [foreign] },
    });
    expect(foreignRes.status).toBe(404);
    expect(await countUsersOf(org.id)).toBe(before);
    const empty = await server.call('POST', '/api/v4/users/create-multiple', {
      token: await login(server, admin),
      body: { new_users: [] },
    });
    expect(empty.status).toBe(422);
    expect(empty.body.fields).toEqual({ new_users: 'required' });
  });
});

describe('POST users', () => {
  it('invites one person with role and job position; field errors on the plain keys', async () => {
    const { org, admin, member } = await createTeam(server.db);
    const token = await login(server, admin);
    const position = await server.call('POST', '/api/v4/users/job_positions', {
      token,
      body: { name: 'Cook' },
    });
    const email = uniqueEmail('one');
    const res = await server.call('POST', '/api/v4/users', {
      token,
      body: { email, first_name: 'Otto', role: 'admin', job_position_id: position.body.id },
    });
    expect(res.status).toBe(200);
    expect(ZUserListItemSchema.parse(res.body)).toMatchObject({
      email,
      role: 'admin',
      status: 'invited',
      job_position: { id: position.body.id, name: 'Cook' },
      client_id: org.id,
    });
    const taken = await server.call('POST', '/api/v4/users', { token, body: { email: member.email } });
    expect(taken.status).toBe(422);
    expect(taken.body.fields).toEqual({ email: 'user_already_exists' });
    const bad = await server.call('POST', '/api/v4/users', { token, body: { email: 'nope' } });
    expect(bad.body.fields).toEqual({ email: 'invalid_format' });
    const badPosition = await server.call('POST', '/api/v4/users', {
      token,
      body: { email: uniqueEmail(), job_position_id: 999999 },
    });
    expect(badPosition.body.fields).toEqual({ job_position_id: 'invalid_format' });
  });
});

/** The newest mail to an address, straight from the outbox table (join mails belong to no organisation). */
async function mailTo(email: string) {
  return server.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_email', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

function joinToken(text: string): string {
  const match = text.match(/\/public\/join_organisation\?token=([A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error(`no join link in: ${text}`);
  return match[1];
}

describe('inviting a person who has an account in another organisation', () => {
  it('answers like a new address would, mails a join link, and the person joins only by opening it', async () => {
    const theirs = await createTeam(server.db);
    const ours = await createTeam(server.db);
    const site = await addWorkspace(server.db, ours.org.id, 'Our site');
    const token = await login(server, ours.admin);
    const fresh = uniqueEmail('fresh');
    const res = await server.call('POST', '/api/v4/users/create-multiple', {
      token,
      body: {
        new_users: [{ email: fresh }, { email: theirs.member.email.toUpperCase(), first_name: 'Typed' }],
        workspace_ids: [site],
        role: 'manager',
      },
    });
    expect(res.status).toBe(200);
    const body = ZCreateMultipleUsersResponseSchema.parse(res.body);
    expect(body.new_users.map((u) => u.email)).toEqual([fresh]);
    expect(body.asked_to_join).toEqual([theirs.member.email]);
    // Nothing of their account reaches us before they agree: not in our list, no role, no membership.
    const list = await server.call('GET', '/api/v4/users?paginate_by=200', { token });
    expect(list.body.data.map((u: { email: string }) => u.email)).not.toContain(theirs.member.email);
    expect(await countUsersOf(ours.org.id)).toBe(3);
    // The link is not in our outbox (we could join them without them), only in the mail to them.
    const outbox = await server.call('GET', '/api/v4/mail/outbox', { token });
    expect(outbox.body.data.some((m: { to_email: string }) => m.to_email === theirs.member.email)).toBe(
      false,
    );
    const mail = await mailTo(theirs.member.email);
    expect(mail).toMatchObject({ client_id: null, kind: 'join_organisation' });
    const raw = joinToken(mail?.text ?? '');

    const info = await server.call('GET', `/api/v4/public/join_organisation?token=${raw}`);
    expect(info.status).toBe(200);
    expect(info.body).toEqual({
      organisation: { name: ours.org.name, logo: null },
      email: theirs.member.email,
    });
    const joined = await server.call('POST', '/api/v4/public/join_organisation', { body: { token: raw } });
    expect(joined.status).toBe(200);
    expect(joined.body).toEqual(info.body);
    const membership = await server.db
      .selectFrom('user_clients')
      .select(['client_id', 'role'])
      .where('user_id', '=', theirs.member.id)
      .orderBy('client_id')
      .execute();
    expect(membership).toEqual([
      { client_id: theirs.org.id, role: 'user' },
      { client_id: ours.org.id, role: 'user' },
    ]);
    const roles = await server.db
      .selectFrom('workspace_users')
      .select(['workspace_id', 'role', 'client_id'])
      .where('user_id', '=', theirs.member.id)
      .execute();
    expect(roles).toEqual([{ workspace_id: site, role: 'manager', client_id: ours.org.id }]);
    // They keep working where they were, and switch to us from the organisation menu.
    const theirToken = await login(server, theirs.member);
    const switched = await server.call('POST', '/api/v4/user/switch_client', {
      token: theirToken,
      body: { client_id: ours.org.id },
    });
    expect(switched.status).toBe(200);
    // The link works once.
    const again = await server.call('POST', '/api/v4/public/join_organisation', { body: { token: raw } });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_token');
    expect((await server.call('GET', `/api/v4/public/join_organisation?token=${raw}`)).status).toBe(400);
  });

  it('POST users answers asked_to_join; a newer invitation replaces the older link', async () => {
    const theirs = await createTeam(server.db);
    const ours = await createTeam(server.db);
    const token = await login(server, ours.admin);
    const first = await server.call('POST', '/api/v4/users', { token, body: { email: theirs.admin.email } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ email: theirs.admin.email, asked_to_join: true });
    const older = joinToken((await mailTo(theirs.admin.email))?.text ?? '');
    const second = await server.call('POST', '/api/v4/users', {
      token,
      body: { email: theirs.admin.email, role: 'admin' },
    });
    expect(second.body).toEqual({ email: theirs.admin.email, asked_to_join: true });
    const newer = joinToken((await mailTo(theirs.admin.email))?.text ?? '');
    expect(newer).not.toBe(older);
    expect(
      (await server.call('POST', '/api/v4/public/join_organisation', { body: { token: older } })).status,
    ).toBe(400);
    expect(
      (await server.call('POST', '/api/v4/public/join_organisation', { body: { token: newer } })).status,
    ).toBe(200);
    const membership = await server.db
      .selectFrom('user_clients')
      .select('role')
      .where('user_id', '=', theirs.admin.id)
      .where('client_id', '=', ours.org.id)
      .executeTakeFirstOrThrow();
    expect(membership.role).toBe('admin');
    // Now they are ours: inviting them again is refused as for any of our people.
    const taken = await server.call('POST', '/api/v4/users', { token, body: { email: theirs.admin.email } });
    expect(taken.status).toBe(422);
    expect(taken.body.fields).toEqual({ email: 'user_already_exists' });
    expect(
      (await server.call('POST', '/api/v4/public/join_organisation', { body: { token: 'x'.repeat(43) } }))
        .status,
    ).toBe(400);
  });
});

describe('manager-admins (user_management_permission)', () => {
  it('a workspace manager manages users only with manager_admins, and never makes admins', async () => {
    const { org, admin } = await createTeam(server.db);
    const manager = await createUser(server.db, org.id, { firstName: 'Max' });
    const site = await addWorkspace(server.db, org.id, 'Site');
    await addWorkspaceRole(server.db, manager, site, 'manager');
    const token = await login(server, manager);
    const invite = { email: uniqueEmail('m') };
    expect((await server.call('POST', '/api/v4/users', { token, body: invite })).status).toBe(403);
    await setClientSettings(server.db, org.id, { user_management_permission: 'manager_admins' });
    expect((await server.call('POST', '/api/v4/users', { token, body: invite })).status).toBe(200);
    const asAdmin = await server.call('POST', '/api/v4/users', {
      token,
      body: { email: uniqueEmail('m'), role: 'admin' },
    });
    expect(asAdmin.status).toBe(403);
    // Nor may they archive or edit an admin.
    expect(
      (await server.call('POST', '/api/v4/users/archive', { token, body: { user_ids: [admin.id] } })).status,
    ).toBe(403);
    expect(
      (await server.call('PUT', `/api/v4/user/${admin.id}`, { token, body: { first_name: 'Hacked' } }))
        .status,
    ).toBe(403);
    // A plain member is still refused.
    const plain = await createUser(server.db, org.id);
    expect(
      (
        await server.call('POST', '/api/v4/users', {
          token: await login(server, plain),
          body: { email: uniqueEmail() },
        })
      ).status,
    ).toBe(403);
  });
});

describe('resend invite', () => {
  it('sends a new link and the old one stops working; only for invited people', async () => {
    const { admin, member } = await createTeam(server.db);
    const token = await login(server, admin);
    const email = uniqueEmail('re');
    const created = await server.call('POST', '/api/v4/users', { token, body: { email } });
    const old = await readMailLink(server, token, email, '/activate_account');
    const res = await server.call('POST', '/api/v4/users/resend_invite', {
      token,
      body: { user_id: created.body.id },
    });
    expect(res.status).toBe(200);
    const fresh = await readMailLink(server, token, email, '/activate_account');
    expect(fresh.token).not.toBe(old.token);
    expect((await activate(old.token)).status).toBe(400);
    expect((await activate(fresh.token)).status).toBe(200);
    const again = await server.call('POST', '/api/v4/users/resend_invite', {
      token,
      body: { user_id: created.body.id },
    });
    expect(again.status).toBe(422);
    expect(again.body.fields).toEqual({ user_id: 'invitation_not_pending' });
    expect(
      (
        await server.call('POST', '/api/v4/users/resend_invite', {
          token: await login(server, member),
          body: { user_id: created.body.id },
        })
      ).status,
    ).toBe(403);
    const other = await createTeam(server.db);
    expect(
      (
        await server.call('POST', '/api/v4/users/resend_invite', {
          token: await login(server, other.admin),
          body: { user_id: created.body.id },
        })
      ).status,
    ).toBe(404);
  });
});

describe('archive and unarchive', () => {
  it('archiving pauses the person and ends their sessions; unarchiving brings them back', async () => {
    const { admin, member } = await createTeam(server.db);
    const adminToken = await login(server, admin);
    const memberToken = await login(server, member);
    expect((await server.call('GET', '/api/v4/user/me', { token: memberToken })).status).toBe(200);
    const res = await server.call('POST', '/api/v4/users/archive', {
      token: adminToken,
      body: { user_ids: [member.id] },
    });
    expect(res.status).toBe(200);
    expect((await server.call('GET', '/api/v4/user/me', { token: memberToken })).status).toBe(403);
    const relogin = await server.call('POST', '/api/v4/auth/login', {
      body: { email: member.email, password: member.password },
    });
    expect(relogin.body.error).toBe('account_not_active');
    const listed = await server.call('GET', '/api/v4/users?active=0', { token: adminToken });
    expect(listed.body.data.map((u: { id: number; status: string }) => [u.id, u.status])).toEqual([
      [member.id, 'paused'],
    ]);
    expect(
      (
        await server.call('POST', '/api/v4/users/unarchive', {
          token: adminToken,
          body: { user_ids: [member.id] },
        })
      ).status,
    ).toBe(200);
    expect((await login(server, member)).length).toBeGreaterThan(0);
  });

  it('an archived invitee comes back as invited, and the old link no longer works', async () => {
    const { admin } = await createTeam(server.db);
    const token = await login(server, admin);
    const email = uniqueEmail('inv');
    const created = await server.call('POST', '/api/v4/users', { token, body: { email } });
    const link = await readMailLink(server, token, email, '/activate_account');
    await server.call('POST', '/api/v4/users/archive', { token, body: { user_ids: [created.body.id] } });
    expect((await activate(link.token)).status).toBe(400);
    await server.call('POST', '/api/v4/users/unarchive', { token, body: { user_ids: [created.body.id] } });
    const row = await server.db
      .selectFrom('users')
      .select('status')
      .where('id', '=', created.body.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('invited');
  });

  it('never yourself, never another organisation, never by a plain member; nothing changes', async () => {
    const { admin, member } = await createTeam(server.db);
    const other = await createTeam(server.db);
    const token = await login(server, admin);
    const self = await server.call('POST', '/api/v4/users/archive', {
      token,
      body: { user_ids: [admin.id] },
    });
    expect(self.status).toBe(422);
    const foreign = await server.call('POST', '/api/v4/users/archive', {
      token,
      body: { user_ids: [member.id, other.member.id] },
    });
    expect(foreign.status).toBe(404);
    const byMember = await server.call('POST', '/api/v4/users/archive', {
      token: await login(server, member),
      body: { user_ids: [admin.id] },
    });
    expect(byMember.status).toBe(403);
    expect(
      (await server.call('POST', '/api/v4/users/archive', { body: { user_ids: [member.id] } })).status,
    ).toBe(401);
    expect(
      (await server.call('POST', '/api/v4/users/archive', { token, body: { user_ids: [] } })).status,
    ).toBe(422);
    const statuses = await server.db
      .selectFrom('users')
      .select('status')
      .where('id', 'in', [admin.id, member.id, other.member.id])
      .execute();
    expect(statuses.every((s) => s.status === 'active')).toBe(true);
  });

  it('keeps the last active admin (last_admin)', async () => {
    const { admin } = await createTeam(server.db);
    const token = await login(server, admin);
    const demote = await server.call('PUT', `/api/v4/user/${admin.id}`, { token, body: { role: 'user' } });
    expect(demote.status).toBe(422);
    expect(demote.body).toMatchObject({ error: 'last_admin', fields: { role: 'last_admin' } });
    const { org } = { org: { id: admin.clientId } };
    const second = await createUser(server.db, org.id, { role: 'admin' });
    const ok = await server.call('PUT', `/api/v4/user/${admin.id}`, { token, body: { role: 'user' } });
    expect(ok.status).toBe(200);
    expect(ok.body.role).toBe('user');
    void second;
  });
});

describe('users/add_workspaces', () => {
  it('adds people with a role, raising but never lowering an existing one', async () => {
    const { org, admin, member } = await createTeam(server.db);
    const zoe = await createUser(server.db, org.id);
    const a = await addWorkspace(server.db, org.id, 'A');
    const b = await addWorkspace(server.db, org.id, 'B');
    await addWorkspaceRole(server.db, zoe, a, 'manager');
    const token = await login(server, admin);
    const res = await server.call('POST', '/api/v4/users/add_workspaces', {
      token,
      body: { workspace_ids: [a, b], user_ids: [member.id, zoe.id], role: 'member' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const rows = await server.db
      .selectFrom('workspace_users')
      .select(['workspace_id', 'user_id', 'role'])
      .where('client_id', '=', org.id)
      .orderBy('workspace_id')
      .orderBy('user_id')
      .execute();
    expect(rows).toEqual([
      { workspace_id: a, user_id: member.id, role: 'member' },
      { workspace_id: a, user_id: zoe.id, role: 'manager' },
      { workspace_id: b, user_id: member.id, role: 'member' },
      { workspace_id: b, user_id: zoe.id, role: 'member' },
    ]);
  });

  it('a workspace manager adds to their own workspace only; other organisations get 404', async () => {
    const { org, member } = await createTeam(server.db);
    const manager = await createUser(server.db, org.id);
    const mine = await addWorkspace(server.db, org.id, 'Mine');
    const notMine = await addWorkspace(server.db, org.id, 'Not mine');
    await addWorkspaceRole(server.db, manager, mine, 'manager');
    await addWorkspaceRole(server.db, manager, notMine, 'group_manager');
    const token = await login(server, manager);
    const ok = await server.call('POST', '/api/v4/users/add_workspaces', {
      token,
      body: { workspace_ids: [mine], user_ids: [member.id], role: 'member' },
    });
    expect(ok.status).toBe(200);
    const refused = await server.call('POST', '/api/v4/users/add_workspaces', {
      token,
      body: { workspace_ids: [notMine], user_ids: [member.id], role: 'member' },
    });
    expect(refused.status).toBe(403);
    const other = await createTeam(server.db);
    const foreignUser = await server.call('POST', '/api/v4/users/add_workspaces', {
      token,
      body: { workspace_ids: [mine], user_ids: [other.member.id], role: 'member' },
    });
    expect(foreignUser.status).toBe(404);
    const bad = await server.call('POST', '/api/v4/users/add_workspaces', {
      token,
      body: { workspace_ids: [mine], user_ids: [member.id], role: 'boss' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.fields).toEqual({ role: 'invalid_format' });
    const count = await server.db
      .selectFrom('workspace_users')
      .select('user_id')
      .where('workspace_id', '=', notMine)
      .execute();
    expect(count).toHaveLength(1);
  });
});

describe('create-multiple with a global role and job position', () => {
  it('admins invite admins with a job position; manager-admins may not make admins', async () => {
    const { org, admin } = await createTeam(server.db);
    const token = await login(server, admin);
    const position = await server.call('POST', '/api/v4/users/job_positions', {
      token,
      body: { name: 'Lead' },
    });
    const res = await server.call('POST', '/api/v4/users/create-multiple', {
      token,
      body: { new_users: [{ email: uniqueEmail() }], user_role: 'admin', job_position_id: position.body.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.new_users[0]).toMatchObject({ role: 'admin', job_position: { id: position.body.id } });
    await setClientSettings(server.db, org.id, { user_management_permission: 'manager_admins' });
    const manager = await createUser(server.db, org.id);
    await addWorkspaceRole(server.db, manager, await addWorkspace(server.db, org.id, 'S'), 'manager');
    const before = await countUsersOf(org.id);
    const refused = await server.call('POST', '/api/v4/users/create-multiple', {
      token: await login(server, manager),
      body: { new_users: [{ email: uniqueEmail() }], user_role: 'admin' },
    });
    expect(refused.status).toBe(403);
    expect(await countUsersOf(org.id)).toBe(before);
  });
});
