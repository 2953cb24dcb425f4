import { expect } from 'vitest';
import { addWorkspace, createTeam, login, type TestUser, uniqueEmail } from './factories.js';
import type { TestServer } from './test-server.js';

export const ACTION_PATH = '/public/collaboration_action';

/**
 * Invites one address as the owner's admin and returns the invitation token from the mail, read
 * as the invitee would: from the outbox table (the owner's outbox holds it only for an address
 * without an account).
 */
export async function inviteByMail(
  server: TestServer,
  adminToken: string,
  body: Record<string, unknown>,
): Promise<{ id: number; token: string; text: string }> {
  const res = await server.call('POST', '/api/v4/collaboration', { token: adminToken, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const mail = await server.db
    .selectFrom('mail_outbox')
    .select('text')
    .where('to_email', '=', String(body.email).toLowerCase())
    .where('kind', '=', 'collaboration_invite')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const token = mail.text.match(new RegExp(`${ACTION_PATH}\\?token=([A-Za-z0-9_-]+)`))?.[1];
  if (!token) throw new Error(`no ${ACTION_PATH} link in: ${mail.text}`);
  return { id: res.body.id as number, token, text: mail.text };
}

/**
 * An owner organisation with two workspaces; the first is shared with a partner company that was
 * invited by e-mail and accepted by founding its company. Returns everybody's logins.
 */
export async function acceptedCollaboration(
  server: TestServer,
  options: { type?: 'client' | 'provider'; access_type?: 'full' | 'limited' } = {},
) {
  const owner = await createTeam(server.db);
  const ownerToken = await login(server, owner.admin);
  const shared = await addWorkspace(server.db, owner.org.id, 'Shared site');
  const sharedChild = await addWorkspace(server.db, owner.org.id, 'Shared room', shared);
  const other = await addWorkspace(server.db, owner.org.id, 'Private site');
  const partnerEmail = uniqueEmail('partner');
  const invite = await inviteByMail(server, ownerToken, {
    collab_type: options.type ?? 'provider',
    access_type: options.access_type ?? 'full',
    email: partnerEmail,
    company_alias: 'Cleaners',
    workspace_ids: [shared],
  });
  const accepted = await server.call('POST', `/api/v4${ACTION_PATH}`, {
    body: {
      token: invite.token,
      action: 'accept',
      company_name: 'Partner Cleaning Ltd',
      first_name: 'Pat',
      last_name: 'Partner',
      password: 'partner-secret-1',
    },
  });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  const partnerAdmin: TestUser = {
    id: accepted.body.login.user.id,
    clientId: accepted.body.login.user.client_id,
    email: partnerEmail,
    password: 'partner-secret-1',
  };
  return {
    owner,
    ownerToken,
    shared,
    sharedChild,
    other,
    collabId: invite.id,
    partnerAdmin,
    partnerToken: accepted.body.login.token as string,
  };
}
