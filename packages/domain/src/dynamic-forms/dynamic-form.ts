import type { ErrorKey } from '../errors/error-keys.js';
import { DEFAULT_LANGUAGE, UI_LANGUAGES, type UiLanguage } from '../i18n/languages.js';

/**
 * Dynamic forms (000 §7, 001 §7 "Dynamic forms", issue 22): an admin designs one form per
 * workspace; an issue or a schedule of that workspace carries a copy of the design (a snapshot,
 * so a later redesign never changes what was answered) with its answers. This module holds the
 * rules both sides read: the field kinds and their limits, the label fallback and THE answer
 * check (`checkFormAnswers`), which the server enforces and the web shows before sending. It
 * imports no zod, so the web's pages that check answers do not bundle it (the schemas of the
 * calls live in dynamic-form-schemas.ts).
 */

export const FORM_FIELD_KINDS = [
  'text',
  'long_text',
  'number',
  'date',
  'yes_no',
  'choice',
  'multiple_choice',
  'photo',
] as const;
export type FormFieldKind = (typeof FORM_FIELD_KINDS)[number];

/** Kinds whose answers pick from the field's options. */
export const CHOICE_KINDS: readonly FormFieldKind[] = ['choice', 'multiple_choice'];
export const isChoiceKind = (kind: FormFieldKind): boolean => CHOICE_KINDS.includes(kind);

/** Bounds of a design: fields per form, options per field, label and key lengths. */
export const FORM_MAX_FIELDS = 50;
export const FORM_MAX_OPTIONS = 50;
export const FORM_LABEL_MAX = 255;
export const FORM_KEY_MAX = 40;
/** A key: lower-case letters, digits and underscores, starting with a letter. */
export const FORM_KEY_PATTERN = /^[a-z][a-z0-9_]*$/;
/** Longest answer of a text field (and its default), and of a long text field. */
export const FORM_TEXT_MAX = 255;
export const FORM_LONG_TEXT_MAX = 5000;
/** Photos one photo field takes (and its default), and per upload call. */
export const FORM_PHOTOS_MAX = 10;
export const FORM_PHOTOS_DEFAULT = 5;
export const FORM_UPLOAD_FILES_MAX = 10;
/** Numbers are stored as JSON numbers: bounded so they stay exact. */
export const FORM_NUMBER_LIMIT = 1e12;

/** A text in the organisation's languages: { en: 'Pressure', de: 'Druck' }; at least one is set. */
export type FormLabels = Partial<Record<UiLanguage, string>>;

export type FormOption = { key: string; label: FormLabels };

export type FormField = {
  key: string;
  kind: FormFieldKind;
  label: FormLabels;
  required: boolean;
  /** choice and multiple_choice only: the options, in the order shown. */
  options?: FormOption[];
  /** text and long_text: the longest answer (default FORM_TEXT_MAX / FORM_LONG_TEXT_MAX). */
  max_length?: number;
  /** number: the smallest and largest answer (both optional). */
  min?: number;
  max?: number;
  /** photo: how many photos (default FORM_PHOTOS_DEFAULT, at most FORM_PHOTOS_MAX). */
  max_photos?: number;
};

/** A design: its title and its fields in order (the position in the list is the order). */
export type FormDefinition = { title: FormLabels; fields: FormField[] };

/**
 * One answer: text (text, long_text, a date as YYYY-MM-DD, a choice's option key), a number,
 * yes/no, the option keys of a multiple choice, or the ids of uploaded photos
 * (POST forms/upload_attachments). null or absent: not answered.
 */
export type FormAnswer = string | number | boolean | string[] | number[] | null;
export type FormAnswers = Record<string, FormAnswer>;

/**
 * The label in the reader's language; else the organisation's default language; else English;
 * else the first language that has one; else the fallback (the key).
 */
