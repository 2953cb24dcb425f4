import { describe, expect, it } from 'vitest';
import { readClientSettings } from '../client/client-settings.js';
import {
  datesAfterStartChange,
  defaultDueDate,
  defaultDuplicateTitle,
  dueState,
  duplicateOptionsAvailable,
  type IssueFormValues,
  validateDuplicateTitle,
  validateIssueForm,
} from './issue-rules.js';
import type { IssueStatusId } from './statuses.js';

const NOW = new Date('2026-03-10T12:00:00.000Z');

describe('dueState: overdue and due today (000 §4, 001 §4)', () => {
  const off = { show_in_review_overdue: false };
  const on = { show_in_review_overdue: true };
  const table: Array<
    [string, IssueStatusId, string | null, { show_in_review_overdue: boolean }, string | null]
  > = [
    ['no due date', 5, null, off, null],
    ['due yesterday', 5, '2026-03-09T12:00:00.000Z', off, 'overdue'],
    ['due earlier today', 6, '2026-03-10T08:00:00.000Z', off, 'overdue'],
    ['due a second ago', 2, '2026-03-10T11:59:59.000Z', off, 'overdue'],
    ['due later today', 5, '2026-03-10T18:00:00.000Z', off, 'due_today'],
    ['due at the last moment of today', 3, '2026-03-10T23:59:59.000Z', off, 'due_today'],
    ['due tomorrow', 5, '2026-03-11T00:00:00.000Z', off, null],
    ['completed and past due', 8, '2026-03-01T00:00:00.000Z', off, null],
    ['completed and due today', 8, '2026-03-10T18:00:00.000Z', on, null],
    ['in review and past due, flag off', 7, '2026-03-01T00:00:00.000Z', off, null],
    ['in review and past due, flag on', 7, '2026-03-01T00:00:00.000Z', on, 'overdue'],
    ['in review and due today, flag off', 7, '2026-03-10T18:00:00.000Z', off, null],
    ['in review and due today, flag on', 7, '2026-03-10T18:00:00.000Z', on, 'due_today'],
    ['declined and past due', 4, '2026-03-01T00:00:00.000Z', off, 'overdue'],
    ['unreadable date', 5, 'not a date', off, null],
  ];
  for (const [label, status, due, settings, expected] of table) {
    it(label, () => {
      expect(dueState({ status_id: status, due_date: due }, settings, NOW)).toBe(expected);
    });
  }
});

describe('defaultDueDate: start plus one day', () => {
  it('adds exactly 24 hours', () => {
    expect(defaultDueDate('2026-03-10T09:30:00.000Z')).toBe('2026-03-11T09:30:00.000Z');
    expect(defaultDueDate(new Date('2026-12-31T23:00:00.000Z'))).toBe('2027-01-01T23:00:00.000Z');
  });
});

describe('datesAfterStartChange (000 §4 "Start date")', () => {
  it('clears a due date at or before the new start; removing the start keeps the due date', () => {
    const start = '2026-03-12T08:00:00.000Z';
    expect(datesAfterStartChange(start, '2026-03-12T09:00:00.000Z')).toEqual({
      start_date: start,
      due_date: '2026-03-12T09:00:00.000Z',
    });
    expect(datesAfterStartChange(start, start)).toEqual({ start_date: start, due_date: null });
    expect(datesAfterStartChange(start, '2026-03-11T08:00:00.000Z')).toEqual({
      start_date: start,
      due_date: null,
    });
    expect(datesAfterStartChange(null, '2026-03-11T08:00:00.000Z')).toEqual({
      start_date: null,
      due_date: '2026-03-11T08:00:00.000Z',
    });
    expect(datesAfterStartChange(start, null)).toEqual({ start_date: start, due_date: null });
  });
});

