import { describe, expect, it } from 'vitest';
import { CONFIG_PARTS, parseConfigParts } from './config.js';

describe('parseConfigParts', () => {
  it('returns every part when get_only is absent or blank', () => {
    expect(parseConfigParts(undefined).parts).toEqual([...CONFIG_PARTS]);
    expect(parseConfigParts('  ').parts).toEqual([...CONFIG_PARTS]);
  });

  it('returns the named parts once each and reports unknown names', () => {
    expect(parseConfigParts('client, menu,client,,')).toEqual({ parts: ['client', 'menu'], unknown: [] });
    expect(parseConfigParts('client,colours').unknown).toEqual(['colours']);
  });
});
