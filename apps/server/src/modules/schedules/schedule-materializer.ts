import { ISSUE_STATUS, nextOccurrence, type Occurrence, occurrencesBetween } from '@workbench/domain';
import { sql, type Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { intArray } from '../access/workspace-access.js';
import { copyScheduleFormsToIssues } from '../dynamic-forms/schedule-issue-forms.js';
import { publishLiveChanges } from '../live/live-publish.js';
import { firstOpenOccurrence, onMaterializeRequest } from './schedule-plan.js';
import { checkPresenceDue } from './schedule-presence.js';
import { scheduleRuleOf, selectScheduleRules, timeZoneOf } from './schedule-rule-row.js';

/**
 * The materializer: turns the due occurrences of schedules into issues, each exactly once.
 *
 * Exactly once, whatever number of server instances run it on one database: due schedules are
 * claimed a few at a time with FOR UPDATE SKIP LOCKED, in one short transaction per batch (another
 * instance takes other schedules, and a schedule edit waits for the batch); inside it each
 * occurrence row is inserted first with ON CONFLICT DO NOTHING on (schedule_id, starts_at,
 * asset_id), and an issue is made only for the rows that were inserted. A crash loses nothing: the
 * transaction rolls back and the schedule's materialize_at is still due.
 */

type Trx = Transaction<Database>;
const DAY_MS = 86_400_000;
/** Schedules claimed per transaction. */
const CLAIM_BATCH = 20;
/**
 * Issues made per transaction at most. PGlite runs one statement at a time for everyone, so its
 * batches are small enough (a few hundred milliseconds) for requests to get in between them.
 */
const ISSUES_PER_BATCH = { postgres: 1000, pglite: 250 } as const;
/** Rows per multi-row INSERT (PostgreSQL takes at most 65535 parameters). */
const ROWS_PER_INSERT = 500;

export type MaterializeOptions = {
  now: Date;
  /** Create occurrences starting up to here (on_start_date, before_next_start_date): the benchmark's year ahead. */
  horizon?: Date;
  /** before_next_start_date's lead; SCHEDULE_LEAD_DAYS of the configuration by default. */
  leadDays?: number;
};

export type MaterializeResult = { schedules: number; issuesCreated: number };

type RuleRow = Awaited<ReturnType<ReturnType<typeof selectScheduleRules>['execute']>>[number];
type Details = Awaited<ReturnType<typeof loadDetails>>;
type Planned = { occurrence: Occurrence; assetId: number };
type PresenceTolerance = { enabled?: boolean; hours?: number; minutes?: number };

/** Runs until no schedule is due any more; answers how many schedules it worked on and the issues it made. */
export async function materializeDue(
  ctx: Pick<AppContext, 'db' | 'dbKind'> & { config?: { scheduleLeadDays?: number } },
  options: MaterializeOptions,
): Promise<MaterializeResult> {
  const leadDays = options.leadDays ?? ctx.config?.scheduleLeadDays ?? 14;
  const total: MaterializeResult = { schedules: 0, issuesCreated: 0 };
  for (;;) {
    const round = await ctx.db
      .transaction()
      .execute((trx) =>
        materializeBatch(trx, { ...options, leadDays, budget: ISSUES_PER_BATCH[ctx.dbKind] }),
      );
    total.schedules += round.schedules;
    total.issuesCreated += round.issuesCreated;
    if (!round.claimed) return total;
    // Let waiting requests in between batches (PGlite runs one statement at a time).
    if (ctx.dbKind === 'pglite') await new Promise((resolve) => setImmediate(resolve));
  }
}

async function materializeBatch(
  trx: Trx,
  options: MaterializeOptions & { leadDays: number; budget: number },
): Promise<MaterializeResult & { claimed: number }> {
  const { now } = options;
  const claimed = await trx
    .selectFrom('schedules')
    .select('id')
    .where('materialize_at', '<=', now)
    .where('deleted_at', 'is', null)
    .where('archived_at', 'is', null)
    .where('paused_at', 'is', null)
    // A deleted or archived workspace gets no new work (its schedules wait until it is back).
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('workspaces as w')
          .select('w.id')
          .whereRef('w.id', '=', 'schedules.workspace_id')
          .where('w.deleted_at', 'is', null)
          .where('w.archived_at', 'is', null),
      ),
    )
    .orderBy('materialize_at')
    .orderBy('id')
    .limit(CLAIM_BATCH)
    .forUpdate()
    .skipLocked()
    .execute();
  if (!claimed.length) return { claimed: 0, schedules: 0, issuesCreated: 0 };
  const ids = claimed.map((r) => r.id);
  const rows = await selectScheduleRules(trx).where('s.id', 'in', ids).orderBy('s.id').execute();
  const details = await loadDetails(trx, ids);
  const waiting = rows.filter(
    (r) => r.reschedule_mode === 'after_marked_as_done' || r.reschedule_mode === 'after_completion',
  );
  const latest = await latestIssues(
    trx,
    waiting.map((r) => r.id),
  );
  let budget = options.budget;
  const made: { row: RuleRow; planned: Planned[] }[] = [];
  const states: ScheduleState[] = [];
  for (const row of rows) {
    // The batch is full: the rest stay due and are taken by the next batch.
    if (budget <= 0) break;
    const state = planOccurrences(row, details, latest.get(row.id), { ...options, budget });
    budget -= state.planned.length;
    made.push({ row, planned: state.planned });
    states.push(state);
  }
  const created = await createIssues(trx, made, details, now);
  for (const state of states) {
    await trx
      .updateTable('schedules')
      .set((eb) => ({
        created_count: eb('created_count', '+', created.get(state.id) ?? 0),
        next_issue_scheduled_at: state.next,
        materialize_at: state.materializeAt,
      }))
      .where('id', '=', state.id)
      .execute();
  }
  let issuesCreated = 0;
  for (const count of created.values()) issuesCreated += count;
  return { claimed: ids.length, schedules: states.length, issuesCreated };
}

