import {
  buildPage,
  type IssueListPageResponse,
  type IssueListQuery,
  type IssueSubtaskQuery,
  issueListQueryToParams,
  readClientSettings,
  stateCountsFrom,
  ZIssueSubtaskQuerySchema,
} from '@workbench/domain';
import type { AppContext } from '../../context.js';
import { readDbOf } from '../../db/replica.js';
import type { Auth } from '../../http/authenticate.js';
import { AppError } from '../../http/errors.js';
import { presentListItem } from './issue-list-presenter.js';
import { findIssueListPage } from './issue-list-queries.js';

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
  const { rows, total, groups, searchCapped } = await findIssueListPage(
    await readDbOf(ctx, auth),
    auth,
    query,
  );
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
    search_capped: searchCapped,
  };
}
