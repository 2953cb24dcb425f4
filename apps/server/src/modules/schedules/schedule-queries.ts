import { type EquipmentStatus, readClientSettings, type ScheduleListQuery } from '@workbench/domain';
import { type Insertable, type Kysely, sql, type Transaction, type Updateable } from 'kysely';
import type { Database, SchedulesTable } from '../../db/schema.js';
import { intArray, workspaceSubtreeSql, workspaceWorkersSql } from '../access/workspace-access.js';
import type { PersonRow } from '../assets/asset-queries.js';
import { type AssetScope, assetVisibleSql } from '../assets/asset-visibility.js';
import { type EquipmentScope, equipmentVisibleSql } from '../equipment/equipment-visibility.js';
import { scheduleListConditions } from './schedule-list-filters.js';
import type { ScheduleRuleRow } from './schedule-rule-row.js';
import { type ScheduleScope, scheduleVisibleSql } from './schedule-visibility.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A schedules row with its DATE columns as 'YYYY-MM-DD' and the names it shows. */
export type ScheduleRow = ScheduleRuleRow & {
  id: number;
  client_id: number;
  workspace_id: number;
  workspace_name: string;
  title: string;
  description: string | null;
  priority_id: number;
  category_id: number | null;
  category_name: string | null;
  assignee_id: number | null;
  assignee_status: number | null;
  assignee_note: string | null;
  reschedule_mode: SchedulesTable['reschedule_mode']['__select__'];
  assets_mode: SchedulesTable['assets_mode']['__select__'];
  presence_alarm_enabled: boolean;
  presence_alarm: unknown;
  is_attachment_required: boolean;
  is_worktime_required: boolean;
  created_count: number;
  next_issue_scheduled_at: Date | null;
  paused_at: Date | null;
  archived_at: Date | null;
  created_by: number | null;
  created_at: Date;
  updated_at: Date;
};

const day = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

/** The rows of these schedules of the organisation (live ones), in the order of `ids`. */
export async function findScheduleRows(db: Db, clientId: number, ids: number[]): Promise<ScheduleRow[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('schedules as s')
    .innerJoin('workspaces as w', 'w.id', 's.workspace_id')
    .leftJoin('categories as c', 'c.id', 's.category_id')
    .select([
      's.id',
      's.client_id',
      's.workspace_id',
      'w.name as workspace_name',
      's.title',
      's.description',
      's.priority_id',
      's.category_id',
      'c.name as category_name',
      's.assignee_id',
      's.assignee_status',
      's.assignee_note',
      's.repeat_unit',
      's.repeat_value',
      's.exclude_weekends',
      's.repeat_on',
      's.repeat_week_of_month',
      's.end_type',
      's.end_after',
      's.work_hours_start',
      's.work_hours_end',
      's.time_slots',
      's.time_limits',
      's.seasonal_break_type',
      's.seasonal_break_yearly',
      's.reschedule_mode',
      's.assets_mode',
      's.presence_alarm_enabled',
      's.presence_alarm',
      's.is_attachment_required',
      's.is_worktime_required',
      's.created_count',
      's.next_issue_scheduled_at',
      's.paused_at',
      's.archived_at',
      's.created_by',
      's.created_at',
      's.updated_at',
      day('s.start_date').as('start_date'),
      day('s.end_on').as('end_on'),
      day('s.seasonal_break_start').as('seasonal_break_start'),
      day('s.seasonal_break_end').as('seasonal_break_end'),
    ])
    .where('s.client_id', '=', clientId)
    .where('s.id', 'in', ids)
    .where('s.deleted_at', 'is', null)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row as ScheduleRow]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The organisation's time zone (client setting time_zone). */
export async function findClientTimeZone(db: Db, clientId: number): Promise<string> {
  const row = await db.selectFrom('clients').select('settings').where('id', '=', clientId).executeTakeFirst();
  return readClientSettings(row?.settings ?? {}).time_zone;
}

const SORT_COLUMNS = {
  updated: sql`s.updated_at`,
  created: sql`s.created_at`,
  title: sql`lower(s.title)`,
  next_date: sql`s.next_issue_scheduled_at`,
} as const;

