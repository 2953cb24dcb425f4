import type { NotificationEventType } from '@workbench/domain';
import { notificationPath } from '@workbench/domain';
import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { intArray, workspacesWorkersSql } from '../access/workspace-access.js';
import { enqueueMail } from '../mail/outbox.js';
import { timeZoneOf } from '../schedules/schedule-rule-row.js';
import { localDateOf } from '../schedules/schedule-status.js';
import { leaseNoticesSql } from '../workspace-info/lease-reminders.js';
import { notificationMail } from './notification-mail.js';
import { snapshotSql } from './notify-from-activity.js';
import { insertNotifications } from './notify-insert.js';

type Ctx = Pick<AppContext, 'db' | 'config'>;
type Trx = Transaction<Database>;

/** At most one notification e-mail per person in this time; what comes meanwhile waits and goes together. */
export const NOTIFICATION_MAIL_INTERVAL_MS = 10 * 60_000;
/** The daily reminders run once the organisation's local time has passed this hour. */
export const DAILY_REMINDER_HOUR = 7;
const ROUND_MS = 15_000;
/** People handled per mailer round. */
const PEOPLE_PER_ROUND = 100;

type Person = {
  id: number;
  email: string;
  first_name: string;
  language: string;
  notifications_paused_until: Date | null;
  deleted_at: Date | null;
  status: string;
};

/** Locks the people (two servers never mail one person at once); with skip, those locked elsewhere are left. */
async function lockPeople(trx: Trx, ids: number[], skipLocked: boolean): Promise<Person[]> {
  if (!ids.length) return [];
  const query = trx
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'language', 'notifications_paused_until', 'deleted_at', 'status'])
    .where(sql<boolean>`id = ANY(${intArray(ids)})`)
    .orderBy('id')
    .forNoKeyUpdate();
  return (skipLocked ? query.skipLocked() : query).execute();
}

/** The waiting notifications of one person and channel, oldest first, with their actors. */
function waitingOf(trx: Trx, userId: number, channel: 'email' | 'digest', clientId?: number) {
  return trx
    .selectFrom('notifications as n')
    .leftJoin('users as a', 'a.id', 'n.actor_id')
    .select([
      'n.id',
      'n.client_id',
      'n.event_type',
      'n.entity_type',
      'n.entity_id',
      'n.data',
      'a.first_name as actor_first_name',
      'a.last_name as actor_last_name',
    ])
    .where('n.user_id', '=', userId)
    .where('n.channel', '=', channel)
    .where('n.email_state', '=', 'waiting')
    .$if(clientId !== undefined, (q) => q.where('n.client_id', '=', clientId ?? 0))
    .orderBy('n.id')
    .limit(200)
    .execute();
}

function skipWaiting(trx: Trx, userId: number, channel: 'email' | 'digest', clientId?: number) {
  return trx
    .updateTable('notifications')
    .set({ email_state: 'skipped' })
    .where('user_id', '=', userId)
    .where('channel', '=', channel)
    .where('email_state', '=', 'waiting')
    .$if(clientId !== undefined, (q) => q.where('client_id', '=', clientId ?? 0))
    .execute();
}

/** Writes one mail listing the notifications to the outbox and marks them sent, in the caller's transaction. */
async function mailPerson(
  trx: Trx,
  ctx: Ctx,
  person: Person,
  rows: Awaited<ReturnType<typeof waitingOf>>,
  digest: boolean,
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const mail = notificationMail({
    language: person.language,
    name: person.first_name,
    digest,
    profileUrl: `${ctx.config.appUrl}/dashboard/profile/detail`,
    notifications: rows.map((n) => {
      const data = (n.data ?? {}) as {
        title?: string | null;
        equipment_id?: number | null;
        asset_id?: number | null;
      };
      return {
        event_type: n.event_type,
        title: data.title ?? null,
        actor_name: n.actor_first_name ? `${n.actor_first_name} ${n.actor_last_name ?? ''}`.trim() : null,
        url: `${ctx.config.appUrl}${notificationPath({ entity_type: n.entity_type, entity_id: n.entity_id, data })}`,
      };
    }),
  });
  const mailId = await enqueueMail(trx, {
    clientId: first.client_id,
    to: person.email,
    kind: digest ? 'notification_digest' : 'notification',
    ...mail,
  });
  await trx
    .updateTable('notifications')
    .set({ email_state: 'sent', mail_id: mailId })
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
}

