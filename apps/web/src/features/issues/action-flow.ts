import type { Issue, ReassignIssuesResponse } from '@workbench/domain';

/** A status button as GET issue/{id} answers it (issueActions of the domain). */
export type IssueAction = Issue['actions'][number];

/** What pressing a status button opens first (001 §4 "Issue action buttons"). */
export type ActionFlow = 'note' | 'worktime' | 'photo' | 'direct' | 'none';

export function actionFlow(action: IssueAction): ActionFlow {
  if (action.disabled) return 'none';
  if (action.kind === 'add_photo' || action.to_status === null) return 'photo';
  if (action.requires_note) return 'note';
  // A missing photo blocks the change; asking for work time first would be in vain.
  if (action.photo_required_modal) return 'photo';
  if (action.worktime_picker) return 'worktime';
  return 'direct';
}

/** The label key of a status button. */
export function actionLabelKey(action: IssueAction): string {
  if (action.kind === 'start' && action.disabled && action.start_possible_on)
    return 'issues.actions.start_possible_on';
  return `issues.actions.${action.kind}`;
}

/** Mantine colour of a status button. */
export function actionColor(action: IssueAction): string {
  return action.color === 'green' ? 'green' : action.color === 'red' ? 'red' : 'gray';
}

/** The work-time modal may be left without time only when the time is suggested, not required. */
export function worktimeSubmittable(picker: IssueAction['worktime_picker'], seconds: number): boolean {
  return picker === 'required' ? seconds > 0 : seconds >= 0;
}

/** One issue's reassign answer read as a result for the person (000 §8 "Reassign partial failure"). */
export type ReassignOutcome =
  | 'done'
  | 'not_in_workspace'
  | 'permission_denied'
  | 'status_not_allowed'
  | 'failed';
export function reassignOutcome(id: number, answer: ReassignIssuesResponse): ReassignOutcome {
  if (answer.reassigned_issues.includes(id)) return 'done';
  if (answer.not_reassigned_issues_because_user_is_not_part_of_ws.includes(id)) return 'not_in_workspace';
  if (answer.permission_denied_for_issues.includes(id)) return 'permission_denied';
  if (answer.statuses_not_allowed.includes(id)) return 'status_not_allowed';
  return 'failed';
}

/** The action menu items (000 §2 order), each only when the issue's menu flag allows it. */
export const MENU_ITEMS = [
  { key: 'reassign', flag: 'canReassignIssue' },
  { key: 'duplicate', flag: 'canDuplicateIssue' },
  { key: 'export_pdf', flag: 'canExportToPdf' },
  { key: 'takeover', flag: 'canTakeOverIssue' },
  { key: 'quickComplete', flag: 'canQuickCompleteIssue' },
  { key: 'archive', flag: 'canArchiveIssue' },
  { key: 'unarchive', flag: 'canUnarchiveIssue' },
  { key: 'remove', flag: 'canDeleteIssue' },
] as const;
export type MenuItemKey = (typeof MENU_ITEMS)[number]['key'];

export function visibleMenuItems(permissions: Issue['permissions']): MenuItemKey[] {
  return MENU_ITEMS.filter((item) => permissions[item.flag]).map((item) => item.key);
}
