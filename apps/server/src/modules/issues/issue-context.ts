import type {
  ClientSettings,
  IssueFacts,
  IssueRuleContext,
  IssueViewer,
  RuleResult,
} from '@workbench/domain';
import type { Auth } from '../../http/authenticate.js';
import { AppError, notFound } from '../../http/errors.js';
import { accessOf } from '../access/request-access.js';
import type { WorkspaceGrant } from '../access/workspace-access.js';
import {
  type Db,
  findVisibleIssueForUpdate,
  findVisibleIssues,
  type IssueRow,
  type VisibleIssue,
} from './issue-queries.js';

type Caller = Pick<Auth, 'userId' | 'clientId' | 'role'>;

/** A visible issue with everything the rules read: the caller's grant, its facts, the owner's settings. */
export type LoadedIssue = {
  row: IssueRow;
  grant: WorkspaceGrant;
  facts: IssueFacts;
  settings: ClientSettings;
  rules: IssueRuleContext;
};

export function viewerOf(auth: Caller, grant: Pick<WorkspaceGrant, 'role'> | null): IssueViewer {
  return { id: auth.userId, role: auth.role, access_role: grant?.role ?? null };
}

/**
 * The issue as the caller may see it, or 404 (another organisation's, a limited partner's
 * issue that is not theirs, a deleted one). Settings are the owner organisation's. With `lock`
 * (inside a transaction) the row is locked, so a check and the write after it see the same issue.
 * Visibility comes from the request's access (read once per request), checked in the same
 * statement that reads the row.
 */
export async function loadIssue(
  db: Db,
  auth: Caller,
  id: number,
  options: { lock?: boolean; now?: Date } = {},
): Promise<LoadedIssue> {
  const visible = await accessOf(auth).visible(db);
  const found = options.lock
    ? await findVisibleIssueForUpdate(db, auth, visible, id)
    : (await findVisibleIssues(db, auth, visible, [id])).get(id);
  const grant = found && visible.grants.get(found.row.workspace_id);
  if (!found || !grant) throw notFound('Issue not found');
  return loadedIssue(auth, found, grant, options.now ?? new Date());
}

/** Several visible issues at once (one statement), in the order asked; invisible ones left out. */
export async function loadIssues(db: Db, auth: Caller, ids: readonly number[]): Promise<LoadedIssue[]> {
  const visible = await accessOf(auth).visible(db);
  const found = await findVisibleIssues(db, auth, visible, ids);
  const now = new Date();
  return ids.flatMap((id) => {
    const issue = found.get(id);
    const grant = issue && visible.grants.get(issue.row.workspace_id);
    return issue && grant ? [loadedIssue(auth, issue, grant, now)] : [];
  });
}

function loadedIssue(auth: Caller, issue: VisibleIssue, grant: WorkspaceGrant, now: Date): LoadedIssue {
  const { row, facts, settings } = issue;
  return {
    row,
    grant,
    facts,
    settings,
    rules: { viewer: viewerOf(auth, grant), issue: facts, settings, now },
  };
}

const MESSAGES: Record<string, string> = {
  forbidden: 'You may not do this with this issue',
  issue_archived: 'The issue is archived',
  status_not_allowed: 'Not possible in the current status',
  note_required: 'A note is required',
  start_not_possible_yet: 'The issue cannot be started before its start date',
  worktime_required: 'Work time is required',
  attachment_required: 'An attachment is required',
  subtasks_not_completed: 'Some sub-issues are not completed',
  subtasks_not_completed_one: 'One sub-issue is not completed',
  already_assignee: 'You are already the assignee',
  assignee_not_available: 'This person cannot work in the workspace',
  assignee_required: 'Assignee must be selected',
  worktime_not_editable: 'Work time cannot be edited now',
  general_error: 'An error occurred, please try again',
};

export function ruleMessage(key: string): string {
  return MESSAGES[key] ?? key.replaceAll('_', ' ');
}

/** A refusal of a domain rule, answered with its key and status (403 not allowed, 422 data rule). */
export function ruleError(result: Extract<RuleResult, { ok: false }>, field?: string): AppError {
  return new AppError(
    result.status,
    result.error,
    ruleMessage(result.error),
    field ? { [field]: result.error } : undefined,
  );
}

export function enforce(result: RuleResult, field?: string): void {
  if (!result.ok) throw ruleError(result, field);
}
