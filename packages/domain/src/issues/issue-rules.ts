import type { ClientSettings } from '../client/client-settings.js';
import type { ErrorKey } from '../errors/error-keys.js';
import {
  DUPLICATE_TITLE_SUFFIX,
  ISSUE_DESCRIPTION_MIN,
  ISSUE_DUPLICATE_TITLE_MIN,
  ISSUE_TITLE_MAX,
  ISSUE_TITLE_MIN,
  PROCESS_NUMBER_LENGTH,
} from '../limits.js';
import type { AccessRole } from '../permissions/access.js';
import { isCollaborationAccess } from '../permissions/access.js';
import { ISSUE_STATUS, type IssueStatusId } from './statuses.js';

/**
 * The issue rules of 000 §4 "Rules", §5 "Issue form" / "Duplicate issue", §6 (issue permission flags
 * and menu flags) and 001 §4 "Issue action buttons", written once for the server (which enforces
 * them) and the web app (which shows the same answer). Pure functions of the issue's facts, the
 * viewer and the client settings.
 *
 * Words used below:
 * - admin: access_role 'admin' on the issue's workspace, or user role 'admin' with a grant of their
 *   own organisation there. Not a partner company's admin (collab_admin in a shared workspace),
 *   and never someone without any grant (access_role null: another organisation's admin).
 * - manager: admin, workspace manager or group manager ("managers" of the spec's issue rules).
 * - plain member: access_role 'member'.
 * - collaboration people: collab_admin, collab_manager, collab_member.
 * - The assignee acts on their own issue whatever their role.
 */

export type IssueFacts = {
  status_id: IssueStatusId;
  archived: boolean;
  assignee_id: number | null;
  last_assignee_id: number | null;
  created_by: number | null;
  parent_id: number | null;
  schedule_id: number | null;
  /** ISO timestamps. */
  start_date: string | null;
  due_date: string | null;
  /** Set the first time the issue went to 6 (in progress). */
  started_at: string | null;
  is_attachment_required: boolean;
  is_worktime_required: boolean;
  /** Seconds. */
  worktime_total: number;
  /** The assignee uploaded at least one attachment. */
  assignee_has_attachment: boolean;
  /** Children whose status is not 8. */
  open_subtasks_count: number;
  has_comments: boolean;
};

/** The person looking at / acting on the issue; access_role = their grant on the issue's workspace (null = none). */
export type IssueViewer = { id: number; role: 'admin' | 'user'; access_role: AccessRole | null };
export type IssueRuleContext = {
  viewer: IssueViewer;
  issue: IssueFacts;
  settings: ClientSettings;
  now: Date;
};

/** A refusal carries the spec's key and the HTTP status the server answers with (403 not allowed, 422 rule of the data). */
export type RuleResult = { ok: true } | { ok: false; error: ErrorKey; status: 403 | 422 };

export type IssuePermissions = {
  can_add_attachments: boolean;
  can_assign: boolean;
  can_comment: boolean;
  can_create_subissue: boolean;
  can_delete: boolean;
  can_edit: boolean;
  can_edit_description: boolean;
  can_delete_only_own_attachments: boolean;
  can_edit_only_own_attachments: boolean;
  special_action_required: boolean;
  show_buttons: boolean;
  show_menu: boolean;
  can_edit_worktime: boolean;
  canArchiveIssue: boolean;
  canDeleteIssue: boolean;
  canExportToPdf: boolean;
  canDuplicateIssue: boolean;
  canReassignIssue: boolean;
  canTakeOverIssue: boolean;
  canUnarchiveIssue: boolean;
  canQuickCompleteIssue: boolean;
};

export type IssueActionKind =
  | 'accept'
  | 'decline'
  | 'start'
  | 'mark_done'
  | 'decline_review'
  | 'complete'
  | 'add_photo';