/**
 * Creates the issue of one occurrence of a schedule now (PUT scheduled_tasks/{id}), exactly as
 * the materializer would when it comes due: the occurrence row is recorded first (so the
 * materializer never makes it again), then the issue and what it copies; the schedule's count
 * goes up. The schedule row is locked until the transaction ends. Answers the issue's id, or
 * null when the occurrence was created already.
 */
export async function materializeOccurrence(
  trx: Trx,
  scheduleId: number,
  occurrence: Occurrence,
  assetId: number,
  now: Date,
): Promise<number | null> {
  await trx.selectFrom('schedules').select('id').where('id', '=', scheduleId).forUpdate().execute();
  const row = await selectScheduleRules(trx).where('s.id', '=', scheduleId).executeTakeFirst();
  if (!row) return null;
  const details = await loadDetails(trx, [scheduleId]);
  const created = await createIssues(trx, [{ row, planned: [{ occurrence, assetId }] }], details, now);
  const count = created.get(scheduleId) ?? 0;
  if (!count) return null;
  await trx
    .updateTable('schedules')
    .set((eb) => ({ created_count: eb('created_count', '+', count) }))
    .where('id', '=', scheduleId)
    .execute();
  const made = await trx
    .selectFrom('schedule_occurrences')
    .select('issue_id')
    .where('schedule_id', '=', scheduleId)
    .where('starts_at', '=', occurrence.start)
    .where('asset_id', '=', assetId)
    .executeTakeFirst();
  return made?.issue_id ?? null;
}

type ScheduleState = {
  id: number;
  planned: Planned[];
  /** The start of the next occurrence not yet created. */
  next: Date | null;
  materializeAt: Date | null;
};

