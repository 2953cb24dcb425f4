import { randomBytes } from 'node:crypto';
import {
  ISSUE_STATUS,
  type IssueStatusId,
  normalisePublicForm,
  type PublicFormConfig,
  publicFormTemplate,
  type UiLanguage,
} from '@workbench/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { findDemoClientId } from './demo.js';

/**
 * The demo organisation's public area (issue 19): its workspace report form, configured with a
 * German and an English title and intro and the category field shown, and four issues reported
 * through it without an account: a new one with a description but no photo (the reporter gave an
 * e-mail address), one in progress with a public reply of the technician, the reporter's comment
 * and an internal note, one completed, and an anonymous one (no e-mail, so no mails). Each has its
 * reporter's follow link (a random token, as the server makes them). Dates are relative to now,
 * so the demo stays fresh. Does nothing when the organisation has a saved public form already.
 */

type DemoComment = { by: 'reporter' | string; text: string; isPublic?: boolean; hoursAgo: number };
type DemoPublicIssue = {
  title: string;
  description: string;
  workspace: string;
  category: string | null;
  status: IssueStatusId;
  assignee?: string;
  reporter: { email: string; name: string | null; phone?: string; language: UiLanguage } | null;
  daysAgo: number;
  comments?: DemoComment[];
};

/** The demo's workspace form: the standard preset, the category offered, texts in German and English. */
export function demoWorkspaceForm(): PublicFormConfig {
  const preset = publicFormTemplate('workspace', 'standard');
  return normalisePublicForm('workspace', {
    ...preset,
    fields: preset.fields.map((f) => (f.key === 'category_id' ? { ...f, visible: true } : f)),
    texts: {
      de: {
        title: 'Problem melden',
        intro:
          'Etwas ist kaputt, undicht oder schmutzig? Beschreiben Sie es kurz, gern mit einem Foto. Mit Ihrer E-Mail-Adresse erfahren Sie, wenn es erledigt ist.',
        thank_you: null,
      },
      en: {
        title: 'Report a problem',
        intro:
          'Something broken, leaking or dirty? Describe it in a few words, with a photo if you like. Leave your e-mail address to hear when it is fixed.',
        thank_you: null,
      },
    },
    primary_color: '#1c7ed6',
  });
}

export const DEMO_PUBLIC_ISSUES: DemoPublicIssue[] = [
  {
    title: 'Wasser am Boden beim Eingang',
    description:
      'Beim Haupteingang von Haus A steht eine Pfütze vor dem Lift. Es sieht aus, als käme das Wasser von der Decke.',
    workspace: 'Building A',
    category: 'Plumbing',
    status: ISSUE_STATUS.unassigned,
    reporter: { email: 'lena.huber@example.test', name: 'Lena Huber', language: 'de' },
    daysAgo: 0,
  },
  {
    title: 'Dishwasher leaking in the kitchen',
    description: 'The dishwasher in the kitchen leaves water on the floor after every run.',
    workspace: 'A-102 Kitchen',
    category: 'Plumbing',
    status: ISSUE_STATUS.inProgress,
    assignee: 'anna@demo.test',
    reporter: {
      email: 'tom.berger@example.test',
      name: 'Tom Berger',
      phone: '+43 660 5550123',
      language: 'en',
    },
    daysAgo: 2,
    comments: [
      {
        by: 'anna@demo.test',
        text: 'Thank you for the report. The door seal is worn; I am replacing it today.',
        isPublic: true,
        hoursAgo: 30,
      },
      {
        by: 'anna@demo.test',
        text: 'Seal ordered from the supplier, part number DW-4471.',
        hoursAgo: 29,
      },
      {
        by: 'reporter',
        text: 'Thanks! It leaked a little more this morning, so please bring a towel.',
        hoursAgo: 20,
      },
    ],
  },
  {
    title: 'Lobby light flickering',
    description: 'The ceiling light by the lobby doors flickers all evening.',
    workspace: 'B-001 Lobby',
    category: 'Electrical',
    status: ISSUE_STATUS.completed,
    assignee: 'ben@demo.test',
    reporter: { email: 'sara.koch@example.test', name: 'Sara Koch', language: 'de' },
    daysAgo: 6,
    comments: [
      {
        by: 'ben@demo.test',
        text: 'The starter of the lamp was broken; it is replaced and the light works again.',
        isPublic: true,
        hoursAgo: 30,
      },
    ],
  },
  {
    title: 'Window blind stuck',
    description: 'The blind of the window next to the printer cannot be raised any more.',
    workspace: 'A-101 Office',
    category: null,
    status: ISSUE_STATUS.unassigned,
    reporter: null,
    daysAgo: 1,
  },
];

