import type { NotificationAudience, NotificationEntityType } from '@workbench/domain';
import { type RawBuilder, sql } from 'kysely';
import { workspaceAncestorsSql, workspaceWorkersSql } from '../access/workspace-access.js';

/**
 * Who receives an event (issue 20): one resolver per audience of the event table
 * (packages/domain notification-events.ts), each a query of candidate user ids for one entity,
 * then one visibility rule per entity type that keeps only the people who can still see the
 * entity and says in which organisation they see it (the notification's client_id). Active, not
 * deleted people and "never the actor" are the insert's (notify-insert.ts).
 */

/** The entity an event is about, as the resolvers need it. */
export type RecipientTarget = {
  entityType: NotificationEntityType;
  entityId: number;
  /** The organisation that owns the entity. */
  clientId: number;
  /** previous_assignee: the assignee the issue was taken from. */
  previousAssigneeId?: number | null;
  /** equipment_booking: the item the booking is of. */
  equipmentId?: number | null;
};

type Ids = RawBuilder<{ user_id: number }>;

/** The managers (and group managers) of a workspace or above it; else the organisation's admins. */
function workspaceManagersSql(clientId: number, workspaceId: RawBuilder<unknown>): Ids {
  return sql`(
    WITH m AS (
      SELECT wu.user_id FROM workspace_users wu
        WHERE wu.client_id = ${clientId} AND wu.role IN ('manager', 'group_manager')
          AND wu.workspace_id IN (SELECT ancestor_id FROM ${workspaceAncestorsSql(sql`SELECT ${workspaceId}`)} AS wa)
    )
    SELECT user_id FROM m
    UNION SELECT uc.user_id FROM user_clients uc
      WHERE uc.client_id = ${clientId} AND uc.role = 'admin' AND NOT EXISTS (SELECT 1 FROM m)
  )`;
}

/** A set of managers, or the organisation's admins when it is empty. */
function managersOrAdminsSql(clientId: number, managers: RawBuilder<unknown>): Ids {
  return sql`(
    WITH m AS (${managers})
    SELECT user_id FROM m
    UNION SELECT uc.user_id FROM user_clients uc
      WHERE uc.client_id = ${clientId} AND uc.role = 'admin' AND NOT EXISTS (SELECT 1 FROM m)
  )`;
}

const issueWorkspace = (t: RecipientTarget) =>
  sql`(SELECT i.workspace_id FROM issues i WHERE i.id = ${t.entityId} AND i.client_id = ${t.clientId} AND i.deleted_at IS NULL)`;
const scheduleWorkspace = (t: RecipientTarget) =>
  sql`(SELECT s.workspace_id FROM schedules s WHERE s.id = ${t.entityId} AND s.client_id = ${t.clientId} AND s.deleted_at IS NULL)`;

/** The candidates of one audience for one entity (user ids, before the visibility rule). */
export function audienceSql(audience: NotificationAudience, t: RecipientTarget): Ids | null {
  const id = t.entityId;
  switch (audience) {
    case 'assignee':
      if (t.entityType === 'issue')
        return sql`(SELECT i.assignee_id AS user_id FROM issues i WHERE i.id = ${id})`;
      return null;
    case 'previous_assignee':
      return t.previousAssigneeId ? sql`(SELECT ${t.previousAssigneeId}::integer AS user_id)` : null;
    case 'reporter':
      return sql`(SELECT i.created_by AS user_id FROM issues i WHERE i.id = ${id})`;
    case 'watchers':
      return sql`(SELECT w.user_id FROM issue_watchers w WHERE w.issue_id = ${id})`;
    case 'workspace_managers':
      if (t.entityType === 'issue') return workspaceManagersSql(t.clientId, issueWorkspace(t));
      if (t.entityType === 'schedule') return workspaceManagersSql(t.clientId, scheduleWorkspace(t));
      return null;
    case 'schedule_creator':
      return sql`(SELECT s.created_by AS user_id FROM schedules s WHERE s.id = ${id})`;
    case 'schedule_assignees':
      return sql`(SELECT s.assignee_id AS user_id FROM schedules s WHERE s.id = ${id})`;
    case 'partner_admins':
    case 'owner_admins':
      // Collaborations name their organisation themselves (collaborationRecipientsSql).
      return null;
    case 'equipment_managers': {
      const item = t.equipmentId ?? sql`(SELECT b.equipment_id FROM equipment_bookings b WHERE b.id = ${id})`;
      return managersOrAdminsSql(
        t.clientId,
        sql`SELECT em.user_id FROM equipment_managers em WHERE em.equipment_id = ${item}
          UNION SELECT gm.user_id FROM equipment_group_managers gm
            JOIN equipment e ON e.group_id = gm.group_id WHERE e.id = ${item}`,
      );
    }
    case 'requester':
      return sql`(SELECT u AS user_id FROM equipment_bookings b, unnest(ARRAY[b.requested_by, b.holder_user_id]) AS u
        WHERE b.id = ${id})`;
    case 'asset_managers':
      return managersOrAdminsSql(
        t.clientId,
        sql`SELECT am.user_id FROM asset_managers am
            JOIN regulatory_file_assets fa ON fa.asset_id = am.asset_id WHERE fa.file_id = ${id}
          UNION SELECT gm.user_id FROM asset_group_managers gm
            JOIN assets a ON a.group_id = gm.group_id
            JOIN regulatory_file_assets fa ON fa.asset_id = a.id WHERE fa.file_id = ${id}`,
      );
    // Location requests (issue 21) notify these two directly (location-request-service.ts).
    case 'asked_person':
      return sql`(SELECT r.user_id FROM location_requests r WHERE r.id = ${id})`;
    case 'location_requester':
      return sql`(SELECT r.requested_by AS user_id FROM location_requests r WHERE r.id = ${id})`;
  }
}

