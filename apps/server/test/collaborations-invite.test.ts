import {
  ZCollaborationActionInfoSchema,
  ZCollaborationItemSchema,
  ZLoginResponseSchema,
} from '@workbench/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUDGETS } from '../src/http/rate-limit.js';
import { loadWorkspaceGrants } from '../src/modules/access/request-access.js';
import { ACTION_PATH, acceptedCollaboration, inviteByMail } from './helpers/collaborations-factories.js';
import {
  addWorkspace,
  addWorkspaceRole,
  createOrganisation,
  createTeam,
  createUser,
  login,
  readMailLink,
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

const PUBLIC = `/api/v4${ACTION_PATH}`;

async function countCollaborations(clientId: number) {
  const row = await server.db
    .selectFrom('collaborations')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .where('client_id', '=', clientId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('inviting a new company by e-mail', () => {
  it('mails accept and decline links; the public page tells what is offered', async () => {
    const owner = await createTeam(server.db);
    const token = await login(server, owner.admin);
    const email = uniqueEmail('newco');
    const invite = await inviteByMail(server, token, {
      collab_type: 'provider',
      access_type: 'limited',
      email,
    });
    expect(invite.text).toContain(`${ACTION_PATH}?token=${invite.token}&action=accept`);
    expect(invite.text).toContain(`${ACTION_PATH}?token=${invite.token}&action=decline`);
    // Only the hash is stored.
    const stored = await server.db.selectFrom('collaboration_tokens').select('token_hash').execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(invite.token);

    const info = await server.call('GET', `${PUBLIC}?token=${invite.token}`);
    expect(info.status).toBe(200);
    expect(ZCollaborationActionInfoSchema.parse(info.body)).toEqual({
      status: 'pending',
      owner: { name: owner.org.name, logo: null },
      // The owner invited a provider: to the invitee, the owner is their client.
      type: 'client',
      access_type: 'limited',
      invited_email: email,
      needs_account: true,
    });
  });

  it('accepting founds the company, logs its admin in, and shows exactly the shared workspaces', async () => {
    const setup = await acceptedCollaboration(server);
    const me = await server.call('GET', '/api/v4/user/me', { token: setup.partnerToken });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      role: 'admin',
      first_name: 'Pat',
      client: { name: 'Partner Cleaning Ltd' },
    });
    expect(me.body.client_id).not.toBe(setup.owner.org.id);
    const membership = await server.db
      .selectFrom('user_clients')
      .selectAll()
      .where('user_id', '=', setup.partnerAdmin.id)
      .execute();
    expect(membership).toMatchObject([{ client_id: setup.partnerAdmin.clientId, role: 'admin' }]);

    const grants = await loadWorkspaceGrants(server.db, {
      userId: setup.partnerAdmin.id,
      clientId: setup.partnerAdmin.clientId,
      role: 'admin',
    });
    expect([...grants.keys()].sort()).toEqual([setup.shared, setup.sharedChild].sort());
    expect(grants.get(setup.shared)).toMatchObject({
      role: 'collab_admin',
      collaboration_id: setup.collabId,
      access_type: 'full',
    });
    expect(grants.has(setup.other)).toBe(false);
    // The same through the workspace routes.
    const seen = await server.call('GET', `/api/v4/workspace/${setup.shared}`, { token: setup.partnerToken });
    expect(seen.status).toBe(200);
    const hidden = await server.call('GET', `/api/v4/workspace/${setup.other}`, {
      token: setup.partnerToken,
    });
    expect(hidden.status).toBe(404);

    const collab = await server.db
      .selectFrom('collaborations')
      .selectAll()
      .where('id', '=', setup.collabId)
      .executeTakeFirstOrThrow();
    expect(collab).toMatchObject({
      invitation_status: 'accepted',
      partner_client_id: setup.partnerAdmin.clientId,
      invitee_user_id: setup.partnerAdmin.id,
    });
    // The new admin can log in with the chosen password.
    expect(await login(server, setup.partnerAdmin)).toBeTruthy();
  });

  it('a used link is refused, and the answer cannot change', async () => {
    const owner = await createTeam(server.db);
    const token = await login(server, owner.admin);
    const invite = await inviteByMail(server, token, { collab_type: 'client', email: uniqueEmail('x') });
    const decline = await server.call('POST', PUBLIC, { body: { token: invite.token, action: 'decline' } });
    expect(decline.status).toBe(200);
    expect(decline.body).toEqual({ status: 'declined' });
    const again = await server.call('POST', PUBLIC, {
      body: { token: invite.token, action: 'accept', company_name: 'Late', password: 'late-password' },
    });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_token');
    expect((await server.call('GET', `${PUBLIC}?token=${invite.token}`)).status).toBe(400);
    expect((await server.call('GET', `${PUBLIC}?token=nonsense-token-value`)).status).toBe(400);
    const row = await server.db
      .selectFrom('collaborations')
      .select(['invitation_status', 'partner_client_id'])
      .where('id', '=', invite.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ invitation_status: 'declined', partner_client_id: null });
  });

  it('accepting without an account needs a company name and a password; nothing is written', async () => {
    const owner = await createTeam(server.db);
    const token = await login(server, owner.admin);
    const email = uniqueEmail('y');
    const invite = await inviteByMail(server, token, { collab_type: 'client', email });
    const missing = await server.call('POST', PUBLIC, { body: { token: invite.token, action: 'accept' } });
    expect(missing.status).toBe(422);
    expect(missing.body.fields).toEqual({ company_name: 'required', password: 'required' });
    const short = await server.call('POST', PUBLIC, {
      body: { token: invite.token, action: 'accept', company_name: 'Co', password: 'short' },
    });
    expect(short.status).toBe(422);
    expect(short.body.fields).toEqual({ password: 'too_short' });
    const badAction = await server.call('POST', PUBLIC, { body: { token: invite.token, action: 'maybe' } });
    expect(badAction.status).toBe(422);
    expect(badAction.body.fields).toEqual({ action: 'invalid_format' });
    // The link still works after refused attempts.
    const info = await server.call('GET', `${PUBLIC}?token=${invite.token}`);
    expect(info.body.status).toBe('pending');
    expect(await server.db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);
    const ok = await server.call('POST', PUBLIC, {
      body: { token: invite.token, action: 'accept', company_name: 'Fine Co', password: 'long-enough-1' },
    });
    expect(ok.status).toBe(200);
    expect(ZLoginResponseSchema.parse(ok.body.login).user.email).toBe(email);
  });

  it('an invitation answered through a newer link cannot be answered through an unused old one', async () => {
    const owner = await createTeam(server.db);
    const token = await login(server, owner.admin);
    const email = uniqueEmail('z');
    const invite = await inviteByMail(server, token, { collab_type: 'client', email });
    // Re-inviting makes the first link unusable.
    expect((await server.call('POST', `/api/v4/collaboration/${invite.id}/reinvite`, { token })).status).toBe(
      200,
    );
    expect((await server.call('GET', `${PUBLIC}?token=${invite.token}`)).status).toBe(400);
    const fresh = await readMailLink(server, token, email, ACTION_PATH);
    expect(fresh.token).not.toBe(invite.token);
    expect(
      (await server.call('POST', PUBLIC, { body: { token: fresh.token, action: 'decline' } })).status,
    ).toBe(200);
    // An answered invitation with a still-unused token answers 409.
    const { hashToken } = await import('../src/modules/auth/tokens.js');
    await server.db
      .insertInto('collaboration_tokens')
      .values({
        client_id: owner.org.id,
        collaboration_id: invite.id,
        token_hash: hashToken('a-stray-unused-token-123'),
        expires_at: new Date(Date.now() + 60_000),
      })
      .execute();
    const stray = await server.call('POST', PUBLIC, {
      body: { token: 'a-stray-unused-token-123', action: 'accept' },
    });
    expect(stray.status).toBe(409);
    expect(stray.body.error).toBe('invitation_not_pending');
  });
});

