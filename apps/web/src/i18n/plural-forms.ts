/**
 * The plural forms a language has that its texts leave out, filled from the text's `_other` form.
 * i18next picks `key_few` for 2–4 in Croatian, Polish, Russian, Ukrainian (and Romanian), `key_many`
 * for 5+ in Polish, Russian and Ukrainian; the locale files write `_one` and `_other` only, with the
 * `_other` text worded to fit any number ("Mjeseci: {{count}}"). Without this, those counts would
 * show the English fallback in the middle of a translated page.
 */
type Texts = { [key: string]: unknown };

export function pluralCategories(language: string): string[] {
  try {
    return new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  } catch {
    return ['one', 'other'];
  }
}

/** Adds, in place and at every depth, each missing `<key>_<category>` as a copy of `<key>_other`. */
export function fillPluralForms(
  texts: Texts,
  language: string,
  categories = pluralCategories(language),
): Texts {
  const missing = categories.filter((c) => c !== 'other' && c !== 'one');
  const walk = (node: Texts) => {
    for (const [key, value] of Object.entries(node)) {
      if (value && typeof value === 'object') walk(value as Texts);
      else if (typeof value === 'string' && key.endsWith('_other')) {
        const base = key.slice(0, -'_other'.length);
        for (const category of missing)
          if (!(`${base}_${category}` in node)) node[`${base}_${category}`] = value;
      }
    }
  };
  walk(texts);
  return texts;
}
