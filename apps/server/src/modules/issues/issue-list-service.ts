import {
  buildPage,
  type ClientSettings,
  dueState,
  type IssueListItem,
  type IssueListPageResponse,
  type IssueListQuery,
  type IssueStatusId,
  type IssueSubtaskQuery,
  issueListQueryToParams,
  readClientSettings,
  stateCountsFrom,
  ZIssueSubtaskQuerySchema,
} from '@workbench/domain';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { AppError } from '../../http/errors.js';
import { personWithImageOf } from '../users/user-presenter.js';
import { findIssueListPage, type IssueListRow } from './issue-list-queries.js';

/**
 * GET issue/?parent_id=: the sub-issue listing keeps its strict parameters (a bad parent_id is a
 * 422 with the field's key), while the list itself never refuses a parameter.
 */
export function readSubtaskQuery(raw: Record<string, unknown>): IssueSubtaskQuery {
  const parsed = ZIssueSubtaskQuerySchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.') || '_';
    if (!(key in fields)) fields[key] = /^[a-z_]+$/.test(issue.message) ? issue.message : 'invalid_format';
  }
  throw new AppError(422, 'validation_failed', 'Some fields are not valid', fields);
}

const DEFAULT_SETTINGS = readClientSettings({});

/** The issue list (GET issue/ without parent_id): a page of visible issues and the tab counts. */
export async function listIssues(
  ctx: AppContext,
  auth: Auth,
  query: IssueListQuery,
  path: string,
  now: Date = new Date(),
): Promise<IssueListPageResponse> {
  const { rows, total, groups } = await findIssueListPage(ctx.db, auth, query);
  // The owner's setting comes with each row (one query less per page).
  const items = rows.map((row) =>
    presentListItem(
      row,
      { show_in_review_overdue: row.show_in_review_overdue ?? DEFAULT_SETTINGS.show_in_review_overdue },
      now,
    ),
  );
  const params = issueListQueryToParams(query);
  return {
    ...buildPage({ rows: items, total, page: query.page, perPage: query.paginate_by, path, query: params }),
    state_counts: stateCountsFrom(groups),
  };
}

function presentListItem(
  row: IssueListRow,
  settings: Pick<ClientSettings, 'show_in_review_overdue'>,
  now: Date,
): IssueListItem {
  const start = isoOf(row.start_ms);
  const due = isoOf(row.due_ms);
  return {
    id: row.id,
    title: row.title,
    status_id: row.status_id,
    priority_id: row.priority_id,
    parent_id: row.parent_id,
    workspace: { id: row.workspace_id, name: row.workspace_name ?? '' },
    assignee: personWithImageOf({
      id: row.assignee_id,
      first_name: row.assignee_first_name,
      last_name: row.assignee_last_name,
      email: row.assignee_email,
      profile_image: row.assignee_profile_image,
    }),
    category:
      row.category_id !== null && row.category_name !== null
        ? { id: row.category_id, name: row.category_name, color: row.category_color }
        : null,
    start_date: start,
    due_date: due,
    due_state: dueState({ status_id: row.status_id as IssueStatusId, due_date: due }, settings, now),
    open_subtasks_count: row.open_subtasks_count,
    number_of_comments: row.number_of_comments,
    process_number: row.process_number,
    archived: row.archived,
    created_at: new Date(row.created_ms).toISOString(),
    updated_at: new Date(row.updated_ms).toISOString(),
  };
}

const isoOf = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
