import { describe, expect, it } from 'vitest';
import { readClientSettings } from '../client/client-settings.js';
import type { AccessRole } from '../permissions/access.js';
import {
  canEditWorktime,
  checkArchive,
  checkAssign,
  checkDelete,
  checkQuickComplete,
  checkStatusChange,
  checkTakeOver,
  checkUnarchive,
  checkWorktimeEdit,
  type IssueFacts,
  type IssueRuleContext,
  type IssueViewer,
  issueActions,
  issuePermissions,
  quickCompleteErrors,
  statusAfterAssigneeChange,
} from './issue-rules.js';
import type { IssueStatusId } from './statuses.js';

const NOW = new Date('2026-03-10T12:00:00Z');
const ASSIGNEE_ID = 50;
const CREATOR_ID = 60;

function facts(over: Partial<IssueFacts> = {}): IssueFacts {
  return {
    status_id: 3,
    archived: false,
    assignee_id: ASSIGNEE_ID,
    last_assignee_id: null,
    created_by: CREATOR_ID,
    parent_id: null,
    schedule_id: null,
    start_date: null,
    due_date: null,
    started_at: null,
    is_attachment_required: false,
    is_worktime_required: false,
    worktime_total: 0,
    assignee_has_attachment: false,
    open_subtasks_count: 0,
    has_comments: false,
    ...over,
  };
}

const VIEWERS = {
  admin: { id: 1, role: 'admin', access_role: 'admin' },
  manager: { id: 2, role: 'user', access_role: 'manager' },
  group_manager: { id: 3, role: 'user', access_role: 'group_manager' },
  member: { id: 4, role: 'user', access_role: 'member' },
  assignee: { id: ASSIGNEE_ID, role: 'user', access_role: 'member' },
  creator: { id: CREATOR_ID, role: 'user', access_role: 'member' },
  collab_admin: { id: 7, role: 'admin', access_role: 'collab_admin' },
  collab_manager: { id: 8, role: 'user', access_role: 'collab_manager' },
  collab_member: { id: 9, role: 'user', access_role: 'collab_member' },
  outsider: { id: 10, role: 'user', access_role: null },
} satisfies Record<string, IssueViewer>;
type ViewerName = keyof typeof VIEWERS;

function ctx(
  viewer: ViewerName | IssueViewer,
  over: Partial<IssueFacts> = {},
  settings = {},
): IssueRuleContext {
  return {
    viewer: typeof viewer === 'string' ? VIEWERS[viewer] : viewer,
    issue: facts(over),
    settings: readClientSettings(settings),
    now: NOW,
  };
}

const kinds = (c: IssueRuleContext) => issueActions(c).map((a) => `${a.kind}${a.to_status ?? ''}`);
const refused = (error: string, status: 403 | 422 = 422) => ({ ok: false, error, status });
const ALL_STATUSES = [0, 1, 2, 3, 4, 5, 6, 7, 8] as const;

