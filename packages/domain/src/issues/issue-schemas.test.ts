import { describe, expect, it } from 'vitest';
import { readClientSettings } from '../client/client-settings.js';
import type { IssueFacts, IssueRuleContext } from './issue-rules.js';
import {
  checkReopen,
  initialIssueStatus,
  statusAfterTakeOver,
  ZCreateIssueRequestSchema,
  ZIssueDateInputSchema,
  ZIssueLinkRequestSchema,
  ZIssueSubtaskQuerySchema,
  ZReassignIssuesRequestSchema,
} from './issue-schemas.js';

const facts: IssueFacts = {
  status_id: 8,
  archived: false,
  assignee_id: 2,
  last_assignee_id: null,
  created_by: 1,
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
};
const ctx = (
  access_role: IssueRuleContext['viewer']['access_role'],
  issue: Partial<IssueFacts> = {},
): IssueRuleContext => ({
  viewer: { id: 9, role: 'user', access_role },
  issue: { ...facts, ...issue },
  settings: readClientSettings({}),
  now: new Date('2026-01-10T10:00:00Z'),
});

describe('initialIssueStatus', () => {
  it('2 without assignee, 3 awaiting the assignee, 5 when reporters assign themselves', () => {
    expect(initialIssueStatus(1, null)).toBe(2);
    expect(initialIssueStatus(1, 2)).toBe(3);
    expect(initialIssueStatus(1, 1)).toBe(5);
  });
});

describe('statusAfterTakeOver', () => {
  it('accepts an issue still to do; keeps one in progress or review', () => {
    expect([1, 2, 3, 4, 5].map((s) => statusAfterTakeOver(s as 1))).toEqual([5, 5, 5, 5, 5]);
    expect(statusAfterTakeOver(6)).toBe(6);
    expect(statusAfterTakeOver(7)).toBe(7);
  });
});

describe('checkReopen', () => {
  it('managers reopen a completed, not archived issue', () => {
    expect(checkReopen(ctx('manager'))).toEqual({ ok: true });
    expect(checkReopen(ctx('group_manager'))).toEqual({ ok: true });
    expect(checkReopen(ctx('admin'))).toEqual({ ok: true });
    expect(checkReopen(ctx('member'))).toEqual({ ok: false, error: 'forbidden', status: 403 });
    expect(checkReopen(ctx('collab_admin'))).toEqual({ ok: false, error: 'forbidden', status: 403 });
    expect(checkReopen(ctx('manager', { status_id: 7 }))).toEqual({
      ok: false,
      error: 'status_not_allowed',
      status: 422,
    });
    expect(checkReopen(ctx('manager', { archived: true }))).toEqual({
      ok: false,
      error: 'issue_archived',
      status: 422,
    });
  });
});

describe('ZIssueDateInputSchema', () => {
  it('reads seconds, strings of seconds, ISO dates; clears on null or empty', () => {
    expect(ZIssueDateInputSchema.parse(1_767_225_600)).toBe('2026-01-01T00:00:00.000Z');
    expect(ZIssueDateInputSchema.parse('1767225600')).toBe('2026-01-01T00:00:00.000Z');
    expect(ZIssueDateInputSchema.parse('2026-01-01T12:30:00+02:00')).toBe('2026-01-01T10:30:00.000Z');
    expect(ZIssueDateInputSchema.parse('2026-01-01')).toBe('2026-01-01T00:00:00.000Z');
    expect(ZIssueDateInputSchema.parse(null)).toBeNull();
    expect(ZIssueDateInputSchema.parse('')).toBeNull();
  });
  it('refuses milliseconds, words, impossible dates', () => {
    for (const bad of [
      1_767_225_600_000,
      'tomorrow',
      '2026-13-45',
      '0000-01-01',
      '2200-01-01',
      -5,
      1.5,
      true,
    ]) {
      const result = ZIssueDateInputSchema.safeParse(bad);
      expect(result.success, String(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('invalid_format');
    }
  });
});

describe('request schemas', () => {
  it('create: the form defaults of 000 §3', () => {
    expect(ZCreateIssueRequestSchema.parse({ workspace_id: 1, title: 'Door' })).toMatchObject({
      title: 'Door',
      priority_id: 3,
      accessibility_id: 2,
      is_attachment_required: false,
      is_worktime_required: false,
    });
    expect(ZCreateIssueRequestSchema.safeParse({ title: 'Door', priority_id: 1 }).success).toBe(false);
  });
  it('reassign: issue_ids as a comma list or an array, deduplicated', () => {
    expect(ZReassignIssuesRequestSchema.parse({ issue_ids: '3, 4,3', user_id: 1 }).issue_ids).toEqual([3, 4]);
    expect(ZReassignIssuesRequestSchema.parse({ issue_ids: [5, '6'], user_id: 1 }).issue_ids).toEqual([5, 6]);
    const bad = ZReassignIssuesRequestSchema.safeParse({ issue_ids: '1,x', user_id: 1 });
    expect(bad.error?.issues[0]?.message).toBe('invalid_format');
    const empty = ZReassignIssuesRequestSchema.safeParse({ issue_ids: '', user_id: 1 });
    expect(empty.error?.issues[0]?.message).toBe('required');
  });
  it('links: http and https only', () => {
    expect(ZIssueLinkRequestSchema.safeParse({ url: 'https://example.test/a' }).success).toBe(true);
    expect(ZIssueLinkRequestSchema.safeParse({ url: 'http://example.test' }).success).toBe(true);
    for (const url of ['javascript:alert(1)', 'ftp://x.test', 'example.test', 'mailto:a@b.test']) {
      expect(ZIssueLinkRequestSchema.safeParse({ url }).success, url).toBe(false);
    }
  });
  it('sub-issue list: parent required; paging falls back to defaults', () => {
    expect(
      ZIssueSubtaskQuerySchema.parse({ parent_id: '4', include_subtasks: '1', paginate_by: '10' }),
    ).toEqual({
      parent_id: 4,
      include_subtasks: 1,
      page: 1,
      paginate_by: 10,
    });
    expect(ZIssueSubtaskQuerySchema.parse({ parent_id: '4', page: 'x', paginate_by: '999' })).toMatchObject({
      page: 1,
      paginate_by: 20,
    });
    expect(ZIssueSubtaskQuerySchema.safeParse({}).success).toBe(false);
  });
});
