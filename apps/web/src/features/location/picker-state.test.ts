import { describe, expect, it } from 'vitest';
import { initialPickerState, pickerReducer, submitPicker } from './picker-state';

const HALL = { location_name: 'Hall 2', lat: 48.2, lng: 16.37, is_coordinates: true };

describe('the location picker state (001 §3, §4, §5)', () => {
  it('starts on the address tab when the search is on, else on coordinates', () => {
    expect(initialPickerState(null, true).tab).toBe('address');
    expect(initialPickerState(null, false).tab).toBe('coordinates');
    const typed = initialPickerState(HALL, true);
    expect(typed.tab).toBe('coordinates');
    expect(typed.coordinatesText).toBe('48.2 16.37');
  });

  it('applies typed coordinates; malformed ones are invalid_format and clear the position', () => {
    let state = initialPickerState(null, false);
    state = pickerReducer(state, { type: 'apply_coordinates', text: '48.2082 16.3738' });
    expect(state.draft).toMatchObject({ lat: 48.2082, lng: 16.3738, is_coordinates: true });
    expect(state.inputError).toBeNull();
    state = pickerReducer(state, { type: 'apply_coordinates', text: '91 16' });
    expect(state.inputError).toBe('invalid_format');
    expect(state.draft).toMatchObject({ lat: null, lng: null });
    // Emptied: no format error, the position is simply gone (required on save).
    state = pickerReducer(state, { type: 'apply_coordinates', text: '' });
    expect(state.inputError).toBeNull();
  });

  it('a picked address fills the name unless one was typed; a map click sets coordinates', () => {
    let state = initialPickerState(null, true);
    const result = { location_name: 'Stephansplatz, Wien', lat: 48.2085, lng: 16.3731 };
    state = pickerReducer(state, { type: 'pick_address', result });
    expect(state.draft).toEqual({ ...result, is_coordinates: false });
    state = pickerReducer(state, { type: 'name', name: 'Main entrance' });
    state = pickerReducer(state, { type: 'pick_address', result: { ...result, location_name: 'Elsewhere' } });
    expect(state.draft.location_name).toBe('Main entrance');
    state = pickerReducer(state, { type: 'map_click', lat: 48.123456789, lng: 16.987654321 });
    expect(state.draft).toMatchObject({ lat: 48.123457, lng: 16.987654, is_coordinates: true });
    expect(state.coordinatesText).toBe('48.123457 16.987654');
  });

  it('a reverse-geocoded name fills only an untouched name of the same position', () => {
    let state = pickerReducer(initialPickerState(null, true), { type: 'map_click', lat: 1, lng: 2 });
    expect(
      pickerReducer(state, { type: 'reverse_name', lat: 3, lng: 4, name: 'Late' }).draft.location_name,
    ).toBe('');
    state = pickerReducer(state, { type: 'reverse_name', lat: 1, lng: 2, name: 'Graben 1' });
    expect(state.draft.location_name).toBe('Graben 1');
    state = pickerReducer(state, { type: 'name', name: 'Mine' });
    expect(
      pickerReducer(state, { type: 'reverse_name', lat: 1, lng: 2, name: 'Other' }).draft.location_name,
    ).toBe('Mine');
  });

  it('saving needs a name and a position (required_field), applying pending typing first', () => {
    const empty = submitPicker(initialPickerState(null, false));
    expect(empty.location).toBeNull();
    expect(empty.state.errors).toEqual({ location_name: 'required_field', position: 'required_field' });
    let state = pickerReducer(initialPickerState(null, false), { type: 'name', name: ' Boiler ' });
    state = pickerReducer(state, { type: 'type_coordinates', text: '-33.8688 151.2093' });
    expect(submitPicker(state).location).toEqual({
      location_name: 'Boiler',
      lat: -33.8688,
      lng: 151.2093,
      is_coordinates: true,
    });
    state = pickerReducer(state, { type: 'type_coordinates', text: '-33.8688' });
    const refused = submitPicker(state);
    expect(refused.location).toBeNull();
    expect(refused.state.inputError).toBe('invalid_format');
    expect(refused.state.errors).toEqual({ position: 'required_field' });
  });
});

describe('locationBody', () => {
  it('sends the location only when it changed and is offered', async () => {
    const { locationBody } = await import('./location-body');
    expect(locationBody(null, null)).toEqual({});
    expect(locationBody(HALL, { ...HALL })).toEqual({});
    expect(locationBody(null, HALL)).toEqual({ location: HALL });
    expect(locationBody(HALL, null)).toEqual({ location: null });
    expect(locationBody(null, HALL, { offered: false })).toEqual({});
    expect(locationBody(null, HALL, { key: 'geo_location' })).toEqual({ geo_location: HALL });
  });
});
