import type { Issue, WorkspaceFlatItem } from '@workbench/domain';
import { describe, expect, it } from 'vitest';
import {
  changedFields,
  createRequestOf,
  elapsedSeconds,
  emptyIssueForm,
  formatClock,
  formatDuration,
  idParam,
  isoToEpochSeconds,
  isoToPicker,
  issueFormOf,
  issuePaths,
  keepAssignee,
  normalizeUrl,
  pickerToIso,
  splitSeconds,
  toSeconds,
  updateRequestOf,
  workspaceOptions,
} from './issue-helpers';

describe('issue paths', () => {
  it('builds detail, sub-issue detail, edit and add addresses', () => {
    expect(issuePaths.detail(5)).toBe('/dashboard/issues/detail/5');
    expect(issuePaths.detail(5, 9)).toBe('/dashboard/issues/detail/5/9');
    expect(issuePaths.edit(5)).toBe('/dashboard/issues/edit/5');
    expect(issuePaths.add()).toBe('/dashboard/issues/add');
    expect(issuePaths.add({ parentId: 5 })).toBe('/dashboard/issues/add?parent_id=5');
    expect(issuePaths.add({ workspaceId: 3 })).toBe('/dashboard/issues/add?workspace_id=3');
  });

  it('reads only positive whole ids from the address', () => {
    expect(idParam('12')).toBe(12);
    for (const bad of [undefined, null, '', '0', '-1', '1.5', 'abc', '99999999999999999999']) {
      expect(idParam(bad)).toBeNull();
    }
  });
});

describe('dates', () => {
  it('round-trips between ISO and the picker value in local time', () => {
    const iso = new Date(2026, 4, 17, 9, 30, 0).toISOString();
    expect(isoToPicker(iso)).toBe('2026-05-17 09:30:00');
    expect(pickerToIso('2026-05-17 09:30:00')).toBe(iso);
    expect(pickerToIso('2026-05-17 09:30')).toBe(iso);
    expect(pickerToIso(null)).toBeNull();
    expect(pickerToIso('not a date')).toBeNull();
    expect(isoToPicker(null)).toBeNull();
    expect(isoToPicker('garbage')).toBeNull();
  });

  it('sends dates as seconds since the epoch', () => {
    expect(isoToEpochSeconds('2026-01-01T00:00:00.000Z')).toBe(1767225600);
    expect(isoToEpochSeconds(null)).toBeNull();
    expect(isoToEpochSeconds('x')).toBeNull();
  });
});

describe('work time', () => {
  it('splits and joins hours and minutes', () => {
    expect(splitSeconds(3900)).toEqual({ hours: 1, minutes: 5 });
    expect(toSeconds(1, 5)).toBe(3900);
    expect(toSeconds('2', '')).toBe(7200);
    expect(toSeconds(-1, 'x')).toBe(0);
  });

  it('formats durations', () => {
    expect(formatDuration(3900)).toBe('1h 05m');
    expect(formatDuration(59)).toBe('59s');
    expect(formatClock(3723)).toBe('1:02:03');
    expect(formatClock(-5)).toBe('0:00:00');
    expect(formatDuration(0)).toBe('0h 00m');
    expect(formatDuration(36 * 3600)).toBe('36h 00m');
  });

  it('counts a running timer from its start, never below zero', () => {
    const now = new Date('2026-01-01T10:00:00Z');
    expect(elapsedSeconds('2026-01-01T09:58:30Z', now)).toBe(90);
    expect(elapsedSeconds('2026-01-01T10:05:00Z', now)).toBe(0);
    expect(elapsedSeconds(null, now)).toBe(0);
  });
});

