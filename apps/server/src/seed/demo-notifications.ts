import { ISSUE_STATUS, type NotificationEventType, notificationEvent } from '@workbench/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { findDemoClientId } from './demo.js';

/**
 * The demo's bells (issue 20): a few notifications of the last two days for Anna (a technician),
 * Martin (a manager) and Alice (the admin), some read, about the demo's real issues, as the
 * event table would have made them. In-app only (their e-mails were never sent). Runs after the
 * other demo seeds; does nothing when the organisation has notifications already.
 */
type DemoNotification = {
  to: string;
  type: NotificationEventType;
  /** The issue, by title (the first match in the organisation). */
  issue: string;
  actor: string | null;
  hoursAgo: number;
  read?: boolean;
  comment?: string;
};

const DEMO_NOTIFICATIONS: DemoNotification[] = [
  {
    to: 'anna@demo.test',
    type: 'issue_assigned',
    issue: 'Fix the kitchen extractor fan',
    actor: 'admin@demo.test',
    hoursAgo: 1,
  },
  {
    to: 'anna@demo.test',
    type: 'issue_commented',
    issue: 'Dishwasher leaking in the kitchen',
    actor: 'manager@demo.test',
    hoursAgo: 0.5,
    comment: 'The spare cord is in the storage room on level 1.',
  },
  {
    to: 'anna@demo.test',
    type: 'issue_due_today',
    issue: 'Replace the filters of AHU-1',
    actor: null,
    hoursAgo: 6,
    read: true,
  },
  {
    to: 'manager@demo.test',
    type: 'public_report_received',
    issue: 'Window blind stuck',
    actor: null,
    hoursAgo: 24,
  },
  {
    to: 'admin@demo.test',
    type: 'public_report_received',
    issue: 'Window blind stuck',
    actor: null,
    hoursAgo: 24,
    read: true,
  },
  {
    to: 'admin@demo.test',
    type: 'issue_status_changed',
    issue: 'Lobby light flickering',
    actor: 'ben@demo.test',
    hoursAgo: 30,
  },
];

export async function seedDemoNotifications(db: Kysely<Database>): Promise<void> {
  const clientId = await findDemoClientId(db);
  if (!clientId) return;
  const any = await db
    .selectFrom('notifications')
    .select('id')
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (any) return;
  const people = new Map(
    (await db.selectFrom('users').select(['id', 'email']).where('client_id', '=', clientId).execute()).map(
      (u) => [u.email, u.id],
    ),
  );
  const issues = await db
    .selectFrom('issues as i')
    .innerJoin('workspaces as w', 'w.id', 'i.workspace_id')
    .select(['i.id', 'i.title', 'i.status_id', 'w.name as workspace_name'])
    .where('i.client_id', '=', clientId)
    .where('i.deleted_at', 'is', null)
    .orderBy('i.id')
    .execute();
  const now = Date.now();
  const rows = DEMO_NOTIFICATIONS.flatMap((n) => {
    const to = people.get(n.to);
    const issue = issues.find((i) => i.title === n.issue);
    if (!to || !issue) return [];
    const at = new Date(now - n.hoursAgo * 3_600_000);
    const channel = notificationEvent(n.type)?.defaultChannel ?? 'in_app';
    return [
      {
        client_id: clientId,
        user_id: to,
        event_type: n.type,
        entity_type: 'issue',
        entity_id: issue.id,
        actor_id: n.actor ? (people.get(n.actor) ?? null) : null,
        data: JSON.stringify({
          title: issue.title,
          workspace_name: issue.workspace_name,
          status_id: n.type === 'issue_status_changed' ? ISSUE_STATUS.completed : issue.status_id,
          ...(n.comment ? { comment: n.comment } : {}),
        }),
        dedupe_key: n.type === 'issue_due_today' ? at.toISOString().slice(0, 10) : null,
        channel,
        email_state: 'skipped' as const,
        read_at: n.read ? new Date(at.getTime() + 600_000) : null,
        created_at: at,
      },
    ];
  });
  // Oldest first: the bell lists by id, newest first.
  rows.sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
  if (rows.length) await db.insertInto('notifications').values(rows).execute();
}