export type IssueAction = {
  kind: IssueActionKind;
  /** null for add_photo. */
  to_status: IssueStatusId | null;
  color: 'green' | 'red' | 'default';
  disabled: boolean;
  /** ISO date when 'start' is disabled by a future start date. */
  start_possible_on: string | null;
  /** decline (4) and decline_review. */
  requires_note: boolean;
  worktime_picker: 'required' | 'suggested' | null;
  photo_required_modal: boolean;
};

export type IssueAssigneeCandidate = { id: number; access_role: AccessRole | null };

export type IssueFormValues = {
  workspace_id: number | null;
  title: string;
  description?: string | null;
  assignee_id?: number | null;
  asset_id?: number | null;
  due_date?: string | null;
  start_date?: string | null;
  process_number?: string | null;
  archived?: boolean;
};

/** Statuses a plain member may take an issue over from (000 §4). */
export const TAKE_OVER_MEMBER_STATUSES: readonly IssueStatusId[] = [1, 2, 3, 4, 5];
/** Statuses at which collab admins and managers may assign (000 §4 "Collaboration workspace"). */
export const COLLAB_ASSIGN_STATUSES: readonly IssueStatusId[] = [3, 4, 5, 6];
/** The creator may edit (and delete, while nobody worked on it) their issue up to "to do / deciding". */
export const CREATOR_EDIT_MAX_STATUS: IssueStatusId = ISSUE_STATUS.deciding;
export const CREATOR_DELETE_STATUSES: readonly IssueStatusId[] = [1, 2];
const DAY_MS = 24 * 60 * 60_000;

const OK: RuleResult = { ok: true };
function refuse(error: ErrorKey, status: 403 | 422): RuleResult {
  return { ok: false, error, status };
}
const FORBIDDEN = refuse('forbidden', 403);

// ---------------------------------------------------------------------------------------------
// Who the viewer is for this issue

/** Admin of the organisation owning the workspace (a partner's admin is collab_admin here). */
export function isIssueAdmin(viewer: IssueViewer): boolean {
  if (viewer.access_role === null) return false;
  return (
    viewer.access_role === 'admin' || (viewer.role === 'admin' && !isCollaborationAccess(viewer.access_role))
  );
}

/** "Managers" of the issue rules: admins, workspace managers and group managers. */
export function isIssueManager(viewer: IssueViewer): boolean {
  return isIssueAdmin(viewer) || viewer.access_role === 'manager' || viewer.access_role === 'group_manager';
}

/** Reaches the workspace through a partner collaboration (collab admin, manager or member). */
export function isCollaborationViewer(viewer: IssueViewer): boolean {
  return viewer.access_role !== null && isCollaborationAccess(viewer.access_role);
}

function isCollabLead(viewer: IssueViewer): boolean {
  return viewer.access_role === 'collab_admin' || viewer.access_role === 'collab_manager';
}

function isPlainMember(viewer: IssueViewer): boolean {
  return viewer.access_role === 'member' && !isIssueAdmin(viewer);
}

/** Any grant on the workspace lets one see its issues; the server answers 404 to the others. */
function canSee(viewer: IssueViewer): boolean {
  return viewer.access_role !== null;
}

function isAssignee(ctx: IssueRuleContext): boolean {
  return ctx.issue.assignee_id !== null && ctx.issue.assignee_id === ctx.viewer.id;
}

function isCreator(ctx: IssueRuleContext): boolean {
  return ctx.issue.created_by !== null && ctx.issue.created_by === ctx.viewer.id;
}

/** Status 0 is a read-only preview of a scheduled task. */
function isPreview(issue: Pick<IssueFacts, 'status_id'>): boolean {
  return issue.status_id === ISSUE_STATUS.scheduled;
}

// ---------------------------------------------------------------------------------------------
// Editing and permission flags

/**
 * Holder of edit_issue: admins, managers and group managers of the workspace, the assignee, the
 * creator while the status is at most 3, collab admins and managers in their shared workspace.
 * On an archived issue only an admin edits (description, attachments, workspace, category,
 * watchers, assets; 000 §4). A scheduled preview (status 0) is read only.
 */
