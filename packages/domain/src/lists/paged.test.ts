import { describe, expect, it } from 'vitest';
import { buildPage } from './paged.js';

describe('buildPage', () => {
  it('fills every field of the envelope for a middle page', () => {
    const page = buildPage({
      rows: ['k', 'l'],
      total: 45,
      page: 2,
      perPage: 20,
      path: '/api/v4/workspace',
      query: { search: 'hall', page: 2, empty: '' },
    });
    expect(page).toMatchObject({
      current_page: 2,
      from: 21,
      to: 22,
      last_page: 3,
      per_page: 20,
      total: 45,
      path: '/api/v4/workspace',
    });
    expect(page.next_page_url).toBe('/api/v4/workspace?search=hall&page=3');
    expect(page.prev_page_url).toBe('/api/v4/workspace?search=hall&page=1');
    expect(page.first_page_url).toBe('/api/v4/workspace?search=hall&page=1');
    expect(page.last_page_url).toBe('/api/v4/workspace?search=hall&page=3');
  });

  it('answers an empty list with one page and null bounds', () => {
    const page = buildPage({ rows: [], total: 0, page: 1, perPage: 20, path: '/x' });
    expect(page).toMatchObject({
      from: null,
      to: null,
      last_page: 1,
      next_page_url: null,
      prev_page_url: null,
    });
  });
});
