import { type ClientSettings, dueState, type IssueListItem, type IssueStatusId } from '@workbench/domain';
import { personWithImageOf } from '../users/user-presenter.js';
import type { IssueListRow } from './issue-list-queries.js';

/** One row of the issue list page (issue-list-queries' flat columns) as the API shows it. */
export function presentListItem(
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