export function canEditIssue(ctx: IssueRuleContext): boolean {
  const { viewer, issue } = ctx;
  if (!canSee(viewer) || isPreview(issue)) return false;
  if (issue.archived) return isIssueAdmin(viewer);
  if (isIssueManager(viewer) || isCollabLead(viewer) || isAssignee(ctx)) return true;
  return isCreator(ctx) && issue.status_id <= CREATOR_EDIT_MAX_STATUS;
}

/**
 * Who may pick the assignee: managers; collab admins and managers at 3, 4, 5, 6 (000 §4); the
 * creator (not a collaboration member) while the issue is still to do (status ≤ 3), as on the
 * form they filled in. Nobody on a completed, archived or preview issue.
 */
function canAssignAtAll(ctx: IssueRuleContext): boolean {
  const { viewer, issue } = ctx;
  if (!canSee(viewer) || isPreview(issue) || issue.archived) return false;
  if (issue.status_id === ISSUE_STATUS.completed) return false;
  if (isIssueManager(viewer)) return true;
  if (isCollabLead(viewer)) return COLLAB_ASSIGN_STATUSES.includes(issue.status_id);
  return isCreator(ctx) && !isCollaborationViewer(viewer) && issue.status_id <= CREATOR_EDIT_MAX_STATUS;
}

export function issuePermissions(ctx: IssueRuleContext): IssuePermissions {
  const { viewer, issue } = ctx;
  const visible = canSee(viewer) && !isPreview(issue);
  const canEdit = canEditIssue(ctx);
  const manager = isIssueManager(viewer);
  const canAssign = canAssignAtAll(ctx);
  const canDelete = checkDelete(ctx).ok;
  const flags = {
    canArchiveIssue: checkArchive(ctx).ok,
    canDeleteIssue: canDelete,
    // Export and duplicate are "default allowed" (000 §6) for whoever sees the issue.
    canExportToPdf: visible,
    canDuplicateIssue: visible,
    canReassignIssue: canAssign,
    canTakeOverIssue: checkTakeOver(ctx).ok,
    canUnarchiveIssue: checkUnarchive(ctx).ok,
    canQuickCompleteIssue: quickCompletePermission(ctx).ok,
  };
  const actions = issueActions(ctx);
  return {
    can_add_attachments: canEdit,
    can_assign: canAssign,
    // Comments are always allowed for whoever sees the issue, archived or not (000 §4).
    can_comment: visible,
    // One level of sub-issues: duplicate-to-subtask is offered only for issues without a parent.
    can_create_subissue: canEdit && !issue.archived && issue.parent_id === null,
    can_delete: canDelete,
    can_edit: canEdit,
    can_edit_description: canEdit,
    // Whoever is not a manager handles only the attachments they uploaded themselves.
    can_delete_only_own_attachments: canEdit && !manager,
    can_edit_only_own_attachments: canEdit && !manager,
    // The assignee has to decide (accept or decline) an issue awaiting acceptance.
    special_action_required: !issue.archived && isAssignee(ctx) && issue.status_id === ISSUE_STATUS.deciding,
    show_buttons: actions.length > 0,
    show_menu: Object.values(flags).some(Boolean),
    can_edit_worktime: canEditWorktime(ctx),
    ...flags,
  };
}

// ---------------------------------------------------------------------------------------------
// Status buttons and transitions

function mayUseStatusButtons(ctx: IssueRuleContext): boolean {
  return !ctx.issue.archived && !isPreview(ctx.issue) && (isAssignee(ctx) || canEditIssue(ctx));
}

/** Start (5 → 6) waits for a future start date unless a schedule created the issue. */
function startPossibleOn(ctx: IssueRuleContext): string | null {
  const { start_date, schedule_id } = ctx.issue;
  if (start_date === null || schedule_id !== null) return null;
  return Date.parse(start_date) > ctx.now.getTime() ? start_date : null;
}

function isAttachmentMissing(issue: IssueFacts): boolean {
  return issue.is_attachment_required && !issue.assignee_has_attachment;
}

