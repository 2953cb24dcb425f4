import { describe, expect, it } from 'vitest';
import {
  checkFormAnswers,
  type FormDefinition,
  fieldKeyFrom,
  formAnswerLines,
  formAnswerRows,
  isFormDate,
  labelIn,
  photoIdsOf,
} from './dynamic-form.js';
import { ZFormAnswersBodySchema, ZFormDefinitionSchema } from './dynamic-form-schemas.js';

const boiler: FormDefinition = {
  title: { en: 'Boiler inspection', de: 'Kesselprüfung' },
  fields: [
    {
      key: 'pressure',
      kind: 'number',
      label: { en: 'Pressure (bar)', de: 'Druck (bar)' },
      required: true,
      min: 0,
      max: 6,
    },
    { key: 'leak', kind: 'yes_no', label: { en: 'Leak found' }, required: true },
    {
      key: 'state',
      kind: 'choice',
      label: { en: 'State' },
      required: false,
      options: [
        { key: 'good', label: { en: 'Good', de: 'Gut' } },
        { key: 'worn', label: { en: 'Worn' } },
      ],
    },
    {
      key: 'parts',
      kind: 'multiple_choice',
      label: { en: 'Parts replaced' },
      required: false,
      options: [
        { key: 'valve', label: { en: 'Valve' } },
        { key: 'seal', label: { en: 'Seal' } },
      ],
    },
    { key: 'note', kind: 'text', label: { en: 'Note' }, required: false, max_length: 10 },
    { key: 'report', kind: 'long_text', label: { en: 'Report' }, required: false },
    { key: 'next', kind: 'date', label: { en: 'Next check' }, required: false },
    { key: 'photo', kind: 'photo', label: { en: 'Photo' }, required: false, max_photos: 2 },
  ],
};

describe('labelIn', () => {
  it("falls back from the reader's language to the default, English, then any", () => {
    expect(labelIn({ en: 'Pressure', de: 'Druck' }, 'de')).toBe('Druck');
    expect(labelIn({ en: 'Pressure', de: 'Druck' }, 'pl')).toBe('Pressure');
    expect(labelIn({ en: 'Pressure', de: 'Druck' }, 'pl', 'de')).toBe('Druck');
    expect(labelIn({ it: 'Pressione' }, 'pl')).toBe('Pressione');
    expect(labelIn({ de: '  ' }, 'de', 'en', 'key')).toBe('key');
  });
});

describe('checkFormAnswers', () => {
  it('accepts fitting answers and cleans them', () => {
    const result = checkFormAnswers(boiler, {
      pressure: '2.5',
      leak: false,
      state: 'good',
      parts: ['seal', 'valve', 'seal'],
      note: '  ok  ',
      report: '',
      next: '2027-02-28',
      photo: [4, 4, 5],
    });
    expect(result).toEqual({
      ok: true,
      answers: {
        pressure: 2.5,
        leak: false,
        state: 'good',
        parts: ['valve', 'seal'],
        note: 'ok',
        next: '2027-02-28',
        photo: [4, 5],
      },
    });
  });

  it('answers each problem with its key, by field key', () => {
    const result = checkFormAnswers(boiler, {
      pressure: 7,
      state: 'broken',
      parts: 'valve',
      note: 'x'.repeat(11),
      next: '2027-02-30',
      photo: [1, 2, 3],
      extra: 'x',
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        pressure: 'number_out_of_range',
        leak: 'required_field',
        state: 'invalid_option',
        parts: 'invalid_format',
        note: 'too_long',
        next: 'invalid_format',
        photo: 'too_many_photos',
        extra: 'unknown_field',
      },
    });
    expect(checkFormAnswers(boiler, { pressure: 'abc', leak: 'yes' })).toMatchObject({
      errors: { pressure: 'invalid_format', leak: 'invalid_format' },
    });
    expect(checkFormAnswers(boiler, { pressure: null, leak: true })).toMatchObject({
      errors: { pressure: 'required_field' },
    });
    expect(checkFormAnswers(boiler, { pressure: 1, leak: true, photo: [0] })).toMatchObject({
      errors: { photo: 'invalid_format' },
    });
  });

  it('a long text takes up to 5000 characters by default', () => {
    const base = { pressure: 1, leak: true };
    expect(checkFormAnswers(boiler, { ...base, report: 'x'.repeat(5000) }).ok).toBe(true);
    expect(checkFormAnswers(boiler, { ...base, report: 'x'.repeat(5001) })).toMatchObject({
      errors: { report: 'too_long' },
    });
  });
});

