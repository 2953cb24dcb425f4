import { sql, type Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database, PresenceAlarmRule } from '../../db/schema.js';
import { intArray } from '../access/workspace-access.js';
import { publishLiveChanges } from '../live/live-publish.js';
import { enqueueMail } from '../mail/outbox.js';
import { notifyFromActivity } from '../notifications/notify-from-activity.js';
import { timeZoneOf } from './schedule-rule-row.js';

/**
 * Presence alarms (001 §3 "Schedule"): once a schedule issue's work hours are over (its
 * presence_check_at, set by the materializer to the due time plus the later-than-end tolerance),
 * the assignee's presence logs in the issue's workspace on that day are held against the
 * schedule's four rules. Each alarm is recorded once (unique per issue and rule), logged on the
 * schedule and the issue, and mailed to the schedule's creator and the workspace's managers.
 */

type Trx = Transaction<Database>;
type Tolerance = { enabled?: boolean; hours?: number; minutes?: number };
export type PresenceAlarmSettings = Partial<Record<PresenceAlarmRule, Tolerance>>;
const BATCH = 100;
const DAY_MS = 86_400_000;

export type PresenceFinding = { rule: PresenceAlarmRule; expected_at: Date; seen_at: Date | null };

function toleranceMs(tolerance: Tolerance | undefined): number {
  return ((tolerance?.hours ?? 0) * 60 + (tolerance?.minutes ?? 0)) * 60_000;
}

/**
 * The rules broken by one day's presence: arrival = the first check-in, departure = the last
 * check-out (a stay not checked out lasts until `now`). No presence at all counts as later than start.
 */
export function presenceFindings(
  settings: PresenceAlarmSettings,
  expected: { start: Date; end: Date },
  presence: { arrival: Date; departure: Date } | null,
): PresenceFinding[] {
  const findings: PresenceFinding[] = [];
  const on = (rule: PresenceAlarmRule) => settings[rule]?.enabled === true;
  const start = expected.start.getTime();
  const end = expected.end.getTime();
  if (!presence) {
    if (on('later_than_start'))
      findings.push({ rule: 'later_than_start', expected_at: expected.start, seen_at: null });
    return findings;
  }
  const arrival = presence.arrival.getTime();
  const departure = presence.departure.getTime();
  if (on('earlier_than_start') && arrival < start - toleranceMs(settings.earlier_than_start))
    findings.push({ rule: 'earlier_than_start', expected_at: expected.start, seen_at: presence.arrival });
  if (on('later_than_start') && arrival > start + toleranceMs(settings.later_than_start))
    findings.push({ rule: 'later_than_start', expected_at: expected.start, seen_at: presence.arrival });
  if (on('earlier_than_end') && departure < end - toleranceMs(settings.earlier_than_end))
    findings.push({ rule: 'earlier_than_end', expected_at: expected.end, seen_at: presence.departure });
  if (on('later_than_end') && departure > end + toleranceMs(settings.later_than_end))
    findings.push({ rule: 'later_than_end', expected_at: expected.end, seen_at: presence.departure });
  return findings;
}

/** Local midnight before `at` and the one after, in the zone (the wall clock's hours taken off). */
function localDayOf(at: Date, timeZone: string): { from: Date; until: Date } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const sinceMidnight =
    ((part('hour') * 60 + part('minute')) * 60 + part('second')) * 1000 + at.getMilliseconds();
  const from = new Date(at.getTime() - sinceMidnight);
  return { from, until: new Date(from.getTime() + DAY_MS) };
}

const RULE_TEXT: Record<PresenceAlarmRule, string> = {
  earlier_than_start: 'arrived earlier than the start',
  later_than_start: 'arrived later than the start (or not at all)',
  earlier_than_end: 'left earlier than the end',
  later_than_end: 'left later than the end',
};

/** Checks the issues whose check time has come; answers the number of alarms recorded. */
export async function checkPresenceDue(ctx: Pick<AppContext, 'db' | 'config'>, now: Date): Promise<number> {
  let alarms = 0;
  for (;;) {
    const round = await ctx.db.transaction().execute((trx) => checkBatch(trx, ctx.config.appUrl, now));
    alarms += round.alarms;
    if (round.checked < BATCH) return alarms;
  }
}

