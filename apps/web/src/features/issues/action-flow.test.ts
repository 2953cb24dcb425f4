import type { Issue } from '@workbench/domain';
import { describe, expect, it } from 'vitest';
import {
  actionFlow,
  actionLabelKey,
  type IssueAction,
  reassignOutcome,
  visibleMenuItems,
  worktimeSubmittable,
} from './action-flow';

const button = (over: Partial<IssueAction>): IssueAction => ({
  kind: 'accept',
  to_status: 5,
  color: 'green',
  disabled: false,
  start_possible_on: null,
  requires_note: false,
  worktime_picker: null,
  photo_required_modal: false,
  ...over,
});

describe('status buttons', () => {
  it('posts directly, or opens the note, work-time or photo modal first', () => {
    expect(actionFlow(button({}))).toBe('direct');
    expect(actionFlow(button({ kind: 'decline', to_status: 4, requires_note: true }))).toBe('note');
    expect(actionFlow(button({ kind: 'decline_review', to_status: 6, requires_note: true }))).toBe('note');
    expect(actionFlow(button({ kind: 'mark_done', to_status: 7, worktime_picker: 'required' }))).toBe(
      'worktime',
    );
    expect(actionFlow(button({ kind: 'mark_done', to_status: 7, worktime_picker: 'suggested' }))).toBe(
      'worktime',
    );
    expect(actionFlow(button({ kind: 'mark_done', to_status: 7, photo_required_modal: true }))).toBe('photo');
    expect(actionFlow(button({ kind: 'add_photo', to_status: null }))).toBe('photo');
    expect(
      actionFlow(
        button({ kind: 'mark_done', to_status: 7, worktime_picker: 'suggested', photo_required_modal: true }),
      ),
    ).toBe('photo');
    expect(actionFlow(button({ kind: 'start', to_status: 6, disabled: true }))).toBe('none');
  });

  it('labels a start disabled by a future start date with that date', () => {
    expect(actionLabelKey(button({ kind: 'start', disabled: true, start_possible_on: '2030-01-01' }))).toBe(
      'issues.actions.start_possible_on',
    );
    expect(actionLabelKey(button({ kind: 'start' }))).toBe('issues.actions.start');
  });

  it('requires time only when the picker is required', () => {
    expect(worktimeSubmittable('required', 0)).toBe(false);
    expect(worktimeSubmittable('required', 60)).toBe(true);
    expect(worktimeSubmittable('suggested', 0)).toBe(true);
  });
});

describe('reassign answer', () => {
  const empty = {
    reassigned_issues: [],
    not_reassigned_issues_because_user_is_not_part_of_ws: [],
    permission_denied_for_issues: [],
    statuses_not_allowed: [],
  };
  it('reads the list the issue is in', () => {
    expect(reassignOutcome(1, { ...empty, reassigned_issues: [1] })).toBe('done');
    expect(reassignOutcome(1, { ...empty, not_reassigned_issues_because_user_is_not_part_of_ws: [1] })).toBe(
      'not_in_workspace',
    );
    expect(reassignOutcome(1, { ...empty, permission_denied_for_issues: [1] })).toBe('permission_denied');
    expect(reassignOutcome(1, { ...empty, statuses_not_allowed: [1] })).toBe('status_not_allowed');
    expect(reassignOutcome(1, { ...empty, reassigned_issues: [2] })).toBe('failed');
  });
});

describe('action menu', () => {
  const none = {
    canArchiveIssue: false,
    canDeleteIssue: false,
    canExportToPdf: false,
    canDuplicateIssue: false,
    canReassignIssue: false,
    canTakeOverIssue: false,
    canUnarchiveIssue: false,
    canQuickCompleteIssue: false,
  } as Issue['permissions'];
  it('shows only the items the menu flags allow, in the spec order', () => {
    expect(visibleMenuItems(none)).toEqual([]);
    expect(
      visibleMenuItems({ ...none, canDeleteIssue: true, canReassignIssue: true, canExportToPdf: true }),
    ).toEqual(['reassign', 'export_pdf', 'remove']);
    expect(visibleMenuItems({ ...none, canUnarchiveIssue: true })).toEqual(['unarchive']);
  });
});
