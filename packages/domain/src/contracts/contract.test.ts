import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractPath, contractQueryString, defineContract } from './contract.js';

const linkContract = defineContract({
  method: 'DELETE',
  path: '/issue/:id/links/:linkId',
  caller: 'user',
  ids: { id: 'issue', linkId: 'token' },
  params: z.object({ id: z.coerce.number(), linkId: z.coerce.number() }),
  tags: ['Issues'],
  summary: 'Remove a link',
});

describe('contract paths', () => {
  it('fills every parameter, escaped', () => {
    expect(contractPath(linkContract, { id: 12, linkId: 3 })).toBe('issue/12/links/3');
    const check = defineContract({
      method: 'GET',
      path: '/process_number/:id/check_exists',
      caller: 'user',
      ids: { id: 'token' },
      tags: [],
      summary: '',
    });
    expect(contractPath(check, { id: 'A/1 b' })).toBe('process_number/A%2F1%20b/check_exists');
  });

  it('refuses a call with a parameter missing instead of calling a wrong path', () => {
    expect(() => contractPath(linkContract, { id: 12 })).toThrow(/linkId/);
  });

  it('keeps a file key with its slashes', () => {
    const file = defineContract({
      method: 'GET',
      path: '/files/*',
      caller: 'public',
      ids: { '*': 'token' },
      tags: [],
      summary: '',
    });
    expect(contractPath(file, { '*': 'issues/1/a.png' })).toBe('files/issues/1/a.png');
  });
});

describe('contract query strings', () => {
  it('joins lists with commas, writes flags as 1/0 and leaves empty values out', () => {
    expect(
      contractQueryString({
        assignees: [1, 2],
        include_sub_ws: true,
        search: '',
        page: 2,
        x: undefined,
        y: [],
      }),
    ).toBe('?assignees=1%2C2&include_sub_ws=1&page=2');
    expect(contractQueryString({})).toBe('');
  });
});