/**
 * The work-time picker at mark done (001 §4): required when work time is required and none was
 * logged; suggested when none was logged and the issue was started. Managers and admins may skip
 * saving work time when in progress (000 §4), so for them a required picker is only suggested.
 */
export function worktimePicker(ctx: IssueRuleContext): 'required' | 'suggested' | null {
  const { issue } = ctx;
  if (issue.worktime_total > 0) return null;
  if (issue.is_worktime_required) return isIssueManager(ctx.viewer) ? 'suggested' : 'required';
  return issue.started_at !== null ? 'suggested' : null;
}

function action(
  kind: IssueActionKind,
  to_status: IssueStatusId | null,
  color: IssueAction['color'],
): IssueAction {
  return {
    kind,
    to_status,
    color,
    disabled: false,
    start_possible_on: null,
    requires_note: false,
    worktime_picker: null,
    photo_required_modal: false,
  };
}

/** The status buttons of 001 §4 "Issue action buttons" for this viewer (empty when none). */
export function issueActions(ctx: IssueRuleContext): IssueAction[] {
  if (!mayUseStatusButtons(ctx)) return [];
  const { issue, viewer } = ctx;
  const manager = isIssueManager(viewer);
  switch (issue.status_id) {
    case ISSUE_STATUS.deciding:
      return [action('accept', 5, 'green'), { ...action('decline', 4, 'red'), requires_note: true }];
    case ISSUE_STATUS.accepted: {
      const possibleOn = startPossibleOn(ctx);
      return [
        { ...action('start', 6, 'green'), disabled: possibleOn !== null, start_possible_on: possibleOn },
      ];
    }
    case ISSUE_STATUS.inProgress: {
      // Only regular users get the add-photo button; admins and managers get the photo modal.
      if (!manager && isAttachmentMissing(issue)) return [action('add_photo', null, 'green')];
      return [
        {
          ...action('mark_done', 7, 'green'),
          worktime_picker: worktimePicker(ctx),
          photo_required_modal: manager && isAttachmentMissing(issue) && !issue.is_worktime_required,
        },
      ];
    }
    case ISSUE_STATUS.inReview:
      if (!manager) return [];
      return [{ ...action('decline_review', 6, 'red'), requires_note: true }, action('complete', 8, 'green')];
    default:
      return [];
  }
}

/** The transitions reachable through the status buttons, and who may take them. */
const TRANSITIONS: ReadonlyArray<{ from: IssueStatusId; to: IssueStatusId; managersOnly: boolean }> = [
  { from: 3, to: 5, managersOnly: false },
  { from: 3, to: 4, managersOnly: false },
  { from: 5, to: 6, managersOnly: false },
  { from: 6, to: 7, managersOnly: false },
  { from: 7, to: 6, managersOnly: true },
  { from: 7, to: 8, managersOnly: true },
];

/**
 * May the viewer move the issue to `to` through an action (accept, decline, start, mark done,
 * decline review, complete)? Refusals: forbidden (403) for someone who is neither the assignee
 * nor a holder of edit_issue (or not a manager for the review decisions); issue_archived,
 * status_not_allowed, note_required, start_not_possible_yet, worktime_required,
 * attachment_required (422).
 */
export function checkStatusChange(
  ctx: IssueRuleContext,
  to: IssueStatusId,
  extra: { note?: string; worktime_seconds?: number; has_new_attachment?: boolean } = {},
): RuleResult {
  const { issue, viewer } = ctx;
  if (!canSee(viewer)) return FORBIDDEN;
  if (issue.archived) return refuse('issue_archived', 422);
  if (isPreview(issue)) return refuse('status_not_allowed', 422);
  if (!isAssignee(ctx) && !canEditIssue(ctx)) return FORBIDDEN;
  const transition = TRANSITIONS.find((t) => t.from === issue.status_id && t.to === to);
  if (!transition) return refuse('status_not_allowed', 422);
  if (transition.managersOnly && !isIssueManager(viewer)) return FORBIDDEN;
  const needsNote = (issue.status_id === 3 && to === 4) || (issue.status_id === 7 && to === 6);
  if (needsNote && !extra.note?.trim()) return refuse('note_required', 422);
  if (to === ISSUE_STATUS.inProgress && issue.status_id === ISSUE_STATUS.accepted && startPossibleOn(ctx)) {
    return refuse('start_not_possible_yet', 422);
  }
  if (to === ISSUE_STATUS.inReview) {
    const worktime = issue.worktime_total + (extra.worktime_seconds ?? 0);
    if (issue.is_worktime_required && worktime <= 0 && !isIssueManager(viewer)) {
      return refuse('worktime_required', 422);
    }
    if (isAttachmentMissing(issue) && !extra.has_new_attachment) return refuse('attachment_required', 422);
  }
  return OK;
}

