import { TEXT_TEMPLATE_MIN_QUERY, TEXT_TEMPLATE_PREVIEW_COUNT } from '@workbench/domain';

/**
 * The text autocomplete's rules (001 §5: suggestions after at least 3 characters, by
 * case-insensitive substring; inserted text cut to the field's maximum length), kept free of
 * React so they are tested on their own.
 */
export type TemplateLike = { id: number; text: string };

/** What is being typed at the caret and where it starts, so a chosen template replaces it. */
export type TypedFragment = { query: string; start: number };

/**
 * The fragments a template may complete, longest first: the phrase since the start of the line
 * or sentence ("replaced the se"), then the last word ("se"). Either counts only with at least
 * 3 characters; nothing is offered right after a space, so finishing a word closes the list.
 */
export function typedFragments(value: string, caret: number): TypedFragment[] {
  const before = value.slice(0, caret);
  if (!before || /\s$/.test(before)) return [];
  const phraseStart = Math.max(
    ...['\n', '. ', '! ', '? '].map((stop) => {
      const at = before.lastIndexOf(stop);
      return at < 0 ? 0 : at + stop.length;
    }),
  );
  const fragments: TypedFragment[] = [];
  const phraseOffset = before.slice(phraseStart).search(/\S/);
  if (phraseOffset >= 0) {
    const start = phraseStart + phraseOffset;
    fragments.push({ query: before.slice(start), start });
  }
  const wordStart = before.search(/\S+$/);
  if (wordStart >= 0 && wordStart !== fragments[0]?.start) {
    fragments.push({ query: before.slice(wordStart), start: wordStart });
  }
  return fragments.filter((f) => f.query.length >= TEXT_TEMPLATE_MIN_QUERY);
}

/**
 * Templates whose text contains the query, case ignored: those that begin with it first, then
 * the rest, each group in the given order (newest first from the server); at most `limit`.
 */
export function matchTemplates<T extends TemplateLike>(
  templates: ReadonlyArray<T>,
  query: string,
  limit = TEXT_TEMPLATE_PREVIEW_COUNT,
): T[] {
  const needle = query.toLocaleLowerCase();
  if (needle.length < TEXT_TEMPLATE_MIN_QUERY) return [];
  const starting: T[] = [];
  const containing: T[] = [];
  for (const template of templates) {
    const text = template.text.toLocaleLowerCase();
    if (text.startsWith(needle)) starting.push(template);
    else if (text.includes(needle)) containing.push(template);
    if (starting.length >= limit) break;
  }
  return [...starting, ...containing].slice(0, limit);
}

/** The suggestions at the caret: for the longest fragment that matches anything. */
export function suggestAt<T extends TemplateLike>(
  templates: ReadonlyArray<T>,
  value: string,
  caret: number,
  limit = TEXT_TEMPLATE_PREVIEW_COUNT,
): { fragment: TypedFragment; matches: T[] } | null {
  for (const fragment of typedFragments(value, caret)) {
    const matches = matchTemplates(templates, fragment.query, limit);
    if (matches.length) return { fragment, matches };
  }
  return null;
}

/**
 * Replaces the typed fragment with the template's text. The template is cut so the whole value
 * stays within `maxLength` (what follows the caret is kept whole); the caret goes after it.
 */
export function insertTemplate(
  value: string,
  fragment: TypedFragment,
  caret: number,
  text: string,
  maxLength?: number,
): { value: string; caret: number } {
  const head = value.slice(0, fragment.start);
  const tail = value.slice(caret);
  const room = maxLength === undefined ? text.length : Math.max(0, maxLength - head.length - tail.length);
  const inserted = text.slice(0, room);
  return { value: head + inserted + tail, caret: head.length + inserted.length };
}