/** Which occurrences of one schedule to create now, and where its cursor and due time go. */
function planOccurrences(
  row: RuleRow,
  details: Details,
  latest: { status_id: number; done_at: Date } | undefined,
  options: MaterializeOptions & { leadDays: number; budget: number },
): ScheduleState {
  const { now } = options;
  const rule = scheduleRuleOf(row, timeZoneOf(row.time_zone));
  const assets = details.assets.get(row.id) ?? [];
  const assetIds = row.assets_mode === 'FOR_EACH_ASSET' && assets.length ? assets.map((a) => a.id) : [0];
  const perOccurrence = assetIds.length;
  const finished: ScheduleState = { id: row.id, planned: [], next: null, materializeAt: null };
  const cursor = row.next_issue_scheduled_at ?? firstOpenOccurrence(rule, now)?.start ?? null;
  if (!cursor) return finished;
  // AFTER N counts issues: an occurrence makes one per asset (FOR EACH ASSET), never past N of them.
  const left =
    row.end_type === 'AFTER' && row.end_after !== null
      ? row.end_after * perOccurrence - row.created_count
      : Number.POSITIVE_INFINITY;
  const allowed = Math.floor(left / perOccurrence);
  if (allowed < 1) return finished;
  const cap = Math.min(allowed, Math.max(1, Math.floor(options.budget / perOccurrence)));

  let taken: Occurrence[];
  let next: Occurrence | null;
  let materializeAt: Date | null;
  if (row.reschedule_mode === 'after_marked_as_done' || row.reschedule_mode === 'after_completion') {
    const doneAt =
      row.reschedule_mode === 'after_completion' ? ISSUE_STATUS.completed : ISSUE_STATUS.inReview;
    // The previous issue is not done yet: nothing until its status changes (the status hook).
    if (latest && latest.status_id < doneAt) return { ...finished, next: cursor };
    // The first occurrence starting after it was done (missed ones are skipped), or the first one.
    const from = latest && latest.done_at > cursor ? latest.done_at : cursor;
    const first = nextOccurrence(rule, from);
    taken = first ? [first] : [];
    next = first ? nextOccurrence(rule, new Date(first.start.getTime() + 1)) : null;
    materializeAt = null;
  } else {
    const dueUntil =
      row.reschedule_mode === 'before_next_start_date'
        ? now.getTime() + options.leadDays * DAY_MS
        : now.getTime();
    // A horizon only reaches further (else a schedule could stay due with nothing to make).
    const until = new Date(Math.max(dueUntil, options.horizon?.getTime() ?? 0));
    const afterUntil = new Date(Math.max(until.getTime() + 1, cursor.getTime()));
    const due = occurrencesBetween(rule, cursor, afterUntil, cap + 1);
    taken = due.slice(0, cap);
    const capped = due.length > cap;
    next = capped ? (due[cap] ?? null) : nextOccurrence(rule, afterUntil);
    // Capped by the batch: still due, the next batch goes on; else when the next one is due.
    materializeAt = !next
      ? null
      : capped
        ? now
        : row.reschedule_mode === 'before_next_start_date'
          ? new Date(next.start.getTime() - options.leadDays * DAY_MS)
          : next.start;
  }
  if (left - taken.length * perOccurrence < perOccurrence) {
    next = null;
    materializeAt = null;
  }
  const planned = taken.flatMap((occurrence) => assetIds.map((assetId) => ({ occurrence, assetId })));
  return { id: row.id, planned, next: next?.start ?? null, materializeAt };
}

/** What every issue of a schedule copies: the schedule's fields, people, categories, assets, links, equipment. */
async function loadDetails(trx: Trx, ids: number[]) {
  const schedules = await trx
    .selectFrom('schedules')
    .select([
      'id',
      'client_id',
      'workspace_id',
      'title',
      'description',
      'priority_id',
      'category_id',
      'assignee_id',
      'assignee_status',
      'is_attachment_required',
      'is_worktime_required',
      'presence_alarm_enabled',
      'presence_alarm',
      'created_by',
    ])
    .where('id', 'in', ids)
    .execute();
  const people = await trx
    .selectFrom('schedule_people')
    .select(['schedule_id', 'user_id'])
    .where('schedule_id', 'in', ids)
    .orderBy('user_id')
    .execute();
  const categories = await trx
    .selectFrom('schedule_categories')
    .select(['schedule_id', 'category_id'])
    .where('schedule_id', 'in', ids)
    .execute();
  const assets = await trx
    .selectFrom('schedule_assets as sa')
    .innerJoin('assets as a', 'a.id', 'sa.asset_id')
    .select(['sa.schedule_id', 'a.id', 'a.name'])
    .where('sa.schedule_id', 'in', ids)
    .where('a.deleted_at', 'is', null)
    .orderBy('a.name')
    .orderBy('a.id')
    .execute();
  const links = await trx
    .selectFrom('schedule_links')
    .select(['schedule_id', 'url', 'title'])
    .where('schedule_id', 'in', ids)
    .orderBy('position')
    .orderBy('id')
    .execute();
  // The equipment its issues need (POST schedule/{id}/equipments): live items, not archived.
  const equipment = await trx
    .selectFrom('schedule_equipment as se')
    .innerJoin('equipment as e', 'e.id', 'se.equipment_id')
    .select(['se.schedule_id', 'e.id'])
    .where('se.schedule_id', 'in', ids)
    .where('e.deleted_at', 'is', null)
    .where('e.status', '<>', 'archived')
    .orderBy('e.id')
    .execute();
  return {
    equipment: groupBy(equipment, (e) => e.schedule_id),
    schedules: new Map(schedules.map((s) => [s.id, s])),
    people: groupBy(people, (p) => p.schedule_id),
    categories: groupBy(categories, (c) => c.schedule_id),
    assets: groupBy(assets, (a) => a.schedule_id),
    links: groupBy(links, (l) => l.schedule_id),
  };
}