/** The two organisations already work together: `from` invited `to`, which accepted. */
async function collaborating(fromClientId: number, toClientId: number, invitedEmail: string) {
  await server.db
    .insertInto('collaborations')
    .values({
      client_id: fromClientId,
      partner_client_id: toClientId,
      type: 'provider',
      access_type: 'full',
      invitation_status: 'accepted',
      invited_email: invitedEmail,
      company_alias: null,
      invited_by: null,
      invitee_user_id: null,
      logo: null,
      responded_at: new Date(),
      deleted_at: null,
    })
    .execute();
}

const NOTHING = { client: null, is_user_admin: false };

describe('another organisation learns nothing about addresses it does not work with', () => {
  it('check-email answers an admin, a member and an unknown address alike, with the same statements', async () => {
    const demo = await createTeam(server.db);
    const stranger = await createTeam(server.db);
    const token = await login(server, stranger.admin);
    // Once first, so the session's first-use write and the budget's new window are behind us.
    await server.call('POST', '/api/v4/collaboration/check-email', {
      token,
      body: { email: uniqueEmail('x') },
    });
    const answers = [];
    const statements = [];
    for (const email of [demo.member.email, demo.admin.email.toUpperCase(), uniqueEmail('nobody')]) {
      const counted = await server.countStatements(() =>
        server.call('POST', '/api/v4/collaboration/check-email', { token, body: { email } }),
      );
      expect(counted.result.status).toBe(200);
      answers.push(counted.result.body);
      statements.push(counted.statements);
    }
    // No user id, no company id or name, no admin flag: the three read the same.
    expect(answers).toEqual([NOTHING, NOTHING, NOTHING]);
    expect(new Set(statements).size).toBe(1);
  });

  it("users/check-existing names only the organisation's own people", async () => {
    const demo = await createTeam(server.db);
    const stranger = await createTeam(server.db);
    const res = await server.call('POST', '/api/v4/users/check-existing', {
      token: await login(server, stranger.admin),
      body: { emails: [demo.member.email, demo.admin.email, stranger.member.email, uniqueEmail('nobody')] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ existing: [{ email: stranger.member.email, id: stranger.member.id }] });
  });

  it("inviting another company's admin: nothing names the company until it accepts", async () => {
    const owner = await createTeam(server.db);
    const partner = await createTeam(server.db);
    const token = await login(server, owner.admin);
    const invite = await inviteByMail(server, token, { collab_type: 'client', email: partner.admin.email });
    const item = await server.call('GET', `/api/v4/collaboration/${invite.id}`, { token });
    expect(item.body).toMatchObject({ label: partner.admin.email, partner: null, logo: null });
    const row = await server.db
      .selectFrom('collaborations')
      .selectAll()
      .where('id', '=', invite.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      partner_client_id: null,
      invitee_user_id: null,
      invitation_status: 'pending',
    });
    // Searching the list by the company's name finds nothing either.
    const search = await server.call(
      'GET',
      `/api/v4/collaboration?search=${encodeURIComponent(partner.org.name)}`,
      {
        token,
      },
    );
    expect(search.body.data).toEqual([]);
    // The invited company does not see an invitation it has not opened.
    const partnerToken = await login(server, partner.admin);
    expect((await server.call('GET', '/api/v4/collaboration', { token: partnerToken })).body.data).toEqual(
      [],
    );
    // The link is in the invitee's organisation's outbox, not in the inviter's (whose admins
    // could otherwise accept for a company that never agreed, and so learn who it is).
    const mailedTo = async (adminToken: string) =>
      (await server.call('GET', '/api/v4/mail/outbox', { token: adminToken })).body.data
        .filter((m: { kind: string }) => m.kind === 'collaboration_invite')
        .map((m: { to_email: string }) => m.to_email);
    expect(await mailedTo(token)).toEqual([]);
    expect(await mailedTo(partnerToken)).toEqual([partner.admin.email]);
    // Its admin accepts through the link (no form: they have an account); then it is the partner.
    const info = await server.call('GET', `${PUBLIC}?token=${invite.token}`);
    expect(info.body).toMatchObject({ needs_account: false, type: 'provider' });
    const accepted = await server.call('POST', PUBLIC, { body: { token: invite.token, action: 'accept' } });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ status: 'accepted' });
    const after = await server.call('GET', `/api/v4/collaboration/${invite.id}`, { token });
    expect(after.body).toMatchObject({
      label: partner.org.name,
      partner: { id: partner.org.id, name: partner.org.name },
      invitation_status: 'accepted',
    });
  });

  it("inviting another company's non-admin goes out; the rule is applied when the invitee answers", async () => {
    const owner = await createTeam(server.db);
    const partner = await createTeam(server.db);
    const token = await login(server, owner.admin);
    const invite = await inviteByMail(server, token, { collab_type: 'client', email: partner.member.email });
    const refused = await server.call('POST', PUBLIC, { body: { token: invite.token, action: 'accept' } });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('not_administrator_email');
    const row = await server.db
      .selectFrom('collaborations')
      .select(['invitation_status', 'partner_client_id'])
      .where('id', '=', invite.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ invitation_status: 'pending', partner_client_id: null });
  });
});

