import { randomBytes } from 'node:crypto';
import { readClientSettings, type UserRole, type UserStatus, type WorkspaceRole } from '@workbench/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.js';
import { processAuthMailRequests } from '../../src/modules/auth/auth-mail-requests.js';
import { hashPassword } from '../../src/modules/auth/passwords.js';
import { hashToken } from '../../src/modules/auth/tokens.js';
import { TEST_APP_URL, type TestServer } from './test-server.js';

// Each test builds its own organisation and people; nothing is shared between tests.
const hashes = new Map<string, Promise<string>>();
function cachedHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomBytes(5).toString('hex')}@example.test`;

export async function createOrganisation(
  db: Kysely<Database>,
  options: { name?: string; settings?: Record<string, unknown> } = {},
): Promise<{ id: number; name: string }> {
  const name = options.name ?? `Org ${randomBytes(3).toString('hex')}`;
  const row = await db
    .insertInto('clients')
    .values({
      name,
      logo: null,
      settings: JSON.stringify({ ...readClientSettings({}), ...options.settings }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, name };
}

export type TestUser = { id: number; clientId: number; email: string; password: string };

export async function createUser(
  db: Kysely<Database>,
  clientId: number,
  options: {
    email?: string;
    password?: string | null;
    role?: UserRole;
    status?: UserStatus;
    firstName?: string;
    lastName?: string;
  } = {},
): Promise<TestUser> {
  const email = options.email ?? uniqueEmail(options.role ?? 'user');
  const password = options.password === undefined ? 'correct-horse-1' : options.password;
  const row = await db
    .insertInto('users')
    .values({
      client_id: clientId,
      main_client_id: clientId,
      first_name: options.firstName ?? 'Test',
      last_name: options.lastName ?? 'Person',
      email,
      phone: null,
      status: options.status ?? 'active',
      role: options.role ?? 'user',
      language: 'en',
      profile_image: null,
      job_position_id: null,
      password_hash: password === null ? null : await cachedHash(password),
      settings: JSON.stringify({}),
      onboarding_progress: JSON.stringify({}),
      privacy_policy_consented_at: null,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('user_clients')
    .values({ user_id: row.id, client_id: clientId, role: options.role ?? 'user' })
    .execute();
  return { id: row.id, clientId, email, password: password ?? '' };
}

/** An organisation with an admin and a plain user: the usual start of a test. */
export async function createTeam(db: Kysely<Database>) {
  const org = await createOrganisation(db);
  const admin = await createUser(db, org.id, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
  const member = await createUser(db, org.id, { role: 'user', firstName: 'Mo', lastName: 'Member' });
  return { org, admin, member };
}

export async function addWorkspace(
  db: Kysely<Database>,
  clientId: number,
  name: string,
  parentId: number | null = null,
): Promise<number> {
  const row = await db
    .insertInto('workspaces')
    .values({
      client_id: clientId,
      parent_id: parentId,
      name,
      description: null,
      reference_number: null,
      image: null,
      translations: JSON.stringify({}),
      archived_at: null,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function addWorkspaceRole(
  db: Kysely<Database>,
  user: TestUser,
  workspaceId: number,
  role: WorkspaceRole,
): Promise<void> {
  await db
    .insertInto('workspace_users')
    .values({ client_id: user.clientId, workspace_id: workspaceId, user_id: user.id, role })
    .execute();
}

export async function login(
  server: TestServer,
  user: { email: string; password: string },
  extra: { remember_me?: boolean } = {},
): Promise<string> {
  const res = await server.call('POST', '/api/v4/auth/login', {
    body: { email: user.email, password: user.password, ...extra },
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}

/** Moves a token's expiry into the past, as if its time had run out. */
export async function expireToken(db: Kysely<Database>, rawToken: string): Promise<void> {
  await db
    .updateTable('user_tokens')
    .set({ expires_at: new Date(Date.now() - 1000) })
    .where('token_hash', '=', hashToken(rawToken))
    .execute();
}

/** Reads the newest mail to an address through the admin's outbox API, and the token in its link. */
export async function readMailLink(
  server: TestServer,
  adminToken: string,
  to: string,
  linkPath: string,
): Promise<{ token: string; mail: { subject: string; text: string; kind: string } }> {
  // Reset and login-link mails are queued and sent after the answer: send what is queued.
  await processAuthMailRequests(server.ctx);
  const res = await server.call('GET', '/api/v4/mail/outbox', { token: adminToken });
  if (res.status !== 200) throw new Error(`outbox: ${res.status}`);
  const mail = (
    res.body.data as Array<{ to_email: string; text: string; subject: string; kind: string }>
  ).find((m) => m.to_email === to);
  if (!mail) throw new Error(`no mail to ${to}`);
  const match = mail.text.match(new RegExp(`${TEST_APP_URL}${linkPath}\\?token=([A-Za-z0-9_-]+)`));
  if (!match?.[1]) throw new Error(`no ${linkPath} link in: ${mail.text}`);
  return { token: match[1], mail };
}
