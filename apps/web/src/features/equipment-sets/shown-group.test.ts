import { describe, expect, it } from 'vitest';
import { readShownGroup, withShownGroup } from './shown-group';

describe('the shown group in the URL', () => {
  it('reads ?group=<id> and nothing else', () => {
    expect(readShownGroup(new URLSearchParams('group=12'))).toBe(12);
    expect(readShownGroup(new URLSearchParams('search=x&group=7&page=2'))).toBe(7);
    for (const bad of [
      '',
      'group=',
      'group=0',
      'group=-3',
      'group=1.5',
      'group=abc',
      'group=99999999999999999999',
    ])
      expect(readShownGroup(new URLSearchParams(bad)), bad).toBeNull();
  });

  it('sets and clears it, keeping the list query', () => {
    const opened = withShownGroup(new URLSearchParams('search=drill&page=2'), 5);
    expect(opened.toString()).toBe('search=drill&page=2&group=5');
    expect(withShownGroup(opened, 9).get('group')).toBe('9');
    expect(withShownGroup(opened, null).toString()).toBe('search=drill&page=2');
  });
});
