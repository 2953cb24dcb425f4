import { defaultPublicForm, type PublicFormConfig, type PublicFormType } from '@workbench/domain';
import { addWorkspace, addWorkspaceRole, createTeam, createUser, login } from './factories.js';
import type { TestServer } from './test-server.js';

/** The public area's tests (issue 19): an organisation with a workspace, its staff, a stranger. */

export const API = '/api/v4';

export async function createPublicWorld(server: TestServer) {
  const team = await createTeam(server.db);
  const { org, admin, member } = team;
  const workspaceId = await addWorkspace(server.db, org.id, 'Building A');
  await addWorkspaceRole(server.db, member, workspaceId, 'member');
  const caretaker = await createUser(server.db, org.id, { firstName: 'Carl', lastName: 'Caretaker' });
  await addWorkspaceRole(server.db, caretaker, workspaceId, 'member');
  const { public_code: code } = await server.db
    .selectFrom('workspaces')
    .select('public_code')
    .where('id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  const stranger = await createTeam(server.db);
  const [adminToken, memberToken, caretakerToken, strangerToken] = await Promise.all([
    login(server, admin),
    login(server, member),
    login(server, caretaker),
    login(server, stranger.admin),
  ]);
  return {
    org,
    admin,
    member,
    caretaker,
    workspaceId,
    code,
    stranger,
    tokens: { admin: adminToken, member: memberToken, caretaker: caretakerToken, stranger: strangerToken },
  };
}
export type PublicWorld = Awaited<ReturnType<typeof createPublicWorld>>;

/** Saves an organisation's form of a type: the default with `patch` over it. */
export async function setPublicForm(
  server: TestServer,
  clientId: number,
  type: PublicFormType,
  patch: Partial<Omit<PublicFormConfig, 'type'>>,
): Promise<void> {
  const { type: _type, ...config } = { ...defaultPublicForm(type), ...patch };
  await server.db
    .insertInto('public_forms')
    .values({
      client_id: clientId,
      type,
      config: JSON.stringify(config),
      updated_by: null,
      updated_at: new Date(),
    })
    .onConflict((oc) => oc.columns(['client_id', 'type']).doUpdateSet({ config: JSON.stringify(config) }))
    .execute();
}

/** A field list of a report form: `shown` visible (those in `required` required too), the rest hidden. */
export function reportFields(shown: string[], required: string[] = []): PublicFormConfig['fields'] {
  return defaultPublicForm('workspace').fields.map((f) => ({
    key: f.key,
    visible: shown.includes(f.key),
    required: required.includes(f.key),
  }));
}

/** POST public/issue as JSON. */
export function reportJson(
  server: TestServer,
  body: Record<string, unknown>,
  headers?: Record<string, string>,
) {
  return server.call('POST', `${API}/public/issue`, { body, headers });
}

/** POST public/issue as a multipart form: the fields, and files as attachments[i][file] with attachments[i][name]. */
export function reportForm(
  server: TestServer,
  fields: Record<string, string>,
  files: Array<{ data: Buffer; name: string }> = [],
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  files.forEach((file, n) => {
    form.append(`attachments[${n}][file]`, new Blob([file.data]), file.name);
    form.append(`attachments[${n}][name]`, file.name);
  });
  return server.callForm('POST', `${API}/public/issue`, form);
}

/** A report through the API that answers its issue id and follow token. */
export async function reportIssue(
  server: TestServer,
  world: Pick<PublicWorld, 'code'>,
  body: Record<string, unknown> = {},
): Promise<{ issueId: number; token: string }> {
  const res = await reportJson(server, {
    workspace_id: world.code,
    title: 'Water on the floor',
    description: 'By the lift on the 2nd floor',
    reporter_name: 'Tina Tenant',
    reporter_email: 'tina@example.test',
    language: 'de',
    ...body,
  });
  if (res.status !== 201) throw new Error(`report: ${res.status} ${JSON.stringify(res.body)}`);
  const link = await server.db
    .selectFrom('public_issue_links')
    .select('token')
    .where('issue_id', '=', res.body.issue_id)
    .where('kind', '=', 'reporter')
    .executeTakeFirstOrThrow();
  return { issueId: res.body.issue_id, token: link.token };
}

/** The mails of an organisation, oldest first. */
export function outboxOf(server: TestServer, clientId: number) {
  return server.db
    .selectFrom('mail_outbox')
    .select(['to_email', 'subject', 'text', 'html', 'kind'])
    .where('client_id', '=', clientId)
    .orderBy('id')
    .execute();
}

/** Fills a budget for a key, so the next hit is refused. */
export async function exhaustBudget(
  server: TestServer,
  budget: { bucket: string; limit: number },
  key: string,
): Promise<void> {
  await server.db
    .insertInto('rate_limits')
    .values({ bucket: budget.bucket, key, window_start: new Date(), hits: budget.limit })
    .onConflict((oc) =>
      oc.columns(['bucket', 'key']).doUpdateSet({ hits: budget.limit, window_start: new Date() }),
    )
    .execute();
}
