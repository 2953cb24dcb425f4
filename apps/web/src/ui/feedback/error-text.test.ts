import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { errorKeyOf, errorTextKey } from './error-text';

describe('errorKeyOf', () => {
  it("reads the server's key, a network failure and anything else", () => {
    expect(errorKeyOf(new ApiError(409, 'process_nr_taken', 'taken'))).toBe('process_nr_taken');
    expect(errorKeyOf(new ApiError(0, 'no_internet', 'offline'))).toBe('no_internet');
    expect(errorKeyOf(new TypeError('Failed to fetch'))).toBe('no_internet');
    expect(errorKeyOf(new TypeError('x is not a function'))).toBe('general_error');
    expect(errorKeyOf(new Error('boom'))).toBe('general_error');
    expect(errorKeyOf(undefined)).toBe('general_error');
  });

  it('takes a string as the key itself', () => {
    expect(errorKeyOf('too_short')).toBe('too_short');
    expect(errorKeyOf('')).toBe('general_error');
  });
});

describe('errorTextKey', () => {
  const known = new Set(['errors.note_required', 'errors.general_error']);
  const exists = (key: string) => known.has(key);

  it("answers the key's text when translated, else the general error", () => {
    expect(errorTextKey(new ApiError(422, 'note_required', ''), exists)).toBe('errors.note_required');
    expect(errorTextKey('note_required', exists)).toBe('errors.note_required');
    expect(errorTextKey('weird_key', exists)).toBe('errors.general_error');
    expect(errorTextKey(null, exists)).toBe('errors.general_error');
  });
});
