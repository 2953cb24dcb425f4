import { describe, expect, it } from 'vitest';
import { readClientSettings } from '../client/client-settings.js';
import {
  canGrantUserRole,
  canManageUser,
  isValidEmailAddress,
  parseIdList,
  validateNewPersonEntries,
} from './user-management.js';

const admins = readClientSettings({});
const managerAdmins = readClientSettings({ user_management_permission: 'manager_admins' });

describe('managing a person', () => {
  it('admins manage everybody; manager-admins only non-admins, and only with the setting', () => {
    const admin = { role: 'admin' as const, managesAnyWorkspace: false };
    const manager = { role: 'user' as const, managesAnyWorkspace: true };
    expect(canManageUser(admin, admins, { role: 'admin' })).toBe(true);
    expect(canManageUser(manager, admins, { role: 'user' })).toBe(false);
    expect(canManageUser(manager, managerAdmins, { role: 'user' })).toBe(true);
    expect(canManageUser(manager, managerAdmins, { role: 'admin' })).toBe(false);
    expect(canManageUser({ role: 'user', managesAnyWorkspace: false }, managerAdmins, { role: 'user' })).toBe(
      false,
    );
  });

  it('only admins grant the admin role', () => {
    expect(canGrantUserRole({ role: 'admin' }, 'admin')).toBe(true);
    expect(canGrantUserRole({ role: 'user' }, 'admin')).toBe(false);
    expect(canGrantUserRole({ role: 'user' }, 'user')).toBe(true);
  });
});

describe('new person entries (000 §5)', () => {
  it('accepts good entries', () => {
    expect(
      validateNewPersonEntries(
        'new_users',
        [{ email: 'a@b.co', first_name: 'A' }, { email: 'c@d.co' }],
        ['first_name', 'last_name'],
      ),
    ).toEqual({});
  });

  it('reports each bad entry under its own key', () => {
    const long = 'x'.repeat(256);
    const fields = validateNewPersonEntries(
      'new_users',
      [
        { email: 'A@b.co' },
        { email: 'a@B.co ' },
        { email: 'not-an-email' },
        { email: '' },
        { email: `${'y'.repeat(251)}@b.co` },
        { email: 'ok@b.co', last_name: long },
      ],
      ['first_name', 'last_name'],
    );
    expect(fields).toEqual({
      'new_users.1.email': 'email_already_added',
      'new_users.2.email': 'invalid_format',
      'new_users.3.email': 'required',
      'new_users.4.email': 'invalid_format',
      'new_users.5.last_name': 'too_long',
    });
  });

  it('e-mail format and length', () => {
    expect(isValidEmailAddress('a@b.co')).toBe(true);
    expect(isValidEmailAddress('a@b')).toBe(false);
    expect(isValidEmailAddress('a b@c.de')).toBe(false);
    expect(isValidEmailAddress(`${'a'.repeat(251)}@b.co`)).toBe(false);
  });
});

describe('id lists', () => {
  it('keeps positive integers once', () => {
    expect(parseIdList('1, 2,x,-3,2,0,4.5')).toEqual([1, 2]);
    expect(parseIdList(undefined)).toEqual([]);
  });
});
