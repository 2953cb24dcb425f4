import {
  type AccessRole,
  type ClientSettings,
  type EquipmentStatus,
  type IssueFacts,
  type IssueStatusId,
  readClientSettings,
} from '@workbench/domain';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database, IssuesTable } from '../../db/schema.js';
import type { Auth } from '../../http/authenticate.js';
import { findWorkspaceGrant } from '../access/request-access.js';
import {
  intArray,
  issueVisibleSql,
  type VisibleWorkspaces,
  workspaceWorkersSql,
} from '../access/workspace-access.js';
import { type AssetScope, assetGroupVisibleSql, assetVisibleSql } from '../assets/asset-visibility.js';
import { type EquipmentScope, equipmentVisibleSql } from '../equipment/equipment-visibility.js';

export type Db = Kysely<Database> | Transaction<Database>;
export type IssueRow = Selectable<IssuesTable>;
type Caller = Pick<Auth, 'userId' | 'clientId' | 'role'>;

/** A visible issue as the rules read it: the row, what they need beyond it, the owner's settings. */
export type VisibleIssue = { row: IssueRow; facts: IssueFacts; settings: ClientSettings };

/** What the rules count beyond the row: open sub-issues, the assignee's attachments, comments. */
const FACT_COUNTS = sql`
  (SELECT count(*)::int FROM issues c
    WHERE c.client_id = i.client_id AND c.parent_id = i.id AND c.deleted_at IS NULL
      AND c.status_id <> 8) AS open_subtasks,
  (SELECT count(*)::int FROM attachments a
    WHERE a.client_id = i.client_id AND a.owner_type = 'issue' AND a.owner_id = i.id
      AND a.deleted_at IS NULL AND a.user_id = i.assignee_id) AS assignee_files,
  (SELECT count(*)::int FROM issue_comments ic
    WHERE ic.client_id = i.client_id AND ic.issue_id = i.id) AS comments`;

type FactCounts = { open_subtasks: number; assignee_files: number; comments: number };
type IssueWithSettings = IssueRow & { client_settings: unknown };

function issueFacts(row: IssueRow, counts: FactCounts | undefined): IssueFacts {
  return {
    status_id: row.status_id as IssueStatusId,
    archived: row.archived_at !== null,
    assignee_id: row.assignee_id,
    last_assignee_id: row.last_assignee_id,
    created_by: row.created_by,
    parent_id: row.parent_id,
    schedule_id: row.schedule_id,
    start_date: row.start_date?.toISOString() ?? null,
    due_date: row.due_date?.toISOString() ?? null,
    started_at: row.started_at?.toISOString() ?? null,
    is_attachment_required: row.is_attachment_required,
    is_worktime_required: row.is_worktime_required,
    worktime_total: row.worktime_total,
    assignee_has_attachment: (counts?.assignee_files ?? 0) > 0,
    open_subtasks_count: counts?.open_subtasks ?? 0,
    has_comments: (counts?.comments ?? 0) > 0,
  };
}

function visibleIssueOf({ client_settings, ...row }: IssueWithSettings, counts: FactCounts | undefined) {
  return {
    row: row as IssueRow,
    facts: issueFacts(row as IssueRow, counts),
    settings: readClientSettings(client_settings ?? {}),
  };
}

/**
 * Issues the caller may see (issueVisibleSql), with their facts and their owners' settings, in
 * one statement for all of them (deleted and invisible ones are left out).
 */
export async function findVisibleIssues(
  db: Db,
  auth: Caller,
  visible: VisibleWorkspaces,
  ids: readonly number[],
): Promise<Map<number, VisibleIssue>> {
  if (!ids.length) return new Map();
  const { rows } = await sql<IssueWithSettings & FactCounts>`
    SELECT i.*, cl.settings AS client_settings, ${FACT_COUNTS}
      FROM issues i JOIN clients cl ON cl.id = i.client_id
      WHERE i.id = ANY(${intArray(ids)}) AND ${issueVisibleSql(auth, visible)}`.execute(db);
  return new Map(
    rows.map(({ open_subtasks, assignee_files, comments, ...row }) => [
      row.id,
      visibleIssueOf(row, { open_subtasks, assignee_files, comments }),
    ]),
  );
}

/**
 * One issue the caller may see, locked until the transaction ends, so a check and the write
 * after it see the same issue. Its facts are counted after the lock is held (a statement of its
 * own), so they are as fresh as the row.
 */
export async function findVisibleIssueForUpdate(
  db: Db,
  auth: Caller,
  visible: VisibleWorkspaces,
  id: number,
): Promise<VisibleIssue | undefined> {
  const { rows } = await sql<IssueWithSettings>`
    SELECT i.*, cl.settings AS client_settings
      FROM issues i JOIN clients cl ON cl.id = i.client_id
      WHERE i.id = ${id} AND ${issueVisibleSql(auth, visible)}
      FOR UPDATE OF i`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  const counts = await sql<FactCounts>`SELECT ${FACT_COUNTS} FROM issues i
    WHERE i.client_id = ${row.client_id} AND i.id = ${id}`.execute(db);
  return visibleIssueOf(row, counts.rows[0]);
}

