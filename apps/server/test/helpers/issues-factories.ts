import type { Insertable } from 'kysely';
import type { IssuesTable } from '../../src/db/schema.js';
import { addWorkspace, addWorkspaceRole, createTeam, createUser, login, type TestUser } from './factories.js';
import type { TestServer } from './test-server.js';

export const API = '/api/v4';

/** Inserts an issue row directly (tests set up any state the rules need). */
export async function insertIssue(
  server: TestServer,
  values: Partial<Insertable<IssuesTable>> & { client_id: number; workspace_id: number },
): Promise<number> {
  const row = await server.db
    .insertInto('issues')
    .values({
      parent_id: null,
      title: 'Leaking pipe',
      description: null,
      category_id: null,
      assignee_id: null,
      last_assignee_id: null,
      created_by: null,
      external_email_address: null,
      start_date: null,
      due_date: null,
      schedule_id: null,
      asset_id: null,
      asset_group_id: null,
      process_number: null,
      rating: null,
      translations: '{}',
      started_at: null,
      completed_at: null,
      archived_at: null,
      deleted_at: null,
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An accepted collaboration sharing `workspaceId` with a partner, with a partner member given a role there. */
export async function addPartner(
  server: TestServer,
  owner: { orgId: number; adminId: number },
  workspaceId: number,
  accessType: 'full' | 'limited',
) {
  const partner = await createTeam(server.db);
  const { id: collaborationId } = await server.db
    .insertInto('collaborations')
    .values({
      client_id: owner.orgId,
      partner_client_id: partner.org.id,
      type: 'provider',
      access_type: accessType,
      invitation_status: 'accepted',
      invited_email: partner.admin.email,
      company_alias: null,
      invited_by: owner.adminId,
      invitee_user_id: partner.admin.id,
      logo: null,
      responded_at: new Date(),
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.db
    .insertInto('collaboration_workspaces')
    .values({ client_id: owner.orgId, collaboration_id: collaborationId, workspace_id: workspaceId })
    .execute();
  const collabMember = await createUser(server.db, partner.org.id, { firstName: 'Cleo', lastName: 'Collab' });
  const collabManager = await createUser(server.db, partner.org.id, { firstName: 'Cal', lastName: 'Lead' });
  await server.db
    .insertInto('collaboration_users')
    .values([
      {
        client_id: owner.orgId,
        collaboration_id: collaborationId,
        workspace_id: workspaceId,
        user_id: collabMember.id,
        role: 'member',
      },
      {
        client_id: owner.orgId,
        collaboration_id: collaborationId,
        workspace_id: workspaceId,
        user_id: collabManager.id,
        role: 'collab_manager',
      },
    ])
    .execute();
  return { partner, collaborationId, collabMember, collabManager };
}

/**
 * An organisation with a Site (manager Mia, group manager Gus, members Mo and Ava the assignee)
 * and a Room below it, a Depot where only Dan works, a partner company sharing the Site (full
 * access) with its member Cleo and collab manager Cal; and everybody's login.
 */
export async function createIssueTeam(
  server: TestServer,
  options: { settings?: Record<string, unknown> } = {},
) {
  const team = await createTeam(server.db);
  const { org, admin, member } = team;
  if (options.settings) {
    const current = await server.db
      .selectFrom('clients')
      .select('settings')
      .where('id', '=', org.id)
      .executeTakeFirstOrThrow();
    await server.db
      .updateTable('clients')
      .set({ settings: JSON.stringify({ ...(current.settings as object), ...options.settings }) })
      .where('id', '=', org.id)
      .execute();
  }
  const site = await addWorkspace(server.db, org.id, 'Site');
  const room = await addWorkspace(server.db, org.id, 'Room', site);
  const depot = await addWorkspace(server.db, org.id, 'Depot');
  const manager = await createUser(server.db, org.id, { firstName: 'Mia', lastName: 'Manager' });
  const groupManager = await createUser(server.db, org.id, { firstName: 'Gus', lastName: 'Group' });
  const assignee = await createUser(server.db, org.id, { firstName: 'Ava', lastName: 'Assignee' });
  const depotMember = await createUser(server.db, org.id, { firstName: 'Dan', lastName: 'Depot' });
  await addWorkspaceRole(server.db, manager, site, 'manager');
  await addWorkspaceRole(server.db, groupManager, site, 'group_manager');
  await addWorkspaceRole(server.db, member, site, 'member');
  await addWorkspaceRole(server.db, assignee, site, 'member');
  await addWorkspaceRole(server.db, depotMember, depot, 'member');
  const { partner, collaborationId, collabMember, collabManager } = await addPartner(
    server,
    { orgId: org.id, adminId: admin.id },
    site,
    'full',
  );
  const people = { admin, manager, groupManager, member, assignee, depotMember, collabMember, collabManager };
  const tokens = Object.fromEntries(
    await Promise.all(
      Object.entries(people).map(
        async ([name, user]) => [name, await login(server, user as TestUser)] as const,
      ),
    ),
  ) as Record<keyof typeof people, string>;
  const stranger = await createTeam(server.db);
  const strangerToken = await login(server, stranger.admin);
  return {
    org,
    people,
    tokens,
    partner,
    collaborationId,
    ids: { site, room, depot },
    strangerToken,
    /** An issue in the Site, reported by the admin; override any column. */
    issue: (values: Partial<Insertable<IssuesTable>> = {}) =>
      insertIssue(server, { client_id: org.id, workspace_id: site, created_by: admin.id, ...values }),
  };
}

/** Everything stored about an issue, to prove a refused call changed nothing. */
export async function issueSnapshot(server: TestServer, id: number): Promise<string> {
  const [issue, watchers, links, comments, worktime, categories, timers, activity] = await Promise.all([
    server.db.selectFrom('issues').selectAll().where('id', '=', id).executeTakeFirst(),
    server.db
      .selectFrom('issue_watchers')
      .selectAll()
      .where('issue_id', '=', id)
      .orderBy('user_id')
      .execute(),
    server.db.selectFrom('issue_links').selectAll().where('issue_id', '=', id).orderBy('id').execute(),
    server.db.selectFrom('issue_comments').selectAll().where('issue_id', '=', id).orderBy('id').execute(),
    server.db.selectFrom('worktime_logs').selectAll().where('issue_id', '=', id).orderBy('id').execute(),
    server.db
      .selectFrom('issue_categories')
      .selectAll()
      .where('issue_id', '=', id)
      .orderBy('category_id')
      .execute(),
    server.db.selectFrom('issue_timers').selectAll().where('issue_id', '=', id).orderBy('user_id').execute(),
    server.db
      .selectFrom('activity_log')
      .selectAll()
      .where('entity_type', '=', 'issue')
      .where('entity_id', '=', id)
      .orderBy('id')
      .execute(),
  ]);
  return JSON.stringify({ issue, watchers, links, comments, worktime, categories, timers, activity });
}

/** All issues of an organisation (ids and titles), to prove nothing was created. */
export async function countIssues(server: TestServer, clientId: number): Promise<number> {
  const rows = await server.db.selectFrom('issues').select('id').where('client_id', '=', clientId).execute();
  return rows.length;
}
