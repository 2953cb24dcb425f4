import {
  contractPath,
  contractQueryString,
  readClientSettings,
  type SessionUser,
  userContracts,
} from '@workbench/domain';
import { describe, expect, it } from 'vitest';
import { profileImageProblem } from './image-check';
import {
  changeProfileListParams,
  DEFAULT_PROFILE_LIST_PARAMS,
  isFiltered,
  parseProfileListParams,
  profileListSearch,
} from './list-params';
import { profileAbilities } from './profile-rules';

describe('profile list URL state', () => {
  it('reads the spec parameters and falls back on unsupported values', () => {
    const params = parseProfileListParams(
      new URLSearchParams(
        'search=ann&sort_by=created&sort_direction=desc&active=0&workspace_ids=3,x,4&page=2&paginate_by=20',
      ),
    );
    expect(params).toEqual({
      search: 'ann',
      sort_by: 'created',
      sort_direction: 'desc',
      active: '0',
      workspace_ids: [3, 4],
      page: 2,
      paginate_by: 20,
    });
    expect(
      parseProfileListParams(
        new URLSearchParams('sort_by=title&sort_direction=up&active=7&page=-1&paginate_by=13'),
      ),
    ).toEqual(DEFAULT_PROFILE_LIST_PARAMS);
  });

  it('defaults to 10 per page (profile filter) and leaves defaults out of the URL', () => {
    expect(DEFAULT_PROFILE_LIST_PARAMS.paginate_by).toBe(10);
    expect(profileListSearch(DEFAULT_PROFILE_LIST_PARAMS).toString()).toBe('');
    expect(
      profileListSearch({ ...DEFAULT_PROFILE_LIST_PARAMS, workspace_ids: [1, 2], page: 3 }).toString(),
    ).toBe('workspace_ids=1%2C2&page=3');
  });

  it('changing a filter resets the page; changing the page keeps the filters', () => {
    const on3 = { ...DEFAULT_PROFILE_LIST_PARAMS, search: 'a', page: 3 };
    expect(changeProfileListParams(on3, { active: '1' })).toMatchObject({
      active: '1',
      page: 1,
      search: 'a',
    });
    expect(changeProfileListParams(on3, { page: 4 })).toMatchObject({ page: 4, search: 'a' });
    expect(isFiltered(DEFAULT_PROFILE_LIST_PARAMS)).toBe(false);
    expect(isFiltered(on3)).toBe(true);
  });

  it('are the query of the users call, empty filters left out', () => {
    const query = { ...DEFAULT_PROFILE_LIST_PARAMS, active: '1' } as const;
    expect(contractPath(userContracts.list) + contractQueryString(query)).toBe(
      'users/?sort_by=name&sort_direction=asc&active=1&page=1&paginate_by=10',
    );
  });
});

describe('profile picture checks (mirror of the server)', () => {
  const ok = { width: 200, height: 200 };
  it('type, size and dimensions', () => {
    expect(profileImageProblem({ type: 'image/png', size: 1000 }, ok)).toBeNull();
    expect(profileImageProblem({ type: 'image/webp', size: 1000 }, ok)).toBe('file_type_not_allowed');
    expect(profileImageProblem({ type: 'image/jpeg', size: 800_001 }, ok)).toBe('image_too_big');
    expect(profileImageProblem({ type: 'image/gif', size: 10 }, { width: 119, height: 300 })).toBe(
      'image_too_small',
    );
    expect(profileImageProblem({ type: 'image/gif', size: 10 }, null)).toBe('file_type_not_allowed');
  });
});

describe('abilities', () => {
  const user = (role: 'admin' | 'user', managed: boolean) =>
    ({
      role,
      permissions: { global: [], workspace: managed ? [{ workspace_id: 1, role: 'manager' }] : [] },
    }) as unknown as SessionUser;
  it('follows the domain rules', () => {
    const managerAdmins = readClientSettings({ user_management_permission: 'manager_admins' });
    const hidden = readClientSettings({ only_admins_see_users: true });
    expect(profileAbilities(user('user', true), managerAdmins)).toMatchObject({
      manageUsers: true,
      grantAdmin: false,
    });
    expect(profileAbilities(user('user', true), managerAdmins).manage({ role: 'admin' })).toBe(false);
    expect(profileAbilities(user('user', true), readClientSettings({})).manageUsers).toBe(false);
    expect(profileAbilities(user('user', false), hidden).seeList).toBe(false);
    expect(profileAbilities(user('admin', false), hidden)).toMatchObject({
      seeList: true,
      manageUsers: true,
    });
  });
});