export function labelIn(
  labels: FormLabels | undefined,
  language: string,
  defaultLanguage: UiLanguage = DEFAULT_LANGUAGE,
  fallback = '',
): string {
  if (!labels) return fallback;
  const pick = (lang: string) => {
    const text = (labels as Record<string, string | undefined>)[lang]?.trim();
    return text ? text : undefined;
  };
  return (
    pick(language) ??
    pick(defaultLanguage) ??
    pick('en') ??
    UI_LANGUAGES.map((l) => pick(l)).find(Boolean) ??
    fallback
  );
}

export const textLimitOf = (field: FormField): number =>
  field.max_length ?? (field.kind === 'long_text' ? FORM_LONG_TEXT_MAX : FORM_TEXT_MAX);
export const photoLimitOf = (field: FormField): number => field.max_photos ?? FORM_PHOTOS_DEFAULT;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD. */
export function isFormDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The problems of a design the schema cannot see alone: returned as `fields.<n>.<part>` → key. */
export function checkFormDefinition(definition: FormDefinition): Record<string, ErrorKey> {
  const errors: Record<string, ErrorKey> = {};
  const seen = new Set<string>();
  definition.fields.forEach((field, n) => {
    if (seen.has(field.key)) errors[`fields.${n}.key`] = 'duplicate_field_key';
    seen.add(field.key);
    if (!labelIn(field.label, DEFAULT_LANGUAGE)) errors[`fields.${n}.label`] = 'required_field';
    if (isChoiceKind(field.kind)) {
      const options = field.options ?? [];
      if (!options.length) errors[`fields.${n}.options`] = 'options_required';
      const keys = new Set<string>();
      options.forEach((option, o) => {
        if (keys.has(option.key)) errors[`fields.${n}.options.${o}.key`] = 'duplicate_field_key';
        keys.add(option.key);
        if (!labelIn(option.label, DEFAULT_LANGUAGE))
          errors[`fields.${n}.options.${o}.label`] = 'required_field';
      });
    }
    if (field.min !== undefined && field.max !== undefined && field.min > field.max)
      errors[`fields.${n}.max`] = 'number_out_of_range';
  });
  return errors;
}

export type FormAnswerCheck =
  | { ok: true; answers: FormAnswers }
  | { ok: false; errors: Record<string, ErrorKey> };

const isBlank = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/**
 * THE answer rule of a form (server and web): every answer fits its field's kind and limits,
 * required fields are answered, and nothing answers a field the form does not have. Errors are
 * keyed by the field's key: required_field, invalid_format (wrong type, not a day), too_long,
 * number_out_of_range, invalid_option, too_many_photos, unknown_field. On success the answers
 * come back clean: texts trimmed, blanks left out, multiple choices in the options' order.
 * Whether a photo id is an upload the caller may use is the server's to check.
 */
export function checkFormAnswers(
  definition: FormDefinition,
  answers: Record<string, unknown>,
): FormAnswerCheck {
  const errors: Record<string, ErrorKey> = {};
  const clean: FormAnswers = {};
  const fields = new Map(definition.fields.map((f) => [f.key, f]));
  for (const key of Object.keys(answers)) if (!fields.has(key)) errors[key] = 'unknown_field';
  for (const field of definition.fields) {
    const raw = answers[field.key];
    if (isBlank(raw)) {
      if (field.required) errors[field.key] = 'required_field';
      continue;
    }
    const result = checkOne(field, raw);
    if (typeof result === 'string') errors[field.key] = result;
    else clean[field.key] = result.value;
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, answers: clean };
}