describe('validateIssueForm (000 §5, 001 §5)', () => {
  const settings = readClientSettings({});
  const strict = readClientSettings({
    is_asset_required: true,
    is_assignee_mandatory: true,
    include_issue_process_number: true,
  });
  const valid: IssueFormValues = { workspace_id: 1, title: 'Leaking tap' };
  const user = { role: 'user' as const };
  const admin = { role: 'admin' as const };
  const create = { now: NOW, is_new: true };
  const validate = (
    values: Partial<IssueFormValues>,
    s = settings,
    who: { role: 'admin' | 'user' } = user,
    o = {},
  ) => validateIssueForm({ ...valid, ...values }, s, who, { ...create, ...o });

  it('a minimal form is valid', () => {
    expect(validate({})).toEqual({});
  });

  it('field messages', () => {
    const table: Array<[Partial<IssueFormValues>, Record<string, string>]> = [
      [{ workspace_id: null }, { workspace_id: 'workspace_required' }],
      [{ title: '' }, { title: 'title_too_short' }],
      [{ title: ' a ' }, { title: 'title_too_short' }],
      [{ title: 'ab' }, {}],
      [{ title: `  ${'x'.repeat(255)}  ` }, {}],
      [{ title: 'x'.repeat(256) }, { title: 'too_long' }],
      [{ description: 'too short' }, { description: 'description_too_short' }],
      [{ description: '0123456789' }, {}],
      [{ description: '' }, {}],
      [{ description: null }, {}],
      [{ start_date: 'soon' }, { start_date: 'invalid_format' }],
      [{ due_date: 'later' }, { due_date: 'invalid_format' }],
    ];
    for (const [values, expected] of table)
      expect(validate(values), JSON.stringify(values)).toEqual(expected);
  });

  it('client settings: asset, assignee (unless archived) and process number', () => {
    const full = { asset_id: 3, assignee_id: 4, process_number: 'AB1234' };
    expect(validate(full, strict)).toEqual({});
    expect(validate({}, strict)).toEqual({
      asset_id: 'asset_required',
      assignee_id: 'assignee_required',
      process_number: 'process_nr_required',
    });
    expect(validate({ ...full, assignee_id: null, archived: true }, strict)).toEqual({});
    expect(validate({ ...full, process_number: '   ' }, strict)).toEqual({
      process_number: 'process_nr_required',
    });
    expect(validate({ ...full, process_number: '12345' }, strict)).toEqual({
      process_number: 'process_nr_format',
    });
    expect(validate({ ...full, process_number: '1234567' }, strict)).toEqual({
      process_number: 'process_nr_format',
    });
    // Without the settings, none of these is asked for.
    expect(validate({ asset_id: null, assignee_id: null, process_number: null })).toEqual({});
  });

  it('due date when mandatory', () => {
    expect(validate({}, settings, user, { due_date_mandatory: true })).toEqual({
      due_date: 'due_date_required',
    });
    expect(
      validate({ due_date: '2026-03-12T00:00:00.000Z' }, settings, user, { due_date_mandatory: true }),
    ).toEqual({});
  });

  it('dates: due after start; no past dates for non-admins on a new issue', () => {
    const table: Array<
      [Partial<IssueFormValues>, { role: 'admin' | 'user' }, boolean, Record<string, string>]
    > = [
      [{ start_date: '2026-03-11T08:00:00.000Z', due_date: '2026-03-12T08:00:00.000Z' }, user, true, {}],
      [
        { start_date: '2026-03-12T08:00:00.000Z', due_date: '2026-03-12T08:00:00.000Z' },
        user,
        true,
        { due_date: 'due_before_start' },
      ],
      [
        { start_date: '2026-03-12T08:00:00.000Z', due_date: '2026-03-11T08:00:00.000Z' },
        user,
        true,
        { due_date: 'due_before_start' },
      ],
      // Today counts as not in the past, whatever the hour.
      [{ start_date: '2026-03-10T00:00:00.000Z' }, user, true, {}],
      [{ start_date: '2026-03-09T23:59:00.000Z' }, user, true, { start_date: 'date_in_past' }],
      [{ due_date: '2026-03-01T00:00:00.000Z' }, user, true, { due_date: 'date_in_past' }],
      [
        { start_date: '2026-03-01T00:00:00.000Z', due_date: '2026-03-02T00:00:00.000Z' },
        user,
        true,
        { start_date: 'date_in_past', due_date: 'date_in_past' },
      ],
      [{ start_date: '2026-03-01T00:00:00.000Z', due_date: '2026-03-02T00:00:00.000Z' }, admin, true, {}],
      [
        { start_date: '2026-03-05T00:00:00.000Z', due_date: '2026-03-02T00:00:00.000Z' },
        admin,
        true,
        { due_date: 'due_before_start' },
      ],
      // An existing issue keeps the dates it already has.
      [{ start_date: '2026-03-01T00:00:00.000Z', due_date: '2026-03-02T00:00:00.000Z' }, user, false, {}],
    ];
    for (const [values, who, isNew, expected] of table) {
      expect(
        validate(values, settings, who, { is_new: isNew }),
        JSON.stringify([values, who, isNew]),
      ).toEqual(expected);
    }
  });
});

describe('duplicate title (000 §5 "Duplicate issue")', () => {
  it('longer than 2 and shorter than 256, else title_mandatory', () => {
    const table: Array<[string, string | null]> = [
      ['', 'title_mandatory'],
      ['   ', 'title_mandatory'],
      ['ab', 'title_mandatory'],
      [' ab ', 'title_mandatory'],
      ['abc', null],
      ['x'.repeat(255), null],
      ['x'.repeat(256), 'title_mandatory'],
    ];
    for (const [title, expected] of table) expect(validateDuplicateTitle(title), title).toBe(expected);
  });

  it("the default title adds ' (Copy)' and stays within 255 characters", () => {
    expect(defaultDuplicateTitle('Leaking tap')).toBe('Leaking tap (Copy)');
    expect(defaultDuplicateTitle('  Leaking tap  ')).toBe('Leaking tap (Copy)');
    const long = defaultDuplicateTitle('y'.repeat(255));
    expect(long).toBe(`${'y'.repeat(248)} (Copy)`);
    expect(long).toHaveLength(255);
    expect(validateDuplicateTitle(long)).toBeNull();
  });
});

describe('duplicate options (000 §4, §5)', () => {
  const issue = { parent_id: null, has_comments: true, assignee_id: 5 };
  const target = { assignee_is_public: false, available_assignees_ids: [5, 6] };
  it('to subtask without a parent, comments when there are some, involved users when the assignee fits', () => {
    expect(duplicateOptionsAvailable(issue, target)).toEqual({
      duplicate_to_subtask: true,
      copy_comments: true,
      copy_involved_users: true,
    });
    expect(duplicateOptionsAvailable({ parent_id: 9, has_comments: false, assignee_id: 7 }, target)).toEqual({
      duplicate_to_subtask: false,
      copy_comments: false,
      copy_involved_users: false,
    });
    expect(
      duplicateOptionsAvailable({ ...issue, assignee_id: 7 }, { ...target, assignee_is_public: true })
        .copy_involved_users,
    ).toBe(true);
    expect(duplicateOptionsAvailable({ ...issue, assignee_id: null }, target).copy_involved_users).toBe(true);
  });
});
