import { describe, expect, it } from 'vitest';
import { canSyncToOdoo, odooPriorityOf } from './odoo.js';

describe('the Odoo sync rules', () => {
  it('lets admins and workspace managers push, nobody else', () => {
    expect(canSyncToOdoo({ isAdmin: true, workspaceRole: null })).toBe(true);
    expect(canSyncToOdoo({ isAdmin: false, workspaceRole: 'manager' })).toBe(true);
    for (const role of ['group_manager', 'member', 'collab_admin', 'collab_manager', 'collab_member', null])
      expect(canSyncToOdoo({ isAdmin: false, workspaceRole: role })).toBe(false);
  });

  it("maps priorities to Odoo's stars, a task's to its two", () => {
    expect([0, 2, 3, 4, 5].map((p) => odooPriorityOf(p, 'maintenance.request'))).toEqual([
      '0',
      '0',
      '1',
      '2',
      '3',
    ]);
    expect([0, 3, 4, 5].map((p) => odooPriorityOf(p, 'project.task'))).toEqual(['0', '0', '1', '1']);
  });
});