function checkOne(field: FormField, raw: unknown): ErrorKey | { value: FormAnswer } {
  switch (field.kind) {
    case 'text':
    case 'long_text': {
      if (typeof raw !== 'string') return 'invalid_format';
      const text = raw.trim();
      return text.length > textLimitOf(field) ? 'too_long' : { value: text };
    }
    case 'number': {
      const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw.trim()) : raw;
      if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > FORM_NUMBER_LIMIT)
        return 'invalid_format';
      if ((field.min !== undefined && value < field.min) || (field.max !== undefined && value > field.max))
        return 'number_out_of_range';
      return { value };
    }
    case 'date':
      return typeof raw === 'string' && isFormDate(raw.trim()) ? { value: raw.trim() } : 'invalid_format';
    case 'yes_no':
      return typeof raw === 'boolean' ? { value: raw } : 'invalid_format';
    case 'choice': {
      if (typeof raw !== 'string') return 'invalid_format';
      return (field.options ?? []).some((o) => o.key === raw) ? { value: raw } : 'invalid_option';
    }
    case 'multiple_choice': {
      if (!Array.isArray(raw) || raw.some((v) => typeof v !== 'string')) return 'invalid_format';
      const picked = new Set(raw as string[]);
      const options = field.options ?? [];
      if ([...picked].some((v) => !options.some((o) => o.key === v))) return 'invalid_option';
      return { value: options.filter((o) => picked.has(o.key)).map((o) => o.key) };
    }
    case 'photo': {
      if (!Array.isArray(raw) || raw.some((v) => !Number.isSafeInteger(v) || (v as number) <= 0))
        return 'invalid_format';
      const ids = [...new Set(raw as number[])];
      return ids.length > photoLimitOf(field) ? 'too_many_photos' : { value: ids };
    }
  }
}

/** Every photo id the answers name (to check and present them). */
export function photoIdsOf(definition: FormDefinition, answers: FormAnswers): number[] {
  const ids = new Set<number>();
  for (const field of definition.fields) {
    const value = answers[field.key];
    if (field.kind === 'photo' && Array.isArray(value)) for (const id of value) ids.add(Number(id));
  }
  return [...ids];
}

/** Words of yes/no answers in the exports and the PDF. */
const YES_NO: Record<UiLanguage, [string, string]> = {
  en: ['Yes', 'No'],
  de: ['Ja', 'Nein'],
  pl: ['Tak', 'Nie'],
  tr: ['Evet', 'Hayır'],
  hr: ['Da', 'Ne'],
  uk: ['Так', 'Ні'],
  ru: ['Да', 'Нет'],
  it: ['Sì', 'No'],
  hu: ['Igen', 'Nem'],
  ro: ['Da', 'Nu'],
};

export function yesNoText(value: boolean, language: UiLanguage): string {
  return (YES_NO[language] ?? YES_NO.en)[value ? 0 : 1];
}

/**
 * The answers as label and text, in the form's order, unanswered fields left out (the exports'
 * 'form' column and the PDF). Photos become their file names (from `photoNames`).
 */
export function formAnswerRows(
  definition: FormDefinition,
  answers: FormAnswers,
  language: UiLanguage,
  defaultLanguage: UiLanguage = DEFAULT_LANGUAGE,
  photoNames: ReadonlyMap<number, string> = new Map(),
): { label: string; value: string }[] {
  const rows: { label: string; value: string }[] = [];
  for (const field of definition.fields) {
    const value = answers[field.key];
    if (isBlank(value)) continue;
    const optionText = (key: string) =>
      labelIn(field.options?.find((o) => o.key === key)?.label, language, defaultLanguage, key);
    let text: string;
    if (field.kind === 'yes_no') text = yesNoText(value === true, language);
    else if (field.kind === 'choice') text = optionText(String(value));
    else if (field.kind === 'multiple_choice') text = (value as string[]).map(optionText).join(', ');
    else if (field.kind === 'photo')
      text = (value as number[]).map((id) => photoNames.get(Number(id)) ?? `#${id}`).join(', ');
    else text = String(value);
    rows.push({ label: labelIn(field.label, language, defaultLanguage, field.key), value: text });
  }
  return rows;
}

/** The answers as `label: value` lines (the exports' 'form' column). */
export function formAnswerLines(rows: { label: string; value: string }[]): string {
  return rows.map((r) => `${r.label}: ${r.value}`).join('\n');
}

/** A field key from a label ('Water pressure' → 'water_pressure'), unique among `taken`. */
export function fieldKeyFrom(label: string, taken: ReadonlySet<string>): string {
  const base =
    label
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^[^a-z]+|_+$/g, '')
      .slice(0, FORM_KEY_MAX - 4) || 'field';
  let key = base;
  for (let n = 2; taken.has(key); n++) key = `${base}_${n}`;
  return key;
}