describe('inviting a company the organisation already works with', () => {
  it("check-email names it; an admin's address makes it the partner at once, and it sees the invitation", async () => {
    const owner = await createTeam(server.db);
    const partner = await createTeam(server.db);
    // The partner invited the owner before; the owner now invites the partner's admin.
    await collaborating(partner.org.id, owner.org.id, owner.admin.email);
    const token = await login(server, owner.admin);
    const check = await server.call('POST', '/api/v4/collaboration/check-email', {
      token,
      body: { email: partner.admin.email.toUpperCase() },
    });
    expect(check.status).toBe(200);
    expect(check.body).toEqual({ client: { name: partner.org.name, logo: null }, is_user_admin: true });
    const invite = await inviteByMail(server, token, { collab_type: 'client', email: partner.admin.email });
    const row = await server.db
      .selectFrom('collaborations')
      .selectAll()
      .where('id', '=', invite.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      partner_client_id: partner.org.id,
      invitee_user_id: partner.admin.id,
      invitation_status: 'pending',
    });
    // The partner's admin already sees the pending invitation (type flipped).
    const partnerToken = await login(server, partner.admin);
    const list = await server.call('GET', '/api/v4/collaboration?invitation_status=pending', {
      token: partnerToken,
    });
    expect(list.body.data).toMatchObject([
      {
        id: invite.id,
        label: owner.org.name,
        type: 'provider',
        invitation_status: 'pending',
        is_owner: false,
      },
    ]);
    const accepted = await server.call('POST', PUBLIC, { body: { token: invite.token, action: 'accept' } });
    expect(accepted.status).toBe(200);
  });

  it("a non-admin's address: check-email tells, inviting answers not_administrator_email", async () => {
    const owner = await createTeam(server.db);
    const partner = await createTeam(server.db);
    await collaborating(owner.org.id, partner.org.id, partner.admin.email);
    const token = await login(server, owner.admin);
    const check = await server.call('POST', '/api/v4/collaboration/check-email', {
      token,
      body: { email: partner.member.email },
    });
    expect(check.status).toBe(200);
    expect(check.body).toEqual({ client: { name: partner.org.name, logo: null }, is_user_admin: false });
    const before = await countCollaborations(owner.org.id);
    const res = await server.call('POST', '/api/v4/collaboration', {
      token,
      body: { collab_type: 'client', email: partner.member.email },
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      error: 'not_administrator_email',
      fields: { email: 'not_administrator_email' },
    });
    expect(await countCollaborations(owner.org.id)).toBe(before);
  });

  it('an address of the own organisation answers own_company_email', async () => {
    const owner = await createTeam(server.db);
    const token = await login(server, owner.admin);
    for (const path of ['/api/v4/collaboration/check-email', '/api/v4/collaboration']) {
      const res = await server.call('POST', path, {
        token,
        body: { collab_type: 'client', email: owner.member.email },
      });
      expect(res.status).toBe(422);
      expect(res.body.fields).toEqual({ email: 'own_company_email' });
    }
    const unknown = await server.call('POST', '/api/v4/collaboration/check-email', {
      token,
      body: { email: uniqueEmail('nobody') },
    });
    expect(unknown.body).toEqual(NOTHING);
    const bad = await server.call('POST', '/api/v4/collaboration/check-email', {
      token,
      body: { email: 'x' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.fields).toEqual({ email: 'invalid_format' });
    expect(
      (await server.call('POST', '/api/v4/collaboration/check-email', { body: { email: 'a@b.test' } }))
        .status,
    ).toBe(401);
    expect(await countCollaborations(owner.org.id)).toBe(0);
  });
});

describe('address lookups are counted per person', () => {
  it('check-email and users/check-existing share an hourly budget; beyond it 429 too_many_requests', async () => {
    const team = await createTeam(server.db);
    const other = await createTeam(server.db);
    const token = await login(server, team.admin);
    const check = () =>
      server.call('POST', '/api/v4/collaboration/check-email', { token, body: { email: uniqueEmail('c') } });
    expect((await check()).status).toBe(200);
    const existing = await server.call('POST', '/api/v4/users/check-existing', {
      token,
      body: { emails: [uniqueEmail('a'), uniqueEmail('b'), uniqueEmail('c')] },
    });
    expect(existing.status).toBe(200);
    const counter = () =>
      server.db
        .selectFrom('rate_limits')
        .select('hits')
        .where('bucket', '=', BUDGETS.addressChecks.bucket)
        .where('key', '=', `user:${team.admin.id}`)
        .executeTakeFirstOrThrow();
    expect((await counter()).hits).toBe(4);
    // Spend the rest of the hour's budget.
    await server.db
      .updateTable('rate_limits')
      .set({ hits: BUDGETS.addressChecks.limit })
      .where('bucket', '=', BUDGETS.addressChecks.bucket)
      .where('key', '=', `user:${team.admin.id}`)
      .execute();
    const refused = await check();
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('too_many_requests');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const refusedToo = await server.call('POST', '/api/v4/users/check-existing', {
      token,
      body: { emails: [uniqueEmail('d')] },
    });
    expect(refusedToo.status).toBe(429);
    // Another person's budget is their own.
    const theirs = await server.call('POST', '/api/v4/collaboration/check-email', {
      token: await login(server, other.admin),
      body: { email: uniqueEmail('e') },
    });
    expect(theirs.status).toBe(200);
  });

  it('invitations have their own budget, counted by address', async () => {
    const team = await createTeam(server.db);
    const token = await login(server, team.admin);
    await server.db
      .insertInto('rate_limits')
      .values({
        bucket: BUDGETS.invitations.bucket,
        key: `user:${team.admin.id}`,
        window_start: new Date(),
        hits: BUDGETS.invitations.limit - 1,
      })
      .execute();
    const two = await server.call('POST', '/api/v4/collaboration/create-multiple', {
      token,
      body: {
        collab_type: 'provider',
        new_collaborations: [{ email: uniqueEmail('x') }, { email: uniqueEmail('y') }],
      },
    });
    expect(two.status).toBe(429);
    expect(two.body.error).toBe('too_many_requests');
    expect(await countCollaborations(team.org.id)).toBe(0);
  });
});

describe('create-multiple', () => {
  it('checks every entry and creates nothing when one fails', async () => {
    const owner = await createTeam(server.db);
    const token = await login(server, owner.admin);
    const open = uniqueEmail('open');
    await inviteByMail(server, token, { collab_type: 'client', email: open });
    const partner = await createTeam(server.db);
    // A company the owner already works with: its non-admin's address is refused at once.
    await collaborating(partner.org.id, owner.org.id, owner.admin.email);
    const fine = uniqueEmail('fine');
    const res = await server.call('POST', '/api/v4/collaboration/create-multiple', {
      token,
      body: {
        collab_type: 'provider',
        new_collaborations: [
          { email: fine },
          { email: fine.toUpperCase() },
          { email: open },
          { email: partner.member.email },
          { email: owner.member.email },
        ],
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.fields).toEqual({
      'new_collaborations.1.email': 'email_already_added',
      'new_collaborations.2.email': 'collaboration_already_exists',
      'new_collaborations.3.email': 'not_administrator_email',
      'new_collaborations.4.email': 'own_company_email',
    });
    const format = await server.call('POST', '/api/v4/collaboration/create-multiple', {
      token,
      body: { collab_type: 'provider', new_collaborations: [{ email: fine }, { email: 'nope' }] },
    });
    expect(format.status).toBe(422);
    expect(format.body.fields).toEqual({ 'new_collaborations.1.email': 'invalid_format' });
    const badType = await server.call('POST', '/api/v4/collaboration/create-multiple', {
      token,
      body: { collab_type: 'friend', new_collaborations: [{ email: fine }] },
    });
    expect(badType.status).toBe(422);
    expect(badType.body.fields).toEqual({ collab_type: 'invalid_format' });
    expect(await countCollaborations(owner.org.id)).toBe(1);

    const ok = await server.call('POST', '/api/v4/collaboration/create-multiple', {
      token,
      body: {
        collab_type: 'provider',
        new_collaborations: [{ email: fine, company_alias: 'Fine Co' }, { email: partner.admin.email }],
      },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.success).toBe(true);
    const items = ok.body.new_collaborations.map((i: unknown) => ZCollaborationItemSchema.parse(i));
    expect(items).toMatchObject([
      { label: 'Fine Co', type: 'provider', access_type: 'full', invitation_status: 'pending', users: [] },
      { label: partner.org.name, partner: { id: partner.org.id } },
    ]);
    expect(await countCollaborations(owner.org.id)).toBe(3);
  });

  it('a declined address may be invited again', async () => {
    const owner = await createTeam(server.db);
    const token = await login(server, owner.admin);
    const email = uniqueEmail('again');
    const first = await inviteByMail(server, token, { collab_type: 'client', email });
    await server.call('POST', PUBLIC, { body: { token: first.token, action: 'decline' } });
    const second = await server.call('POST', '/api/v4/collaboration', {
      token,
      body: { collab_type: 'client', email },
    });
    expect(second.status).toBe(201);
    // Re-opening the declined one now collides with the open one.
    const reopen = await server.call('POST', `/api/v4/collaboration/${first.id}/reinvite`, { token });
    expect(reopen.status).toBe(422);
    expect(reopen.body.error).toBe('collaboration_already_exists');
  });
});

describe('who may invite', () => {
  it('a non-admin only with limited invites on, and then only with limited access', async () => {
    const owner = await createTeam(server.db);
    const memberToken = await login(server, owner.member);
    const body = { collab_type: 'client', access_type: 'limited', email: uniqueEmail('m') };
    const refused = await server.call('POST', '/api/v4/collaboration', { token: memberToken, body });
    expect(refused.status).toBe(403);
    // Nor may they learn whom an address belongs to.
    const probe = await server.call('POST', '/api/v4/collaboration/check-email', {
      token: memberToken,
      body: { email: owner.admin.email },
    });
    expect(probe.status).toBe(403);
    const adminToken = await login(server, owner.admin);
    await server.call('PUT', `/api/v4/client/${owner.org.id}`, {
      token: adminToken,
      body: { settings: { limited_collaborator_invites: true } },
    });
    const full = await server.call('POST', '/api/v4/collaboration', {
      token: memberToken,
      body: { ...body, access_type: 'full' },
    });
    expect(full.status).toBe(403);
    const byDefault = await server.call('POST', '/api/v4/collaboration', {
      token: memberToken,
      body: { collab_type: 'client', email: body.email },
    });
    expect(byDefault.status).toBe(403);
    expect(await countCollaborations(owner.org.id)).toBe(0);
    const limited = await server.call('POST', '/api/v4/collaboration', { token: memberToken, body });
    expect(limited.status).toBe(201);
    expect(limited.body.access_type).toBe('limited');
    // A member may share only workspaces they manage.
    const site = await addWorkspace(server.db, owner.org.id, 'Site');
    await addWorkspaceRole(server.db, owner.member, site, 'member');
    const share = await server.call('POST', '/api/v4/collaboration', {
      token: memberToken,
      body: { ...body, email: uniqueEmail('m2'), workspace_ids: [site] },
    });
    expect(share.status).toBe(403);
  });

  it('include_collab off: nobody may invite', async () => {
    const org = await createOrganisation(server.db, { settings: { include_collab: false } });
    const admin = await createUser(server.db, org.id, { role: 'admin' });
    const token = await login(server, admin);
    const res = await server.call('POST', '/api/v4/collaboration/create-multiple', {
      token,
      body: { collab_type: 'client', new_collaborations: [{ email: uniqueEmail('off') }] },
    });
    expect(res.status).toBe(403);
    expect(await countCollaborations(org.id)).toBe(0);
  });

  it('workspaces must be visible (404) and the own organisation’s (422)', async () => {
    const setup = await acceptedCollaboration(server);
    const stranger = await createTeam(server.db);
    const foreign = await addWorkspace(server.db, stranger.org.id, 'Foreign');
    const notVisible = await server.call('POST', '/api/v4/collaboration', {
      token: setup.ownerToken,
      body: { collab_type: 'client', email: uniqueEmail('w'), workspace_ids: [foreign] },
    });
    expect(notVisible.status).toBe(404);
    // The partner admin sees the owner's shared workspace but cannot share it on.
    const partnersOwn = await server.call('POST', '/api/v4/collaboration', {
      token: setup.partnerToken,
      body: { collab_type: 'client', email: uniqueEmail('w'), workspace_ids: [setup.shared] },
    });
    expect(partnersOwn.status).toBe(422);
    expect(partnersOwn.body.fields).toEqual({ workspace_ids: 'forbidden' });
    expect(await countCollaborations(setup.partnerAdmin.clientId)).toBe(0);
    const unauthenticated = await server.call('POST', '/api/v4/collaboration', {
      body: { collab_type: 'client', email: uniqueEmail('w') },
    });
    expect(unauthenticated.status).toBe(401);
  });
});