describe('status buttons by status and role (001 §4 "Issue action buttons")', () => {
  const ACCEPT_DECLINE = ['accept5', 'decline4'];
  const START = ['start6'];
  const DONE = ['mark_done7'];
  const REVIEW = ['decline_review6', 'complete8'];
  // Rows: status; columns: who looks. The assignee or a holder of edit_issue sees buttons; the
  // creator holds edit_issue up to status 3; review decisions belong to admins and managers.
  const table: Array<[IssueStatusId, Partial<Record<ViewerName, string[]>>]> = [
    [0, {}],
    [1, {}],
    [2, {}],
    [
      3,
      {
        admin: ACCEPT_DECLINE,
        manager: ACCEPT_DECLINE,
        group_manager: ACCEPT_DECLINE,
        assignee: ACCEPT_DECLINE,
        creator: ACCEPT_DECLINE,
        collab_admin: ACCEPT_DECLINE,
        collab_manager: ACCEPT_DECLINE,
      },
    ],
    [4, {}],
    [
      5,
      {
        admin: START,
        manager: START,
        group_manager: START,
        assignee: START,
        collab_admin: START,
        collab_manager: START,
      },
    ],
    [
      6,
      {
        admin: DONE,
        manager: DONE,
        group_manager: DONE,
        assignee: DONE,
        collab_admin: DONE,
        collab_manager: DONE,
      },
    ],
    [7, { admin: REVIEW, manager: REVIEW, group_manager: REVIEW }],
    [8, {}],
  ];
  for (const [status, expected] of table) {
    it(`status ${status}`, () => {
      for (const name of Object.keys(VIEWERS) as ViewerName[]) {
        expect(kinds(ctx(name, { status_id: status })), name).toEqual(expected[name] ?? []);
      }
    });
  }

  it('a collaboration member sees the buttons of an issue assigned to them', () => {
    const me = { ...VIEWERS.collab_member, id: ASSIGNEE_ID };
    expect(kinds(ctx(me, { status_id: 3 }))).toEqual(['accept5', 'decline4']);
    expect(kinds(ctx(me, { status_id: 6 }))).toEqual(['mark_done7']);
    expect(kinds(ctx(me, { status_id: 7 }))).toEqual([]);
  });

  it('an archived issue shows no status buttons, not even to an admin', () => {
    for (const status of [3, 5, 6, 7] as const) {
      expect(kinds(ctx('admin', { status_id: status, archived: true }))).toEqual([]);
      expect(kinds(ctx('assignee', { status_id: status, archived: true }))).toEqual([]);
    }
  });

  it('decline and decline review ask for a note; colours are green and red', () => {
    const [accept, decline] = issueActions(ctx('assignee', { status_id: 3 }));
    expect(accept).toMatchObject({ color: 'green', requires_note: false, disabled: false });
    expect(decline).toMatchObject({ color: 'red', requires_note: true });
    const [declineReview, complete] = issueActions(ctx('manager', { status_id: 7 }));
    expect(declineReview).toMatchObject({ color: 'red', requires_note: true, to_status: 6 });
    expect(complete).toMatchObject({ color: 'green', requires_note: false, to_status: 8 });
  });

  it('start waits for a future start date unless the issue comes from a schedule', () => {
    const future = '2026-03-12T08:00:00.000Z';
    const start = (over: Partial<IssueFacts>) => issueActions(ctx('assignee', { status_id: 5, ...over }))[0];
    expect(start({ start_date: future })).toMatchObject({ disabled: true, start_possible_on: future });
    expect(start({ start_date: future, schedule_id: 4 })).toMatchObject({
      disabled: false,
      start_possible_on: null,
    });
    expect(start({ start_date: '2026-03-10T11:59:00.000Z' })).toMatchObject({
      disabled: false,
      start_possible_on: null,
    });
    expect(start({ start_date: null })).toMatchObject({ disabled: false, start_possible_on: null });
  });

  it('the work-time picker at mark done: required, suggested or none', () => {
    const picker = (viewer: ViewerName, over: Partial<IssueFacts>) =>
      issueActions(ctx(viewer, { status_id: 6, ...over }))[0]?.worktime_picker;
    const started = '2026-03-09T08:00:00.000Z';
    expect(picker('assignee', { is_worktime_required: true })).toBe('required');
    expect(picker('assignee', { is_worktime_required: true, started_at: started })).toBe('required');
    expect(picker('assignee', { is_worktime_required: true, worktime_total: 600 })).toBeNull();
    expect(picker('assignee', { started_at: started })).toBe('suggested');
    expect(picker('assignee', { started_at: started, worktime_total: 60 })).toBeNull();
    expect(picker('assignee', {})).toBeNull();
    // Managers and admins may skip saving work time when in progress (000 §4).
    expect(picker('manager', { is_worktime_required: true })).toBe('suggested');
    expect(picker('admin', { is_worktime_required: true })).toBe('suggested');
  });

  it('a regular user with a required, missing attachment gets add photo; managers the photo modal', () => {
    const photo = { is_attachment_required: true, assignee_has_attachment: false };
    expect(issueActions(ctx('assignee', { status_id: 6, ...photo }))).toEqual([
      {
        kind: 'add_photo',
        to_status: null,
        color: 'green',
        disabled: false,
        start_possible_on: null,
        requires_note: false,
        worktime_picker: null,
        photo_required_modal: false,
      },
    ]);
    expect(kinds(ctx('assignee', { status_id: 6, ...photo, assignee_has_attachment: true }))).toEqual([
      'mark_done7',
    ]);
    expect(issueActions(ctx('manager', { status_id: 6, ...photo }))[0]).toMatchObject({
      kind: 'mark_done',
      photo_required_modal: true,
    });
    expect(issueActions(ctx('admin', { status_id: 6, ...photo }))[0]?.photo_required_modal).toBe(true);
    // With a work-time requirement the picker comes first and no photo modal is triggered.
    expect(
      issueActions(ctx('manager', { status_id: 6, ...photo, is_worktime_required: true }))[0]
        ?.photo_required_modal,
    ).toBe(false);
    expect(
      issueActions(ctx('manager', { status_id: 6, ...photo, assignee_has_attachment: true }))[0]
        ?.photo_required_modal,
    ).toBe(false);
  });
});

