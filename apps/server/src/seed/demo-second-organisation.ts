import { readClientSettings } from '@workbench/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** The demo's second organisation (issue 21), so switching organisations can be tried. */
export const DEMO_SECOND_CLIENT_NAME = 'Harbour Offices Ltd';
/** The demo person who also works there. */
export const DEMO_SECOND_MEMBER_EMAIL = 'manager@demo.test';

/**
 * A small second organisation the demo manager also belongs to (user menu → switch): one office
 * building with a reception and a meeting room, the manager managing it, and two open issues.
 * Does nothing when it exists already or the demo manager is missing.
 */
export async function seedDemoSecondOrganisation(db: Kysely<Database>): Promise<void> {
  const person = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_SECOND_MEMBER_EMAIL)
    .executeTakeFirst();
  if (!person) return;
  const exists = await db
    .selectFrom('clients')
    .select('id')
    .where('name', '=', DEMO_SECOND_CLIENT_NAME)
    .executeTakeFirst();
  if (exists) return;
  await db.transaction().execute(async (trx) => {
    const client = await trx
      .insertInto('clients')
      .values({ name: DEMO_SECOND_CLIENT_NAME, logo: null, settings: JSON.stringify(readClientSettings({})) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('user_clients')
      .values({ user_id: person.id, client_id: client.id, role: 'user' })
      .execute();
    const workspace = (name: string, parentId: number | null) =>
      trx
        .insertInto('workspaces')
        .values({
          client_id: client.id,
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
    const building = await workspace('Harbour House', null);
    const reception = await workspace('Reception', building.id);
    await workspace('Meeting room 2', building.id);
    await trx
      .insertInto('workspace_users')
      .values({ client_id: client.id, workspace_id: building.id, user_id: person.id, role: 'manager' })
      .execute();
    const day = 24 * 60 * 60_000;
    const issues = [
      { title: 'Replace the entrance door closer', workspace: building.id, status: 1, due: 3 },
      { title: 'Reception lights flicker', workspace: reception.id, status: 2, due: -1 },
    ];
    for (const issue of issues) {
      await trx
        .insertInto('issues')
        .values({
          client_id: client.id,
          workspace_id: issue.workspace,
          parent_id: null,
          title: issue.title,
          description: null,
          status_id: issue.status,
          priority_id: 3,
          category_id: null,
          assignee_id: person.id,
          last_assignee_id: person.id,
          created_by: person.id,
          external_email_address: null,
          start_date: null,
          due_date: new Date(Date.now() + issue.due * day),
          schedule_id: null,
          asset_id: null,
          asset_group_id: null,
          is_worktime_required: false,
          worktime_total: 0,
          process_number: null,
          rating: null,
          translations: JSON.stringify({}),
          started_at: null,
          completed_at: null,
          archived_at: null,
          deleted_at: null,
        })
        .execute();
    }
  });
}