/** One page of the visible schedules matching the list query, and how many match (two statements). */
export async function findSchedulePage(
  db: Db,
  scope: ScheduleScope,
  query: ScheduleListQuery,
  options: { workspaceIds: number[]; today: string },
): Promise<{ ids: number[]; total: number }> {
  const where = sql.join([scheduleVisibleSql(scope), ...scheduleListConditions(query, options)], sql` AND `);
  const direction = query.sort_direction === 'asc' ? sql`ASC` : sql`DESC`;
  // Schedules without a next date come last whichever way the list runs.
  const nulls = query.sort_by === 'next_date' ? sql`NULLS LAST` : sql``;
  const [page, count] = await Promise.all([
    sql<{ id: number }>`SELECT s.id FROM schedules s WHERE ${where}
      ORDER BY ${SORT_COLUMNS[query.sort_by]} ${direction} ${nulls}, s.id ${direction}
      LIMIT ${query.paginate_by} OFFSET ${(query.page - 1) * query.paginate_by}`.execute(db),
    sql<{ total: string | number }>`SELECT count(*) AS total FROM schedules s WHERE ${where}`.execute(db),
  ]);
  return { ids: page.rows.map((r) => r.id), total: Number(count.rows[0]?.total ?? 0) };
}

/** The workspaces and their live sub-workspaces (the include_sub_ws filter). */
export async function findWorkspaceSubtree(db: Db, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const { rows } = await sql<{ workspace_id: number }>`
    SELECT DISTINCT t.workspace_id FROM ${workspaceSubtreeSql(sql`SELECT unnest(${intArray(ids)})`)} AS t`.execute(
    db,
  );
  return rows.map((r) => r.workspace_id);
}

// ---------------------------------------------------------------------------------------------
// What a page of schedules shows (set-based: the same statements for one schedule or fifty)
// ---------------------------------------------------------------------------------------------

type Ref = { id: number; name: string };
export type ScheduleRelations = {
  people: Map<number, PersonRow>;
  watchers: Map<number, number[]>;
  replacements: Map<number, number[]>;
  categories: Map<number, Ref[]>;
  assets: Map<number, (Ref & { status: number })[]>;
  equipment: Map<number, { id: number; title: string; status: EquipmentStatus }[]>;
  templates: Map<number, Ref[]>;
  links: Map<number, { id: number; url: string; title: string | null }[]>;
  statistics: Map<number, { open: number; completed: number; presence_alarms: number }>;
};

function grouped<T>(rows: (T & { schedule_id: number })[], pick: (row: T) => unknown = (r) => r) {
  const out = new Map<number, unknown[]>();
  for (const row of rows) out.set(row.schedule_id, [...(out.get(row.schedule_id) ?? []), pick(row)]);
  return out;
}

/**
 * What the presenter shows of some schedules beyond their rows, in a fixed number of statements.
 * The equipment is read when the caller's scope is given (only the live items they see).
 */