describe('checkStatusChange: every transition allowed and refused', () => {
  const ALLOWED: Record<'manager' | 'assignee', string[]> = {
    manager: ['3>5', '3>4', '5>6', '6>7', '7>6', '7>8'],
    assignee: ['3>5', '3>4', '5>6', '6>7'],
  };

  for (const who of ['manager', 'assignee'] as const) {
    it(`${who}: the transitions of the buttons and nothing else`, () => {
      for (const from of ALL_STATUSES) {
        for (const to of ALL_STATUSES) {
          const result = checkStatusChange(ctx(who, { status_id: from }), to, { note: 'why' });
          const key = `${from}>${to}`;
          if (ALLOWED[who].includes(key)) expect(result, key).toEqual({ ok: true });
          else if (who === 'assignee' && (key === '7>6' || key === '7>8'))
            expect(result, key).toEqual({ ok: false, error: 'forbidden', status: 403 });
          else expect(result, key).toEqual({ ok: false, error: 'status_not_allowed', status: 422 });
        }
      }
    });
  }

  it('someone who is neither the assignee nor an editor is refused with 403', () => {
    for (const name of ['member', 'collab_member', 'outsider'] as const) {
      expect(checkStatusChange(ctx(name, { status_id: 3 }), 5)).toEqual({
        ok: false,
        error: 'forbidden',
        status: 403,
      });
    }
    // The creator holds edit_issue only up to status 3.
    expect(checkStatusChange(ctx('creator', { status_id: 3 }), 5)).toEqual({ ok: true });
    expect(checkStatusChange(ctx('creator', { status_id: 5 }), 6)).toMatchObject({ error: 'forbidden' });
  });

  it('declining and declining a review need a note', () => {
    expect(checkStatusChange(ctx('assignee', { status_id: 3 }), 4)).toEqual({
      ok: false,
      error: 'note_required',
      status: 422,
    });
    expect(checkStatusChange(ctx('assignee', { status_id: 3 }), 4, { note: '   ' })).toMatchObject({
      error: 'note_required',
    });
    expect(checkStatusChange(ctx('manager', { status_id: 7 }), 6)).toMatchObject({ error: 'note_required' });
    expect(checkStatusChange(ctx('manager', { status_id: 7 }), 6, { note: 'redo' })).toEqual({ ok: true });
  });

  it('start before a future start date is refused unless scheduled', () => {
    const future = { status_id: 5 as const, start_date: '2026-03-11T00:00:00.000Z' };
    expect(checkStatusChange(ctx('assignee', future), 6)).toEqual({
      ok: false,
      error: 'start_not_possible_yet',
      status: 422,
    });
    expect(checkStatusChange(ctx('assignee', { ...future, schedule_id: 1 }), 6)).toEqual({ ok: true });
  });

  it('mark done needs work time and the attachment when required', () => {
    const worktime = { status_id: 6 as const, is_worktime_required: true };
    expect(checkStatusChange(ctx('assignee', worktime), 7)).toEqual({
      ok: false,
      error: 'worktime_required',
      status: 422,
    });
    expect(checkStatusChange(ctx('assignee', worktime), 7, { worktime_seconds: 300 })).toEqual({ ok: true });
    expect(checkStatusChange(ctx('assignee', { ...worktime, worktime_total: 60 }), 7)).toEqual({ ok: true });
    expect(checkStatusChange(ctx('manager', worktime), 7)).toEqual({ ok: true });

    const photo = { status_id: 6 as const, is_attachment_required: true };
    expect(checkStatusChange(ctx('assignee', photo), 7)).toEqual({
      ok: false,
      error: 'attachment_required',
      status: 422,
    });
    expect(checkStatusChange(ctx('manager', photo), 7)).toMatchObject({ error: 'attachment_required' });
    expect(checkStatusChange(ctx('assignee', photo), 7, { has_new_attachment: true })).toEqual({ ok: true });
    expect(checkStatusChange(ctx('assignee', { ...photo, assignee_has_attachment: true }), 7)).toEqual({
      ok: true,
    });
    // Work time is checked first.
    expect(checkStatusChange(ctx('assignee', { ...photo, is_worktime_required: true }), 7)).toMatchObject({
      error: 'worktime_required',
    });
  });

  it('an archived issue changes no status', () => {
    expect(checkStatusChange(ctx('admin', { status_id: 3, archived: true }), 5)).toEqual({
      ok: false,
      error: 'issue_archived',
      status: 422,
    });
    expect(checkStatusChange(ctx('outsider', { status_id: 3, archived: true }), 5)).toMatchObject({
      error: 'forbidden',
    });
  });
});

