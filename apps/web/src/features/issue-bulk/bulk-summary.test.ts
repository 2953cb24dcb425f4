import { describe, expect, it } from 'vitest';
import {
  archiveSummary,
  deleteSummary,
  duplicateSummary,
  pageSelectionState,
  quickCompleteSummary,
  reassignSummary,
  toggledPageSelection,
  viewAllPath,
} from './bulk-summary';

const known = new Set([
  'errors.worktime_required',
  'errors.attachment_required',
  'errors.subtasks_not_completed',
  'errors.forbidden',
  'errors.general_error',
]);
const exists = (key: string) => known.has(key);

describe('quick complete', () => {
  it('is complete when nothing was refused', () => {
    expect(quickCompleteSummary({ completed: [{ id: 1 }, { id: 2 }], not_completed: [] }, exists)).toEqual({
      action: 'quick_complete',
      complete: true,
      done: 2,
      lines: [],
      viewIds: [],
    });
  });

  it('counts the refused ones per translated reason, unknown keys as general_error, and views them', () => {
    const summary = quickCompleteSummary(
      {
        completed: [{ id: 1 }],
        not_completed: [
          { id: 2, error: 'worktime_required' },
          { id: 3, error: 'subtasks_not_completed' },
          { id: 4, error: 'worktime_required' },
          { id: 5, error: 'something_new' },
        ],
      },
      exists,
    );
    expect(summary.complete).toBe(false);
    expect(summary.done).toBe(1);
    expect(summary.lines).toEqual([
      { key: 'issue-bulk.result.not_done.quick_complete', count: 2, reasonKey: 'errors.worktime_required' },
      {
        key: 'issue-bulk.result.not_done.quick_complete',
        count: 1,
        reasonKey: 'errors.subtasks_not_completed',
      },
      { key: 'issue-bulk.result.not_done.quick_complete', count: 1, reasonKey: 'errors.general_error' },
    ]);
    expect(summary.viewIds).toEqual([2, 3, 4, 5]);
  });
});

describe('archive and delete', () => {
  it('lists the refusals and views the issues that stayed', () => {
    const archived = archiveSummary({ archived: [1], not_archived: [{ id: 9, error: 'forbidden' }] }, exists);
    expect(archived).toMatchObject({ action: 'archive', complete: false, done: 1, viewIds: [9] });
    expect(archived.lines).toEqual([
      { key: 'issue-bulk.result.not_done.archive', count: 1, reasonKey: 'errors.forbidden' },
    ]);
    expect(deleteSummary({ deleted: [1, 2], not_deleted: [] }, exists)).toMatchObject({
      action: 'delete',
      complete: true,
      done: 2,
    });
  });
});

describe('reassign', () => {
  const empty = {
    reassigned_issues: [],
    not_reassigned_issues_because_user_is_not_part_of_ws: [],
    permission_denied_for_issues: [],
    statuses_not_allowed: [],
  };
  const workspaces = new Map([
    [1, 10],
    [2, 10],
    [3, 20],
    [4, 30],
    [5, 10],
  ]);
  const workspaceOf = (id: number) => workspaces.get(id);

  it('is complete when every issue was reassigned', () => {
    expect(reassignSummary({ ...empty, reassigned_issues: [1, 2] }, workspaceOf)).toMatchObject({
      complete: true,
      done: 2,
      lines: [],
    });
  });

  it('tells one workspace from several, missing permission, and a wrong status', () => {
    const oneWs = reassignSummary(
      { ...empty, reassigned_issues: [5], not_reassigned_issues_because_user_is_not_part_of_ws: [1, 2] },
      workspaceOf,
    );
    expect(oneWs.lines).toEqual([{ key: 'issue-bulk.result.reassign.not_in_workspace_one', count: 2 }]);
    expect(oneWs.viewIds).toEqual([1, 2]);

    const mixed = reassignSummary(
      {
        ...empty,
        not_reassigned_issues_because_user_is_not_part_of_ws: [1, 3],
        permission_denied_for_issues: [4],
        statuses_not_allowed: [2, 5],
      },
      workspaceOf,
    );
    expect(mixed.complete).toBe(false);
    expect(mixed.done).toBe(0);
    expect(mixed.lines).toEqual([
      { key: 'issue-bulk.result.reassign.not_in_workspace_several', count: 2 },
      { key: 'issue-bulk.result.reassign.permission_one', count: 1 },
      { key: 'issue-bulk.result.reassign.wrong_status', count: 2 },
    ]);
    expect(mixed.viewIds).toEqual([1, 3, 4, 2, 5]);
  });

  it('counts issues of unknown workspace as a workspace each', () => {
    const summary = reassignSummary({ ...empty, permission_denied_for_issues: [77, 78] }, () => undefined);
    expect(summary.lines).toEqual([{ key: 'issue-bulk.result.reassign.permission_several', count: 2 }]);
  });
});

describe('duplicate', () => {
  it('is complete when every copy was made and kept its assignee', () => {
    expect(
      duplicateSummary({ completed: [{ id: 1, new_id: 11 }], not_completed: [], not_assigned: [] }, exists),
    ).toMatchObject({ complete: true, done: 1, lines: [], viewIds: [11] });
  });

  it('tells how many were duplicated, how many lost the assignee, and the refusals; views the copies', () => {
    const summary = duplicateSummary(
      {
        completed: [
          { id: 1, new_id: 11 },
          { id: 2, new_id: 12 },
          { id: 3, new_id: 13 },
        ],
        not_completed: [{ id: 4, error: 'forbidden' }],
        not_assigned: [{ id: 2, new_id: 12 }],
      },
      exists,
    );
    expect(summary.complete).toBe(false);
    expect(summary.lines).toEqual([
      { key: 'issue-bulk.result.duplicate.duplicated', count: 3 },
      { key: 'issue-bulk.result.duplicate.not_assigned', count: 1 },
      { key: 'issue-bulk.result.not_done.duplicate', count: 1, reasonKey: 'errors.forbidden' },
    ]);
    expect(summary.viewIds).toEqual([11, 12, 13]);
  });
});

describe('helpers', () => {
  it('builds the view-all link of the list filtered by ids', () => {
    expect(viewAllPath([3, 1, 3, 0, -1, 2.5])).toBe('/dashboard/issues?ids=3,1');
    expect(viewAllPath([])).toBe('/dashboard/issues');
  });

  it('selects all on the page, and unselects them when all are selected', () => {
    const page = [1, 2, 3];
    expect(pageSelectionState(new Set(), page)).toBe('none');
    expect(pageSelectionState(new Set([2, 9]), page)).toBe('some');
    expect(pageSelectionState(new Set([1, 2, 3]), page)).toBe('all');
    expect([...toggledPageSelection(new Set([2, 9]), page)].sort()).toEqual([1, 2, 3, 9]);
    expect([...toggledPageSelection(new Set([1, 2, 3, 9]), page)]).toEqual([9]);
    expect(pageSelectionState(new Set([1]), [])).toBe('none');
  });
});