type PersonJson = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  profile_image: string | null;
};

/** What the issue presenter shows beyond the row and its facts, as one statement reads it. */
export type IssueDetailRow = {
  id: number;
  workspace_name: string;
  available_assignees_ids: number[];
  children: Array<{ id: number; title: string; status_id: number }>;
  categories: Array<{ id: number; name: string; color: string | null }>;
  watchers: PersonJson[];
  links: Array<{ id: number; url: string; title: string | null }>;
  number_of_comments: number;
  assignee: PersonJson | null;
  creator: PersonJson | null;
  /** The asset and group it names, when they exist and the caller sees them. */
  asset: { id: number; name: string; workspace_id: number } | null;
  asset_group: { id: number; name: string; workspace_id: number } | null;
  /** The items of equipment_ids that exist and the caller sees (equipment-visibility.ts). */
  equipments: Array<{ id: number; title: string; status: EquipmentStatus }>;
  /** The public report the issue came from (public_issue_links kind reporter), if any. */
  public_report: PublicReportJson | null;
};

/** The reporter's link of a publicly reported issue, with the reporter's record. */
export type PublicReportJson = {
  reporter_id: number | null;
  full_name: string | null;
  email: string | null;
  phone: string | null;
  form_type: 'workspace' | 'asset' | 'equipment';
  language: string;
  subscribed: boolean;
  declined_notification_sent_at: string | null;
};

const personJson = (alias: string) =>
  sql.raw(`json_build_object('id', ${alias}.id, 'first_name', ${alias}.first_name,
    'last_name', ${alias}.last_name, 'email', ${alias}.email, 'profile_image', ${alias}.profile_image)`);

/**
 * Everything the issue presenter shows of some visible issues beyond their rows, in one
 * statement however many: the workspace and who can work in it, the sub-issues the caller sees,
 * categories, watchers, links, the comment count, the assignee and reporter, and the asset and
 * asset group (null when deleted or not visible to the caller: asset-visibility.ts).
 */
export async function findIssueDetails(
  db: Db,
  auth: Caller,
  visible: VisibleWorkspaces,
  scopes: { assets: AssetScope; equipment: EquipmentScope },
  ids: readonly number[],
): Promise<Map<number, IssueDetailRow>> {
  const { assets, equipment } = scopes;
  if (!ids.length) return new Map();
  const { rows } = await sql<IssueDetailRow>`
    SELECT i.id, w.name AS workspace_name,
        ARRAY(SELECT DISTINCT x.user_id
          FROM ${workspaceWorkersSql(sql`i.client_id`, sql`i.workspace_id`)} AS x
          ORDER BY x.user_id) AS available_assignees_ids,
        (SELECT coalesce(json_agg(json_build_object('id', c.id, 'title', c.title, 'status_id', c.status_id)
            ORDER BY c.created_at, c.id), '[]'::json)
          FROM issues c
          WHERE c.client_id = i.client_id AND c.parent_id = i.id
            AND ${issueVisibleSql(auth, visible, { alias: 'c' })}) AS children,
        (SELECT coalesce(json_agg(json_build_object('id', ca.id, 'name', ca.name, 'color', ca.color)
            ORDER BY ca.name), '[]'::json)
          FROM issue_categories ic JOIN categories ca ON ca.id = ic.category_id AND ca.client_id = ic.client_id
          WHERE ic.client_id = i.client_id AND ic.issue_id = i.id) AS categories,
        (SELECT coalesce(json_agg(${personJson('u')} ORDER BY iw.created_at, u.id), '[]'::json)
          FROM issue_watchers iw JOIN users u ON u.id = iw.user_id
          WHERE iw.client_id = i.client_id AND iw.issue_id = i.id) AS watchers,
        (SELECT coalesce(json_agg(json_build_object('id', l.id, 'url', l.url, 'title', l.title)
            ORDER BY l.id), '[]'::json)
          FROM issue_links l
          WHERE l.client_id = i.client_id AND l.issue_id = i.id) AS links,
        (SELECT count(*)::int FROM issue_comments ic
          WHERE ic.client_id = i.client_id AND ic.issue_id = i.id) AS number_of_comments,
        CASE WHEN a.id IS NULL THEN NULL ELSE ${personJson('a')} END AS assignee,
        CASE WHEN r.id IS NULL THEN NULL ELSE ${personJson('r')} END AS creator,
        (SELECT json_build_object('id', a.id, 'name', a.name, 'workspace_id', a.workspace_id) FROM assets a
          WHERE a.id = i.asset_id AND a.client_id = i.client_id
            AND ${assetVisibleSql(assets, 'a')}) AS asset,
        (SELECT json_build_object('id', g.id, 'name', g.name, 'workspace_id', g.workspace_id)
          FROM asset_groups g
          WHERE g.id = i.asset_group_id AND g.client_id = i.client_id
            AND ${assetGroupVisibleSql(assets, 'g')}) AS asset_group,
        (SELECT coalesce(json_agg(json_build_object('id', e.id, 'title', e.title, 'status', e.status)
            ORDER BY lower(e.title), e.id), '[]'::json)
          FROM equipment e
          WHERE i.equipment_ids <> '{}' AND e.client_id = i.client_id AND e.id = ANY(i.equipment_ids)
            AND ${equipmentVisibleSql(equipment, 'e')}) AS equipments,
        (SELECT json_build_object('reporter_id', pl.reporter_id,
            'full_name', coalesce(pr.full_name, pl.reporter_name), 'email', coalesce(pr.email, pl.email),
            'phone', pr.phone, 'form_type', pl.form_type, 'language', pl.language,
            'subscribed', pl.subscribed, 'declined_notification_sent_at', pl.declined_notification_sent_at)
          FROM public_issue_links pl LEFT JOIN public_reporters pr
            ON pr.id = pl.reporter_id AND pr.client_id = pl.client_id
          WHERE pl.client_id = i.client_id AND pl.issue_id = i.id AND pl.kind = 'reporter') AS public_report
      FROM issues i
        JOIN workspaces w ON w.id = i.workspace_id AND w.client_id = i.client_id
        LEFT JOIN users a ON a.id = i.assignee_id
        LEFT JOIN users r ON r.id = i.created_by
      WHERE i.id = ANY(${intArray(ids)})`.execute(db);
  return new Map(rows.map((row) => [row.id, row]));
}

