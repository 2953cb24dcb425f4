import {
  CALENDAR_FEED_DONE_PAST_DAYS,
  CALENDAR_FEED_FUTURE_DAYS,
  CALENDAR_FEED_MAX_EVENTS,
  CALENDAR_FEED_PAST_DAYS,
  ISSUE_STATUS,
} from '@workbench/domain';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { accessVersionSql, issueVisibleSql, type VisibleWorkspaces } from '../access/workspace-access.js';
import { hashToken } from '../auth/tokens.js';

type Db = Kysely<Database> | Transaction<Database>;

const DAY_MS = 86_400_000;

/** A feed found by its secret, with what decides whether its owner still reads it. */
export type FeedOwner = {
  feed_id: number;
  client_id: number;
  client_name: string;
  user_id: number;
  /** The owner's role in the feed's organisation; null when they no longer belong to it. */
  role: 'admin' | 'user' | null;
  status: 'active' | 'invited' | 'paused';
  deleted_at: Date | null;
  last_used_at: Date | null;
  access_version: string;
};

/** The feed whose secret is `raw` (only its hash is looked up), with its owner; undefined: none. */
export async function findFeedByToken(db: Db, raw: string): Promise<FeedOwner | undefined> {
  return db
    .selectFrom('calendar_feeds as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .innerJoin('clients as c', 'c.id', 'f.client_id')
    .leftJoin('user_clients as uc', (join) =>
      join.onRef('uc.user_id', '=', 'f.user_id').onRef('uc.client_id', '=', 'f.client_id'),
    )
    .select([
      'f.id as feed_id',
      'f.client_id',
      'c.name as client_name',
      'f.user_id',
      'uc.role',
      'u.status',
      'u.deleted_at',
      'f.last_used_at',
      accessVersionSql().as('access_version'),
    ])
    .where('f.token_hash', '=', hashToken(raw))
    .executeTakeFirst();
}

/** An issue as the feed shows it. */
export type FeedIssueRow = {
  id: number;
  title: string;
  status_id: number;
  start_date: Date | null;
  due_date: Date | null;
  archived_at: Date | null;
  updated_at: Date;
  created_at: Date;
  workspace_name: string;
};

/**
 * The issues of a feed: assigned to its owner and visible to them now (issueVisibleSql, THE rule;
 * deleted ones never), with a date, within the feed's bounds: open work from
 * CALENDAR_FEED_PAST_DAYS back, completed or archived work from CALENDAR_FEED_DONE_PAST_DAYS back,
 * up to CALENDAR_FEED_FUTURE_DAYS ahead; at most CALENDAR_FEED_MAX_EVENTS, the nearest to now.
 */
export async function listFeedIssues(
  db: Db,
  userId: number,
  visible: VisibleWorkspaces,
  now: Date,
): Promise<FeedIssueRow[]> {
  const openFrom = new Date(now.getTime() - CALENDAR_FEED_PAST_DAYS * DAY_MS);
  const doneFrom = new Date(now.getTime() - CALENDAR_FEED_DONE_PAST_DAYS * DAY_MS);
  const until = new Date(now.getTime() + CALENDAR_FEED_FUTURE_DAYS * DAY_MS);
  const { rows } = await sql<FeedIssueRow>`
    SELECT i.id, i.title, i.status_id, i.start_date, i.due_date, i.archived_at, i.updated_at, i.created_at,
        w.name AS workspace_name
      FROM issues i
      JOIN workspaces w ON w.id = i.workspace_id AND w.client_id = i.client_id
      WHERE i.assignee_id = ${userId}
        AND ${issueVisibleSql({ userId }, visible)}
        AND (i.start_date IS NOT NULL OR i.due_date IS NOT NULL)
        AND coalesce(i.start_date, i.due_date) <= ${until}
        AND greatest(i.start_date, i.due_date) >= CASE
          WHEN i.status_id = ${ISSUE_STATUS.completed} OR i.archived_at IS NOT NULL THEN ${doneFrom}::timestamptz
          ELSE ${openFrom}::timestamptz END
      ORDER BY abs(extract(epoch FROM coalesce(i.start_date, i.due_date) - ${now}::timestamptz)), i.id
      LIMIT ${CALENDAR_FEED_MAX_EVENTS}`.execute(db);
  return rows;
}
