import { locationRequestCutoff } from '@workbench/domain';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { workspaceWorkersSql } from '../access/workspace-access.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A location request with its person, requester and workspace, as the presenter needs it. */
export type LocationRequestRow = {
  id: number;
  client_id: number;
  user_id: number;
  user_first_name: string;
  user_last_name: string;
  user_email: string;
  requested_by: number | null;
  requester_first_name: string | null;
  requester_last_name: string | null;
  requester_email: string | null;
  workspace_id: number;
  workspace_name: string;
  message: string | null;
  status: 'pending' | 'accepted' | 'declined' | 'expired';
  presence_log_id: number | null;
  answered_at: Date | null;
  created_at: Date;
};

function requestQuery(db: Db, clientId: number) {
  return db
    .selectFrom('location_requests as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .innerJoin('workspaces as w', 'w.id', 'r.workspace_id')
    .leftJoin('users as q', 'q.id', 'r.requested_by')
    .where('r.client_id', '=', clientId)
    .select([
      'r.id',
      'r.client_id',
      'r.user_id',
      'u.first_name as user_first_name',
      'u.last_name as user_last_name',
      'u.email as user_email',
      'r.requested_by',
      'q.first_name as requester_first_name',
      'q.last_name as requester_last_name',
      'q.email as requester_email',
      'r.workspace_id',
      'w.name as workspace_name',
      'r.message',
      'r.status',
      'r.presence_log_id',
      'r.answered_at',
      // Typed here: the table's Generated<Timestamp> reads as the column type, not as a Date.
      sql<Date>`r.created_at`.as('created_at'),
    ]);
}

export function findLocationRequest(
  db: Db,
  clientId: number,
  id: number,
): Promise<LocationRequestRow | undefined> {
  return requestQuery(db, clientId).where('r.id', '=', id).executeTakeFirst();
}

/** The person's pending requests (not expired) in live workspaces, newest first. */
export function findPendingFor(db: Db, clientId: number, userId: number): Promise<LocationRequestRow[]> {
  return requestQuery(db, clientId)
    .where('r.user_id', '=', userId)
    .where('r.status', '=', 'pending')
    .where(sql<boolean>`r.created_at >= ${locationRequestCutoff()}`)
    .where('w.deleted_at', 'is', null)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(50)
    .execute();
}

/** Whether the person works in the workspace for its own organisation (workspaceWorkersSql). */
export async function worksThere(
  db: Db,
  clientId: number,
  workspaceId: number,
  userId: number,
): Promise<boolean> {
  const { rows } = await sql`SELECT 1 FROM ${workspaceWorkersSql(clientId, workspaceId)} AS ww
    WHERE ww.user_id = ${userId} AND ww.client_id = ${clientId} LIMIT 1`.execute(db);
  return rows.length > 0;
}
