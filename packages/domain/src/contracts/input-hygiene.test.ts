import { describe, expect, it } from 'vitest';
import { findInputProblem, ID_MAX, isIdField, isNameField, textProblem } from './input-hygiene.js';

describe('textProblem', () => {
  it('takes ordinary text in any script, with line breaks and tabs in long text', () => {
    for (const text of [
      'Boiler room 2',
      'Kessel – Raum ä',
      'Котельная',
      'غرفة المرجل',
      '水漏れ 🚰',
      'a\nb\tc\r\n',
    ]) {
      expect(textProblem(text), text).toBeNull();
    }
  });

  it('refuses NUL, other control characters and lone surrogates anywhere', () => {
    for (const text of [
      'a\u0000b',
      'bell\u0007',
      'esc\u001b[31m',
      'del\u007f',
      'a\ud800b',
      '\udc00',
      'x\ud83d',
    ]) {
      expect(textProblem(text), JSON.stringify(text)).toBe('invalid_characters');
    }
    expect(textProblem('pair \ud83d\udea9')).toBeNull();
  });

  it('refuses in names what makes them read other than they are, but keeps the joiners scripts need', () => {
    for (const name of [
      'Invoice\u202Efdp.exe',
      'a\u2066b\u2069',
      'ad\u200Bmin',
      'x\u2060y',
      'Boi\uFEFFler',
      'soft\u00ADhyphen',
      'two\nlines',
      'tab\there',
    ]) {
      expect(textProblem(name, { name: true }), JSON.stringify(name)).toBe('invalid_characters');
      expect(textProblem(name.replace('\n', ' ').replace('\t', ' '))).toBeNull();
    }
    expect(textProblem('می\u200Cخواهم', { name: true })).toBeNull();
    expect(textProblem('👩\u200D🔧', { name: true })).toBeNull();
  });
});

describe('findInputProblem', () => {
  it('names the field of the first problem, with list positions', () => {
    expect(findInputProblem({ name: 'ok', attachments: [{ name: 'a' }, { name: 'b\u202E' }] })).toEqual({
      field: 'attachments.1.name',
      key: 'invalid_characters',
    });
    expect(findInputProblem({ search: '\u0000' })).toEqual({ field: 'search', key: 'invalid_characters' });
    expect(findInputProblem({ 'bad\u0000key': 1 })).toEqual({
      field: 'bad\u0000key',
      key: 'invalid_characters',
    });
    expect(findInputProblem({ description: 'multi\nline' })).toBeNull();
  });

  it('bounds ids to the 32-bit columns, not other numbers', () => {
    expect(findInputProblem({ user_ids: [1, ID_MAX + 1] })).toEqual({
      field: 'user_ids.1',
      key: 'number_too_large',
    });
    expect(findInputProblem({ workspace_id: -(ID_MAX + 1) })).toEqual({
      field: 'workspace_id',
      key: 'number_too_large',
    });
    expect(findInputProblem({ workspace_id: ID_MAX })).toBeNull();
    // A deadline in 2040 as unix seconds is past 2^31 and fine.
    expect(findInputProblem({ due_date: 2_208_988_800 })).toBeNull();
  });

  it('knows names and ids by their field names', () => {
    expect(['name', 'title', 'first_name', 'company_name'].every(isNameField)).toBe(true);
    expect(['description', 'comment', 'email'].some(isNameField)).toBe(false);
    expect(['id', 'ids', 'user_id', 'workspace_ids'].every(isIdField)).toBe(true);
    expect(['page', 'due_date', 'valid'].some(isIdField)).toBe(false);
  });
});

describe('deeply nested input', () => {
  it('is refused past a depth no form of the product reaches, without exhausting the stack', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(findInputProblem({ items: deep })).toEqual({ field: 'items', key: 'invalid_format' });
    expect(findInputProblem({ a: { b: { c: [{ d: 'fine' }] } } })).toBeNull();
  });
});