describe('statusAfterAssigneeChange (000 §4 "Changing assignee")', () => {
  const person = (access_role: AccessRole | null) => ({ id: 99, access_role });
  const table: Array<[IssueStatusId, AccessRole | null | 'cleared', IssueStatusId]> = [
    [7, 'admin', 7],
    [7, 'manager', 7],
    [7, 'group_manager', 7],
    [7, 'member', 3],
    [7, 'collab_admin', 3],
    [7, 'collab_member', 3],
    [7, 'cleared', 2],
    [2, 'member', 3],
    [2, 'manager', 3],
    [3, 'member', 3],
    [4, 'member', 3],
    [5, 'admin', 3],
    [6, 'member', 3],
    [6, 'manager', 3],
    [1, 'member', 3],
    [5, 'cleared', 2],
    [6, 'cleared', 2],
  ];
  for (const [status, role, expected] of table) {
    it(`status ${status}, new assignee ${role} → ${expected}`, () => {
      const next = role === 'cleared' ? null : person(role);
      expect(statusAfterAssigneeChange(ctx('manager', { status_id: status }), next)).toBe(expected);
    });
  }

  it('keeping the same assignee keeps the status', () => {
    expect(
      statusAfterAssigneeChange(ctx('manager', { status_id: 6 }), { id: ASSIGNEE_ID, access_role: 'member' }),
    ).toBe(6);
  });
});

describe('checkAssign, including collaboration workspaces', () => {
  const member = { id: 99, access_role: 'member' as const };
  const partner = { id: 98, access_role: 'collab_member' as const };

  it('managers assign anyone with access to the workspace, at any status before completed', () => {
    for (const status of [1, 2, 3, 4, 5, 6, 7] as const) {
      for (const name of ['admin', 'manager', 'group_manager'] as const) {
        expect(checkAssign(ctx(name, { status_id: status }), member), `${name} ${status}`).toEqual({
          ok: true,
        });
        expect(checkAssign(ctx(name, { status_id: status }), partner)).toEqual({ ok: true });
      }
    }
    expect(checkAssign(ctx('manager', { status_id: 8 }), member)).toEqual(refused('status_not_allowed'));
    expect(checkAssign(ctx('manager', { status_id: 0 }), member)).toEqual(refused('status_not_allowed'));
    expect(checkAssign(ctx('manager', { archived: true }), member)).toEqual(refused('issue_archived'));
    expect(checkAssign(ctx('manager'), { id: 5, access_role: null })).toEqual(
      refused('assignee_not_available'),
    );
  });

  it('clearing the assignee is refused when the client makes it mandatory', () => {
    expect(checkAssign(ctx('manager'), null)).toEqual({ ok: true });
    expect(checkAssign(ctx('manager', {}, { is_assignee_mandatory: true }), null)).toEqual(
      refused('assignee_required'),
    );
  });

  it('collab admins and managers assign people of the collaboration at 3, 4, 5, 6 only, never clearing', () => {
    for (const name of ['collab_admin', 'collab_manager'] as const) {
      for (const status of [0, 1, 2, 3, 4, 5, 6, 7, 8] as const) {
        const expected = [3, 4, 5, 6].includes(status) ? { ok: true } : refused('status_not_allowed');
        expect(checkAssign(ctx(name, { status_id: status }), partner), `${name} ${status}`).toEqual(expected);
      }
      expect(checkAssign(ctx(name, { status_id: 4 }), { id: 97, access_role: 'collab_manager' })).toEqual({
        ok: true,
      });
      expect(checkAssign(ctx(name, { status_id: 4 }), member)).toEqual(refused('assignee_not_available'));
      expect(checkAssign(ctx(name, { status_id: 4 }), null)).toEqual(refused('assignee_required'));
    }
  });

  it('plain and collaboration members do not assign; the creator does while the issue is to do', () => {
    expect(checkAssign(ctx('member'), member)).toEqual(refused('forbidden', 403));
    expect(checkAssign(ctx('assignee'), member)).toEqual(refused('forbidden', 403));
    expect(checkAssign(ctx('collab_member'), partner)).toEqual(refused('forbidden', 403));
    expect(checkAssign(ctx('outsider'), member)).toEqual(refused('forbidden', 403));
    expect(checkAssign(ctx('creator', { status_id: 2 }), member)).toEqual({ ok: true });
    expect(checkAssign(ctx('creator', { status_id: 3 }), member)).toEqual({ ok: true });
    expect(checkAssign(ctx('creator', { status_id: 5 }), member)).toEqual(refused('forbidden', 403));
  });
});