const pausedAt = (person: Person, now: Date) =>
  person.notifications_paused_until !== null && person.notifications_paused_until > now;
const gone = (person: Person) => person.deleted_at !== null || person.status !== 'active';

/**
 * One round of the notification mailer: per person with waiting 'email' notifications, one mail
 * listing them all, unless the person had a notification mail in the last 10 minutes (then they
 * wait for a later round) or has paused e-mails (then they are skipped). People are locked FOR
 * NO KEY UPDATE SKIP LOCKED, so concurrent rounds (several servers) never mail anybody twice.
 * The mail and the 'sent' marks are written in one transaction. Answers the mails written.
 */
export async function mailNotificationsRound(ctx: Ctx, now = new Date()): Promise<{ mails: number }> {
  return ctx.db.transaction().execute(async (trx) => {
    const waiting = await trx
      .selectFrom('notifications')
      .select('user_id')
      .distinct()
      .where('email_state', '=', 'waiting')
      .where('channel', '=', 'email')
      .orderBy('user_id')
      .limit(PEOPLE_PER_ROUND)
      .execute();
    const people = await lockPeople(
      trx,
      waiting.map((w) => w.user_id),
      true,
    );
    if (!people.length) return { mails: 0 };
    const recent = await trx
      .selectFrom('notifications as n')
      .innerJoin('mail_outbox as m', 'm.id', 'n.mail_id')
      .select('n.user_id')
      .distinct()
      .where(sql<boolean>`n.user_id = ANY(${intArray(people.map((p) => p.id))})`)
      .where('n.channel', '=', 'email')
      .where('m.created_at', '>', new Date(now.getTime() - NOTIFICATION_MAIL_INTERVAL_MS))
      .execute();
    const waitsLonger = new Set(recent.map((r) => r.user_id));
    let mails = 0;
    for (const person of people) {
      if (gone(person) || pausedAt(person, now)) {
        await skipWaiting(trx, person.id, 'email');
        continue;
      }
      if (waitsLonger.has(person.id)) continue;
      const rows = await waitingOf(trx, person.id, 'email');
      if (!rows.length) continue;
      await mailPerson(trx, ctx, person, rows, false);
      mails++;
    }
    return { mails };
  });
}

/** The daily digest of one organisation: per person, one mail of their waiting 'digest' notifications. */
async function sendDigests(trx: Trx, ctx: Ctx, clientId: number, now: Date): Promise<number> {
  const waiting = await trx
    .selectFrom('notifications')
    .select('user_id')
    .distinct()
    .where('email_state', '=', 'waiting')
    .where('channel', '=', 'digest')
    .where('client_id', '=', clientId)
    .execute();
  const people = await lockPeople(
    trx,
    waiting.map((w) => w.user_id),
    false,
  );
  let mails = 0;
  for (const person of people) {
    if (gone(person) || pausedAt(person, now)) {
      await skipWaiting(trx, person.id, 'digest', clientId);
      continue;
    }
    const rows = await waitingOf(trx, person.id, 'digest', clientId);
    if (!rows.length) continue;
    await mailPerson(trx, ctx, person, rows, true);
    mails++;
  }
  return mails;
}

// One formatter per time zone (making one costs far more than using it).
const hourFormats = new Map<string, Intl.DateTimeFormat>();
function localHourOf(at: Date, timeZone: string): number {
  let format = hourFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' });
    hourFormats.set(timeZone, format);
  }
  return Number(format.format(at));
}