function groupBy<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/** Each schedule's latest issue (by occurrence start) that is not deleted: after_* modes wait for it. */
async function latestIssues(trx: Trx, ids: number[]) {
  if (!ids.length) return new Map<number, { status_id: number; done_at: Date }>();
  const rows = await sql<{ schedule_id: number; status_id: number; done_at: Date }>`
    SELECT DISTINCT ON (o.schedule_id) o.schedule_id, i.status_id,
        coalesce(i.completed_at, i.updated_at) AS done_at
      FROM schedule_occurrences o
      JOIN issues i ON i.id = o.issue_id AND i.deleted_at IS NULL
      WHERE o.schedule_id = ANY(${intArray(ids)})
      ORDER BY o.schedule_id, o.starts_at DESC`.execute(trx);
  return new Map(
    rows.rows.map((r) => [r.schedule_id, { status_id: r.status_id, done_at: new Date(r.done_at) }]),
  );
}

/** The status an issue starts in by the assignee's decision on the schedule. */
function initialStatus(schedule: { assignee_id: number | null; assignee_status: number | null }): number {
  if (schedule.assignee_id === null || schedule.assignee_status === ISSUE_STATUS.declined)
    return ISSUE_STATUS.unassigned;
  return schedule.assignee_status === ISSUE_STATUS.accepted ? ISSUE_STATUS.accepted : ISSUE_STATUS.deciding;
}

function toleranceMs(tolerance: PresenceTolerance | undefined): number {
  return ((tolerance?.hours ?? 0) * 60 + (tolerance?.minutes ?? 0)) * 60_000;
}

/**
 * Inserts the occurrence rows (the exactly-once guard), then, for the rows that were inserted, the
 * issues and what they copy, in multi-row statements. Answers the issues made per schedule.
 */
async function createIssues(
  trx: Trx,
  made: { row: RuleRow; planned: Planned[] }[],
  details: Details,
  now: Date,
): Promise<Map<number, number>> {
  const occurrenceRows = made.flatMap(({ row, planned }) =>
    planned.map((p) => ({
      client_id: row.client_id,
      schedule_id: row.id,
      starts_at: p.occurrence.start,
      asset_id: p.assetId,
      created_at: now,
    })),
  );
  const inserted = new Set<string>();
  for (const chunk of chunks(occurrenceRows, ROWS_PER_INSERT)) {
    const rows = await trx
      .insertInto('schedule_occurrences')
      .values(chunk)
      .onConflict((oc) => oc.doNothing())
      .returning(['schedule_id', 'starts_at', 'asset_id'])
      .execute();
    for (const r of rows) inserted.add(occurrenceKey(r.schedule_id, new Date(r.starts_at), r.asset_id));
  }
  const issues: { key: string; scheduleId: number; values: Record<string, unknown> }[] = [];
  for (const { row, planned } of made) {
    const schedule = details.schedules.get(row.id);
    if (!schedule) continue;
    const assets = details.assets.get(row.id) ?? [];
    const alarm = (schedule.presence_alarm ?? {}) as Record<string, PresenceTolerance>;
    for (const { occurrence, assetId } of planned) {
      const key = occurrenceKey(row.id, occurrence.start, assetId);
      if (!inserted.has(key)) continue;
      // ONE FOR ALL ASSETS: one issue on the first asset, naming them all.
      const oneForAll = assetId === 0 && assets.length > 0;
      const description =
        oneForAll && assets.length > 1
          ? [schedule.description, assets.map((a) => `- ${a.name}`).join('\n')].filter(Boolean).join('\n\n')
          : schedule.description;
      const status = initialStatus(schedule);
      issues.push({
        key,
        scheduleId: row.id,
        values: {
          client_id: schedule.client_id,
          workspace_id: schedule.workspace_id,
          parent_id: null,
          title: schedule.title,
          description,
          status_id: status,
          priority_id: schedule.priority_id,
          category_id: schedule.category_id,
          assignee_id: status === ISSUE_STATUS.unassigned ? null : schedule.assignee_id,
          last_assignee_id: null,
          created_by: schedule.created_by,
          external_email_address: null,
          start_date: occurrence.start,
          due_date: occurrence.due,
          schedule_id: row.id,
          asset_id: assetId === 0 ? (assets[0]?.id ?? null) : assetId,
          asset_group_id: null,
          equipment_ids: (details.equipment.get(row.id) ?? []).map((e) => e.id),
          is_attachment_required: schedule.is_attachment_required,
          is_worktime_required: schedule.is_worktime_required,
          process_number: null,
          rating: null,
          translations: '{}',
          started_at: null,
          completed_at: null,
          archived_at: null,
          deleted_at: null,
          created_at: now,
          updated_at: now,
          presence_check_at: schedule.presence_alarm_enabled
            ? new Date(occurrence.due.getTime() + toleranceMs(alarm.later_than_end))
            : null,
        },
      });
    }
  }
  const created = new Map<number, number>();
  if (!issues.length) return created;
  const issueIds: { id: number; key: string; scheduleId: number }[] = [];
  for (const chunk of chunks(issues, ROWS_PER_INSERT)) {
    // RETURNING gives the rows in the order of VALUES.
    const rows = await trx
      .insertInto('issues')
      .values(chunk.map((i) => i.values) as never)
      .returning('id')
      .execute();
    rows.forEach((r, n) => {
      const issue = chunk[n] as (typeof chunk)[number];
      issueIds.push({ id: r.id, key: issue.key, scheduleId: issue.scheduleId });
      created.set(issue.scheduleId, (created.get(issue.scheduleId) ?? 0) + 1);
    });
  }
  await linkOccurrences(trx, issueIds);
  await copyToIssues(trx, issueIds, details, now);
  await copyScheduleFormsToIssues(trx, issueIds, now);
  return created;
}