export async function findScheduleRelations(
  db: Db,
  rows: ScheduleRow[],
  equipmentScope?: EquipmentScope,
): Promise<ScheduleRelations> {
  const ids = rows.map((r) => r.id);
  const empty: ScheduleRelations = {
    people: new Map(),
    watchers: new Map(),
    replacements: new Map(),
    categories: new Map(),
    assets: new Map(),
    equipment: new Map(),
    templates: new Map(),
    links: new Map(),
    statistics: new Map(),
  };
  if (!ids.length) return empty;
  const list = intArray(ids);
  const [peopleRows, categoryRows, assetRows, templateRows, linkRows, issueStats, alarmStats, equipmentRows] =
    await Promise.all([
      sql<{ schedule_id: number; role: 'watcher' | 'replacement'; user_id: number }>`
      SELECT p.schedule_id, p.role, p.user_id FROM schedule_people p JOIN users u ON u.id = p.user_id
        WHERE p.schedule_id = ANY(${list}) AND u.deleted_at IS NULL ORDER BY u.first_name, u.last_name, u.id`.execute(
        db,
      ),
      sql<{ schedule_id: number; id: number; name: string }>`
      SELECT sc.schedule_id, c.id, c.name FROM schedule_categories sc JOIN categories c ON c.id = sc.category_id
        WHERE sc.schedule_id = ANY(${list}) ORDER BY c.name, c.id`.execute(db),
      sql<{ schedule_id: number; id: number; name: string; status: number }>`
      SELECT sa.schedule_id, a.id, a.name, a.status FROM schedule_assets sa JOIN assets a ON a.id = sa.asset_id
        WHERE sa.schedule_id = ANY(${list}) AND a.deleted_at IS NULL ORDER BY a.name, a.id`.execute(db),
      sql<{ schedule_id: number; id: number; name: string }>`
      SELECT st.schedule_id, t.id, t.name FROM schedule_checklist_templates st
        JOIN checklist_templates t ON t.id = st.template_id
        WHERE st.schedule_id = ANY(${list}) ORDER BY st.position, t.id`.execute(db),
      sql<{ schedule_id: number; id: number; url: string; title: string | null }>`
      SELECT l.schedule_id, l.id, l.url, l.title FROM schedule_links l
        WHERE l.schedule_id = ANY(${list}) ORDER BY l.position, l.id`.execute(db),
      sql<{ schedule_id: number; open: string | number; completed: string | number }>`
      SELECT i.schedule_id, count(*) FILTER (WHERE i.status_id < 7) AS open,
          count(*) FILTER (WHERE i.status_id = 8) AS completed
        FROM issues i WHERE i.schedule_id = ANY(${list}) AND i.deleted_at IS NULL
        GROUP BY i.schedule_id`.execute(db),
      sql<{ schedule_id: number; total: string | number }>`
      SELECT pa.schedule_id, count(*) AS total FROM schedule_presence_alarms pa
        WHERE pa.schedule_id = ANY(${list}) GROUP BY pa.schedule_id`.execute(db),
      equipmentScope
        ? sql<{ schedule_id: number; id: number; title: string; status: EquipmentStatus }>`
      SELECT se.schedule_id, e.id, e.title, e.status FROM schedule_equipment se
        JOIN equipment e ON e.id = se.equipment_id
        WHERE se.schedule_id = ANY(${list}) AND ${equipmentVisibleSql(equipmentScope, 'e')}
        ORDER BY lower(e.title), e.id`.execute(db)
        : Promise.resolve({
            rows: [] as { schedule_id: number; id: number; title: string; status: EquipmentStatus }[],
          }),
    ]);
  const userIds = new Set<number>(peopleRows.rows.map((r) => r.user_id));
  for (const row of rows) {
    if (row.assignee_id !== null) userIds.add(row.assignee_id);
    if (row.created_by !== null) userIds.add(row.created_by);
  }
  const people = await findPeople(db, [...userIds]);
  const alarms = new Map(alarmStats.rows.map((r) => [r.schedule_id, Number(r.total)]));
  const statistics = new Map<number, { open: number; completed: number; presence_alarms: number }>();
  for (const id of ids) statistics.set(id, { open: 0, completed: 0, presence_alarms: alarms.get(id) ?? 0 });
  for (const r of issueStats.rows) {
    statistics.set(r.schedule_id, {
      open: Number(r.open),
      completed: Number(r.completed),
      presence_alarms: alarms.get(r.schedule_id) ?? 0,
    });
  }
  return {
    people,
    watchers: grouped(
      peopleRows.rows.filter((r) => r.role === 'watcher'),
      (r) => r.user_id,
    ) as Map<number, number[]>,
    replacements: grouped(
      peopleRows.rows.filter((r) => r.role === 'replacement'),
      (r) => r.user_id,
    ) as Map<number, number[]>,
    categories: grouped(categoryRows.rows, ({ id, name }) => ({ id, name })) as Map<number, Ref[]>,
    assets: grouped(assetRows.rows, ({ id, name, status }) => ({
      id,
      name,
      status,
    })) as ScheduleRelations['assets'],
    equipment: grouped(equipmentRows.rows, ({ id, title, status }) => ({
      id,
      title,
      status,
    })) as ScheduleRelations['equipment'],
    templates: grouped(templateRows.rows, ({ id, name }) => ({ id, name })) as Map<number, Ref[]>,
    links: grouped(linkRows.rows, ({ id, url, title }) => ({ id, url, title })) as ScheduleRelations['links'],
    statistics,
  };
}

/** People by id (deleted ones left out), for names and pictures. */
export async function findPeople(db: Db, ids: number[]): Promise<Map<number, PersonRow>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'profile_image'])
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