describe('checkTakeOver (000 §4)', () => {
  it('a plain member takes over at 1, 2, 3, 4, 5 when the client allows it', () => {
    for (const status of ALL_STATUSES) {
      const expected = [1, 2, 3, 4, 5].includes(status) ? { ok: true } : refused('status_not_allowed');
      expect(checkTakeOver(ctx('member', { status_id: status })), `status ${status}`).toEqual(expected);
      expect(
        checkTakeOver(ctx('member', { status_id: status }, { member_can_take_over_issue: false })),
      ).toEqual(refused('forbidden', 403));
    }
  });

  it('admins, managers and group managers take over any issue that is not completed', () => {
    for (const name of ['admin', 'manager', 'group_manager'] as const) {
      for (const status of ALL_STATUSES) {
        const expected = status === 0 || status === 8 ? refused('status_not_allowed') : { ok: true };
        expect(checkTakeOver(ctx(name, { status_id: status })), `${name} ${status}`).toEqual(expected);
      }
      // The client setting is about plain members only.
      expect(checkTakeOver(ctx(name, { status_id: 6 }, { member_can_take_over_issue: false }))).toEqual({
        ok: true,
      });
    }
  });

  it('never collaboration people, the assignee, or an archived issue', () => {
    for (const name of ['collab_admin', 'collab_manager', 'collab_member', 'outsider'] as const) {
      expect(checkTakeOver(ctx(name, { status_id: 2 })), name).toEqual(refused('forbidden', 403));
    }
    expect(checkTakeOver(ctx('assignee', { status_id: 3 }))).toEqual(refused('already_assignee'));
    expect(checkTakeOver(ctx('admin', { status_id: 3, assignee_id: 1 }))).toEqual(
      refused('already_assignee'),
    );
    expect(checkTakeOver(ctx('member', { status_id: 2, archived: true }))).toEqual(refused('issue_archived'));
    expect(checkTakeOver(ctx('admin', { status_id: 2, archived: true }))).toEqual(refused('issue_archived'));
  });
});

describe('archive, unarchive and delete by role', () => {
  const ROLES = Object.keys(VIEWERS) as ViewerName[];

  it('archive: admins, managers, group managers; archivable status or completed; not archived', () => {
    const managers: ViewerName[] = ['admin', 'manager', 'group_manager'];
    for (const name of ROLES) {
      for (const status of ALL_STATUSES) {
        // Default archive_issues_statuses: declined (4) and completed (8).
        let expected: object = refused('forbidden', 403);
        if (managers.includes(name))
          expected = [4, 8].includes(status) ? { ok: true } : refused('status_not_allowed');
        expect(checkArchive(ctx(name, { status_id: status })), `${name} ${status}`).toEqual(expected);
      }
    }
    expect(checkArchive(ctx('manager', { status_id: 7 }, { archive_issues_statuses: [7] }))).toEqual({
      ok: true,
    });
    // Completed is always archivable, even when the client's list leaves it out.
    expect(checkArchive(ctx('manager', { status_id: 8 }, { archive_issues_statuses: [] }))).toEqual({
      ok: true,
    });
    expect(checkArchive(ctx('manager', { status_id: 4 }, { archive_issues_statuses: [] }))).toEqual(
      refused('status_not_allowed'),
    );
    expect(checkArchive(ctx('admin', { status_id: 8, archived: true }))).toEqual(refused('issue_archived'));
  });

  it('unarchive: admins only, archived issues only', () => {
    for (const name of ROLES) {
      const expected = name === 'admin' ? { ok: true } : refused('forbidden', 403);
      expect(checkUnarchive(ctx(name, { status_id: 8, archived: true })), name).toEqual(expected);
    }
    expect(checkUnarchive(ctx('admin', { status_id: 8 }))).toEqual(refused('status_not_allowed'));
    // A partner company's admin is collab_admin in the shared workspace, not an admin of it.
    expect(checkUnarchive(ctx('collab_admin', { status_id: 8, archived: true }))).toEqual(
      refused('forbidden', 403),
    );
  });

  it('delete: admin always; managers unless archived; the creator at 1 or 2 while nobody worked on it', () => {
    const table: Array<[ViewerName, Partial<IssueFacts>, object]> = [
      ['admin', { status_id: 8, archived: true, worktime_total: 900 }, { ok: true }],
      ['admin', { status_id: 6 }, { ok: true }],
      ['manager', { status_id: 6 }, { ok: true }],
      ['group_manager', { status_id: 8 }, { ok: true }],
      ['manager', { status_id: 8, archived: true }, refused('issue_archived')],
      ['group_manager', { status_id: 4, archived: true }, refused('issue_archived')],
      ['creator', { status_id: 1 }, { ok: true }],
      ['creator', { status_id: 2 }, { ok: true }],
      ['creator', { status_id: 3 }, refused('status_not_allowed')],
      ['creator', { status_id: 2, worktime_total: 60 }, refused('status_not_allowed')],
      ['creator', { status_id: 2, started_at: '2026-03-01T00:00:00.000Z' }, refused('status_not_allowed')],
      ['creator', { status_id: 2, archived: true }, refused('issue_archived')],
      ['member', { status_id: 1 }, refused('forbidden', 403)],
      ['assignee', { status_id: 2 }, refused('forbidden', 403)],
      ['collab_admin', { status_id: 2 }, refused('forbidden', 403)],
      ['collab_manager', { status_id: 2 }, refused('forbidden', 403)],
      ['collab_member', { status_id: 2, created_by: VIEWERS.collab_member.id }, refused('forbidden', 403)],
      ['outsider', { status_id: 2 }, refused('forbidden', 403)],
    ];
    for (const [name, over, expected] of table) {
      expect(checkDelete(ctx(name, over)), `${name} ${JSON.stringify(over)}`).toEqual(expected);
    }
  });
});

