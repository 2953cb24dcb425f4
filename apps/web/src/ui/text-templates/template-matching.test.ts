import { describe, expect, it } from 'vitest';
import { insertTemplate, matchTemplates, suggestAt, typedFragments } from './template-matching';

const templates = [
  { id: 1, text: 'Replaced the seal and tested for leaks.' },
  { id: 2, text: 'Cleaned the floor.' },
  { id: 3, text: 'Seal ordered, waiting for delivery.' },
  { id: 4, text: 'Checked the SEALS of every door.' },
];

describe('typedFragments', () => {
  it('offers the phrase since the line or sentence start, then the last word, each of 3+ characters', () => {
    expect(typedFragments('Door. replaced the se', 21)).toEqual([{ query: 'replaced the se', start: 6 }]);
    expect(typedFragments('First line\nreplaced the sea', 27)).toEqual([
      { query: 'replaced the sea', start: 11 },
      { query: 'sea', start: 24 },
    ]);
    expect(typedFragments('seal', 4)).toEqual([{ query: 'seal', start: 0 }]);
  });

  it('offers nothing under 3 characters, after a space, or in an empty field', () => {
    expect(typedFragments('se', 2)).toEqual([]);
    expect(typedFragments('the seal ', 9)).toEqual([]);
    expect(typedFragments('', 0)).toEqual([]);
    // Only what is before the caret counts.
    expect(typedFragments('seal', 2)).toEqual([]);
  });
});

describe('matchTemplates', () => {
  it('matches a substring without case, those starting with it first', () => {
    expect(matchTemplates(templates, 'SEAL').map((t) => t.id)).toEqual([3, 1, 4]);
    expect(matchTemplates(templates, 'floor').map((t) => t.id)).toEqual([2]);
    expect(matchTemplates(templates, 'nothing like it')).toEqual([]);
  });

  it('needs 3 characters and shows at most the limit (10 by default)', () => {
    expect(matchTemplates(templates, 'se')).toEqual([]);
    const many = Array.from({ length: 25 }, (_, i) => ({ id: i, text: `Pump check ${i}` }));
    expect(matchTemplates(many, 'pump')).toHaveLength(10);
    expect(matchTemplates(many, 'pump', 3).map((t) => t.id)).toEqual([0, 1, 2]);
  });
});

describe('suggestAt', () => {
  it('falls back from the phrase to the last word when the phrase matches nothing', () => {
    const result = suggestAt(templates, 'The tap: clea', 13);
    expect(result?.fragment).toEqual({ query: 'clea', start: 9 });
    expect(result?.matches.map((t) => t.id)).toEqual([2]);
    expect(suggestAt(templates, 'zzz', 3)).toBeNull();
  });
});

describe('insertTemplate', () => {
  it('replaces the typed fragment and puts the caret after the template', () => {
    const value = 'Note: repl and more';
    const fragment = { query: 'repl', start: 6 };
    expect(insertTemplate(value, fragment, 10, 'Replaced the seal.')).toEqual({
      value: 'Note: Replaced the seal. and more',
      caret: 24,
    });
  });

  it("cuts the template to the field's maximum length, keeping the text after the caret", () => {
    const fragment = { query: 'cle', start: 4 };
    expect(insertTemplate('Abc cle!', fragment, 7, 'Cleaned the floor.', 12)).toEqual({
      value: 'Abc Cleaned!',
      caret: 11,
    });
    // No room at all: the fragment goes, nothing is added.
    expect(insertTemplate('Abc cle', fragment, 7, 'Cleaned', 4)).toEqual({ value: 'Abc ', caret: 4 });
  });
});
