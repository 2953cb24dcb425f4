import { describe, expect, it } from 'vitest';
import {
  ASSET_STATUS,
  addDays,
  assetLegalState,
  assetQrTarget,
  assetReportPath,
  canCreateAsset,
  canEditAsset,
  canEditAssetGroup,
  canManageAsset,
  regulatoryFileState,
} from './asset.js';
import { assetListQueryToParams, readAssetListQuery, withAssetListFilter } from './asset-list.js';

const someone = { userId: 7, isAdmin: false, workspaceRole: null, managerIds: [], groupManagerIds: [] };

describe('who may edit an asset (001 §6)', () => {
  it('admins, its managers, managers of its workspace and of its group', () => {
    const active = { ...someone, status: ASSET_STATUS.ACTIVE };
    expect(canEditAsset(active)).toBe(false);
    expect(canEditAsset({ ...active, isAdmin: true })).toBe(true);
    expect(canEditAsset({ ...active, managerIds: [7] })).toBe(true);
    expect(canEditAsset({ ...active, groupManagerIds: [7] })).toBe(true);
    expect(canEditAsset({ ...active, workspaceRole: 'manager' })).toBe(true);
    expect(canEditAsset({ ...active, workspaceRole: 'group_manager' })).toBe(true);
  });

  it('not members, not partners (even collab admins), not managers of another asset', () => {
    const active = { ...someone, status: ASSET_STATUS.ACTIVE };
    expect(canEditAsset({ ...active, workspaceRole: 'member' })).toBe(false);
    expect(canEditAsset({ ...active, workspaceRole: 'collab_admin' })).toBe(false);
    expect(canEditAsset({ ...active, workspaceRole: 'collab_manager' })).toBe(false);
    expect(canEditAsset({ ...active, managerIds: [8], groupManagerIds: [9] })).toBe(false);
  });

  it('nobody edits an archived asset, but those who manage it may bring it back', () => {
    const archived = { ...someone, isAdmin: true, status: ASSET_STATUS.ARCHIVED };
    expect(canEditAsset(archived)).toBe(false);
    expect(canManageAsset(archived)).toBe(true);
    expect(canManageAsset({ ...someone, workspaceRole: 'member' })).toBe(false);
    // Statuses 2 to 4 are still editable.
    for (const status of [2, 3, 4]) expect(canEditAsset({ ...someone, isAdmin: true, status })).toBe(true);
  });

  it('adding assets: admins and managers of the workspace, not members or partners', () => {
    expect(canCreateAsset({ isAdmin: true, workspaceRole: 'admin' })).toBe(true);
    expect(canCreateAsset({ isAdmin: false, workspaceRole: 'manager' })).toBe(true);
    expect(canCreateAsset({ isAdmin: false, workspaceRole: 'group_manager' })).toBe(true);
    for (const role of ['member', 'collab_admin', 'collab_manager', 'collab_member', null] as const)
      expect(canCreateAsset({ isAdmin: false, workspaceRole: role }), String(role)).toBe(false);
  });

  it('groups: admins, the group managers and managers of its workspace', () => {
    expect(canEditAssetGroup({ ...someone })).toBe(false);
    expect(canEditAssetGroup({ ...someone, managerIds: [7] })).toBe(true);
    expect(canEditAssetGroup({ ...someone, workspaceRole: 'manager' })).toBe(true);
    expect(canEditAssetGroup({ ...someone, workspaceRole: 'collab_admin' })).toBe(false);
  });
});

describe('regulatory files', () => {
  const today = '2026-11-24';
  it('are expired after their valid-until day, expiring within 30 days, else valid', () => {
    expect(regulatoryFileState('2026-11-23', today)).toBe('expired');
    expect(regulatoryFileState('2026-11-24', today)).toBe('expiring');
    expect(regulatoryFileState('2026-12-24', today)).toBe('expiring');
    expect(regulatoryFileState('2026-12-25', today)).toBe('valid');
    expect(regulatoryFileState(null, today)).toBe('valid');
  });

  it('an asset shows its worst file, or missing without any', () => {
    expect(assetLegalState([], today)).toBe('missing');
    expect(assetLegalState([null, '2030-01-01'], today)).toBe('valid');
    expect(assetLegalState(['2030-01-01', '2026-12-01'], today)).toBe('expiring');
    expect(assetLegalState(['2026-12-01', '2020-01-01', null], today)).toBe('expired');
  });

  it('days are counted on the calendar, across months and leap days', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('the asset list query (001 §5)', () => {
  it('defaults to name ascending, page 1 of 20, and leaves defaults out of the URL', () => {
    const query = readAssetListQuery(new URLSearchParams(''));
    expect(query).toMatchObject({
      sort_by: 'name',
      sort_direction: 'asc',
      page: 1,
      paginate_by: 20,
      status: [],
    });
    expect(assetListQueryToParams(query)).toEqual({});
  });

  it('reads comma-joined filters and drops what is not allowed', () => {
    const query = readAssetListQuery(
      new URLSearchParams(
        'status=1,5,9&groups=3,x,3&models=Vitocrossal 300,,Magna3&legal_requirements=expired,soon&sort_by=asset_issues&sort_direction=desc&paginate_by=33',
      ),
    );
    expect(query.status).toEqual([1, 5]);
    expect(query.groups).toEqual([3]);
    expect(query.models).toEqual(['Vitocrossal 300', 'Magna3']);
    expect(query.legal_requirements).toEqual(['expired']);
    expect(query.sort_by).toBe('asset_issues');
    expect(query.sort_direction).toBe('desc');
    expect(query.paginate_by).toBe(20);
  });

  it('changing a filter goes back to page 1', () => {
    const query = { ...readAssetListQuery(null), page: 4 };
    expect(withAssetListFilter(query, { systems: [2] }).page).toBe(1);
    expect(withAssetListFilter(query, { page: 5 }).page).toBe(5);
  });
});

it('the QR code opens the public report page by the public code', () => {
  expect(assetReportPath('abc_DEF-123')).toBe('/public/asset/report?asset_id=abc_DEF-123');
  expect(assetQrTarget('https://app.example/', 'abc')).toBe(
    'https://app.example/public/asset/report?asset_id=abc',
  );
});
