import type { Insertable, Kysely } from 'kysely';
import type { Database, SchedulesTable } from '../../src/db/schema.js';
import type { TestServer } from './test-server.js';

// Schedules inserted directly (tests set up any state the rules need): a daily schedule from
// today at 08:00-16:00 unless overridden, with its people, categories and assets as rows.

type Db = Kysely<Database>;

export type ScheduleFactoryValues = Partial<Insertable<SchedulesTable>> & {
  clientId: number;
  workspaceId: number;
  watcherIds?: number[];
  replacementIds?: number[];
  categoryIds?: number[];
  assetIds?: number[];
  checklistTemplateIds?: number[];
};

const today = () => new Date().toISOString().slice(0, 10);

/** A schedule of the organisation in the workspace (any column may be overridden). Returns its id. */
export async function createSchedule(
  target: Db | TestServer,
  values: ScheduleFactoryValues,
): Promise<number> {
  const db = 'db' in target ? target.db : target;
  const {
    clientId,
    workspaceId,
    watcherIds = [],
    replacementIds = [],
    categoryIds = [],
    assetIds = [],
    checklistTemplateIds = [],
    ...columns
  } = values;
  const row = await db
    .insertInto('schedules')
    .values({
      client_id: clientId,
      workspace_id: workspaceId,
      title: 'Daily round',
      description: null,
      category_id: null,
      assignee_id: null,
      assignee_status: null,
      assignee_note: null,
      assignee_decided_at: null,
      start_date: today(),
      repeat_unit: 'days',
      repeat_value: 1,
      end_after: null,
      end_on: null,
      repeat_week_of_month: null,
      work_hours_start: '08:00',
      work_hours_end: '16:00',
      time_slots: JSON.stringify([]),
      time_limits: JSON.stringify({ completion: null }),
      presence_alarm: JSON.stringify({}),
      // As planned by the create call: an occurrence still to come (null reads as finished).
      next_issue_scheduled_at: new Date(Date.now() + 86_400_000),
      materialize_at: null,
      paused_at: null,
      archived_at: null,
      created_by: null,
      deleted_at: null,
      ...columns,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = row.id;
  const people = [
    ...watcherIds.map((user_id) => ({ user_id, role: 'watcher' as const })),
    ...replacementIds.map((user_id) => ({ user_id, role: 'replacement' as const })),
  ];
  if (people.length) {
    await db
      .insertInto('schedule_people')
      .values(people.map((p) => ({ client_id: clientId, schedule_id: id, ...p })))
      .execute();
  }
  if (categoryIds.length) {
    await db
      .insertInto('schedule_categories')
      .values(categoryIds.map((category_id) => ({ client_id: clientId, schedule_id: id, category_id })))
      .execute();
  }
  if (assetIds.length) {
    await db
      .insertInto('schedule_assets')
      .values(assetIds.map((asset_id) => ({ client_id: clientId, schedule_id: id, asset_id })))
      .execute();
  }
  if (checklistTemplateIds.length) {
    await db
      .insertInto('schedule_checklist_templates')
      .values(
        checklistTemplateIds.map((template_id, position) => ({
          client_id: clientId,
          schedule_id: id,
          template_id,
          position,
        })),
      )
      .execute();
  }
  return id;
}
