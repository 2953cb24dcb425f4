import { CHECKLIST_ITEM_STATUS, fullName } from '@workbench/domain';
import type { Db } from '../issues/issue-queries.js';

/**
 * What the report reads beyond the presented issue (GET issue/{id}'s answer), each list in one
 * statement, always within the issue's organisation: the owner organisation, the workspace's
 * reference number, the row's dates and location, comments, work time, the activity log,
 * checklists, the photos' stored thumbnails, and the sub-issues' assignees and due dates.
 */

const nameOf = (row: { first_name: string | null; last_name: string | null; email: string | null }) =>
  row.first_name === null
    ? null
    : fullName({ first_name: row.first_name, last_name: row.last_name ?? '', email: row.email ?? '' });

export function findReportOrganisation(db: Db, clientId: number) {
  return db
    .selectFrom('clients')
    .select(['id', 'name', 'logo', 'settings'])
    .where('id', '=', clientId)
    .executeTakeFirstOrThrow();
}

export function findReportIssueRow(db: Db, clientId: number, issueId: number) {
  return db
    .selectFrom('issues as i')
    .innerJoin('workspaces as w', (join) =>
      join.onRef('w.id', '=', 'i.workspace_id').onRef('w.client_id', '=', 'i.client_id'),
    )
    .select(['i.completed_at', 'i.location_name', 'i.location_lat', 'i.location_lng', 'w.reference_number'])
    .where('i.client_id', '=', clientId)
    .where('i.id', '=', issueId)
    .executeTakeFirstOrThrow();
}

export async function findReportComments(
  db: Db,
  clientId: number,
  issueId: number,
  options: { publicOnly?: boolean } = {},
) {
  let query = db
    .selectFrom('issue_comments as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'c.comment', 'c.created_at', 'c.by_reporter', 'u.first_name', 'u.last_name', 'u.email'])
    .where('c.client_id', '=', clientId)
    .where('c.issue_id', '=', issueId);
  if (options.publicOnly) query = query.where('c.is_public', '=', true);
  const rows = await query.orderBy('c.created_at').orderBy('c.id').execute();
  return rows.map((r) => ({
    id: r.id,
    text: r.comment,
    at: r.created_at,
    author: nameOf(r),
    byReporter: r.by_reporter,
  }));
}

export async function findReportWorktime(db: Db, clientId: number, issueId: number) {
  const rows = await db
    .selectFrom('worktime_logs as w')
    .leftJoin('users as u', 'u.id', 'w.user_id')
    .select(['w.seconds', 'w.started_at', 'w.created_at', 'w.note', 'u.first_name', 'u.last_name', 'u.email'])
    .where('w.client_id', '=', clientId)
    .where('w.issue_id', '=', issueId)
    .orderBy('w.created_at')
    .orderBy('w.id')
    .execute();
  return rows.map((r) => ({
    seconds: r.seconds,
    at: r.started_at ?? r.created_at,
    note: r.note,
    person: nameOf(r),
  }));
}

export async function findReportActivity(db: Db, clientId: number, issueId: number) {
  const rows = await db
    .selectFrom('activity_log as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.action', 'a.changes', 'a.created_at', 'u.first_name', 'u.last_name', 'u.email'])
    .where('a.client_id', '=', clientId)
    .where('a.entity_type', '=', 'issue')
    .where('a.entity_id', '=', issueId)
    .orderBy('a.created_at')
    .orderBy('a.id')
    .limit(1000)
    .execute();
  return rows.map((r) => ({ action: r.action, changes: r.changes, at: r.created_at, person: nameOf(r) }));
}

export async function findReportChecklists(db: Db, clientId: number, issueId: number) {
  const lists = await db
    .selectFrom('checklists')
    .select(['id', 'title'])
    .where('client_id', '=', clientId)
    .where('issue_id', '=', issueId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  if (!lists.length) return [];
  const items = await db
    .selectFrom('checklist_items')
    .select(['checklist_id', 'title', 'description', 'status_id'])
    .where('client_id', '=', clientId)
    .where(
      'checklist_id',
      'in',
      lists.map((l) => l.id),
    )
    .orderBy('position')
    .orderBy('id')
    .execute();
  return lists.map((list) => ({
    title: list.title,
    items: items
      .filter((i) => i.checklist_id === list.id)
      .map((i) => ({
        title: i.title,
        description: i.description,
        done: i.status_id === CHECKLIST_ITEM_STATUS.done,
      })),
  }));
}

/** The issue's pictures in gallery order, with the stored 1024 px thumbnail (the file when none). */
export async function findReportPhotos(
  db: Db,
  clientId: number,
  issueId: number,
  options: { reporterOnly?: boolean } = {},
) {
  let query = db
    .selectFrom('attachments')
    .select(['id', 'file_key', 'thumbnail_1024_key', 'description'])
    .where('client_id', '=', clientId)
    .where('owner_type', '=', 'issue')
    .where('owner_id', '=', issueId)
    .where('media_type', '=', 'picture')
    .where('deleted_at', 'is', null);
  if (options.reporterOnly) query = query.where('user_id', 'is', null);
  const rows = await query.orderBy('sort_index').orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, key: r.thumbnail_1024_key ?? r.file_key, description: r.description }));
}

export async function findReportSubtasks(db: Db, clientId: number, ids: number[]) {
  if (!ids.length) return new Map<number, { assignee: string | null; due: Date | null }>();
  const rows = await db
    .selectFrom('issues as i')
    .leftJoin('users as u', 'u.id', 'i.assignee_id')
    .select(['i.id', 'i.due_date', 'u.first_name', 'u.last_name', 'u.email'])
    .where('i.client_id', '=', clientId)
    .where('i.id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, { assignee: nameOf(r), due: r.due_date }]));
}

/** The people among `emails` with an account, with their language (the copy is mailed in it). */
export async function findLanguagesOf(db: Db, emails: string[]): Promise<Map<string, string>> {
  if (!emails.length) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['email', 'language'])
    .where(
      (eb) => eb.fn('lower', ['email']),
      'in',
      emails.map((e) => e.toLowerCase()),
    )
    .where('deleted_at', 'is', null)
    .execute();
  return new Map(rows.map((r) => [r.email.toLowerCase(), r.language]));
}
