import { readClientSettings, tryResolveLanguage, type UiLanguage } from '@workbench/domain';

/**
 * The language of a mail: the addressee's own when they have one of the ten, else the
 * organisation's default_language (settings → general) — for external addresses and people who
 * have not chosen yet — else English.
 */
export function mailLanguage(own: string | null | undefined, organisationSettings: unknown): UiLanguage {
  return (
    tryResolveLanguage(own) ??
    tryResolveLanguage(readClientSettings(organisationSettings ?? {}).default_language) ??
    'en'
  );
}