async function checkBatch(trx: Trx, appUrl: string, now: Date): Promise<{ checked: number; alarms: number }> {
  const issues = await trx
    .selectFrom('issues as i')
    .innerJoin('schedules as s', 's.id', 'i.schedule_id')
    .innerJoin('clients as c', 'c.id', 'i.client_id')
    .select([
      'i.id',
      'i.client_id',
      'i.workspace_id',
      'i.title',
      'i.assignee_id',
      'i.start_date',
      'i.due_date',
      'i.deleted_at',
      's.id as schedule_id',
      's.presence_alarm_enabled',
      's.presence_alarm',
      's.created_by',
      sql<string | null>`c.settings->>'time_zone'`.as('time_zone'),
    ])
    .where('i.presence_check_at', '<=', now)
    .orderBy('i.presence_check_at')
    .limit(BATCH)
    .forUpdate('i')
    .skipLocked()
    .execute();
  if (!issues.length) return { checked: 0, alarms: 0 };
  let alarms = 0;
  for (const issue of issues) {
    const checkable =
      issue.presence_alarm_enabled &&
      issue.assignee_id !== null &&
      issue.deleted_at === null &&
      issue.start_date &&
      issue.due_date;
    if (!checkable || !issue.start_date || !issue.due_date || issue.assignee_id === null) continue;
    const day = localDayOf(issue.start_date, timeZoneOf(issue.time_zone));
    const stay = await trx
      .selectFrom('presence_logs')
      .select([
        sql<Date | null>`min(started_at)`.as('arrival'),
        sql<Date | null>`max(coalesce(ended_at, ${now}))`.as('departure'),
      ])
      .where('user_id', '=', issue.assignee_id)
      .where('workspace_id', '=', issue.workspace_id)
      .where('started_at', '<', day.until)
      .where((eb) => eb.or([eb('ended_at', 'is', null), eb('ended_at', '>=', day.from)]))
      .executeTakeFirst();
    const presence =
      stay?.arrival && stay.departure
        ? { arrival: new Date(stay.arrival), departure: new Date(stay.departure) }
        : null;
    const findings = presenceFindings(
      (issue.presence_alarm ?? {}) as PresenceAlarmSettings,
      { start: issue.start_date, end: issue.due_date },
      presence,
    );
    if (!findings.length) continue;
    const recorded = await trx
      .insertInto('schedule_presence_alarms')
      .values(
        findings.map((f) => ({
          client_id: issue.client_id,
          schedule_id: issue.schedule_id,
          issue_id: issue.id,
          user_id: issue.assignee_id,
          rule: f.rule,
          expected_at: f.expected_at,
          seen_at: f.seen_at,
          created_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['issue_id', 'rule']).doNothing())
      .returning('rule')
      .execute();
    const fresh = findings.filter((f) => recorded.some((r) => r.rule === f.rule));
    if (!fresh.length) continue;
    alarms += fresh.length;
    const changes = JSON.stringify({
      issue_id: issue.id,
      user_id: issue.assignee_id,
      rules: fresh.map((f) => ({ rule: f.rule, expected_at: f.expected_at, seen_at: f.seen_at })),
    });
    await trx
      .insertInto('activity_log')
      .values(
        (['schedule', 'issue'] as const).map((entityType) => ({
          client_id: issue.client_id,
          user_id: null,
          entity_type: entityType,
          entity_id: entityType === 'schedule' ? issue.schedule_id : issue.id,
          action: 'presence_alarm',
          changes,
          created_at: now,
        })),
      )
      .execute();
    // The bells of the schedule's creator and the managers, and the open screens.
    await notifyFromActivity(trx, {
      clientId: issue.client_id,
      userId: null,
      entityType: 'schedule',
      entityId: issue.schedule_id,
      action: 'presence_alarm',
      changes: JSON.parse(changes) as Record<string, unknown>,
    });
    await publishLiveChanges(trx, 'issue', [
      { clientId: issue.client_id, entityId: issue.id, action: 'presence_alarm', actorId: null },
    ]);
    await mailAlarm(trx, appUrl, { ...issue, assignee_id: issue.assignee_id }, fresh);
  }
  await trx
    .updateTable('issues')
    .set({ presence_check_at: null })
    .where(sql<boolean>`id = ANY(${intArray(issues.map((i) => i.id))})`)
    .execute();
  return { checked: issues.length, alarms };
}

/** One mail per recipient: the schedule's creator and the workspace's managers. */
async function mailAlarm(
  trx: Trx,
  appUrl: string,
  issue: {
    id: number;
    client_id: number;
    workspace_id: number;
    title: string;
    assignee_id: number;
    created_by: number | null;
  },
  findings: PresenceFinding[],
): Promise<void> {
  const people = await trx
    .selectFrom('users as u')
    .select(['u.id', 'u.email', 'u.first_name', 'u.last_name'])
    .where('u.deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('u.id', '=', issue.created_by ?? 0),
        eb('u.id', '=', issue.assignee_id),
        eb(
          'u.id',
          'in',
          eb
            .selectFrom('workspace_users as wu')
            .select('wu.user_id')
            .where('wu.workspace_id', '=', issue.workspace_id)
            .where('wu.role', '=', 'manager'),
        ),
      ]),
    )
    .execute();
  const assignee = people.find((p) => p.id === issue.assignee_id);
  const who = assignee ? `${assignee.first_name} ${assignee.last_name}`.trim() : 'The assignee';
  const recipients = people.filter((p) => p.id !== issue.assignee_id || p.id === issue.created_by);
  const url = `${appUrl}/dashboard/issues/detail/${issue.id}`;
  const lines = findings.map((f) => `- ${who} ${RULE_TEXT[f.rule]}.`);
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const seen = new Set<string>();
  for (const person of recipients) {
    const to = person.email.toLowerCase();
    if (seen.has(to)) continue;
    seen.add(to);
    const greeting = `Hello ${person.first_name},`;
    const intro = `Presence alarm on the scheduled issue "${issue.title}":`;
    await enqueueMail(trx, {
      clientId: issue.client_id,
      to: person.email,
      kind: 'schedule_presence_alarm',
      subject: `Presence alarm: ${issue.title}`,
      text: `${greeting}\n\n${intro}\n${lines.join('\n')}\n\n${url}\n`,
      html: `<p>${esc(greeting)}</p><p>${esc(intro)}</p>${lines.map((l) => `<p>${esc(l)}</p>`).join('')}<p><a href="${esc(url)}">Open the issue</a></p>`,
    });
  }
}