describe('isFormDate', () => {
  it('takes real days only', () => {
    expect(isFormDate('2028-02-29')).toBe(true);
    expect(isFormDate('2027-02-29')).toBe(false);
    expect(isFormDate('2027-1-01')).toBe(false);
  });
});

describe('formAnswerRows', () => {
  it('writes answers as label and text in the reader language, unanswered left out', () => {
    const rows = formAnswerRows(
      boiler,
      { pressure: 2.5, leak: true, state: 'good', parts: ['valve', 'seal'], photo: [4] },
      'de',
      'en',
      new Map([[4, 'boiler.jpg']]),
    );
    expect(rows).toEqual([
      { label: 'Druck (bar)', value: '2.5' },
      { label: 'Leak found', value: 'Ja' },
      { label: 'State', value: 'Gut' },
      { label: 'Parts replaced', value: 'Valve, Seal' },
      { label: 'Photo', value: 'boiler.jpg' },
    ]);
    expect(formAnswerLines(rows.slice(0, 2))).toBe('Druck (bar): 2.5\nLeak found: Ja');
    expect(photoIdsOf(boiler, { photo: [4, 9] })).toEqual([4, 9]);
  });
});

describe('fieldKeyFrom', () => {
  it('makes a unique key of a label', () => {
    expect(fieldKeyFrom('Water pressure (bar)', new Set())).toBe('water_pressure_bar');
    expect(fieldKeyFrom('Druck', new Set(['druck']))).toBe('druck_2');
    expect(fieldKeyFrom('Давление', new Set())).toBe('field');
    expect(fieldKeyFrom('1st check', new Set())).toBe('st_check');
  });
});

describe('ZFormDefinitionSchema', () => {
  const field = (extra: Record<string, unknown> = {}) => ({
    key: 'a',
    kind: 'text',
    label: { en: 'A' },
    required: false,
    ...extra,
  });
  const issuesOf = (input: unknown) => {
    const result = ZFormDefinitionSchema.safeParse(input);
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
  };

  it('accepts a design and keeps only the limits of each kind', () => {
    const parsed = ZFormDefinitionSchema.parse({
      title: { en: 'Check', de: '' },
      fields: [
        field({ options: [{ key: 'x', label: { en: 'X' } }], min: 1 }),
        field({ key: 'b', kind: 'number', min: 1, max_length: 3 }),
      ],
    });
    expect(parsed).toEqual({
      title: { en: 'Check' },
      fields: [
        { key: 'a', kind: 'text', label: { en: 'A' }, required: false },
        { key: 'b', kind: 'number', label: { en: 'A' }, required: false, min: 1 },
      ],
    });
  });

  it('refuses duplicate keys, choices without options, missing labels, bad keys and sizes', () => {
    expect(issuesOf({ fields: [field(), field()] })).toEqual(['fields.1.key:duplicate_field_key']);
    expect(issuesOf({ fields: [field({ kind: 'choice' })] })).toEqual(['fields.0.options:options_required']);
    expect(issuesOf({ fields: [field({ label: { de: ' ' } })] })).toEqual(['fields.0.label:required_field']);
    expect(issuesOf({ fields: [field({ kind: 'number', min: 5, max: 1 })] })).toEqual([
      'fields.0.max:number_out_of_range',
    ]);
    expect(issuesOf({ fields: [field({ key: 'Bad key' })] })).toHaveLength(1);
    expect(issuesOf({ fields: [field({ kind: 'signature' })] })).toHaveLength(1);
    expect(issuesOf({ fields: Array.from({ length: 51 }, (_, n) => field({ key: `f${n}` })) })).toHaveLength(
      1,
    );
    const options = Array.from({ length: 51 }, (_, n) => ({ key: `o${n}`, label: { en: 'O' } }));
    expect(issuesOf({ fields: [field({ kind: 'choice', options })] })).toHaveLength(1);
    expect(issuesOf({ fields: [] })).toEqual([]);
  });

  it('bounds the answers body', () => {
    expect(ZFormAnswersBodySchema.safeParse({ form: { a: { nested: 1 } } }).success).toBe(false);
    expect(ZFormAnswersBodySchema.safeParse({ form: { a: [1, 2], b: ['x'], c: null } }).success).toBe(true);
  });
});
