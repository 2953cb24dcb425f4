import type {
  ClientSettings,
  IssueFacts,
  IssueRuleContext,
  IssueViewer,
  RuleResult,
} from '@workbench/domain';
import type { Auth } from '../../http/authenticate.js';
import { AppError, notFound } from '../../http/errors.js';
import { findIssueGrant, type WorkspaceGrant } from '../access/workspace-access.js';
import { readSettings } from '../workspaces/workspace-presenter.js';
import { type Db, findIssueRow, type IssueRow, loadIssueFacts } from './issue-queries.js';

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
 */
export async function loadIssue(
  db: Db,
  auth: Caller,
  id: number,
  options: { lock?: boolean; now?: Date } = {},
): Promise<LoadedIssue> {
  const grant = await findIssueGrant(db, auth, id);
  if (!grant) throw notFound('Issue not found');
  const row = await findIssueRow(db, grant.client_id, id, { lock: options.lock });
  if (!row) throw notFound('Issue not found');
  const [facts, settings] = await Promise.all([loadIssueFacts(db, row), readSettings(db, row.client_id)]);
  return {
    row,
    grant,
    facts,
    settings,
    rules: { viewer: viewerOf(auth, grant), issue: facts, settings, now: options.now ?? new Date() },
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
