/**
 * What the reader sees of a translatable record (issue 22), apart from React so it is tested
 * alone: each field's translation into their language (a person's own from
 * available_translations first, else the machine's), and whether there is anything to switch.
 */
export type Texts = Record<string, string | null>;
export type Available = Record<string, Partial<Record<string, string>>>;

export function translatedTexts(
  source: Texts,
  available: Available,
  machine: Record<string, string | null | undefined> | undefined,
  language: string,
): Texts {
  return Object.fromEntries(
    Object.entries(source).map(([field, original]) => {
      const own = available[field]?.[language]?.trim();
      const auto = machine?.[field]?.trim();
      return [field, original?.trim() ? own || auto || original : original];
    }),
  );
}

/** Whether every non-empty field already has a translation in available_translations (nothing to ask). */
export function hasAllTranslations(source: Texts, available: Available, language: string): boolean {
  return Object.entries(source).every(
    ([field, original]) => !original?.trim() || !!available[field]?.[language]?.trim(),
  );
}

/** Whether the translation differs from the original anywhere (else no switch is shown). */
export function differs(source: Texts, translated: Texts): boolean {
  return Object.keys(source).some((field) => (translated[field] ?? null) !== (source[field] ?? null));
}

/**
 * Whether to ask the provider: it is configured, the reader does not read the organisation's
 * language (the texts are most likely written in it), there is text, and none of it is
 * translated yet.
 */
export function shouldAsk(options: {
  configured: boolean;
  language: string;
  organisationLanguage: string | undefined;
  source: Texts;
  available: Available;
}): boolean {
  const { configured, language, organisationLanguage, source, available } = options;
  if (!configured || language === organisationLanguage) return false;
  if (!Object.values(source).some((t) => t?.trim())) return false;
  return !hasAllTranslations(source, available, language);
}