describe('quick complete (000 §4, 001 §6)', () => {
  it('who may quick-complete, by role and status', () => {
    const table: Array<[ViewerName | IssueViewer, IssueStatusId, object]> = [
      ['admin', 2, { ok: true }],
      ['admin', 7, { ok: true }],
      ['admin', 8, refused('status_not_allowed')],
      // A manager only when they are the assignee.
      ['manager', 5, refused('forbidden', 403)],
      [{ ...VIEWERS.manager, id: ASSIGNEE_ID }, 6, { ok: true }],
      [{ ...VIEWERS.group_manager, id: ASSIGNEE_ID }, 3, { ok: true }],
      [{ ...VIEWERS.manager, id: ASSIGNEE_ID }, 8, refused('status_not_allowed')],
      // A plain member who can edit: the assignee at any open status, the creator up to 3.
      ['assignee', 5, { ok: true }],
      ['assignee', 6, { ok: true }],
      ['assignee', 8, refused('status_not_allowed')],
      ['creator', 2, { ok: true }],
      ['creator', 5, refused('forbidden', 403)],
      ['member', 5, refused('forbidden', 403)],
      // Collaboration people never, not even as the assignee at accepted.
      [{ ...VIEWERS.collab_member, id: ASSIGNEE_ID }, 5, refused('forbidden', 403)],
      ['collab_admin', 5, refused('forbidden', 403)],
      ['collab_manager', 6, refused('forbidden', 403)],
      ['outsider', 5, refused('forbidden', 403)],
    ];
    for (const [viewer, status, expected] of table) {
      const label = `${typeof viewer === 'string' ? viewer : viewer.access_role} at ${status}`;
      expect(checkQuickComplete(ctx(viewer, { status_id: status })), label).toEqual(expected);
      expect(issuePermissions(ctx(viewer, { status_id: status })).canQuickCompleteIssue, label).toBe(
        'ok' in expected && expected.ok === true,
      );
    }
    expect(checkQuickComplete(ctx('admin', { status_id: 5, archived: true }))).toEqual(
      refused('issue_archived'),
    );
  });

  it('errors come in the order worktime, attachment, sub-issues', () => {
    const table: Array<[Partial<IssueFacts>, string | null]> = [
      [{}, null],
      [{ is_worktime_required: true }, 'worktime_required'],
      [{ is_worktime_required: true, worktime_total: 1 }, null],
      [{ is_attachment_required: true }, 'attachment_required'],
      [{ is_attachment_required: true, assignee_has_attachment: true }, null],
      [{ open_subtasks_count: 1 }, 'subtasks_not_completed_one'],
      [{ open_subtasks_count: 2 }, 'subtasks_not_completed'],
      [{ open_subtasks_count: 7 }, 'subtasks_not_completed'],
      [
        { is_worktime_required: true, is_attachment_required: true, open_subtasks_count: 3 },
        'worktime_required',
      ],
      [{ is_attachment_required: true, open_subtasks_count: 1 }, 'attachment_required'],
    ];
    for (const [over, error] of table) {
      const result = checkQuickComplete(ctx('assignee', { status_id: 5, ...over }));
      expect(result, JSON.stringify(over)).toEqual(error === null ? { ok: true } : refused(error));
    }
    expect(
      quickCompleteErrors(
        facts({ is_worktime_required: true, is_attachment_required: true, open_subtasks_count: 1 }),
      ),
    ).toEqual(['worktime_required', 'attachment_required', 'subtasks_not_completed_one']);
  });
});

