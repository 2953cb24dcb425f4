import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import {
  checkFromError,
  checkFromResponse,
  emptyEntry,
  entryErrorsFromServer,
  type InviteEntry,
  inviteEntriesPayload,
  validateInviteEntries,
} from './invite-form';

const entry = (email: string, patch: Partial<InviteEntry> = {}): InviteEntry => ({
  ...emptyEntry(0),
  email,
  ...patch,
});

describe('invite form', () => {
  it('reads the e-mail check', () => {
    expect(checkFromResponse({ client: null, is_user_admin: false })).toEqual({ state: 'new' });
    const client = { name: 'Acme', logo: null };
    expect(checkFromResponse({ client, is_user_admin: true })).toEqual({
      state: 'existing_client',
      client: { name: 'Acme', logo: null },
    });
    expect(checkFromResponse({ client, is_user_admin: false }).state).toBe('not_admin');
    expect(
      checkFromError(new ApiError(422, 'own_company_email', '', { email: 'own_company_email' })).state,
    ).toBe('own_company');
    expect(
      checkFromError(new ApiError(422, 'validation_failed', '', { email: 'invalid_format' })).state,
    ).toBe('invalid');
    expect(checkFromError(new ApiError(0, 'no_internet', '')).state).toBe('failed');
    // Out of lookups for the hour: the check only advises, the server checks again on sending.
    expect(checkFromError(new ApiError(429, 'too_many_requests', '')).state).toBe('new');
    expect(checkFromError(new Error('x')).state).toBe('failed');
  });

  it('checks all entries on save', () => {
    expect(
      validateInviteEntries([
        entry(''),
        entry('nope'),
        entry('a@b.test'),
        entry('A@B.test'),
        entry('c@d.test', { check: { state: 'not_admin', client: { name: 'X', logo: null } } }),
        entry('e@f.test', { check: { state: 'own_company' } }),
        entry('g@h.test', { company_alias: 'x'.repeat(256) }),
        entry('ok@ok.test', { company_alias: 'Fine' }),
      ]),
    ).toEqual({
      0: 'required',
      1: 'invalid_format',
      3: 'email_already_added',
      4: 'not_administrator_email',
      5: 'own_company_email',
      6: 'too_long',
    });
  });

  it('maps server field errors to entries and leaves out aliases of existing companies', () => {
    expect(
      entryErrorsFromServer({
        'new_collaborations.0.email': 'collaboration_already_exists',
        'new_collaborations.2.email': 'not_administrator_email',
        collab_type: 'invalid_format',
      }),
    ).toEqual({ 0: 'collaboration_already_exists', 2: 'not_administrator_email' });
    expect(
      inviteEntriesPayload([
        entry(' a@b.test ', { company_alias: ' Alias ' }),
        entry('c@d.test', {
          company_alias: 'Ignored',
          check: { state: 'existing_client', client: { name: 'C', logo: null } },
        }),
        entry('e@f.test'),
      ]),
    ).toEqual([{ email: 'a@b.test', company_alias: 'Alias' }, { email: 'c@d.test' }, { email: 'e@f.test' }]);
  });
});