function occurrenceKey(scheduleId: number, start: Date, assetId: number): string {
  return `${scheduleId}|${start.getTime()}|${assetId}`;
}

function chunks<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** Sets issue_id on the occurrence rows just inserted, one UPDATE per chunk. */
async function linkOccurrences(trx: Trx, issues: { id: number; key: string }[]): Promise<void> {
  for (const chunk of chunks(issues, 2000)) {
    const parts = chunk.map((i) => i.key.split('|'));
    const scheduleIds = intArray(parts.map((p) => Number(p[0])));
    const starts = sql`${`{${parts.map((p) => new Date(Number(p[1])).toISOString()).join(',')}}`}::timestamptz[]`;
    const assetIds = intArray(parts.map((p) => Number(p[2])));
    const issueIds = intArray(chunk.map((i) => i.id));
    await sql`
      UPDATE schedule_occurrences o SET issue_id = v.issue_id
        FROM unnest(${scheduleIds}, ${starts}, ${assetIds}, ${issueIds}) AS v(schedule_id, starts_at, asset_id, issue_id)
        WHERE o.schedule_id = v.schedule_id AND o.starts_at = v.starts_at AND o.asset_id = v.asset_id`.execute(
      trx,
    );
  }
}

/** Categories, watchers (watchers and replacements), links, checklists from templates, the 'created' activity. */
async function copyToIssues(
  trx: Trx,
  issues: { id: number; scheduleId: number }[],
  details: Details,
  now: Date,
): Promise<void> {
  const categoryRows: { client_id: number; issue_id: number; category_id: number }[] = [];
  const watcherRows: { client_id: number; issue_id: number; user_id: number; created_at: Date }[] = [];
  const linkRows: {
    client_id: number;
    issue_id: number;
    url: string;
    title: string | null;
    created_by: number | null;
    created_at: Date;
  }[] = [];
  const activityRows: {
    client_id: number;
    user_id: number | null;
    entity_type: string;
    entity_id: number;
    action: string;
    changes: string;
    created_at: Date;
  }[] = [];
  // The organisation of each schedule that made issues, for its one live event below.
  const perSchedule = new Map<number, number>();
  for (const { id, scheduleId } of issues) {
    const schedule = details.schedules.get(scheduleId);
    if (!schedule) continue;
    const clientId = schedule.client_id;
    perSchedule.set(scheduleId, clientId);
    const categoryIds = new Set((details.categories.get(scheduleId) ?? []).map((c) => c.category_id));
    for (const categoryId of categoryIds)
      categoryRows.push({ client_id: clientId, issue_id: id, category_id: categoryId });
    const watcherIds = new Set((details.people.get(scheduleId) ?? []).map((p) => p.user_id));
    for (const userId of watcherIds)
      watcherRows.push({ client_id: clientId, issue_id: id, user_id: userId, created_at: now });
    for (const link of details.links.get(scheduleId) ?? [])
      linkRows.push({
        client_id: clientId,
        issue_id: id,
        url: link.url,
        title: link.title,
        created_by: schedule.created_by,
        created_at: now,
      });
    activityRows.push({
      client_id: clientId,
      user_id: schedule.created_by,
      entity_type: 'issue',
      entity_id: id,
      action: 'created',
      changes: JSON.stringify({ schedule_id: scheduleId }),
      created_at: now,
    });
  }
  for (const chunk of chunks(categoryRows, 2000))
    await trx.insertInto('issue_categories').values(chunk).execute();
  for (const chunk of chunks(watcherRows, 2000))
    await trx.insertInto('issue_watchers').values(chunk).execute();
  for (const chunk of chunks(linkRows, 1000)) await trx.insertInto('issue_links').values(chunk).execute();
  for (const chunk of chunks(activityRows, 1000))
    await trx.insertInto('activity_log').values(chunk).execute();
  // Open screens hear of the new issues once per schedule (not once per issue: a year ahead is thousands).
  await publishLiveChanges(
    trx,
    'schedule',
    [...perSchedule].map(([scheduleId, clientId]) => ({
      clientId,
      entityId: scheduleId,
      action: 'issues_created',
      actorId: null,
    })),
  );

  await checklistsFromTemplates(
    trx,
    issues.map((i) => i.id),
    now,
  );
}