// ---------------------------------------------------------------------------------------------
// Assignee

function isWorkspaceLeadRole(role: AccessRole | null): boolean {
  return role === 'admin' || role === 'manager' || role === 'group_manager';
}

/**
 * The status after changing the assignee (000 §4 "Changing assignee"): an issue in review stays
 * in review when the new assignee is a workspace admin, manager or group manager; otherwise it
 * goes back to to do: 3 (awaiting the new assignee's acceptance) when an assignee is set, 2 when
 * cleared. Keeping the same assignee changes nothing.
 */
export function statusAfterAssigneeChange(
  ctx: IssueRuleContext,
  newAssignee: IssueAssigneeCandidate | null,
): IssueStatusId {
  const { issue } = ctx;
  if (newAssignee === null) return ISSUE_STATUS.unassigned;
  if (newAssignee.id === issue.assignee_id) return issue.status_id;
  if (issue.status_id === ISSUE_STATUS.inReview && isWorkspaceLeadRole(newAssignee.access_role)) {
    return ISSUE_STATUS.inReview;
  }
  return ISSUE_STATUS.deciding;
}

/**
 * Assigning rules: managers assign anyone with access to the workspace; collab admins and
 * managers only people of the collaboration, at status 3, 4, 5 or 6, and may not clear the
 * assignee (it is mandatory for them); the creator while the issue is to do. The client setting
 * is_assignee_mandatory forbids clearing for everyone.
 */
export function checkAssign(ctx: IssueRuleContext, newAssignee: IssueAssigneeCandidate | null): RuleResult {
  const { issue, viewer, settings } = ctx;
  if (!canSee(viewer)) return FORBIDDEN;
  const creatorMayAssign =
    isCreator(ctx) && !isCollaborationViewer(viewer) && issue.status_id <= CREATOR_EDIT_MAX_STATUS;
  if (!isIssueManager(viewer) && !isCollabLead(viewer) && !creatorMayAssign) return FORBIDDEN;
  if (issue.archived) return refuse('issue_archived', 422);
  if (!canAssignAtAll(ctx)) return refuse('status_not_allowed', 422);
  if (newAssignee === null) {
    if (settings.is_assignee_mandatory || isCollabLead(viewer)) return refuse('assignee_required', 422);
    return OK;
  }
  if (newAssignee.access_role === null) return refuse('assignee_not_available', 422);
  if (isCollabLead(viewer) && !isCollaborationAccess(newAssignee.access_role)) {
    return refuse('assignee_not_available', 422);
  }
  return OK;
}

/**
 * Take over (000 §4): a plain member only when member_can_take_over_issue is on and the status is
 * 1, 2, 3, 4 or 5; managers and admins any issue that is not completed. Never collaboration
 * people, never an archived issue, never one already assigned to the viewer.
 */
export function checkTakeOver(ctx: IssueRuleContext): RuleResult {
  const { issue, viewer, settings } = ctx;
  if (!canSee(viewer) || isCollaborationViewer(viewer)) return FORBIDDEN;
  const manager = isIssueManager(viewer);
  if (!manager && !(isPlainMember(viewer) && settings.member_can_take_over_issue)) return FORBIDDEN;
  if (issue.archived) return refuse('issue_archived', 422);
  if (isAssignee(ctx)) return refuse('already_assignee', 422);
  if (isPreview(issue)) return refuse('status_not_allowed', 422);
  if (manager) {
    return issue.status_id === ISSUE_STATUS.completed ? refuse('status_not_allowed', 422) : OK;
  }
  return TAKE_OVER_MEMBER_STATUSES.includes(issue.status_id) ? OK : refuse('status_not_allowed', 422);
}

