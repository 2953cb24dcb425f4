import { DEFAULT_LANGUAGE, resolveLanguage, tryResolveLanguage, type UiLanguage } from '@workbench/domain';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';

const LANGUAGE_KEY = 'workbench.language';

// English ships with the app; the other languages load on demand, one small chunk each.
const loaders = import.meta.glob<{ default: Record<string, unknown> }>([
  './locales/*.json',
  '!./locales/en.json',
]);

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    if (language === 'en') return callback(null, en);
    const load = loaders[`./locales/${language}.json`];
    if (!load) return callback(new Error(`No translations for ${language}`), false);
    load().then(
      (module) => callback(null, module.default),
      (err: Error) => callback(err, false),
    );
  },
};

/** Stored choice, else the browser's language when we have it, else English. */
export function initialLanguage(): UiLanguage {
  return (
    tryResolveLanguage(localStorage.getItem(LANGUAGE_KEY)) ??
    navigator.languages.map((l) => tryResolveLanguage(l)).find(Boolean) ??
    DEFAULT_LANGUAGE
  );
}

export const i18n = i18next.createInstance();

export async function setupI18n(language: UiLanguage = initialLanguage()) {
  await i18n
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: 'en',
      partialBundledLanguages: true,
      resources: { en: { translation: en } },
      interpolation: { escapeValue: false },
      returnNull: false,
      // A missing translation is only logged (000 §1), and the English text is shown.
      saveMissing: true,
      missingKeyHandler: (languages, _ns, key) => {
        console.warn(`Missing translation: ${key} (${languages.join(', ')})`);
      },
    });
  document.documentElement.lang = language;
  return i18n;
}

/**
 * Switches the interface language. An unsupported code is an error ('Unsupported language'),
 * never a silent fallback; yu, rs, ba, bs and sr read the Croatian translation.
 */
export async function changeLanguage(code: string): Promise<UiLanguage> {
  const language = resolveLanguage(code);
  await i18n.changeLanguage(language);
  localStorage.setItem(LANGUAGE_KEY, language);
  document.documentElement.lang = language;
  return language;
}

export function currentLanguage(): UiLanguage {
  return tryResolveLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
}
