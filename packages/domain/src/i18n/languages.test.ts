import { describe, expect, it } from 'vitest';
import {
  crashScreenLanguage,
  resolveLanguage,
  tryResolveLanguage,
  UI_LANGUAGES,
  UnsupportedLanguageError,
} from './languages.js';

describe('resolveLanguage', () => {
  it('accepts each of the ten UI languages as it is', () => {
    for (const lang of UI_LANGUAGES) expect(resolveLanguage(lang)).toBe(lang);
    expect(UI_LANGUAGES).toHaveLength(10);
  });

  it('maps the Bosnian/Serbian/Croatian codes yu, rs, ba (and bs, sr) to the hr translation', () => {
    for (const code of ['yu', 'rs', 'ba', 'bs', 'sr']) expect(resolveLanguage(code)).toBe('hr');
  });

  it('reads browser-style codes with a region and any case', () => {
    expect(resolveLanguage('de-AT')).toBe('de');
    expect(resolveLanguage('PL')).toBe('pl');
    expect(resolveLanguage('sr_Latn')).toBe('hr');
  });

  it('refuses an unsupported code with "Unsupported language"', () => {
    expect(() => resolveLanguage('fr')).toThrow(UnsupportedLanguageError);
    expect(() => resolveLanguage('')).toThrow('Unsupported language');
  });

  it('tryResolveLanguage turns unknown hints into undefined', () => {
    expect(tryResolveLanguage('fr-FR')).toBeUndefined();
    expect(tryResolveLanguage(undefined)).toBeUndefined();
    expect(tryResolveLanguage('uk-UA')).toBe('uk');
  });
});

describe('crashScreenLanguage', () => {
  it('uses en, de, yu, pl, tr and English for every other language', () => {
    expect(crashScreenLanguage('de')).toBe('de');
    expect(crashScreenLanguage('pl')).toBe('pl');
    expect(crashScreenLanguage('tr')).toBe('tr');
    expect(crashScreenLanguage('hr')).toBe('yu');
    for (const lang of ['en', 'uk', 'ru', 'it', 'hu', 'ro'] as const)
      expect(crashScreenLanguage(lang)).toBe('en');
  });
});