// ---------------------------------------------------------------------------------------------
// Archive, unarchive, delete

/** Archive: admins, managers and group managers, when the status is archivable or completed. */
export function checkArchive(ctx: IssueRuleContext): RuleResult {
  const { issue, viewer, settings } = ctx;
  if (!isIssueManager(viewer)) return FORBIDDEN;
  if (issue.archived) return refuse('issue_archived', 422);
  const archivable =
    issue.status_id === ISSUE_STATUS.completed ||
    (!isPreview(issue) && settings.archive_issues_statuses.includes(issue.status_id));
  return archivable ? OK : refuse('status_not_allowed', 422);
}

/** Only an admin may unarchive, and only an archived issue. */
export function checkUnarchive(ctx: IssueRuleContext): RuleResult {
  if (!isIssueAdmin(ctx.viewer)) return FORBIDDEN;
  return ctx.issue.archived ? OK : refuse('status_not_allowed', 422);
}

/**
 * Delete: an admin always (000 §6); managers and group managers while the issue is not archived;
 * the creator while the issue is 1 or 2 and nobody worked on it (never started, no work time);
 * collaboration people never.
 */
export function checkDelete(ctx: IssueRuleContext): RuleResult {
  const { issue, viewer } = ctx;
  if (isIssueAdmin(viewer)) return OK;
  if (!canSee(viewer) || isCollaborationViewer(viewer)) return FORBIDDEN;
  if (isIssueManager(viewer)) return issue.archived ? refuse('issue_archived', 422) : OK;
  if (!isCreator(ctx)) return FORBIDDEN;
  if (issue.archived) return refuse('issue_archived', 422);
  const untouched = issue.started_at === null && issue.worktime_total === 0;
  return CREATOR_DELETE_STATUSES.includes(issue.status_id) && untouched
    ? OK
    : refuse('status_not_allowed', 422);
}

// ---------------------------------------------------------------------------------------------
// Quick complete

/**
 * Who may quick-complete (000 §4, 001 §6): a plain member who can edit the issue; an admin when
 * not completed; a manager or group manager who is the assignee; the assignee at accepted (5).
 * Never collaboration people, never an archived, completed or preview issue.
 */
export function quickCompletePermission(ctx: IssueRuleContext): RuleResult {
  const { issue, viewer } = ctx;
  if (!canSee(viewer) || isCollaborationViewer(viewer)) return FORBIDDEN;
  const allowed =
    isIssueAdmin(viewer) ||
    (isIssueManager(viewer) && isAssignee(ctx)) ||
    (isPlainMember(viewer) && canEditIssue(ctx)) ||
    (isAssignee(ctx) && issue.status_id === ISSUE_STATUS.accepted);
  if (!allowed) return FORBIDDEN;
  if (issue.archived) return refuse('issue_archived', 422);
  if (issue.status_id === ISSUE_STATUS.completed || isPreview(issue))
    return refuse('status_not_allowed', 422);
  return OK;
}

/** The data errors that block a quick complete, in the spec's order (empty when none). */
export function quickCompleteErrors(issue: IssueFacts): ErrorKey[] {
  const errors: ErrorKey[] = [];
  if (issue.is_worktime_required && issue.worktime_total <= 0) errors.push('worktime_required');
  if (isAttachmentMissing(issue)) errors.push('attachment_required');
  if (issue.open_subtasks_count > 1) errors.push('subtasks_not_completed');
  if (issue.open_subtasks_count === 1) errors.push('subtasks_not_completed_one');
  return errors;
}

