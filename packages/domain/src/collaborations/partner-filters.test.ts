import { describe, expect, it } from 'vitest';
import { showsPartnerFilters } from './collaboration.js';

describe('showsPartnerFilters', () => {
  it('only in the main organisation, and only when it works with partners', () => {
    const main = { client_id: 1, main_client_id: 1 };
    expect(showsPartnerFilters(main, { include_collab: true })).toBe(true);
    expect(showsPartnerFilters(main, { include_collab: false })).toBe(false);
    expect(showsPartnerFilters({ client_id: 2, main_client_id: 1 }, { include_collab: true })).toBe(false);
    expect(showsPartnerFilters(undefined, { include_collab: true })).toBe(false);
  });
});