describe('canEditWorktime (000 §4 "Work time editable")', () => {
  const lastAssignee = { ...VIEWERS.member, id: 77 };
  const table: Array<[string, ViewerName | IssueViewer, Partial<IssueFacts>, boolean[]]> = [
    // Expected per status 0..8.
    ['assignee', 'assignee', {}, [false, false, false, false, false, false, true, true, false]],
    [
      'last assignee',
      lastAssignee,
      { last_assignee_id: 77 },
      [false, false, false, false, false, false, false, true, false],
    ],
    ['admin', 'admin', {}, [false, false, false, false, false, false, false, true, true]],
    ['manager', 'manager', {}, [false, false, false, false, false, false, false, true, true]],
    ['group manager', 'group_manager', {}, [false, false, false, false, false, false, false, true, true]],
    ['other member', 'member', {}, [false, false, false, false, false, false, false, false, false]],
    ['collab admin', 'collab_admin', {}, [false, false, false, false, false, false, false, false, false]],
    ['outsider', 'outsider', {}, [false, false, false, false, false, false, false, false, false]],
  ];
  for (const [label, viewer, over, expected] of table) {
    it(label, () => {
      expect(
        ALL_STATUSES.map((status) => canEditWorktime(ctx(viewer, { status_id: status, ...over }))),
      ).toEqual(expected);
    });
  }

  it('a last assignee who is a manager edits as a manager, a partner not; nobody on an archived issue', () => {
    const lastManager = { ...VIEWERS.manager, id: 77 };
    expect(canEditWorktime(ctx(lastManager, { status_id: 8, last_assignee_id: 77 }))).toBe(true);
    // "Plain member" is access_role member: a partner's member who was the last assignee does not.
    const lastPartner = { ...VIEWERS.collab_member, id: 77 };
    expect(canEditWorktime(ctx(lastPartner, { status_id: 7, last_assignee_id: 77 }))).toBe(false);
    expect(canEditWorktime(ctx('admin', { status_id: 8, archived: true }))).toBe(false);
    expect(canEditWorktime(ctx('assignee', { status_id: 6, archived: true }))).toBe(false);
    expect(issuePermissions(ctx('assignee', { status_id: 6 })).can_edit_worktime).toBe(true);
  });
});

describe('checkWorktimeEdit', () => {
  it('answers the work-time rule as a refusal', () => {
    expect(checkWorktimeEdit(ctx('assignee', { status_id: 6 }))).toEqual({ ok: true });
    expect(checkWorktimeEdit(ctx('assignee', { status_id: 5 }))).toEqual(refused('worktime_not_editable'));
    expect(checkWorktimeEdit(ctx('manager', { status_id: 8 }))).toEqual({ ok: true });
    expect(checkWorktimeEdit(ctx('admin', { status_id: 8, archived: true }))).toEqual(
      refused('issue_archived'),
    );
    expect(checkWorktimeEdit(ctx('outsider', { status_id: 7 }))).toEqual(refused('forbidden', 403));
  });
});

