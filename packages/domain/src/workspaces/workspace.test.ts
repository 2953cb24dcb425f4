import { describe, expect, it } from 'vitest';
import {
  findDoubleRoleList,
  parsePublicWorkspaceRef,
  presenceDurationSeconds,
  readWorkspaceListQuery,
  readWorkspaceTranslations,
  workspaceQrTarget,
  ZCreateWorkspaceRequestSchema,
} from './workspace.js';
import { buildWorkspaceTree, descendantIds, isValidParent } from './workspace-tree.js';

describe('workspace list query', () => {
  it('reads the defaults: name ascending, 20 a page, top level, not archived', () => {
    expect(readWorkspaceListQuery({})).toEqual({
      search: '',
      archived: 0,
      page: 1,
      paginate_by: 20,
      sort_by: 'name',
      sort_direction: 'asc',
      include_subws: 0,
      prune_offline: 1,
      include_collabs: 0,
    });
  });

  it('keeps supported values and puts unsupported ones back to their defaults', () => {
    expect(
      readWorkspaceListQuery({
        search: ' hall ',
        archived: '1',
        page: '3',
        paginate_by: '160',
        sort_by: 'updated',
        sort_direction: 'desc',
        include_subws: '1',
      }),
    ).toMatchObject({
      search: 'hall',
      archived: 1,
      page: 3,
      paginate_by: 160,
      sort_by: 'updated',
      sort_direction: 'desc',
      include_subws: 1,
    });
    expect(
      readWorkspaceListQuery({
        archived: 'yes',
        page: '-2',
        paginate_by: '25',
        sort_by: 'title',
        sort_direction: 'up',
        include_subws: '2',
      }),
    ).toMatchObject({
      archived: 0,
      page: 1,
      paginate_by: 20,
      sort_by: 'name',
      sort_direction: 'asc',
      include_subws: 0,
    });
  });
});

describe('workspace form', () => {
  it('requires a name of at most 255 characters and empties blank optional texts', () => {
    expect(ZCreateWorkspaceRequestSchema.safeParse({ name: '  ' }).error?.issues[0]?.message).toBe(
      'required',
    );
    expect(ZCreateWorkspaceRequestSchema.safeParse({ name: 'x'.repeat(256) }).error?.issues[0]?.message).toBe(
      'too_long',
    );
    expect(
      ZCreateWorkspaceRequestSchema.parse({ name: ' Hall ', description: ' ', reference_number: '' }),
    ).toEqual({
      name: 'Hall',
      description: null,
      reference_number: null,
    });
  });

  it('reads stored translations, and anything malformed as none', () => {
    expect(readWorkspaceTranslations({ name: { de: 'Halle' } })).toEqual({
      name: { de: 'Halle' },
      description: {},
    });
    expect(readWorkspaceTranslations('nonsense')).toEqual({ name: {}, description: {} });
    expect(readWorkspaceTranslations({ name: { xx: 'no' } })).toEqual({ name: {}, description: {} });
  });

  it('finds a person named in two role lists', () => {
    expect(findDoubleRoleList({ managers_ids: [1, 2], users_ids: [3] })).toBeNull();
    expect(findDoubleRoleList({ managers_ids: [1, 1] })).toBeNull();
    expect(findDoubleRoleList({ managers_ids: [1], group_managers_ids: [2], users_ids: [1] })).toBe(
      'users_ids',
    );
  });
});

describe('workspace tree', () => {
  const nodes = [
    { id: 1, parent_id: null, name: 'Vienna' },
    { id: 2, parent_id: 1, name: 'Building B' },
    { id: 3, parent_id: 1, name: 'Building A' },
    { id: 4, parent_id: 3, name: 'Room 10' },
    { id: 5, parent_id: 3, name: 'Room 9' },
    { id: 6, parent_id: null, name: 'Graz' },
    { id: 7, parent_id: 99, name: 'Shared branch' },
  ];

  it('finds every descendant', () => {
    expect([...descendantIds(nodes, 1)].sort()).toEqual([2, 3, 4, 5]);
    expect(descendantIds(nodes, 4).size).toBe(0);
  });

  it('refuses a workspace as its own parent or under its own descendants', () => {
    expect(isValidParent(nodes, 1, 1)).toBe(false);
    expect(isValidParent(nodes, 1, 4)).toBe(false);
    expect(isValidParent(nodes, 3, 2)).toBe(true);
    expect(isValidParent(nodes, 3, null)).toBe(true);
    expect(isValidParent(nodes, null, 4)).toBe(true);
  });

  it('orders as a tree with depth and path, siblings by name (numbers in order)', () => {
    const rows = buildWorkspaceTree(nodes).map((r) => [r.id, r.depth, r.path.join(' / ')]);
    expect(rows).toEqual([
      [6, 0, 'Graz'],
      [7, 0, 'Shared branch'],
      [1, 0, 'Vienna'],
      [3, 1, 'Vienna / Building A'],
      [5, 2, 'Vienna / Building A / Room 9'],
      [4, 2, 'Vienna / Building A / Room 10'],
      [2, 1, 'Vienna / Building B'],
    ]);
  });
});

describe('workspace QR and presence', () => {
  it('points the QR code at the public report form of the workspace, by its public code', () => {
    expect(workspaceQrTarget('https://app.example/', 'Ab3_-xYz0123456789abcd')).toBe(
      'https://app.example/public/report?workspace_id=Ab3_-xYz0123456789abcd&qr=1',
    );
  });

  it('reads a public address: a code, a legacy numeric id within the column, nothing else', () => {
    expect(parsePublicWorkspaceRef('Ab3_-xYz0123456789abcd')).toEqual({ code: 'Ab3_-xYz0123456789abcd' });
    expect(parsePublicWorkspaceRef('12')).toEqual({ legacyId: 12 });
    expect(parsePublicWorkspaceRef('2147483647')).toEqual({ legacyId: 2147483647 });
    for (const raw of [
      '2147483648',
      '0',
      '012',
      '-1',
      '1e3',
      'Ab3_-xYz0123456789abc',
      'a'.repeat(23),
      '',
      null,
    ]) {
      expect(parsePublicWorkspaceRef(raw)).toBeNull();
    }
  });

  it('counts whole seconds of a closed log, none of an open one', () => {
    const start = new Date('2026-01-01T08:00:00Z');
    expect(presenceDurationSeconds(start, new Date('2026-01-01T09:30:00.400Z'))).toBe(5400);
    expect(presenceDurationSeconds(start, null)).toBeNull();
  });
});