type DailyRows = RawBuilder<{ user_id: number; client_id: number; entity_id: number; data: unknown }>;

/** Issues of the organisation due before (overdue) or on (today) the local date, to their assignees who still work there. */
function dueIssuesSql(
  clientId: number,
  timeZone: string,
  date: string,
  when: 'overdue' | 'today',
): DailyRows {
  const compare = when === 'overdue' ? sql`<` : sql`=`;
  const type: NotificationEventType = when === 'overdue' ? 'issue_overdue' : 'issue_due_today';
  return sql`(
    WITH due AS (
      SELECT i.id, i.workspace_id, i.assignee_id FROM issues i
        WHERE i.client_id = ${clientId} AND i.deleted_at IS NULL AND i.archived_at IS NULL
          AND i.assignee_id IS NOT NULL AND i.status_id NOT IN (0, 4, 8) AND i.due_date IS NOT NULL
          AND (i.due_date AT TIME ZONE ${timeZone})::date ${compare} ${date}::date
    )
    SELECT ww.user_id, ww.client_id, due.id AS entity_id, ${snapshotSql('issue', sql`due.id`, type)} AS data
      FROM due
      JOIN ${workspacesWorkersSql(sql`SELECT workspace_id FROM due`)} AS ww
        ON ww.workspace_id = due.workspace_id AND ww.user_id = due.assignee_id
  )`;
}

/** Handouts past their return date: to who asked for them or holds them, and the item's managers (else the admins). */
function lateReturnsSql(clientId: number, date: string): DailyRows {
  return sql`(
    WITH late AS (
      SELECT b.id, b.equipment_id, b.requested_by, b.holder_user_id FROM equipment_bookings b
        WHERE b.client_id = ${clientId} AND b.kind = 'handout' AND b.state = 'active' AND b.ends_on < ${date}::date
    ), managers AS (
      SELECT late.id, em.user_id FROM late JOIN equipment_managers em ON em.equipment_id = late.equipment_id
      UNION SELECT late.id, gm.user_id FROM late
        JOIN equipment e ON e.id = late.equipment_id
        JOIN equipment_group_managers gm ON gm.group_id = e.group_id
    ), people AS (
      SELECT late.id, u AS user_id FROM late, unnest(ARRAY[late.requested_by, late.holder_user_id]) AS u
      UNION SELECT id, user_id FROM managers
      UNION SELECT late.id, uc.user_id FROM late JOIN user_clients uc ON uc.client_id = ${clientId} AND uc.role = 'admin'
        WHERE NOT EXISTS (SELECT 1 FROM managers m WHERE m.id = late.id)
    )
    SELECT p.user_id, uc.client_id, p.id AS entity_id,
        ${snapshotSql('equipment_booking', sql`p.id`, 'equipment_return_overdue')} AS data
      FROM people p JOIN user_clients uc ON uc.user_id = p.user_id AND uc.client_id = ${clientId}
  )`;
}

/** Regulatory files valid until within 30 days: to the managers of their assets (else the admins). */
function expiringFilesSql(clientId: number, date: string): DailyRows {
  return sql`(
    WITH soon AS (
      SELECT f.id FROM regulatory_files f
        WHERE f.client_id = ${clientId} AND f.deleted_at IS NULL AND f.valid_until IS NOT NULL
          AND f.valid_until >= ${date}::date AND f.valid_until <= ${date}::date + 30
    ), managers AS (
      SELECT soon.id, am.user_id FROM soon
        JOIN regulatory_file_assets fa ON fa.file_id = soon.id
        JOIN asset_managers am ON am.asset_id = fa.asset_id
      UNION SELECT soon.id, gm.user_id FROM soon
        JOIN regulatory_file_assets fa ON fa.file_id = soon.id
        JOIN assets a ON a.id = fa.asset_id
        JOIN asset_group_managers gm ON gm.group_id = a.group_id
    ), people AS (
      SELECT id, user_id FROM managers
      UNION SELECT soon.id, uc.user_id FROM soon JOIN user_clients uc ON uc.client_id = ${clientId} AND uc.role = 'admin'
        WHERE NOT EXISTS (SELECT 1 FROM managers m WHERE m.id = soon.id)
    )
    SELECT p.user_id, uc.client_id, p.id AS entity_id,
        ${snapshotSql('regulatory_file', sql`p.id`, 'regulatory_file_expiring')} AS data
      FROM people p JOIN user_clients uc ON uc.user_id = p.user_id AND uc.client_id = ${clientId}
  )`;
}

