import { describe, expect, it } from 'vitest';
import {
  cleanEntries,
  doneOutcome,
  entryErrors,
  initialPickerState,
  mergePage,
  type PickerPerson,
  peopleToAdd,
  pickerListHeight,
  pickerReducer,
} from './picker-state';

const person = (id: number, isNotInWorkspace = false): PickerPerson => ({
  id,
  full_name: `P ${id}`,
  email: `p${id}@example.test`,
  profile_image: null,
  isNotInWorkspace,
});

describe('selection', () => {
  it('single mode: selecting again deselects, another replaces', () => {
    let state = initialPickerState('single');
    state = pickerReducer(state, { type: 'toggle', person: person(1) });
    expect(state.selected.map((p) => p.id)).toEqual([1]);
    state = pickerReducer(state, { type: 'toggle', person: person(2) });
    expect(state.selected.map((p) => p.id)).toEqual([2]);
    state = pickerReducer(state, { type: 'toggle', person: person(2) });
    expect(state.selected).toEqual([]);
  });

  it('multi mode toggles many', () => {
    let state = initialPickerState('multi', [person(1)]);
    state = pickerReducer(state, { type: 'toggle', person: person(2) });
    state = pickerReducer(state, { type: 'toggle', person: person(3) });
    state = pickerReducer(state, { type: 'toggle', person: person(1) });
    expect(state.selected.map((p) => p.id)).toEqual([2, 3]);
  });

  it('switching tab clears the search but keeps the selection', () => {
    let state = initialPickerState('multi', [person(1)]);
    state = pickerReducer(state, { type: 'search', search: 'ann' });
    state = pickerReducer(state, { type: 'tab', tab: 'externals' });
    expect(state).toMatchObject({ tab: 'externals', search: '', selected: [person(1)] });
  });
});

describe('steps', () => {
  it('Done: disabled without selection; to addToWorkspace when someone is not in it; else finish', () => {
    expect(doneOutcome([], 5)).toBe('disabled');
    expect(doneOutcome([person(1), person(2, true)], 5)).toBe('addToWorkspace');
    expect(doneOutcome([person(2, true)], undefined)).toBe('finish');
    expect(doneOutcome([person(1)], 5)).toBe('finish');
  });

  it('addToWorkspace → success → hidden list → reopened with everybody in the workspace', () => {
    let state = initialPickerState('multi', [person(1), person(2, true)]);
    state = pickerReducer(state, { type: 'confirmAddToWorkspace' });
    expect(state.step).toBe('addToWorkspace');
    state = pickerReducer(state, { type: 'addedToWorkspace' });
    expect(state.step).toBe('addSuccess');
    expect(state.selected.every((p) => !p.isNotInWorkspace)).toBe(true);
    state = pickerReducer(state, { type: 'successClosed' });
    expect(state).toMatchObject({ step: 'list', hidden: true });
    state = pickerReducer(state, { type: 'reopen' });
    expect(state).toMatchObject({ step: 'list', hidden: false });
    expect(doneOutcome(state.selected, 5)).toBe('finish');
  });

  it('addUser and addCollaborator go back to the list; created people are selected', () => {
    let state = initialPickerState('multi', [person(1)]);
    state = pickerReducer(state, { type: 'openAddUser' });
    expect(state.step).toBe('addUser');
    state = pickerReducer(state, { type: 'back' });
    expect(state.step).toBe('list');
    state = pickerReducer(state, { type: 'openAddCollaborator' });
    expect(state.step).toBe('addCollaborator');
    state = pickerReducer(state, { type: 'created', people: [person(7), person(8)] });
    expect(state.step).toBe('addSuccess');
    expect(state.selected.map((p) => p.id)).toEqual([1, 7, 8]);
    const single = pickerReducer(initialPickerState('single', [person(1)]), {
      type: 'created',
      people: [person(9)],
    });
    expect(single.selected.map((p) => p.id)).toEqual([9]);
  });

  it('only own people not in the workspace are added', () => {
    const external = { ...person(5, true), company: { id: 1, name: 'Co', logo: null } };
    expect(peopleToAdd([person(1), person(2, true), external])).toEqual([2]);
  });
});

describe('infinite list', () => {
  it('page 1 replaces, later pages append without repeats', () => {
    const first = mergePage([person(9)], 1, [person(1), person(2)]);
    expect(first.map((p) => p.id)).toEqual([1, 2]);
    expect(mergePage(first, 2, [person(2), person(3)]).map((p) => p.id)).toEqual([1, 2, 3]);
  });

  it('list height is 300 px above 800 px of window', () => {
    expect(pickerListHeight(801)).toBe(300);
    expect(pickerListHeight(800)).toBeUndefined();
  });
});

describe('entry validation (000 §5)', () => {
  it('checks all entries of the new users form', () => {
    expect(
      entryErrors('new_users', [
        { email: 'a@b.co', first_name: '', last_name: '' },
        { email: 'A@b.co', first_name: '', last_name: '' },
        { email: 'bad', first_name: 'x'.repeat(256), last_name: '' },
        { email: '', first_name: '', last_name: '' },
      ]),
    ).toEqual({
      'new_users.1.email': 'email_already_added',
      'new_users.2.email': 'invalid_format',
      'new_users.2.first_name': 'too_long',
      'new_users.3.email': 'required',
    });
  });

  it('checks the company alias of new externals', () => {
    expect(entryErrors('new_collaborations', [{ email: 'a@b.co', company_alias: 'y'.repeat(256) }])).toEqual({
      'new_collaborations.0.company_alias': 'too_long',
    });
  });

  it('cleans entries for the server', () => {
    expect(cleanEntries([{ email: ' a@b.co ', first_name: '', last_name: 'L' }])).toEqual([
      { email: 'a@b.co', last_name: 'L' },
    ]);
    // An empty address still goes, so the server names it required at its place.
    expect(cleanEntries([{ email: ' ', company_alias: '' }])).toEqual([{ email: '' }]);
  });
});
