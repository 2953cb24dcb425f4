import type { UiLanguage } from '../i18n/languages.js';

/**
 * Machine translation of an issue's title and description or a workspace's name and description
 * (000 §3 available_translations, §7 translate/issue and translate/workspace; issue 22). The
 * provider is the installation's (LibreTranslate or DeepL, configured by environment); a reader
 * whose language differs from the text's sees it translated, with a switch back to the original.
 * Failures are silently ignored in the interface (000 §7): the original stays.
 */
export const TRANSLATION_PROVIDERS = ['libretranslate', 'deepl'] as const;
export type TranslationProvider = (typeof TRANSLATION_PROVIDERS)[number];

/** Longest text sent to a provider in one field (a description is at most this long anyway). */
export const TRANSLATION_TEXT_MAX = 20_000;

export const ISSUE_TRANSLATION_FIELDS = ['title', 'description'] as const;
export const WORKSPACE_TRANSLATION_FIELDS = ['name', 'description'] as const;

/** DeepL's target codes for our interface languages (it writes them in capitals). */
export function deeplTarget(language: UiLanguage): string {
  return language === 'en' ? 'EN-GB' : language.toUpperCase();
}

/**
 * What the reader sees: the translation when one is shown and not blank, else the original.
 * `showOriginal` is the reader's switch.
 */
export function shownText(
  original: string | null,
  translated: string | null | undefined,
  showOriginal: boolean,
): string | null {
  if (showOriginal) return original;
  return translated?.trim() ? translated : original;
}
