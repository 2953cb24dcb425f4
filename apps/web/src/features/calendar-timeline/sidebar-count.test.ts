import { describe, expect, it } from 'vitest';
import { sidebarCount } from './sidebar-count';

describe('sidebarCount', () => {
  it('shows an exact count as it is, a capped one as "at least", and nothing before the first page', () => {
    expect(sidebarCount({ total: 12, total_capped: false })).toBe('12');
    expect(sidebarCount({ total: 1000, total_capped: true })).toBe('1000+');
    expect(sidebarCount(undefined)).toBeUndefined();
  });
});
