import { readClientSettings } from '@workbench/domain';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { hashPassword } from '../modules/auth/passwords.js';

export const DEMO_PASSWORD = 'demo12345';
const SEED_LOCK_KEY = 7_300_001;

export const DEMO_USERS = [
  {
    email: 'admin@demo.test',
    first_name: 'Alice',
    last_name: 'Admin',
    role: 'admin',
    job: 'Facility Manager',
  },
  {
    email: 'manager@demo.test',
    first_name: 'Martin',
    last_name: 'Manager',
    role: 'user',
    job: 'Facility Manager',
  },
  {
    email: 'groupmanager@demo.test',
    first_name: 'Greta',
    last_name: 'Group',
    role: 'user',
    job: 'Technician',
  },
  { email: 'anna@demo.test', first_name: 'Anna', last_name: 'Member', role: 'user', job: 'Technician' },
  { email: 'ben@demo.test', first_name: 'Ben', last_name: 'Member', role: 'user', job: 'Cleaner' },
] as const;

/** A partner company (provider) that Demo Facility Services shares Graz Warehouse with. */
export const DEMO_PARTNER = {
  company: 'CleanCo Services',
  admin: { email: 'provider@demo.test', first_name: 'Paula', last_name: 'Provider' },
  member: { email: 'cleaner@demo.test', first_name: 'Carl', last_name: 'Cleaner' },
  sharedWorkspace: 'Graz Warehouse',
} as const;

type Tree = { name: string; reference_number: string; children?: Tree[] };
const WORKSPACES: Tree[] = [
  {
    name: 'Vienna HQ',
    reference_number: 'VIE',
    children: [
      {
        name: 'Building A',
        reference_number: 'VIE-A',
        children: [
          { name: 'A-101 Office', reference_number: 'VIE-A-101' },
          { name: 'A-102 Kitchen', reference_number: 'VIE-A-102' },
        ],
      },
      {
        name: 'Building B',
        reference_number: 'VIE-B',
        children: [{ name: 'B-001 Lobby', reference_number: 'VIE-B-001' }],
      },
    ],
  },
  { name: 'Graz Warehouse', reference_number: 'GRZ' },
];

/**
 * Seeds the demo organisation when the database has no organisation yet, in one transaction with
 * batch inserts (one statement per table, one per tree level). Returns whether it did.
 */
export const DEMO_CLIENT_NAME = 'Demo Facility Services';

/** The demo organisation's id, for the seeds that add to it after the first (none: no demo). */
export async function findDemoClientId(db: Kysely<Database>): Promise<number | undefined> {
  const client = await db
    .selectFrom('clients')
    .select('id')
    .where('name', '=', DEMO_CLIENT_NAME)
    .executeTakeFirst();
  return client?.id;
}

