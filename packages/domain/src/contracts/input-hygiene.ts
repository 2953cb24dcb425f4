import type { ErrorKey } from '../errors/error-keys.js';

/**
 * What every call refuses before its handler runs, whatever its schema says (the server applies
 * it to the parsed params, query and body of every contract route): text the database cannot
 * store or a person cannot see, and ids larger than the columns hold. Bad input is answered with
 * 422 and a field key; it never reaches the database.
 */

/** Ids are PostgreSQL integers. */
export const ID_MAX = 2_147_483_647;

/** NUL (PostgreSQL text cannot hold it) and the other C0 controls but tab, line feed and return. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * In a name, also what makes it read other than it is: bidirectional overrides, embeddings and
 * isolates (U+202A–U+202E, U+2066–U+2069), invisible separators (zero-width space U+200B, word
 * joiner and invisible operators U+2060–U+2064, byte-order mark U+FEFF, Mongolian vowel
 * separator U+180E, soft hyphen U+00AD) and line breaks. The zero-width joiner and non-joiner
 * (U+200C, U+200D) stay: Persian, the Indic scripts and emoji need them.
 */
const NAME_SPOOFING = /[\u00ad\u180e\u200b\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\r\n\t]/;

/** Single-line names a person reads to tell things and people apart. */
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const NAME_FIELDS = new Set(['name', 'title', 'first_name', 'last_name', 'full_name']);

/** Whether a field holds a name (see NAME_SPOOFING): `name`, `title`, `*_name`. */
export function isNameField(field: string): boolean {
  return NAME_FIELDS.has(field) || field.endsWith('_name');
}

/** Whether a field holds an id or a list of ids: `id`, `ids`, `*_id`, `*_ids`. */
export function isIdField(field: string): boolean {
  return field === 'id' || field === 'ids' || field.endsWith('_id') || field.endsWith('_ids');
}

/** Why a text cannot be taken, or null. */
export function textProblem(text: string, options: { name?: boolean } = {}): ErrorKey | null {
  // A lone surrogate is not text: PostgreSQL refuses it in JSON and it cannot be shown.
  if (LONE_SURROGATE.test(text)) return 'invalid_characters';
  if (CONTROL_CHARACTERS.test(text)) return 'invalid_characters';
  if (options.name && NAME_SPOOFING.test(text)) return 'invalid_characters';
  return null;
}

export type InputProblem = { field: string; key: ErrorKey };

/** No input of the product nests deeper than a few levels; far deeper is an attack on the parser. */
export const INPUT_MAX_DEPTH = 32;

/**
 * The first problem in a parsed input (params, query or body), with the field's dotted path
 * (`attachments.0.name`), or null. Object keys are checked as text too.
 */
export function findInputProblem(value: unknown, field = '', depth = 0): InputProblem | null {
  if (depth > INPUT_MAX_DEPTH) return { field: field.split('.')[0] || '_', key: 'invalid_format' };
  const last =
    field
      .split('.')
      .filter((part) => !/^\d+$/.test(part))
      .pop() ?? '';
  if (typeof value === 'string') {
    const key = textProblem(value, { name: isNameField(last) });
    return key ? { field: field || '_', key } : null;
  }
  if (typeof value === 'number') {
    if (isIdField(last) && Number.isInteger(value) && Math.abs(value) > ID_MAX) {
      return { field: field || '_', key: 'number_too_large' };
    }
    return null;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const problem = findInputProblem(item, field ? `${field}.${index}` : String(index), depth + 1);
      if (problem) return problem;
    }
    return null;
  }
  if (value && typeof value === 'object' && !(value instanceof Date) && !ArrayBuffer.isView(value)) {
    for (const [key, item] of Object.entries(value)) {
      const path = field ? `${field}.${key}` : key;
      if (textProblem(key)) return { field: path, key: 'invalid_characters' };
      const problem = findInputProblem(item, path, depth + 1);
      if (problem) return problem;
    }
  }
  return null;
}