describe('the issue form', () => {
  it('starts with the defaults of 000 §3 and the preset workspace or parent', () => {
    const form = emptyIssueForm({ workspaceId: 4, parentId: 7 });
    expect(form).toMatchObject({ workspace_id: 4, parent_id: 7, priority_id: 3, assignee_id: null });
    expect(form.is_attachment_required).toBe(false);
    expect(form.is_worktime_required).toBe(false);
  });

  it('maps the form to POST issue: trimmed texts, empty ones null, dates in seconds, accessibility 2', () => {
    const form = {
      ...emptyIssueForm({ workspaceId: 4 }),
      title: '  Leaking tap ',
      description: '   ',
      start_date: '2026-01-01T00:00:00.000Z',
      due_date: '2026-01-02T00:00:00.000Z',
      external_email_address: ' ',
      process_number: 'ABC123',
    };
    const body = createRequestOf(form, false);
    expect(body).toMatchObject({
      title: 'Leaking tap',
      description: null,
      workspace_id: 4,
      priority_id: 3,
      accessibility_id: 2,
      start_date: 1767225600,
      due_date: 1767312000,
      external_email_address: null,
    });
    expect(body).not.toHaveProperty('process_number');
    expect(createRequestOf(form, true).process_number).toBe('ABC123');
  });

  it('maps the form to PUT issue, leaving out the description when it may not be edited', () => {
    const form = { ...emptyIssueForm({ workspaceId: 4 }), title: 'T1', description: 'A long description' };
    expect(updateRequestOf(form, { includeProcessNumber: false, canEditDescription: true })).toMatchObject({
      title: 'T1',
      description: 'A long description',
      workspace_id: 4,
    });
    const limited = updateRequestOf(form, { includeProcessNumber: false, canEditDescription: false });
    expect(limited).not.toHaveProperty('description');
    expect(limited).not.toHaveProperty('parent_id');
  });

  it('sends only what changed when editing', () => {
    const saved = { ...emptyIssueForm({ workspaceId: 4 }), title: 'T1', assignee_id: 9 };
    const edited = { ...saved, title: 'T2', priority_id: 5 };
    const options = { includeProcessNumber: false, canEditDescription: true };
    expect(changedFields(updateRequestOf(edited, options), updateRequestOf(saved, options))).toEqual({
      title: 'T2',
      priority_id: 5,
    });
    expect(changedFields(updateRequestOf(saved, options), updateRequestOf(saved, options))).toEqual({});
  });

  it('fills the form from a saved issue, the main category apart from the others', () => {
    const issue = {
      title: 'Door',
      description: null,
      workspace_id: 2,
      parent_id: null,
      assignee_id: 8,
      priority_id: 5,
      category_id: 1,
      categories: [
        { id: 1, name: 'A', color: null },
        { id: 3, name: 'B', color: null },
      ],
      start_date: null,
      due_date: '2026-01-02T00:00:00.000Z',
      is_attachment_required: true,
      is_worktime_required: false,
      process_number: null,
      external_email_address: null,
      archived: false,
    } as unknown as Issue;
    expect(issueFormOf(issue)).toMatchObject({
      description: '',
      category_id: 1,
      categories: [3],
      assignee_id: 8,
      process_number: '',
      is_attachment_required: true,
    });
  });

  it('keeps the assignee only when they can work in the workspace', () => {
    expect(keepAssignee(3, [1, 2, 3])).toBe(3);
    expect(keepAssignee(3, [1, 2])).toBeNull();
    expect(keepAssignee(null, [1])).toBeNull();
  });

  it('lists workspaces in tree order with their depth and leaves out archived ones unless chosen', () => {
    const flat = [
      { id: 1, depth: 0, name: 'HQ', archived: false },
      { id: 2, depth: 1, name: 'Floor 1', archived: false },
      { id: 3, depth: 1, name: 'Old', archived: true },
    ] as WorkspaceFlatItem[];
    expect(workspaceOptions(flat, null)).toEqual([
      { value: '1', label: 'HQ', depth: 0 },
      { value: '2', label: 'Floor 1', depth: 1 },
    ]);
    expect(workspaceOptions(flat, 3).map((o) => o.value)).toEqual(['1', '2', '3']);
  });
});

describe('small helpers', () => {
  it('adds https:// to a link typed without a scheme', () => {
    expect(normalizeUrl('example.com/a')).toBe('https://example.com/a');
    expect(normalizeUrl(' http://x.org ')).toBe('http://x.org');
  });
});