export async function seedDemoIfEmpty(db: Kysely<Database>): Promise<boolean> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction().execute(async (trx) => {
    // Several instances may start at once on one PostgreSQL: only one of them seeds.
    await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    const any = await trx.selectFrom('clients').select('id').limit(1).executeTakeFirst();
    if (any) return false;
    const client = await trx
      .insertInto('clients')
      .values({
        name: DEMO_CLIENT_NAME,
        logo: null,
        settings: JSON.stringify(readClientSettings({})),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const clientId = client.id;

    const positions = await trx
      .insertInto('job_positions')
      .values(
        ['Facility Manager', 'Technician', 'Cleaner', 'Security'].map((name) => ({
          client_id: clientId,
          name,
        })),
      )
      .returning(['id', 'name'])
      .execute();
    const positionId = (name: string) => positions.find((p) => p.name === name)?.id ?? null;

    await trx
      .insertInto('categories')
      .values(
        [
          ['Electrical', '#f59f00'],
          ['Plumbing', '#1c7ed6'],
          ['Cleaning', '#37b24d'],
          ['HVAC', '#7048e8'],
          ['Safety', '#e03131'],
        ].map(([name, color]) => ({ client_id: clientId, name: name as string, color: color as string })),
      )
      .execute();

    const users = await trx
      .insertInto('users')
      .values(
        DEMO_USERS.map((u) => ({
          client_id: clientId,
          main_client_id: clientId,
          first_name: u.first_name,
          last_name: u.last_name,
          email: u.email,
          phone: null,
          status: 'active' as const,
          role: u.role,
          language: 'en',
          profile_image: null,
          job_position_id: positionId(u.job),
          password_hash: passwordHash,
          settings: JSON.stringify({}),
          onboarding_progress: JSON.stringify({}),
          privacy_policy_consented_at: null,
          deleted_at: null,
        })),
      )
      .returning(['id', 'email', 'role'])
      .execute();
    await trx
      .insertInto('user_clients')
      .values(users.map((u) => ({ user_id: u.id, client_id: clientId, role: u.role })))
      .execute();
    const userId = (email: string) => users.find((u) => u.email === email)?.id as number;

    // Text templates the autocomplete offers in descriptions and comments (001 §2).
    const categoryIds = new Map(
      (
        await trx.selectFrom('categories').select(['id', 'name']).where('client_id', '=', clientId).execute()
      ).map((c) => [c.name, c.id]),
    );
    await trx
      .insertInto('text_templates')
      .values(
        [
          ['Replaced the faulty fuse and tested every socket on the circuit.', 'Electrical'],
          ['Checked the wiring; no fault found, the breaker was reset.', 'Electrical'],
          ['Replaced the seal and tested the connection for leaks.', 'Plumbing'],
          ['Cleared the blocked drain and flushed the pipe with hot water.', 'Plumbing'],
          ['Cleaned the floor and the surfaces and emptied the bins.', 'Cleaning'],
          ['Replaced the air filter and checked the airflow.', 'HVAC'],
          ['Area secured and marked; please keep clear until the repair is done.', 'Safety'],
          ['Waiting for the spare part; work continues once it arrives.', null],
        ].map(([text, category]) => ({
          client_id: clientId,
          text: text as string,
          category_id: category ? (categoryIds.get(category) ?? null) : null,
          created_by: userId('admin@demo.test'),
        })),
      )
      .execute();

    // Checklist templates to assign to issues (001 §2 "Checklists and templates").
    for (const [name, category, items] of [
      [
        'Monthly fire safety round',
        'Safety',
        [
          'Check every extinguisher seal and pressure',
          'Test the emergency lighting',
          'Walk the escape routes',
          'Sign the inspection log',
        ],
      ],
      [
        'Room handover after repair',
        'Cleaning',
        [
          'Remove tools and packaging',
          'Clean the work area',
          'Photograph the finished repair',
          'Tell the room owner',
        ],
      ],
    ] as const) {
      const template = await trx
        .insertInto('checklist_templates')
        .values({
          client_id: clientId,
          name,
          category_id: categoryIds.get(category) ?? null,
          created_by: userId('admin@demo.test'),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('checklist_template_items')
        .values(
          items.map((title, position) => ({
            client_id: clientId,
            template_id: template.id,
            title,
            description: null,
            position,
          })),
        )
        .execute();
    }

    // Insert the tree level by level so children know their parent's id.
    const ids = new Map<string, number>();
    let level: Array<{ node: Tree; parentId: number | null }> = WORKSPACES.map((node) => ({
      node,
      parentId: null,
    }));
    while (level.length) {
      const rows = await trx
        .insertInto('workspaces')
        .values(
          level.map(({ node, parentId }) => ({
            client_id: clientId,
            parent_id: parentId,
            name: node.name,
            description: null,
            reference_number: node.reference_number,
            image: null,
            translations: JSON.stringify({}),
            archived_at: null,
            deleted_at: null,
          })),
        )
        .returning(['id', 'name'])
        .execute();
      for (const row of rows) ids.set(row.name, row.id);
      level = level.flatMap(({ node }) =>
        (node.children ?? []).map((child) => ({ node: child, parentId: ids.get(node.name) as number })),
      );
    }

    const vienna = ['Vienna HQ', 'Building A', 'A-101 Office', 'A-102 Kitchen', 'Building B', 'B-001 Lobby'];
    const roles: Array<{
      email: string;
      role: 'manager' | 'group_manager' | 'member';
      workspaces: string[];
    }> = [
      { email: 'manager@demo.test', role: 'manager', workspaces: vienna },
      { email: 'groupmanager@demo.test', role: 'group_manager', workspaces: vienna },
      {
        email: 'anna@demo.test',
        role: 'member',
        workspaces: ['Building A', 'A-101 Office', 'A-102 Kitchen'],
      },
      { email: 'ben@demo.test', role: 'member', workspaces: ['Building B', 'B-001 Lobby'] },
    ];
    await trx
      .insertInto('workspace_users')
      .values(
        roles.flatMap((r) =>
          r.workspaces.map((w) => ({
            client_id: clientId,
            workspace_id: ids.get(w) as number,
            user_id: userId(r.email),
            role: r.role,
          })),
        ),
      )
      .execute();

    // The partner: its own organisation, sharing one workspace with full access; its admin
    // sees the shared workspace as collab admin, its cleaner works there as a member.
    const partner = await trx
      .insertInto('clients')
      .values({ name: DEMO_PARTNER.company, logo: null, settings: JSON.stringify(readClientSettings({})) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const partnerUsers = await trx
      .insertInto('users')
      .values(
        [
          { ...DEMO_PARTNER.admin, role: 'admin' as const },
          { ...DEMO_PARTNER.member, role: 'user' as const },
        ].map((u) => ({
          ...u,
          client_id: partner.id,
          main_client_id: partner.id,
          phone: null,
          status: 'active' as const,
          language: 'en',
          profile_image: null,
          job_position_id: null,
          password_hash: passwordHash,
          settings: JSON.stringify({}),
          onboarding_progress: JSON.stringify({}),
          privacy_policy_consented_at: null,
          deleted_at: null,
        })),
      )
      .returning(['id', 'email', 'role'])
      .execute();
    await trx
      .insertInto('user_clients')
      .values(partnerUsers.map((u) => ({ user_id: u.id, client_id: partner.id, role: u.role })))
      .execute();
    const partnerAdmin = partnerUsers.find((u) => u.role === 'admin') as { id: number };
    const partnerMember = partnerUsers.find((u) => u.role === 'user') as { id: number };
    const collaboration = await trx
      .insertInto('collaborations')
      .values({
        client_id: clientId,
        partner_client_id: partner.id,
        type: 'provider',
        access_type: 'full',
        invitation_status: 'accepted',
        invited_email: DEMO_PARTNER.admin.email,
        company_alias: null,
        invited_by: userId('admin@demo.test'),
        invitee_user_id: partnerAdmin.id,
        logo: null,
        responded_at: new Date(),
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const shared = ids.get(DEMO_PARTNER.sharedWorkspace) as number;
    await trx
      .insertInto('collaboration_workspaces')
      .values({ client_id: clientId, collaboration_id: collaboration.id, workspace_id: shared })
      .execute();
    await trx
      .insertInto('collaboration_users')
      .values({
        client_id: clientId,
        collaboration_id: collaboration.id,
        workspace_id: shared,
        user_id: partnerMember.id,
        role: 'member',
      })
      .execute();

    await seedDemoIssues(trx, {
      clientId,
      workspaceId: (name) => ids.get(name) as number,
      userId,
      partnerMemberId: partnerMember.id,
    });
    return true;
  });
}

type DemoIssue = {
  title: string;
  workspace: string;
  status: number;
  assignee?: string;
  reporter: string;
  priority?: number;
  /** Days from today; negative = in the past. */
  start?: number;
  due?: number;
  worktimeMinutes?: number;
  worktimeRequired?: boolean;
  archived?: boolean;
  comments?: Array<[string, string]>;
  children?: DemoIssue[];
};

/** Issues in every status across the tree, with sub-issues, comments and work time. */
const DEMO_ISSUES: DemoIssue[] = [
  {
    title: 'Replace flickering light in the lobby',
    workspace: 'B-001 Lobby',
    status: 1,
    reporter: 'ben@demo.test',
  },
  {
    title: 'Check fire extinguishers',
    workspace: 'Vienna HQ',
    status: 2,
    reporter: 'manager@demo.test',
    priority: 4,
    due: 7,
    children: [
      {
        title: 'Building A extinguishers',
        workspace: 'Building A',
        status: 2,
        reporter: 'manager@demo.test',
      },
      {
        title: 'Building B extinguishers',
        workspace: 'Building B',
        status: 8,
        assignee: 'ben@demo.test',
        reporter: 'manager@demo.test',
        worktimeMinutes: 40,
      },
    ],
  },
  {
    title: 'Leaking tap in the kitchen',
    workspace: 'A-102 Kitchen',
    status: 3,
    assignee: 'anna@demo.test',
    reporter: 'groupmanager@demo.test',
    priority: 5,
    due: 0,
    comments: [['groupmanager@demo.test', 'Water is dripping onto the floor, please look at it today.']],
  },
  {
    title: 'Paint the meeting room wall',
    workspace: 'A-101 Office',
    status: 4,
    assignee: 'ben@demo.test',
    reporter: 'manager@demo.test',
    comments: [['ben@demo.test', 'Declined: I am not in Building A this week.']],
  },
  {
    title: 'Service the air conditioning',
    workspace: 'Building A',
    status: 5,
    assignee: 'anna@demo.test',
    reporter: 'manager@demo.test',
    start: 2,
    due: 5,
    worktimeRequired: true,
  },
  {
    title: 'Repair the loading dock door',
    workspace: 'Graz Warehouse',
    status: 6,
    assignee: 'cleaner@demo.test',
    reporter: 'admin@demo.test',
    priority: 4,
    start: -2,
    due: -1,
    worktimeMinutes: 90,
    comments: [
      ['admin@demo.test', 'The door does not close fully since Monday.'],
      ['cleaner@demo.test', 'Spare part ordered, fitting it tomorrow.'],
    ],
  },
  {
    title: 'Clean the office windows',
    workspace: 'A-101 Office',
    status: 7,
    assignee: 'anna@demo.test',
    reporter: 'groupmanager@demo.test',
    worktimeMinutes: 120,
    due: 1,
  },
  {
    title: 'Replace the lobby doormat',
    workspace: 'B-001 Lobby',
    status: 8,
    assignee: 'ben@demo.test',
    reporter: 'manager@demo.test',
    worktimeMinutes: 15,
  },
  {
    title: 'Inspect the emergency exits',
    workspace: 'Vienna HQ',
    status: 8,
    assignee: 'manager@demo.test',
    reporter: 'admin@demo.test',
    worktimeMinutes: 60,
    archived: true,
  },
];

async function seedDemoIssues(
  trx: Transaction<Database>,
  demo: {
    clientId: number;
    workspaceId: (name: string) => number;
    userId: (email: string) => number;
    partnerMemberId: number;
  },
): Promise<void> {
  const personId = (email: string) =>
    email === DEMO_PARTNER.member.email ? demo.partnerMemberId : demo.userId(email);
  const day = 24 * 60 * 60_000;
  const now = Date.now();
  const insert = async (issue: DemoIssue, parentId: number | null) => {
    const assigneeId = issue.assignee ? personId(issue.assignee) : null;
    const seconds = (issue.worktimeMinutes ?? 0) * 60;
    const row = await trx
      .insertInto('issues')
      .values({
        client_id: demo.clientId,
        workspace_id: demo.workspaceId(issue.workspace),
        parent_id: parentId,
        title: issue.title,
        description: null,
        status_id: issue.status,
        priority_id: issue.priority ?? 3,
        category_id: null,
        assignee_id: assigneeId,
        last_assignee_id: assigneeId,
        created_by: personId(issue.reporter),
        external_email_address: null,
        start_date: issue.start === undefined ? null : new Date(now + issue.start * day),
        due_date: issue.due === undefined ? null : new Date(now + issue.due * day),
        schedule_id: null,
        asset_id: null,
        asset_group_id: null,
        is_worktime_required: issue.worktimeRequired ?? false,
        worktime_total: seconds,
        process_number: null,
        rating: null,
        translations: JSON.stringify({}),
        started_at: issue.status >= 6 ? new Date(now - 2 * day) : null,
        completed_at: issue.status === 8 ? new Date(now - day) : null,
        archived_at: issue.archived ? new Date(now - day) : null,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (seconds && assigneeId) {
      await trx
        .insertInto('worktime_logs')
        .values({
          client_id: demo.clientId,
          issue_id: row.id,
          user_id: assigneeId,
          seconds,
          started_at: null,
          ended_at: null,
          note: null,
        })
        .execute();
    }
    if (issue.comments?.length) {
      await trx
        .insertInto('issue_comments')
        .values(
          issue.comments.map(([email, comment]) => ({
            client_id: demo.clientId,
            issue_id: row.id,
            user_id: personId(email),
            comment,
          })),
        )
        .execute();
    }
    for (const child of issue.children ?? []) await insert(child, row.id);
  };
  for (const issue of DEMO_ISSUES) await insert(issue, null);
}