/** The people who can work in a workspace of the owner organisation (workspaceWorkersSql). */
export async function findAvailableAssigneeIds(
  db: Db,
  clientId: number,
  workspaceId: number,
): Promise<number[]> {
  const { rows } = await sql<{ user_id: number }>`
    SELECT DISTINCT x.user_id FROM ${workspaceWorkersSql(clientId, workspaceId)} AS x
      ORDER BY x.user_id`.execute(db);
  return rows.map((r) => r.user_id);
}

/**
 * A person's grant on a workspace, as the rules need it for a new assignee or watcher: computed
 * from the organisation they work in now, exactly as when they call the API themselves.
 */
export async function findPersonAccessRole(
  db: Db,
  userId: number,
  workspaceId: number,
): Promise<AccessRole | null> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'client_id', 'role'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!user) return null;
  const grant = await findWorkspaceGrant(
    db,
    { userId: user.id, clientId: user.client_id, role: user.role },
    workspaceId,
  );
  return grant?.role ?? null;
}

/** One page of the visible sub-issues of a parent, oldest first, and how many there are. */
export async function findSubtaskPage(
  db: Db,
  auth: Caller,
  visible: VisibleWorkspaces,
  parent: { id: number; client_id: number },
  page: number,
  perPage: number,
): Promise<{ ids: number[]; total: number }> {
  const from = sql`
    FROM issues i
      WHERE i.client_id = ${parent.client_id} AND i.parent_id = ${parent.id} AND ${issueVisibleSql(auth, visible)}`;
  const [list, count] = await Promise.all([
    sql<{ id: number }>`SELECT i.id ${from} ORDER BY i.created_at, i.id
      LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`.execute(db),
    sql<{ total: string | number }>`SELECT count(*) AS total ${from}`.execute(db),
  ]);
  return { ids: list.rows.map((r) => r.id), total: Number(count.rows[0]?.total ?? 0) };
}

/** The extra categories of one issue, by id. */
export async function findIssueCategoryIds(db: Db, clientId: number, issueId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('issue_categories')
    .select('category_id')
    .where('client_id', '=', clientId)
    .where('issue_id', '=', issueId)
    .orderBy('category_id')
    .execute();
  return rows.map((r) => r.category_id);
}

/** The issue and every sub-issue below it (not deleted), for soft deletes. */
export async function findIssueSubtreeIds(db: Db, clientId: number, id: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    WITH RECURSIVE tree (id) AS (
      SELECT id FROM issues WHERE id = ${id} AND client_id = ${clientId} AND deleted_at IS NULL
      UNION ALL
      SELECT i.id FROM issues i JOIN tree t ON i.parent_id = t.id
        WHERE i.client_id = ${clientId} AND i.deleted_at IS NULL
    )
    SELECT id FROM tree`.execute(db);
  return rows.map((r) => r.id);
}

/** Whether a process number is in use by another issue of the organisation. */
export async function isProcessNumberTaken(
  db: Db,
  clientId: number,
  processNumber: string,
  exceptIssueId: number | null,
): Promise<boolean> {
  let query = db
    .selectFrom('issues')
    .select('id')
    .where('client_id', '=', clientId)
    .where('process_number', '=', processNumber)
    .where('deleted_at', 'is', null);
  if (exceptIssueId !== null) query = query.where('id', '<>', exceptIssueId);
  return !!(await query.executeTakeFirst());
}
