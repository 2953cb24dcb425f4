/** The ten interface languages of 000 §1, in the order the language switcher shows them. */
export const UI_LANGUAGES = ['en', 'de', 'pl', 'tr', 'hr', 'uk', 'ru', 'it', 'hu', 'ro'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

export const DEFAULT_LANGUAGE: UiLanguage = 'en';

/** Native names, so a person finds their language whatever language the page is in. */
export const LANGUAGE_NAMES: Record<UiLanguage, string> = {
  en: 'English',
  de: 'Deutsch',
  pl: 'Polski',
  tr: 'Türkçe',
  hr: 'Hrvatski / Bosanski / Srpski',
  uk: 'Українська',
  ru: 'Русский',
  it: 'Italiano',
  hu: 'Magyar',
  ro: 'Română',
};

/**
 * Codes that are not UI languages themselves but name one (000 §1): yu stands for
 * Bosnian/Serbian/Croatian, and rs, ba (and bs, sr) belong to the same family. They are all
 * served by the hr translation.
 */
const LANGUAGE_ALIASES: Record<string, UiLanguage> = {
  yu: 'hr',
  rs: 'hr',
  ba: 'hr',
  bs: 'hr',
  sr: 'hr',
};

export class UnsupportedLanguageError extends Error {
  constructor(readonly code: string) {
    super('Unsupported language');
    this.name = 'UnsupportedLanguageError';
  }
}

export function isUiLanguage(code: string): code is UiLanguage {
  return (UI_LANGUAGES as readonly string[]).includes(code);
}

/**
 * Resolves a language code (any case, optionally with a region such as de-AT) to a UI language.
 * An unsupported code is an error (000 §1), never a silent fallback.
 */
export function resolveLanguage(code: string): UiLanguage {
  const base = code.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (isUiLanguage(base)) return base;
  const alias = LANGUAGE_ALIASES[base];
  if (alias) return alias;
  throw new UnsupportedLanguageError(code);
}

/** Like resolveLanguage, but for untrusted hints (browser settings): unknown codes give undefined. */
export function tryResolveLanguage(code: string | null | undefined): UiLanguage | undefined {
  if (!code) return undefined;
  try {
    return resolveLanguage(code);
  } catch {
    return undefined;
  }
}

/**
 * The crash screen is localised only for en, de, yu, pl and tr (000 §2); other languages
 * see English. The Bosnian/Serbian/Croatian family reads the yu text.
 */
export const CRASH_SCREEN_LANGUAGES = ['en', 'de', 'yu', 'pl', 'tr'] as const;
export type CrashScreenLanguage = (typeof CRASH_SCREEN_LANGUAGES)[number];

export function crashScreenLanguage(language: UiLanguage): CrashScreenLanguage {
  if (language === 'hr') return 'yu';
  if (language === 'de' || language === 'pl' || language === 'tr') return language;
  return 'en';
}
