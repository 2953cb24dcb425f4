import {
  dueState,
  fullName,
  ISSUE_STATUSES,
  type Issue,
  type IssueStatusId,
  issueActions,
  issuePermissions,
  readIssueTranslations,
} from '@workbench/domain';
import { sql } from 'kysely';
import type { Auth } from '../../http/authenticate.js';
import { fileUrl } from '../../storage/file-storage.js';
import { accessibleWorkspacesSql, issueVisibleSql } from '../access/workspace-access.js';
import { presentAttachments } from '../attachments/attachment-presenter.js';
import type { LoadedIssue } from './issue-context.js';
import { type Db, findAvailableAssigneeIds } from './issue-queries.js';

type Caller = Pick<Auth, 'userId' | 'clientId' | 'role'>;

const statusName = (id: number) => ISSUE_STATUSES.find((s) => s.id === id)?.name ?? String(id);

type PersonRow = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  profile_image: string | null;
};

async function findPeople(db: Db, ids: Array<number | null>): Promise<Map<number, PersonRow>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'profile_image'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** The API shape of one issue for this caller (000 §3 Issue), with its permissions and buttons. */
export async function presentIssue(db: Db, auth: Caller, loaded: LoadedIssue): Promise<Issue> {
  const { row, facts, rules } = loaded;
  const clientId = row.client_id;
  const [workspace, assignees, children, categories, watchers, links, comments] = await Promise.all([
    db
      .selectFrom('workspaces')
      .select(['id', 'name'])
      .where('client_id', '=', clientId)
      .where('id', '=', row.workspace_id)
      .executeTakeFirstOrThrow(),
    findAvailableAssigneeIds(db, clientId, row.workspace_id),
    sql<{ id: number; title: string; status_id: number }>`
      SELECT i.id, i.title, i.status_id FROM issues i
        JOIN ${accessibleWorkspacesSql(auth)} AS access
          ON access.workspace_id = i.workspace_id AND access.client_id = i.client_id
        WHERE i.client_id = ${clientId} AND i.parent_id = ${row.id} AND ${issueVisibleSql(auth)}
        ORDER BY i.created_at, i.id`.execute(db),
    db
      .selectFrom('issue_categories as ic')
      .innerJoin('categories as c', 'c.id', 'ic.category_id')
      .select(['c.id', 'c.name', 'c.color'])
      .where('ic.client_id', '=', clientId)
      .where('ic.issue_id', '=', row.id)
      .orderBy('c.name')
      .execute(),
    db
      .selectFrom('issue_watchers as iw')
      .innerJoin('users as u', 'u.id', 'iw.user_id')
      .select(['u.id', 'u.first_name', 'u.last_name', 'u.email', 'u.profile_image'])
      .where('iw.client_id', '=', clientId)
      .where('iw.issue_id', '=', row.id)
      .orderBy('iw.created_at')
      .orderBy('u.id')
      .execute(),
    db
      .selectFrom('issue_links')
      .select(['id', 'url', 'title'])
      .where('client_id', '=', clientId)
      .where('issue_id', '=', row.id)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('issue_comments')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('client_id', '=', clientId)
      .where('issue_id', '=', row.id)
      .executeTakeFirst(),
  ]);
  const permissions = issuePermissions(rules);
  const [people, attachments] = await Promise.all([
    findPeople(db, [row.assignee_id, row.created_by]),
    presentAttachments(db, {
      clientId,
      ownerType: 'issue',
      ownerIds: [row.id],
      callerId: auth.userId,
      permissions,
    }),
  ]);
  const assignee = row.assignee_id !== null ? people.get(row.assignee_id) : undefined;
  const creator = row.created_by !== null ? people.get(row.created_by) : undefined;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status: { id: row.status_id as IssueStatusId, name: statusName(row.status_id) },
    status_id: row.status_id as IssueStatusId,
    assignee_id: row.assignee_id,
    // Public reporters arrive with the public forms; every assignee is a user of the product now.
    assignee: assignee ? { id: assignee.id, full_name: fullName(assignee), is_public_user: false } : null,
    last_assignee: row.last_assignee_id !== null ? { id: row.last_assignee_id } : null,
    archived: row.archived_at !== null,
    workspace: { id: workspace.id, name: workspace.name, available_assignees_ids: assignees },
    workspace_id: row.workspace_id,
    parent_id: row.parent_id,
    children: children.rows.map((c) => ({
      id: c.id,
      title: c.title,
      status_id: c.status_id as IssueStatusId,
    })),
    open_subtasks_count: facts.open_subtasks_count,
    attachments: attachments.get(row.id) ?? [],
    start_date: facts.start_date,
    due_date: facts.due_date,
    schedule_id: row.schedule_id,
    priority_id: row.priority_id,
    category_id: row.category_id,
    categories,
    watchers: watchers.map((w) => ({
      id: w.id,
      full_name: fullName(w),
      profile_image: fileUrl(w.profile_image),
    })),
    asset_id: row.asset_id,
    asset_group_id: row.asset_group_id,
    equipment_ids: row.equipment_ids ?? [],
    accessibility_id: row.accessibility_id,
    external_email_address: row.external_email_address,
    links,
    is_attachment_required: row.is_attachment_required,
    is_worktime_required: row.is_worktime_required,
    worktime_total: row.worktime_total,
    number_of_comments: Number(comments?.count ?? 0),
    process_number: row.process_number,
    rating: row.rating,
    permissions,
    actions: issueActions(rules),
    due_state: dueState(facts, loaded.settings, rules.now),
    available_translations: readIssueTranslations(row.translations),
    created_by: creator ? { id: creator.id, full_name: fullName(creator) } : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
