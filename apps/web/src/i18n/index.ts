import {
  DEFAULT_LANGUAGE,
  ISSUE_STATUS_PRIORITY_NAMES,
  resolveLanguage,
  tryResolveLanguage,
  type UiLanguage,
} from '@workbench/domain';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import { fillPluralForms } from './plural-forms';

const LANGUAGE_KEY = 'workbench.language';

// Translations live in src/i18n/locales/<lang>.json (shared texts) and in each feature's own
// src/features/<feature>/locales/<lang>.json, read under the key <feature> (so a feature's
// texts are t('workspaces.title')). The shared English texts ship with the app; every feature's
// texts, English too, load as small chunks in parallel before the first screen (setupI18n), so
// a feature's words do not weigh on every page's entry (the login page's above all).
type Texts = Record<string, unknown>;
const loaders = import.meta.glob<Texts>(
  ['./locales/*.json', '!./locales/en.json', '../features/*/locales/*.json'],
  {
    import: 'default',
  },
);

/** The feature folder a locale file belongs to: '../features/workspaces/locales/de.json' → 'workspaces'. */
export function featureOf(path: string): string | undefined {
  return path.match(/features\/([^/]+)\/locales\//)?.[1];
}

/**
 * One language's texts: the shared ones, each feature's under its name, and the issue status and
 * priority names from packages/domain (the server's exports write the same words).
 */
function withFeatures(language: UiLanguage, core: Texts, features: Array<[string, Texts]>): Texts {
  const texts: Texts = { ...core };
  for (const [path, module] of features) {
    const feature = featureOf(path);
    if (feature) texts[feature] = module;
  }
  texts.issues = { ...(texts.issues as Texts | undefined), ...ISSUE_STATUS_PRIORITY_NAMES[language] };
  // Counts of 2–4 (few) and 5+ (many) read the `_other` text, not the English fallback.
  return fillPluralForms(texts, language);
}

async function loadLanguage(language: UiLanguage): Promise<Texts> {
  const core = language === 'en' ? async () => en : loaders[`./locales/${language}.json`];
  if (!core) throw new Error(`No translations for ${language}`);
  const featurePaths = Object.keys(loaders).filter((p) => featureOf(p) && p.endsWith(`/${language}.json`));
  const [coreTexts, ...features] = await Promise.all([core(), ...featurePaths.map((p) => loaders[p]?.())]);
  return withFeatures(
    language,
    coreTexts ?? {},
    featurePaths.map((p, i) => [p, features[i] ?? {}]),
  );
}

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    loadLanguage(resolveLanguage(language)).then(
      (texts) => callback(null, texts),
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
  // English is every language's fallback: loaded first, and kept for the whole session.
  const english = await loadLanguage('en');
  await i18n
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: 'en',
      partialBundledLanguages: true,
      resources: { en: { translation: english } },
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
