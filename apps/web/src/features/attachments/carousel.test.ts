import { describe, expect, it } from 'vitest';
import { dotWindow, stepIndex, wrapIndex } from './carousel';

describe('image carousel', () => {
  it('wraps around at both ends', () => {
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(0, 0)).toBe(0);
  });

  it('shows one dot per item up to six', () => {
    expect(dotWindow(0, 0)).toEqual([]);
    expect(dotWindow(2, 4)).toEqual([0, 1, 2, 3]);
    expect(dotWindow(5, 6)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('with more items shows six dots around the active one', () => {
    expect(dotWindow(0, 10)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(dotWindow(5, 10)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(dotWindow(9, 10)).toEqual([4, 5, 6, 7, 8, 9]);
    for (let active = 0; active < 10; active++) {
      const dots = dotWindow(active, 10);
      expect(dots).toHaveLength(6);
      expect(dots).toContain(active);
    }
  });

  it('steps past skipped items (a PDF that failed to load) and wraps', () => {
    expect(stepIndex(0, 1, 4, new Set([1]))).toBe(2);
    expect(stepIndex(0, -1, 4, new Set([3]))).toBe(2);
    expect(stepIndex(3, 1, 4, new Set())).toBe(0);
    expect(stepIndex(0, 1, 2, new Set([1]))).toBe(0);
  });
});