/**
 * The daily reminders of one organisation for its local date, run at most once whatever the
 * number of servers: the job_runs row (INSERT ... ON CONFLICT DO NOTHING RETURNING) decides who
 * runs it, in the same transaction as the reminders and the digests (a failed run leaves no row).
 * Answers whether this call ran it.
 */
export async function runDailyRemindersFor(
  ctx: Ctx,
  org: { id: number; timeZone: string },
  date: string,
  now = new Date(),
): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('job_runs')
      .values({ job: 'daily_reminders', run_key: `${org.id}:${date}` })
      .onConflict((oc) => oc.doNothing())
      .returning('job')
      .executeTakeFirst();
    if (!claimed) return false;
    const daily = (type: NotificationEventType, entityType: string, rows: DailyRows) =>
      insertNotifications(trx, { type, entityType, rows, actorId: null, dedupeKey: date });
    await daily('issue_overdue', 'issue', dueIssuesSql(org.id, org.timeZone, date, 'overdue'));
    await daily('issue_due_today', 'issue', dueIssuesSql(org.id, org.timeZone, date, 'today'));
    await daily('equipment_return_overdue', 'equipment_booking', lateReturnsSql(org.id, date));
    await daily('regulatory_file_expiring', 'regulatory_file', expiringFilesSql(org.id, date));
    await daily('lease_notice_due', 'workspace_lease', leaseNoticesSql(org.id, date));
    await sendDigests(trx, ctx, org.id, now);
    return true;
  });
}

/**
 * The daily reminders of every organisation whose local time has passed 07:00 and whose day has
 * not run yet. `done` remembers the runs this server saw (so it does not ask again every round).
 */
export async function runDailyReminders(
  ctx: Ctx,
  now = new Date(),
  done: Set<string> = new Set(),
): Promise<{ ran: number }> {
  const clients = await ctx.db
    .selectFrom('clients')
    .select(['id', sql<string | null>`settings->>'time_zone'`.as('time_zone')])
    .execute();
  let ran = 0;
  for (const client of clients) {
    const timeZone = timeZoneOf(client.time_zone);
    if (localHourOf(now, timeZone) < DAILY_REMINDER_HOUR) continue;
    const date = localDateOf(now, timeZone);
    const key = `${client.id}:${date}`;
    if (done.has(key)) continue;
    if (await runDailyRemindersFor(ctx, { id: client.id, timeZone }, date, now)) ran++;
    done.add(key);
  }
  return { ran };
}

/** The notification mailer and the daily reminders (issue 20), every 15 s; returns a stop function. */
export function startNotificationJobs(ctx: AppContext, log: (msg: string) => void): () => Promise<void> {
  const done = new Set<string>();
  let current: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (current) return;
    current = (async () => {
      await mailNotificationsRound(ctx);
      await runDailyReminders(ctx, new Date(), done);
    })()
      .catch((err) => log(`notification jobs: ${String(err)}`))
      .finally(() => {
        current = undefined;
      });
  }, ROUND_MS);
  timer.unref?.();
  // Stopping waits for a round in progress, so the database is not closed under it.
  return async () => {
    clearInterval(timer);
    await current;
  };
}
