import { describe, expect, it } from 'vitest';
import { emptyFormValues, requestOf, validateForm } from './form-values';

describe('workspace form values', () => {
  it('finds the same field errors as the server', () => {
    expect(validateForm(emptyFormValues(null))).toEqual({ name: 'required' });
    const long = { ...emptyFormValues(null), name: 'x'.repeat(256), reference_number: 'r'.repeat(256) };
    expect(validateForm(long)).toEqual({ name: 'too_long', reference_number: 'too_long' });
    const translated = {
      ...emptyFormValues(3),
      name: 'Hall',
      translations: { name: { de: 'y'.repeat(256) }, description: {} },
    };
    expect(validateForm(translated)).toEqual({ 'translations.name.de': 'too_long' });
  });

  it('sends trimmed translations only', () => {
    const values = {
      ...emptyFormValues(3),
      name: 'Hall',
      translations: { name: { de: ' Halle ', pl: '  ' }, description: {} },
    };
    expect(requestOf(values).translations).toEqual({ name: { de: 'Halle' }, description: {} });
    expect(requestOf(values).parent_id).toBe(3);
  });
});