/** Quick complete: errors worktime_required, attachment_required, subtasks_not_completed (several open), subtasks_not_completed_one (one open). */
export function checkQuickComplete(ctx: IssueRuleContext): RuleResult {
  const permission = quickCompletePermission(ctx);
  if (!permission.ok) return permission;
  const [first] = quickCompleteErrors(ctx.issue);
  return first === undefined ? OK : refuse(first, 422);
}

// ---------------------------------------------------------------------------------------------
// Work time and due dates

/**
 * Work time is editable (000 §4): by the assignee in progress or in review; by the last assignee
 * (a plain member) in review; by managers and admins in review or completed. Not on an archived
 * issue (the admin's archived edits do not include work time).
 */
export function canEditWorktime(ctx: IssueRuleContext): boolean {
  const { issue, viewer } = ctx;
  if (!canSee(viewer) || issue.archived) return false;
  const status = issue.status_id;
  if (isAssignee(ctx) && (status === ISSUE_STATUS.inProgress || status === ISSUE_STATUS.inReview))
    return true;
  if (isPlainMember(viewer) && issue.last_assignee_id === viewer.id && status === ISSUE_STATUS.inReview) {
    return true;
  }
  return isIssueManager(viewer) && (status === ISSUE_STATUS.inReview || status === ISSUE_STATUS.completed);
}

/** The same rule as a refusal, for the work-time endpoints. */
export function checkWorktimeEdit(ctx: IssueRuleContext): RuleResult {
  if (!canSee(ctx.viewer)) return FORBIDDEN;
  if (ctx.issue.archived) return refuse('issue_archived', 422);
  return canEditWorktime(ctx) ? OK : refuse('worktime_not_editable', 422);
}

function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * Overdue: the due date has passed and the issue is not completed (in review counts only with
 * show_in_review_overdue). Due today: due later on the same calendar day. Days are UTC days: the
 * domain has no time zone of the viewer, and the server stores timestamps in UTC.
 */
export function dueState(
  issue: Pick<IssueFacts, 'status_id' | 'due_date'>,
  settings: Pick<ClientSettings, 'show_in_review_overdue'>,
  now: Date,
): 'overdue' | 'due_today' | null {
  if (issue.due_date === null) return null;
  if (issue.status_id === ISSUE_STATUS.completed) return null;
  if (issue.status_id === ISSUE_STATUS.inReview && !settings.show_in_review_overdue) return null;
  const due = new Date(issue.due_date);
  if (Number.isNaN(due.getTime())) return null;
  if (due.getTime() < now.getTime()) return 'overdue';
  return utcDay(due) === utcDay(now) ? 'due_today' : null;
}

/**
 * Setting or removing the start date (000 §4): a due date at or before the new start is cleared;
 * removing the start leaves the due date alone.
 */
export function datesAfterStartChange(
  start_date: string | null,
  due_date: string | null,
): { start_date: string | null; due_date: string | null } {
  if (start_date === null || due_date === null) return { start_date, due_date };
  return { start_date, due_date: Date.parse(due_date) <= Date.parse(start_date) ? null : due_date };
}

/** The default due date of a new issue: its start plus one day (000 §5). */
export function defaultDueDate(start: string | Date): string {
  const time = typeof start === 'string' ? Date.parse(start) : start.getTime();
  return new Date(time + DAY_MS).toISOString();
}

// ---------------------------------------------------------------------------------------------
// Forms

/** Before the start of today (UTC): what "a date in the past" means for a date picker. */
function isBeforeToday(iso: string, now: Date): boolean {
  return utcDay(new Date(iso)) < utcDay(now);
}

function isValidDate(iso: string): boolean {
  return !Number.isNaN(Date.parse(iso));
}

/**
 * The issue form of 000 §5 / 001 §5; answers field → message key (empty when valid).
 * Past dates are refused only for non-admins and only on a new issue: an existing issue keeps
 * the dates it already has.
 */