/** Each schedule template becomes a checklist of the issue (title = template name) with its items, open. */
async function checklistsFromTemplates(trx: Trx, issueIds: number[], now: Date): Promise<void> {
  for (const chunk of chunks(issueIds, 5000)) {
    const ids = intArray(chunk);
    const templates = sql`(SELECT st.schedule_id, st.template_id,
        (row_number() OVER (PARTITION BY st.schedule_id ORDER BY st.position, st.template_id) - 1)::int AS position
        FROM schedule_checklist_templates st)`;
    const made = await sql<{ id: number }>`
      INSERT INTO checklists (client_id, issue_id, title, position, created_by, created_at, updated_at)
      SELECT i.client_id, i.id, t.name, st.position, i.created_by, ${now}, ${now}
        FROM issues i
        JOIN ${templates} st ON st.schedule_id = i.schedule_id
        JOIN checklist_templates t ON t.id = st.template_id
        WHERE i.id = ANY(${ids})
      RETURNING id`.execute(trx);
    if (!made.rows.length) continue;
    await sql`
      INSERT INTO checklist_items (client_id, checklist_id, title, description, status_id, position, created_at, updated_at)
      SELECT c.client_id, c.id, ti.title, ti.description, 1, ti.position, ${now}, ${now}
        FROM checklists c
        JOIN issues i ON i.id = c.issue_id
        JOIN ${templates} st ON st.schedule_id = i.schedule_id AND st.position = c.position
        JOIN checklist_template_items ti ON ti.template_id = st.template_id
        WHERE c.issue_id = ANY(${ids})`.execute(trx);
  }
}

/**
 * The in-process job (materializer, then the presence check): a run every SCHEDULE_MATERIALIZE_MS and soon after requestMaterialize (coalesced: one run at
 * a time, one more after it when asked meanwhile). Returns the stop function (waits for a run).
 */
export function startScheduleMaterializer(
  ctx: AppContext,
  log: (message: string) => void,
): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  let again = false;
  let stopped = false;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = materializeDue(ctx, { now: new Date(), leadDays: ctx.config.scheduleLeadDays })
      .then(() => checkPresenceDue(ctx, new Date()))
      .catch((err) => log(`schedule materializer: ${String(err)}`))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          setImmediate(run);
        }
      });
  };
  const timer = setInterval(run, ctx.config.scheduleMaterializeMs);
  timer.unref?.();
  const unregister = onMaterializeRequest(ctx.db, () => setImmediate(run));
  setImmediate(run);
  return async () => {
    stopped = true;
    clearInterval(timer);
    unregister();
    await running;
  };
}
