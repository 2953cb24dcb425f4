import { describe, expect, it } from 'vitest';
import { differs, hasAllTranslations, shouldAsk, translatedTexts } from './machine-translation';

const source = { title: 'Leaking pipe', description: null };

describe('machine translation on screen', () => {
  it("prefers a person's own translation, then the machine's, else the original", () => {
    expect(translatedTexts(source, { title: { de: 'Rohr' } }, { title: '[de] Leaking pipe' }, 'de')).toEqual({
      title: 'Rohr',
      description: null,
    });
    expect(translatedTexts(source, {}, { title: '[de] Leaking pipe', description: 'x' }, 'de')).toEqual({
      title: '[de] Leaking pipe',
      description: null,
    });
    expect(translatedTexts(source, {}, undefined, 'de')).toEqual(source);
  });

  it('asks only when configured, in another language than the organisation, and not yet translated', () => {
    const base = { configured: true, language: 'de', organisationLanguage: 'en', source, available: {} };
    expect(shouldAsk(base)).toBe(true);
    expect(shouldAsk({ ...base, configured: false })).toBe(false);
    expect(shouldAsk({ ...base, language: 'en' })).toBe(false);
    expect(shouldAsk({ ...base, available: { title: { de: 'Rohr' } } })).toBe(false);
    expect(shouldAsk({ ...base, source: { title: ' ', description: null } })).toBe(false);
    expect(hasAllTranslations(source, { title: { pl: 'x' } }, 'de')).toBe(false);
  });

  it('shows a switch only when the translation differs', () => {
    expect(differs(source, { ...source })).toBe(false);
    expect(differs(source, { title: 'Rohr', description: null })).toBe(true);
  });
});
