import { describe, expect, it } from 'vitest';
import type { AccessRole } from '../permissions/access.js';
import {
  canCreateEquipmentType,
  canEditEquipmentGroup,
  canEditEquipmentType,
  canManageExternalHolders,
  equipmentGroupWorkspace,
  equipmentTypeDeleteRefusal,
  externalHolderDeleteRefusal,
  fitsEquipmentGroup,
  managesSomeWorkspace,
  sharedWorkspaceOf,
} from './equipment-set-rules.js';

describe('who manages some workspace', () => {
  const cases: [string, (AccessRole | null)[], boolean][] = [
    ['nobody without roles', [], false],
    ['a member', ['member'], false],
    ['a member of one, manager of another', ['member', 'manager'], true],
    ['a group manager', ['group_manager'], true],
    ['partners never', ['collab_admin', 'collab_manager', 'collab_member'], false],
    ['a workspace without a role', [null], false],
  ];
  it.each(cases)('%s', (_name, roles, expected) => {
    expect(managesSomeWorkspace(roles)).toBe(expected);
  });
});

describe('types and external holders: who adds them', () => {
  const cases: [string, { isAdmin: boolean; managesSomeWorkspace: boolean }, boolean][] = [
    ['an admin', { isAdmin: true, managesSomeWorkspace: false }, true],
    ['a manager of some workspace', { isAdmin: false, managesSomeWorkspace: true }, true],
    ['anyone else', { isAdmin: false, managesSomeWorkspace: false }, false],
  ];
  it.each(cases)('%s', (_name, caller, expected) => {
    expect(canCreateEquipmentType(caller)).toBe(expected);
    expect(canManageExternalHolders(caller)).toBe(expected);
  });
});

describe('who changes and deletes a type', () => {
  const cases: [
    string,
    { isAdmin: boolean; workspaceId: number | null; workspaceRole: AccessRole | null },
    boolean,
  ][] = [
    ['an admin, a bound type', { isAdmin: true, workspaceId: 3, workspaceRole: 'admin' }, true],
    ['an admin, an unbound type', { isAdmin: true, workspaceId: null, workspaceRole: null }, true],
    ['a manager of its workspace', { isAdmin: false, workspaceId: 3, workspaceRole: 'manager' }, true],
    [
      'a group manager of its workspace',
      { isAdmin: false, workspaceId: 3, workspaceRole: 'group_manager' },
      true,
    ],
    ['a member of its workspace', { isAdmin: false, workspaceId: 3, workspaceRole: 'member' }, false],
    ['a partner of its workspace', { isAdmin: false, workspaceId: 3, workspaceRole: 'collab_admin' }, false],
    [
      'someone who does not see its workspace',
      { isAdmin: false, workspaceId: 3, workspaceRole: null },
      false,
    ],
    [
      'a manager, an unbound type (admins only)',
      { isAdmin: false, workspaceId: null, workspaceRole: null },
      false,
    ],
  ];
  it.each(cases)('%s', (_name, input, expected) => {
    expect(canEditEquipmentType(input)).toBe(expected);
  });
});

describe('deleting', () => {
  it.each([
    [0, null],
    [1, 'type_in_use'],
    [12, 'type_in_use'],
  ] as const)('a type used by %i items: %s', (count, expected) => {
    expect(equipmentTypeDeleteRefusal(count)).toBe(expected);
  });
  it.each([
    [0, null],
    [1, 'holder_has_equipment'],
    [3, 'holder_has_equipment'],
  ] as const)('an external holder with %i pending or active bookings: %s', (count, expected) => {
    expect(externalHolderDeleteRefusal(count)).toBe(expected);
  });
});

describe('who changes a group', () => {
  const base = {
    userId: 7,
    isAdmin: false,
    managesSomeWorkspace: false,
    workspaceId: 3 as number | null,
    workspaceRole: null as AccessRole | null,
    managerIds: [] as number[],
  };
  const cases: [string, Partial<typeof base>, boolean][] = [
    ['an admin', { isAdmin: true }, true],
    ['one of its managers', { managerIds: [5, 7] }, true],
    ['a manager of its workspace', { workspaceRole: 'manager' }, true],
    ['a group manager of its workspace', { workspaceRole: 'group_manager' }, true],
    ['a member of its workspace', { workspaceRole: 'member' }, false],
    ['a partner admin of its workspace', { workspaceRole: 'collab_admin' }, false],
    ['a manager elsewhere, a bound group', { managesSomeWorkspace: true, workspaceRole: 'member' }, false],
    ['a manager elsewhere, an unbound group', { managesSomeWorkspace: true, workspaceId: null }, true],
    ['a member, an unbound group', { workspaceId: null }, false],
    ['its manager, an unbound group', { workspaceId: null, managerIds: [7] }, true],
  ];
  it.each(cases)('%s', (_name, input, expected) => {
    expect(canEditEquipmentGroup({ ...base, ...input })).toBe(expected);
  });
});

describe("a group's workspace", () => {
  const cases: [string, { bind: boolean; workspaceId: number | null | undefined }, unknown][] = [
    [
      'unbound: none (default false)',
      { bind: false, workspaceId: undefined },
      { ok: true, workspaceId: null },
    ],
    [
      'unbound keeps no workspace even when one is named',
      { bind: false, workspaceId: 4 },
      { ok: true, workspaceId: null },
    ],
    ['bound to the named workspace', { bind: true, workspaceId: 4 }, { ok: true, workspaceId: 4 }],
    [
      'bound without a workspace',
      { bind: true, workspaceId: null },
      { ok: false, field: 'workspace_id', key: 'required' },
    ],
  ];
  it.each(cases)('%s', (_name, input, expected) => {
    expect(equipmentGroupWorkspace(input)).toEqual(expected);
  });

  const subtree = new Set([4, 5, 6]);
  it.each([
    ['an unbound group takes items from anywhere', null, 9, true],
    ['a bound group takes items of its workspace', 4, 4, true],
    ['…and below it', 4, 6, true],
    ['…but not from elsewhere', 4, 9, false],
  ] as const)('%s', (_name, groupWorkspace, itemWorkspace, expected) => {
    expect(fitsEquipmentGroup(groupWorkspace, subtree, itemWorkspace)).toBe(expected);
  });

  it.each([
    [[4], 4],
    [[4, 4, 4], 4],
    [[4, 5], null],
    [[], null],
  ] as const)('items in workspaces %j share %s', (workspaces, expected) => {
    expect(sharedWorkspaceOf(workspaces)).toBe(expected);
  });
});
