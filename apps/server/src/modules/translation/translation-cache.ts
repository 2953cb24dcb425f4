import { createHash } from 'node:crypto';
import { UI_LANGUAGES, type UiLanguage } from '@workbench/domain';

/**
 * Machine translations are cached in the translations jsonb of their issue or workspace, next to
 * the people's own translations: { title: {de: …}, description: {…}, machine: { de: { h, title,
 * description } } }. `h` is a hash of the texts they were made from, so a changed title makes
 * them stale without the edit paths knowing of them; the readers of people's translations
 * (readIssueTranslations, readWorkspaceTranslations) leave the key out.
 */
export type MachineEntry = { h: string } & Record<string, string | null>;

/** The hash of the source texts (in field order) a cached translation belongs to. */
export function sourceHash(texts: ReadonlyArray<string | null>): string {
  return createHash('sha256')
    .update(JSON.stringify(texts.map((t) => t ?? '')))
    .digest('base64url')
    .slice(0, 22);
}

/** The cached machine translation into `language`, when made from exactly these texts. */
export function cachedMachine(column: unknown, language: string, hash: string): MachineEntry | null {
  const machine = (column as { machine?: Record<string, unknown> } | null)?.machine;
  const entry = machine && typeof machine === 'object' ? machine[language] : undefined;
  if (!entry || typeof entry !== 'object') return null;
  return (entry as MachineEntry).h === hash ? (entry as MachineEntry) : null;
}

/**
 * 000 §3 available_translations: the people's own translations, completed by the fresh machine
 * ones (a language someone translated by hand keeps theirs). No statement: the column is read
 * with the row.
 */
export function withMachineTranslations<F extends string>(
  manual: Record<F, Partial<Record<UiLanguage, string>>>,
  column: unknown,
  source: Record<F, string | null>,
): Record<F, Partial<Record<UiLanguage, string>>> {
  const machine = (column as { machine?: unknown } | null)?.machine;
  if (!machine || typeof machine !== 'object') return manual;
  const fields = Object.keys(source) as F[];
  const hash = sourceHash(fields.map((f) => source[f]));
  const out = Object.fromEntries(fields.map((f) => [f, { ...manual[f] }])) as Record<
    F,
    Partial<Record<UiLanguage, string>>
  >;
  for (const language of UI_LANGUAGES) {
    const entry = cachedMachine(column, language, hash);
    if (!entry) continue;
    for (const field of fields) {
      const text = entry[field];
      if (typeof text === 'string' && text.trim() && !out[field][language]?.trim())
        out[field][language] = text;
    }
  }
  return out;
}