describe('issuePermissions: the flags of 000 §6', () => {
  it('editing: managers, the assignee, the creator up to 3, collab admins and managers', () => {
    const editors = (status: IssueStatusId, archived = false) =>
      (Object.keys(VIEWERS) as ViewerName[]).filter(
        (name) => issuePermissions(ctx(name, { status_id: status, archived })).can_edit,
      );
    expect(editors(3)).toEqual([
      'admin',
      'manager',
      'group_manager',
      'assignee',
      'creator',
      'collab_admin',
      'collab_manager',
    ]);
    expect(editors(5)).toEqual([
      'admin',
      'manager',
      'group_manager',
      'assignee',
      'collab_admin',
      'collab_manager',
    ]);
    // On an archived issue only an admin edits; a scheduled preview is read only.
    expect(editors(8, true)).toEqual(['admin']);
    expect(editors(0)).toEqual([]);
  });

  it('an archived issue: everyone who sees it comments; the admin keeps attachments, description and delete', () => {
    const admin = issuePermissions(ctx('admin', { status_id: 8, archived: true }));
    expect(admin).toMatchObject({
      can_comment: true,
      can_add_attachments: true,
      can_edit_description: true,
      can_delete: true,
      canDeleteIssue: true,
      canUnarchiveIssue: true,
      canArchiveIssue: false,
      can_assign: false,
      canTakeOverIssue: false,
      can_create_subissue: false,
      show_buttons: false,
      show_menu: true,
    });
    const manager = issuePermissions(ctx('manager', { status_id: 8, archived: true }));
    expect(manager).toMatchObject({
      can_comment: true,
      can_edit: false,
      can_add_attachments: false,
      can_edit_description: false,
      can_delete: false,
      canUnarchiveIssue: false,
    });
    expect(issuePermissions(ctx('member', { status_id: 8, archived: true })).can_comment).toBe(true);
    expect(issuePermissions(ctx('outsider', { status_id: 8, archived: true })).can_comment).toBe(false);
  });

  it('the full set for a plain member assigned to an issue in progress', () => {
    expect(issuePermissions(ctx('assignee', { status_id: 6 }))).toEqual({
      can_add_attachments: true,
      can_assign: false,
      can_comment: true,
      can_create_subissue: true,
      can_delete: false,
      can_edit: true,
      can_edit_description: true,
      can_delete_only_own_attachments: true,
      can_edit_only_own_attachments: true,
      special_action_required: false,
      show_buttons: true,
      show_menu: true,
      can_edit_worktime: true,
      canArchiveIssue: false,
      canDeleteIssue: false,
      canExportToPdf: true,
      canDuplicateIssue: true,
      canReassignIssue: false,
      canTakeOverIssue: false,
      canUnarchiveIssue: false,
      canQuickCompleteIssue: true,
    });
  });

  it('the assignee must decide an issue awaiting acceptance; sub-issues only one level deep', () => {
    expect(issuePermissions(ctx('assignee', { status_id: 3 })).special_action_required).toBe(true);
    expect(issuePermissions(ctx('manager', { status_id: 3 })).special_action_required).toBe(false);
    expect(issuePermissions(ctx('assignee', { status_id: 5 })).special_action_required).toBe(false);
    expect(issuePermissions(ctx('manager', { status_id: 5 })).can_create_subissue).toBe(true);
    expect(issuePermissions(ctx('manager', { status_id: 5, parent_id: 3 })).can_create_subissue).toBe(false);
  });

  it('managers handle every attachment; others only their own', () => {
    const manager = issuePermissions(ctx('manager', { status_id: 5 }));
    expect([manager.can_edit_only_own_attachments, manager.can_delete_only_own_attachments]).toEqual([
      false,
      false,
    ]);
    const collab = issuePermissions(ctx('collab_manager', { status_id: 5 }));
    expect([collab.can_edit_only_own_attachments, collab.can_delete_only_own_attachments]).toEqual([
      true,
      true,
    ]);
  });

  it('someone without access to the workspace gets nothing, even an admin of another organisation', () => {
    const none = issuePermissions(ctx('outsider', { status_id: 5 }));
    expect(Object.entries(none).filter(([, value]) => value)).toEqual([]);
    const foreignAdmin = { id: 11, role: 'admin' as const, access_role: null };
    const theirs = issuePermissions(ctx(foreignAdmin, { status_id: 8, archived: true }));
    expect(Object.entries(theirs).filter(([, value]) => value)).toEqual([]);
    expect(checkDelete(ctx(foreignAdmin, { status_id: 2 }))).toEqual(refused('forbidden', 403));
  });

  it('an organisation admin counts as admin whatever their workspace grant; a partner admin does not', () => {
    const adminAsMember = { id: 12, role: 'admin' as const, access_role: 'member' as const };
    expect(checkUnarchive(ctx(adminAsMember, { status_id: 8, archived: true }))).toEqual({ ok: true });
    expect(issuePermissions(ctx(adminAsMember, { status_id: 8, archived: true })).can_edit).toBe(true);
    expect(issuePermissions(ctx('collab_admin', { status_id: 8, archived: true })).can_edit).toBe(false);
    expect(checkArchive(ctx('collab_admin', { status_id: 8 }))).toEqual(refused('forbidden', 403));
  });
});