// ---------------------------------------------------------------------------------------------
// References of the form
// ---------------------------------------------------------------------------------------------

/**
 * The people of the organisation who can work in the workspace (the issue assignee rule,
 * workspaceWorkersSql), without the partners': a schedule is its organisation's own, and a
 * partner could never see it to decide on it.
 */
export async function findScheduleWorkerIds(
  db: Db,
  clientId: number,
  workspaceId: number,
): Promise<Set<number>> {
  const { rows } = await sql<{ user_id: number }>`
    SELECT DISTINCT x.user_id FROM ${workspaceWorkersSql(clientId, workspaceId)} AS x
      WHERE x.client_id = ${clientId}`.execute(db);
  return new Set(rows.map((r) => r.user_id));
}

/** The named checklist templates that are the organisation's. */
export async function findTemplateIds(db: Db, clientId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .selectFrom('checklist_templates')
    .select('id')
    .where('client_id', '=', clientId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** The named assets the caller sees, each with its status and whether it lies in the workspace's tree. */
export async function findScheduleAssetChecks(
  db: Db,
  scope: AssetScope,
  workspaceId: number,
  ids: number[],
): Promise<Map<number, { status: number; within: boolean }>> {
  if (!ids.length) return new Map();
  const { rows } = await sql<{ id: number; status: number; within: boolean }>`
    SELECT a.id, a.status, a.workspace_id IN (
        SELECT t.workspace_id FROM ${workspaceSubtreeSql(sql`${workspaceId}`)} AS t) AS within
      FROM assets a WHERE a.id = ANY(${intArray(ids)}) AND ${assetVisibleSql(scope)}`.execute(db);
  return new Map(rows.map((r) => [r.id, { status: r.status, within: r.within }]));
}

// ---------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------

export async function insertSchedule(db: Db, values: Insertable<SchedulesTable>): Promise<number> {
  const row = await db.insertInto('schedules').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Changes columns of a schedule; every change moves updated_at (the list's default order). */
export async function updateSchedule(
  db: Db,
  clientId: number,
  id: number,
  values: Updateable<SchedulesTable>,
): Promise<void> {
  await db
    .updateTable('schedules')
    .set({ ...values, updated_at: new Date() })
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .execute();
}

/** The lists of a schedule that a write names (absent: unchanged). */
export type ScheduleLists = {
  watchers?: number[];
  replacements?: number[];
  categories?: number[];
  assets?: number[];
  checklist_templates?: number[];
  links?: { url: string; title?: string | null }[];
};

export async function replaceScheduleLists(
  db: Db,
  clientId: number,
  scheduleId: number,
  lists: ScheduleLists,
): Promise<void> {
  const base = { client_id: clientId, schedule_id: scheduleId };
  for (const role of ['watcher', 'replacement'] as const) {
    const ids = role === 'watcher' ? lists.watchers : lists.replacements;
    if (!ids) continue;
    await db
      .deleteFrom('schedule_people')
      .where('schedule_id', '=', scheduleId)
      .where('role', '=', role)
      .execute();
    if (ids.length)
      await db
        .insertInto('schedule_people')
        .values([...new Set(ids)].map((user_id) => ({ ...base, user_id, role })))
        .execute();
  }
  if (lists.categories) {
    await db.deleteFrom('schedule_categories').where('schedule_id', '=', scheduleId).execute();
    if (lists.categories.length)
      await db
        .insertInto('schedule_categories')
        .values([...new Set(lists.categories)].map((category_id) => ({ ...base, category_id })))
        .execute();
  }
  if (lists.assets) {
    await db.deleteFrom('schedule_assets').where('schedule_id', '=', scheduleId).execute();
    if (lists.assets.length)
      await db
        .insertInto('schedule_assets')
        .values([...new Set(lists.assets)].map((asset_id) => ({ ...base, asset_id })))
        .execute();
  }
  if (lists.checklist_templates) {
    await db.deleteFrom('schedule_checklist_templates').where('schedule_id', '=', scheduleId).execute();
    if (lists.checklist_templates.length)
      await db
        .insertInto('schedule_checklist_templates')
        .values(
          [...new Set(lists.checklist_templates)].map((template_id, position) => ({
            ...base,
            template_id,
            position,
          })),
        )
        .execute();
  }
  if (lists.links) {
    await db.deleteFrom('schedule_links').where('schedule_id', '=', scheduleId).execute();
    if (lists.links.length)
      await db
        .insertInto('schedule_links')
        .values(
          lists.links.map((link, position) => ({
            ...base,
            url: link.url,
            title: link.title ?? null,
            position,
          })),
        )
        .execute();
  }
}

/** The equipment a schedule names (schedule_equipment), by id. */
export async function findScheduleEquipmentIds(db: Db, scheduleId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('schedule_equipment')
    .select('equipment_id')
    .where('schedule_id', '=', scheduleId)
    .orderBy('equipment_id')
    .execute();
  return rows.map((r) => r.equipment_id);
}

/** Replaces the equipment a schedule names. */
export async function replaceScheduleEquipment(
  db: Db,
  clientId: number,
  scheduleId: number,
  equipmentIds: readonly number[],
): Promise<void> {
  await db.deleteFrom('schedule_equipment').where('schedule_id', '=', scheduleId).execute();
  if (equipmentIds.length)
    await db
      .insertInto('schedule_equipment')
      .values(
        [...new Set(equipmentIds)].map((equipment_id) => ({
          client_id: clientId,
          schedule_id: scheduleId,
          equipment_id,
        })),
      )
      .execute();
}

/**
 * How many of these items are live items of the organisation the caller sees
 * (equipment-visibility.ts), for the equipment a schedule names.
 */
export async function countVisibleEquipment(
  db: Db,
  scope: EquipmentScope,
  ids: readonly number[],
): Promise<number> {
  if (!ids.length) return 0;
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM equipment e
    WHERE e.id = ANY(${intArray(ids)}) AND ${equipmentVisibleSql(scope, 'e')}`.execute(db);
  return rows[0]?.n ?? 0;
}

/** The ids on each list of a schedule, as a write compares them (the activity diff). */
export async function findScheduleListIds(db: Db, scheduleId: number) {
  const [people, categories, assets, templates, links] = await Promise.all([
    db
      .selectFrom('schedule_people')
      .select(['user_id', 'role'])
      .where('schedule_id', '=', scheduleId)
      .execute(),
    db
      .selectFrom('schedule_categories')
      .select('category_id')
      .where('schedule_id', '=', scheduleId)
      .execute(),
    db.selectFrom('schedule_assets').select('asset_id').where('schedule_id', '=', scheduleId).execute(),
    db
      .selectFrom('schedule_checklist_templates')
      .select('template_id')
      .where('schedule_id', '=', scheduleId)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('schedule_links')
      .select(['url', 'title'])
      .where('schedule_id', '=', scheduleId)
      .orderBy('position')
      .orderBy('id')
      .execute(),
  ]);
  const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
  return {
    watchers: sorted(people.filter((p) => p.role === 'watcher').map((p) => p.user_id)),
    replacements: sorted(people.filter((p) => p.role === 'replacement').map((p) => p.user_id)),
    categories: sorted(categories.map((c) => c.category_id)),
    assets: sorted(assets.map((a) => a.asset_id)),
    checklist_templates: templates.map((t) => t.template_id),
    links: links.map((l) => ({ url: l.url, title: l.title })),
  };
}

/** Locks the schedule row for a write (a running materializer waits, or skips it). */
export async function lockSchedule(db: Db, clientId: number, id: number): Promise<void> {
  await sql`SELECT id FROM schedules WHERE id = ${id} AND client_id = ${clientId} FOR UPDATE`.execute(db);
}

// ---------------------------------------------------------------------------------------------
// Activity, budgets, occurrences
// ---------------------------------------------------------------------------------------------

export type ScheduleBudgetRow = {
  year: number;
  planned_amount: string | null;
  planned_hours: string | null;
  currency: string | null;
  actual_seconds: string | number;
  issues_created: string | number;
  issues_completed: string | number;
};

/**
 * Per year: the plan (schedule_budgets) and what the schedule's issues starting in that year (in
 * the organisation's time zone) used; the years of either, and `alwaysYear`.
 */
export async function findScheduleBudgets(
  db: Db,
  scheduleId: number,
  timeZone: string,
  alwaysYear: number,
): Promise<ScheduleBudgetRow[]> {
  const { rows } = await sql<ScheduleBudgetRow>`
    WITH used AS (
      SELECT extract(year FROM (i.start_date AT TIME ZONE ${timeZone}))::int AS year,
          coalesce(sum(i.worktime_total), 0) AS actual_seconds,
          count(*) AS issues_created, count(*) FILTER (WHERE i.status_id = 8) AS issues_completed
        FROM issues i WHERE i.schedule_id = ${scheduleId} AND i.deleted_at IS NULL AND i.start_date IS NOT NULL
        GROUP BY 1
    ),
    years AS (
      SELECT year FROM used UNION SELECT year FROM schedule_budgets WHERE schedule_id = ${scheduleId}
      UNION SELECT ${alwaysYear}::int
    )
    SELECT y.year, b.planned_amount::text AS planned_amount, b.planned_hours::text AS planned_hours, b.currency,
        coalesce(u.actual_seconds, 0) AS actual_seconds, coalesce(u.issues_created, 0) AS issues_created,
        coalesce(u.issues_completed, 0) AS issues_completed
      FROM years y
      LEFT JOIN schedule_budgets b ON b.schedule_id = ${scheduleId} AND b.year = y.year
      LEFT JOIN used u ON u.year = y.year
      ORDER BY y.year DESC`.execute(db);
  return rows;
}

export async function upsertScheduleBudget(
  db: Db,
  values: {
    clientId: number;
    scheduleId: number;
    year: number;
    plannedAmount: number | null;
    plannedHours: number | null;
    currency: string;
    userId: number;
  },
): Promise<void> {
  await db
    .insertInto('schedule_budgets')
    .values({
      client_id: values.clientId,
      schedule_id: values.scheduleId,
      year: values.year,
      planned_amount: values.plannedAmount,
      planned_hours: values.plannedHours,
      currency: values.currency,
      updated_by: values.userId,
    })
    .onConflict((oc) =>
      oc.columns(['schedule_id', 'year']).doUpdateSet({
        planned_amount: values.plannedAmount,
        planned_hours: values.plannedHours,
        currency: values.currency,
        updated_by: values.userId,
        updated_at: new Date(),
      }),
    )
    .execute();
}

/** The occurrences of a schedule already turned into issues, starting in [from, until), as `${ms}:${assetId}`. */
export async function findCreatedOccurrences(
  db: Db,
  scheduleId: number,
  from: Date,
  until: Date,
): Promise<Set<string>> {
  const rows = await db
    .selectFrom('schedule_occurrences')
    .select(['starts_at', 'asset_id'])
    .where('schedule_id', '=', scheduleId)
    .where('starts_at', '>=', from)
    .where('starts_at', '<', until)
    .execute();
  return new Set(rows.map((r) => `${new Date(r.starts_at).getTime()}:${r.asset_id}`));
}

/** The schedules (live, visible) that work on an asset: one page, not archived first, and the total. */
export async function findAssetSchedulePage(
  db: Db,
  scope: ScheduleScope,
  assetId: number,
  paging: { page: number; paginate_by: number },
): Promise<{
  rows: { id: number; title: string; workspace_id: number; workspace_name: string }[];
  total: number;
}> {
  const where = sql.join(
    [
      scheduleVisibleSql(scope),
      sql<boolean>`EXISTS (SELECT 1 FROM schedule_assets sa WHERE sa.schedule_id = s.id AND sa.asset_id = ${assetId})`,
    ],
    sql` AND `,
  );
  const [page, count] = await Promise.all([
    sql<{ id: number; title: string; workspace_id: number; workspace_name: string }>`
      SELECT s.id, s.title, s.workspace_id, w.name AS workspace_name
        FROM schedules s JOIN workspaces w ON w.id = s.workspace_id WHERE ${where}
        ORDER BY s.archived_at IS NOT NULL, s.updated_at DESC, s.id DESC
        LIMIT ${paging.paginate_by} OFFSET ${(paging.page - 1) * paging.paginate_by}`.execute(db),
    sql<{ total: string | number }>`SELECT count(*) AS total FROM schedules s WHERE ${where}`.execute(db),
  ]);
  return { rows: page.rows, total: Number(count.rows[0]?.total ?? 0) };
}
