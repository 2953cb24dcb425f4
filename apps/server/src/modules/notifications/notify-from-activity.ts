import {
  ISSUE_STATUS,
  type NotificationAudience,
  type NotificationEntityType,
  type NotificationEventType,
  notificationEvent,
} from '@workbench/domain';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ActivityEntry } from '../activity/activity-log.js';
import { type RecipientTarget, recipientsSql } from './notification-recipients.js';
import { insertNotifications } from './notify-insert.js';

type Db = Kysely<Database> | Transaction<Database>;

/** One event an activity entry causes: its type, entity, and what its snapshot adds. */
export type ActivityEvent = {
  type: NotificationEventType;
  target: RecipientTarget;
  /** Extra snapshot fields (the comment, the previous status, the decision). */
  extra?: { from_status_id?: number; decision?: string; commentId?: number; attachmentCommentId?: number };
  /** People of these audiences hear of a more specific event of the same change instead. */
  except?: readonly NotificationAudience[];
};

const pair = (value: unknown): [unknown, unknown] | null =>
  Array.isArray(value) && value.length === 2 ? [value[0], value[1]] : null;
const idOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;

/**
 * The pure mapping (issue 20): the event types of the table an activity entry stands for.
 * Issue: a new assignee (assigned / unassigned), a status change (in review: review requested,
 * declined: declined, else status changed), a comment, a comment on an attachment, a public
 * report. Schedule: the assignee's decision, a presence alarm. Collaboration: invited, answered.
 * Equipment: a reservation or handout request, a decision on one.
 */
export function eventsOfActivity(entry: ActivityEntry): ActivityEvent[] {
  const changes = entry.changes ?? {};
  const events: ActivityEvent[] = [];
  const base = { entityId: entry.entityId, clientId: entry.clientId };
  if (entry.entityType === 'issue') {
    const target: RecipientTarget = { ...base, entityType: 'issue' };
    if (entry.action === 'deleted') return [];
    const assignee = pair(changes.assignee_id);
    const assigned = !!assignee && assignee[0] !== assignee[1] && idOf(assignee[1]) !== null;
    if (assignee && assignee[0] !== assignee[1]) {
      if (assigned) events.push({ type: 'issue_assigned', target });
      const previous = idOf(assignee[0]);
      if (previous)
        events.push({ type: 'issue_unassigned', target: { ...target, previousAssigneeId: previous } });
    }
    const status = pair(changes.status_id);
    const fresh = entry.action === 'created' || entry.action === 'reported_publicly';
    if (status && !fresh && idOf(status[1]) !== null && status[0] !== status[1]) {
      const to = status[1] as number;
      const extra = typeof status[0] === 'number' ? { from_status_id: status[0] } : {};
      const specific: NotificationEventType | null =
        to === ISSUE_STATUS.inReview
          ? 'issue_review_requested'
          : to === ISSUE_STATUS.declined
            ? 'issue_declined'
            : null;
      if (specific) events.push({ type: specific, target, extra });
      // Who hears of the more specific event (or of being assigned, by the same change) hears only that.
      const except: NotificationAudience[] = [
        ...(specific ? (notificationEvent(specific)?.audience ?? []) : []),
        ...(assigned ? (['assignee'] as const) : []),
      ];
      events.push({ type: 'issue_status_changed', target, extra, ...(except.length ? { except } : {}) });
    }
    if (entry.action === 'commented') {
      const commentId = idOf(changes.comment_id);
      events.push({ type: 'issue_commented', target, ...(commentId ? { extra: { commentId } } : {}) });
    }
    if (entry.action === 'attachment_commented') {
      const commentId = idOf(changes.comment_id);
      events.push({
        type: 'issue_attachment_commented',
        target,
        ...(commentId ? { extra: { attachmentCommentId: commentId } } : {}),
      });
    }
    if (entry.action === 'reported_publicly') events.push({ type: 'public_report_received', target });
    return events;
  }
  if (entry.entityType === 'schedule') {
    const target: RecipientTarget = { ...base, entityType: 'schedule' };
    if (entry.action === 'decision') {
      const decision = changes.status_id === ISSUE_STATUS.declined ? 'declined' : 'accepted';
      return [{ type: 'schedule_assignee_decision', target, extra: { decision } }];
    }
    if (entry.action === 'presence_alarm') return [{ type: 'schedule_presence_alarm', target }];
    return [];
  }
  if (entry.entityType === 'collaboration') {
    const target: RecipientTarget = { ...base, entityType: 'collaboration' };
    if (entry.action === 'invited') return [{ type: 'collaboration_invited', target }];
    if (entry.action === 'accepted' || entry.action === 'declined')
      return [{ type: 'collaboration_answered', target, extra: { decision: entry.action } }];
    return [];
  }
  if (entry.entityType === 'equipment') {
    const bookingId = idOf(changes.booking_id);
    if (!bookingId) return [];
    const target: RecipientTarget = {
      entityType: 'equipment_booking',
      entityId: bookingId,
      clientId: entry.clientId,
      equipmentId: entry.entityId,
    };
    if (entry.action === 'reservation_requested')
      return [{ type: 'equipment_reservation_requested', target }];
    if (entry.action === 'handout_requested') return [{ type: 'equipment_handout_requested', target }];
    if (entry.action === 'request_approved' || entry.action === 'request_declined')
      return [
        {
          type: 'equipment_request_decided',
          target,
          extra: { decision: entry.action === 'request_approved' ? 'approved' : 'declined' },
        },
      ];
  }
  return [];
}