/** Collaborations: the partner's admins (in the partner organisation) or the owner's admins. */
function collaborationRecipientsSql(
  audiences: readonly NotificationAudience[],
  t: RecipientTarget,
): RawBuilder<{ user_id: number; client_id: number }> | null {
  const parts: RawBuilder<unknown>[] = [];
  if (audiences.includes('partner_admins'))
    parts.push(sql`SELECT uc.user_id, uc.client_id FROM collaborations c
      JOIN user_clients uc ON uc.client_id = c.partner_client_id AND uc.role = 'admin'
      WHERE c.id = ${t.entityId} AND c.client_id = ${t.clientId} AND c.deleted_at IS NULL`);
  if (audiences.includes('owner_admins'))
    parts.push(sql`SELECT uc.user_id, uc.client_id FROM collaborations c
      JOIN user_clients uc ON uc.client_id = c.client_id AND uc.role = 'admin'
      WHERE c.id = ${t.entityId} AND c.client_id = ${t.clientId} AND c.deleted_at IS NULL`);
  return parts.length ? sql`(${sql.join(parts, sql` UNION `)})` : null;
}

/**
 * The recipients of an event: (user_id, client_id), the union of its audiences kept to the people
 * who can see the entity (issues and schedules: who works in its workspace, workspaceWorkersSql;
 * a schedule is its organisation's own; equipment and files: the organisation's people).
 * null when no audience applies (then no statement runs).
 */
export function recipientsSql(
  audiences: readonly NotificationAudience[],
  t: RecipientTarget,
  except?: readonly NotificationAudience[],
): RawBuilder<{ user_id: number; client_id: number }> | null {
  if (t.entityType === 'collaboration') return collaborationRecipientsSql(audiences, t);
  const of = (list: readonly NotificationAudience[]) =>
    list.map((a) => audienceSql(a, t)).filter((s): s is Ids => s !== null);
  const parts = of(audiences);
  if (!parts.length) return null;
  const minus = except ? of(except) : [];
  const candidates = sql`(${sql.join(parts, sql` UNION `)}${
    minus.length ? sql` EXCEPT (${sql.join(minus, sql` UNION `)})` : sql``
  })`;
  switch (t.entityType) {
    case 'issue':
      return sql`(SELECT DISTINCT ON (c.user_id) c.user_id, ww.client_id FROM ${candidates} AS c (user_id)
        JOIN ${workspaceWorkersSql(t.clientId, issueWorkspace(t))} AS ww ON ww.user_id = c.user_id
        ORDER BY c.user_id, (ww.client_id = ${t.clientId}) DESC)`;
    case 'schedule':
      return sql`(SELECT DISTINCT c.user_id, ww.client_id FROM ${candidates} AS c (user_id)
        JOIN ${workspaceWorkersSql(t.clientId, scheduleWorkspace(t))} AS ww ON ww.user_id = c.user_id
        WHERE ww.client_id = ${t.clientId})`;
    default:
      return sql`(SELECT DISTINCT c.user_id, uc.client_id FROM ${candidates} AS c (user_id)
        JOIN user_clients uc ON uc.user_id = c.user_id AND uc.client_id = ${t.clientId})`;
  }
}