export function validateIssueForm(
  values: IssueFormValues,
  settings: ClientSettings,
  viewer: Pick<IssueViewer, 'role'>,
  options: { now: Date; due_date_mandatory?: boolean; is_new: boolean },
): Record<string, ErrorKey> {
  const errors: Record<string, ErrorKey> = {};
  if (values.workspace_id === null || values.workspace_id === undefined)
    errors.workspace_id = 'workspace_required';

  const title = values.title.trim();
  if (title.length < ISSUE_TITLE_MIN) errors.title = 'title_too_short';
  else if (title.length > ISSUE_TITLE_MAX) errors.title = 'too_long';

  const description = values.description?.trim() ?? '';
  if (description.length > 0 && description.length < ISSUE_DESCRIPTION_MIN) {
    errors.description = 'description_too_short';
  }

  if (settings.is_asset_required && (values.asset_id === null || values.asset_id === undefined)) {
    errors.asset_id = 'asset_required';
  }

  if (settings.include_issue_process_number) {
    const processNumber = values.process_number?.trim() ?? '';
    if (processNumber.length === 0) errors.process_number = 'process_nr_required';
    else if (processNumber.length !== PROCESS_NUMBER_LENGTH) errors.process_number = 'process_nr_format';
  }

  const hasAssignee = values.assignee_id !== null && values.assignee_id !== undefined;
  if (settings.is_assignee_mandatory && !values.archived && !hasAssignee)
    errors.assignee_id = 'assignee_required';

  const start = values.start_date ?? null;
  const due = values.due_date ?? null;
  if (start !== null && !isValidDate(start)) errors.start_date = 'invalid_format';
  if (due !== null && !isValidDate(due)) errors.due_date = 'invalid_format';
  if (due === null && options.due_date_mandatory) errors.due_date = 'due_date_required';

  const mayPickPast = viewer.role === 'admin' || !options.is_new;
  if (!errors.start_date && start !== null && !mayPickPast && isBeforeToday(start, options.now)) {
    errors.start_date = 'date_in_past';
  }
  if (!errors.due_date && due !== null) {
    if (!mayPickPast && isBeforeToday(due, options.now)) errors.due_date = 'date_in_past';
    else if (start !== null && !errors.start_date && Date.parse(due) <= Date.parse(start)) {
      errors.due_date = 'due_before_start';
    }
  }
  return errors;
}

/** Duplicate payload rules of 000 §5: title longer than 2 and shorter than 256, 'title_mandatory'. */
export function validateDuplicateTitle(title: string): ErrorKey | null {
  const length = title.trim().length;
  return length < ISSUE_DUPLICATE_TITLE_MIN || length > ISSUE_TITLE_MAX ? 'title_mandatory' : null;
}

/** The title a duplicate gets by default: the original plus ' (Copy)', cut to fit 255 characters. */
export function defaultDuplicateTitle(title: string): string {
  const base = title
    .trim()
    .slice(0, ISSUE_TITLE_MAX - DUPLICATE_TITLE_SUFFIX.length)
    .trimEnd();
  return `${base}${DUPLICATE_TITLE_SUFFIX}`;
}

export type DuplicateOptionsAvailable = {
  duplicate_to_subtask: boolean;
  copy_comments: boolean;
  copy_involved_users: boolean;
};

/**
 * Which duplicate options may be chosen (000 §4 "Duplicate", §5 "Duplicate issue"): to subtask
 * only for an issue without a parent (the copy then inherits the parent's workspace); copy
 * comments only when the issue has comments; copy involved users only when there is no assignee,
 * the assignee is a public user, or the assignee is among the target workspace's available
 * assignees.
 */
export function duplicateOptionsAvailable(
  issue: Pick<IssueFacts, 'parent_id' | 'has_comments' | 'assignee_id'>,
  target: { assignee_is_public: boolean; available_assignees_ids: readonly number[] },
): DuplicateOptionsAvailable {
  return {
    duplicate_to_subtask: issue.parent_id === null,
    copy_comments: issue.has_comments,
    copy_involved_users:
      issue.assignee_id === null ||
      target.assignee_is_public ||
      target.available_assignees_ids.includes(issue.assignee_id),
  };
}
