import { describe, expect, it } from 'vitest';
import { translatedText } from './translated';

const hall = {
  name: 'Hall',
  description: null,
  available_translations: { name: { de: 'Halle', pl: ' ' }, description: { de: 'Große Halle' } },
};

describe('translated workspace texts', () => {
  it('reads the translation of the reader language, else the workspace own text', () => {
    expect(translatedText(hall, 'name', 'de')).toBe('Halle');
    expect(translatedText(hall, 'description', 'de')).toBe('Große Halle');
    expect(translatedText(hall, 'name', 'it')).toBe('Hall');
    expect(translatedText(hall, 'name', 'pl')).toBe('Hall');
    expect(translatedText(hall, 'description', 'it')).toBeNull();
  });
});
