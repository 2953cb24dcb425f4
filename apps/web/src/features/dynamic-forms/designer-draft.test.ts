import { checkFormAnswers } from '@workbench/domain';
import { describe, expect, it } from 'vitest';
import { definitionOf, draftErrors, draftOf, moveField, newField, newOption } from './designer-draft';

describe('the form designer draft', () => {
  it('gives new fields and options keys from their labels, and keeps saved keys', () => {
    const draft = draftOf({
      title: { en: 'Check' },
      fields: [{ key: 'pressure', kind: 'number', label: { en: 'Pressure' }, required: true }],
    });
    const state = { ...newField('choice'), label: { en: 'Boiler state', de: '' } };
    state.options = [
      { ...newOption(), label: { en: 'Good' } },
      { ...newOption(), label: { en: 'Good' } },
    ];
    const photo = { ...newField('photo'), label: { en: 'Pressure' }, max_photos: 2, min: 3 };
    const definition = definitionOf({ ...draft, fields: [...draft.fields, state, photo] });
    expect(definition).toEqual({
      title: { en: 'Check' },
      fields: [
        { key: 'pressure', kind: 'number', label: { en: 'Pressure' }, required: true },
        {
          key: 'boiler_state',
          kind: 'choice',
          label: { en: 'Boiler state' },
          required: false,
          options: [
            { key: 'good', label: { en: 'Good' } },
            { key: 'good_2', label: { en: 'Good' } },
          ],
        },
        { key: 'pressure_2', kind: 'photo', label: { en: 'Pressure' }, required: false, max_photos: 2 },
      ],
    });
    // The same answer rule as the server's, on the design as sent.
    expect(checkFormAnswers(definition, { pressure: 1, boiler_state: 'good_2' }).ok).toBe(true);
  });

  it('shows the schema rule errors before sending, and reorders', () => {
    const empty = newField('choice');
    empty.options = [];
    expect(draftErrors({ title: {}, fields: [newField(), empty] })).toEqual({
      'fields.0.label': 'required_field',
      'fields.1.label': 'required_field',
      'fields.1.options': 'options_required',
    });
    const a = { ...newField(), label: { en: 'A' } };
    const b = { ...newField(), label: { en: 'B' } };
    expect(moveField([a, b], 1, -1)).toEqual([b, a]);
    expect(moveField([a, b], 1, 1)).toEqual([a, b]);
  });
});
