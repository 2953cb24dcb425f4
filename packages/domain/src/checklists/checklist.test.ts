import { describe, expect, it } from 'vitest';
import {
  CHECKLIST_ITEM_STATUS,
  canManageChecklistTemplates,
  checklistProgress,
  moveToIndex,
  ZChecklistTemplateListQuerySchema,
  ZUpdateChecklistItemRequestSchema,
} from './checklist.js';

describe('checklists', () => {
  it('counts ticked items for the progress badge', () => {
    const { open, done } = CHECKLIST_ITEM_STATUS;
    expect(checklistProgress([{ status_id: done }, { status_id: open }, { status_id: done }])).toEqual({
      done: 2,
      total: 3,
    });
    expect(checklistProgress([])).toEqual({ done: 0, total: 0 });
  });

  it('moves an element and closes the gap, clamping the target', () => {
    expect(moveToIndex(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveToIndex(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveToIndex(['a', 'b', 'c'], 1, 99)).toEqual(['a', 'c', 'b']);
    expect(moveToIndex(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });

  it('lets admins and workspace managers manage templates', () => {
    expect(canManageChecklistTemplates({ role: 'admin', managesAnyWorkspace: false })).toBe(true);
    expect(canManageChecklistTemplates({ role: 'user', managesAnyWorkspace: true })).toBe(true);
    expect(canManageChecklistTemplates({ role: 'user', managesAnyWorkspace: false })).toBe(false);
  });

  it('reads template list parameters with the spec defaults and page sizes', () => {
    expect(ZChecklistTemplateListQuerySchema.parse({})).toMatchObject({
      page: 1,
      paginate_by: 20,
      sort_by: 'updated',
      sort_direction: 'desc',
    });
    expect(ZChecklistTemplateListQuerySchema.safeParse({ paginate_by: '33' }).success).toBe(false);
    expect(ZChecklistTemplateListQuerySchema.safeParse({ sort_by: 'status' }).success).toBe(false);
  });

  it('accepts only open or done as an item status and blanks an empty description', () => {
    expect(ZUpdateChecklistItemRequestSchema.safeParse({ status_id: 3 }).success).toBe(false);
    expect(ZUpdateChecklistItemRequestSchema.parse({ description: '  ' }).description).toBeNull();
  });
});