export async function seedDemoPublic(db: Kysely<Database>): Promise<void> {
  const clientId = await findDemoClientId(db);
  if (!clientId) return;
  const any = await db
    .selectFrom('public_forms')
    .select('type')
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (any) return;
  const byName = <T extends { name: string; id: number }>(rows: T[], what: string) => {
    const map = new Map(rows.map((r) => [r.name, r.id]));
    return (name: string) => {
      const id = map.get(name);
      if (!id) throw new Error(`demo ${what} ${name} missing`);
      return id;
    };
  };
  const workspace = byName(
    await db.selectFrom('workspaces').select(['id', 'name']).where('client_id', '=', clientId).execute(),
    'workspace',
  );
  const category = byName(
    await db.selectFrom('categories').select(['id', 'name']).where('client_id', '=', clientId).execute(),
    'category',
  );
  const person = byName(
    (await db.selectFrom('users').select(['id', 'email']).execute()).map((u) => ({
      id: u.id,
      name: u.email,
    })),
    'user',
  );
  const admin = person('admin@demo.test');
  const hour = 60 * 60_000;
  const now = Date.now();
  const ago = (hours: number) => new Date(now - hours * hour);

  await db.transaction().execute(async (trx) => {
    const { type: _type, ...config } = demoWorkspaceForm();
    await trx
      .insertInto('public_forms')
      .values({
        client_id: clientId,
        type: 'workspace',
        config: JSON.stringify(config),
        updated_by: admin,
        updated_at: ago(24 * 10),
      })
      .execute();
    await trx
      .insertInto('activity_log')
      .values({
        client_id: clientId,
        user_id: admin,
        entity_type: 'client',
        entity_id: clientId,
        action: 'public_form_saved',
        changes: JSON.stringify({ form_type: 'workspace' }),
      })
      .execute();

    for (const issue of DEMO_PUBLIC_ISSUES) {
      const reportedAt = ago(issue.daysAgo * 24 + 2);
      const assigneeId = issue.assignee ? person(issue.assignee) : null;
      const row = await trx
        .insertInto('issues')
        .values({
          client_id: clientId,
          workspace_id: workspace(issue.workspace),
          parent_id: null,
          title: issue.title,
          description: issue.description,
          status_id: issue.status,
          priority_id: 3,
          category_id: issue.category ? category(issue.category) : null,
          assignee_id: assigneeId,
          last_assignee_id: assigneeId,
          // Reported by a public reporter: no person of the organisation created it.
          created_by: null,
          external_email_address: null,
          start_date: null,
          due_date: null,
          schedule_id: null,
          asset_id: null,
          asset_group_id: null,
          process_number: null,
          rating: null,
          translations: JSON.stringify({}),
          started_at: issue.status >= ISSUE_STATUS.inProgress ? ago(issue.daysAgo * 24 - 4) : null,
          completed_at: issue.status === ISSUE_STATUS.completed ? ago(24) : null,
          archived_at: null,
          deleted_at: null,
          created_at: reportedAt,
          updated_at: reportedAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const reporter = issue.reporter
        ? await trx
            .insertInto('public_reporters')
            .values({
              client_id: clientId,
              email: issue.reporter.email,
              full_name: issue.reporter.name,
              phone: issue.reporter.phone ?? null,
              language: issue.reporter.language,
              created_at: reportedAt,
              last_reported_at: reportedAt,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        : null;
      await trx
        .insertInto('public_issue_links')
        .values({
          client_id: clientId,
          issue_id: row.id,
          kind: 'reporter',
          reporter_id: reporter?.id ?? null,
          email: issue.reporter?.email ?? null,
          reporter_name: issue.reporter?.name ?? null,
          language: issue.reporter?.language ?? 'de',
          token: randomBytes(32).toString('base64url'),
          form_type: 'workspace',
          created_at: reportedAt,
          updated_at: reportedAt,
        })
        .execute();
      if (issue.comments?.length) {
        await trx
          .insertInto('issue_comments')
          .values(
            issue.comments.map((c) => ({
              client_id: clientId,
              issue_id: row.id,
              user_id: c.by === 'reporter' ? null : person(c.by),
              comment: c.text,
              is_public: c.by === 'reporter' || (c.isPublic ?? false),
              by_reporter: c.by === 'reporter',
              created_at: ago(c.hoursAgo),
              updated_at: ago(c.hoursAgo),
            })),
          )
          .execute();
      }
    }
  });
}