/** What the bell shows of the entity, as it is now (title, workspace, status, ...), as jsonb. */
export function snapshotSql(
  entityType: NotificationEntityType,
  entityId: RawBuilder<unknown> | number,
  type: NotificationEventType,
): RawBuilder<unknown> {
  switch (entityType) {
    case 'issue':
      return sql`(SELECT jsonb_build_object('title', i.title, 'workspace_name', w.name, 'status_id', i.status_id,
          'due_date', i.due_date)
        FROM issues i JOIN workspaces w ON w.id = i.workspace_id WHERE i.id = ${entityId})`;
    case 'schedule':
      return sql`(SELECT jsonb_build_object('title', s.title, 'workspace_name', w.name)
        FROM schedules s JOIN workspaces w ON w.id = s.workspace_id WHERE s.id = ${entityId})`;
    case 'collaboration':
      // The invited side reads who invited them; the inviting side reads who answered.
      return type === 'collaboration_invited'
        ? sql`(SELECT jsonb_build_object('title', o.name) FROM collaborations c
            JOIN clients o ON o.id = c.client_id WHERE c.id = ${entityId})`
        : sql`(SELECT jsonb_build_object('title', COALESCE(c.company_alias, p.name, c.invited_email))
            FROM collaborations c LEFT JOIN clients p ON p.id = c.partner_client_id WHERE c.id = ${entityId})`;
    case 'equipment_booking':
      return sql`(SELECT jsonb_build_object('title', e.title, 'equipment_id', e.id, 'due_date', b.ends_on)
        FROM equipment_bookings b JOIN equipment e ON e.id = b.equipment_id WHERE b.id = ${entityId})`;
    case 'regulatory_file':
      return sql`(SELECT jsonb_build_object('title', f.name, 'due_date', f.valid_until,
          'asset_id', (SELECT min(fa.asset_id) FROM regulatory_file_assets fa WHERE fa.file_id = f.id))
        FROM regulatory_files f WHERE f.id = ${entityId})`;
    default:
      return sql`'{}'::jsonb`;
  }
}

function extraSql(extra: ActivityEvent['extra']): RawBuilder<unknown> {
  if (!extra) return sql`'{}'::jsonb`;
  const parts: RawBuilder<unknown>[] = [];
  if (extra.from_status_id !== undefined) parts.push(sql`'from_status_id', ${extra.from_status_id}::integer`);
  if (extra.decision) parts.push(sql`'decision', ${extra.decision}::text`);
  if (extra.commentId)
    parts.push(
      sql`'comment', (SELECT left(c.comment, 200) FROM issue_comments c WHERE c.id = ${extra.commentId})`,
    );
  if (extra.attachmentCommentId)
    parts.push(
      sql`'comment', (SELECT left(c.comment, 200) FROM attachment_comments c WHERE c.id = ${extra.attachmentCommentId})`,
    );
  return parts.length ? sql`jsonb_build_object(${sql.join(parts, sql`, `)})` : sql`'{}'::jsonb`;
}

/**
 * The notifications an activity entry causes (the event table in packages/domain
 * notification-events.ts decides who receives what). No statement when the entry matches no
 * event; one per event otherwise (notify-insert.ts).
 */
export async function notifyFromActivity(db: Db, entry: ActivityEntry): Promise<void> {
  for (const event of eventsOfActivity(entry)) {
    const definition = notificationEvent(event.type);
    if (!definition) continue;
    const recipients = recipientsSql(definition.audience, event.target, event.except);
    if (!recipients) continue;
    const data = sql`(COALESCE(${snapshotSql(event.target.entityType, event.target.entityId, event.type)}, '{}'::jsonb) || ${extraSql(event.extra)})`;
    await insertNotifications(db, {
      type: event.type,
      entityType: event.target.entityType,
      rows: sql`(SELECT r.user_id, r.client_id, ${event.target.entityId}::integer AS entity_id, ${data} AS data
        FROM ${recipients} AS r)`,
      actorId: entry.userId,
    });
  }
}
