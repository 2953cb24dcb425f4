import {
  formatCoordinates,
  type GeocodeResult,
  type Location,
  type LocationDraft,
  type LocationErrors,
  parseCoordinates,
  roundCoordinate,
  validateLocationDraft,
} from '@workbench/domain';

/**
 * The picker's state (001 §3 "The picker state also holds a draft, the active tab and an input
 * error"): pure, so its rules are tested without a browser.
 */
export type PickerTab = 'address' | 'coordinates';
export type PickerState = {
  draft: LocationDraft;
  tab: PickerTab;
  /** What the coordinates field shows (applied 500 ms after typing stops). */
  coordinatesText: string;
  /** The coordinates as last applied (so a save applies pending typing first). */
  appliedText: string;
  inputError: 'invalid_format' | null;
  /** The person typed a name: a picked address or a map click no longer replaces it. */
  nameTouched: boolean;
  errors: LocationErrors;
};

export function initialPickerState(location: Location | null, geocoderOn: boolean): PickerState {
  const text = location ? formatCoordinates(location.lat, location.lng) : '';
  return {
    draft: location
      ? { ...location }
      : { location_name: '', lat: null, lng: null, is_coordinates: !geocoderOn },
    tab: geocoderOn && !location?.is_coordinates ? 'address' : 'coordinates',
    coordinatesText: text,
    appliedText: text,
    inputError: null,
    nameTouched: !!location,
    errors: {},
  };
}

export type PickerAction =
  | { type: 'tab'; tab: PickerTab }
  | { type: 'name'; name: string }
  | { type: 'type_coordinates'; text: string }
  | { type: 'apply_coordinates'; text: string }
  | { type: 'pick_address'; result: GeocodeResult }
  | { type: 'map_click'; lat: number; lng: number }
  | { type: 'reverse_name'; lat: number; lng: number; name: string }
  | { type: 'errors'; errors: LocationErrors }
  | { type: 'replace'; state: PickerState };

export function pickerReducer(state: PickerState, action: PickerAction): PickerState {
  switch (action.type) {
    case 'tab':
      return { ...state, tab: action.tab };
    case 'name':
      return {
        ...state,
        draft: { ...state.draft, location_name: action.name },
        nameTouched: action.name.trim() !== '',
        errors: { ...state.errors, location_name: undefined },
      };
    case 'type_coordinates':
      return { ...state, coordinatesText: action.text };
    case 'apply_coordinates': {
      // 001 §4/§5: malformed coordinates are invalid_format and clear the location's position.
      const parsed = parseCoordinates(action.text);
      if (!parsed.ok) {
        return {
          ...state,
          appliedText: action.text,
          draft: { ...state.draft, lat: null, lng: null },
          inputError: parsed.error === 'invalid_format' ? 'invalid_format' : null,
        };
      }
      return {
        ...state,
        appliedText: action.text,
        draft: { ...state.draft, lat: parsed.lat, lng: parsed.lng, is_coordinates: true },
        inputError: null,
        errors: { ...state.errors, position: undefined },
      };
    }
    case 'pick_address': {
      const { result } = action;
      const text = formatCoordinates(result.lat, result.lng);
      return {
        ...state,
        draft: {
          location_name: state.nameTouched ? state.draft.location_name : result.location_name,
          lat: result.lat,
          lng: result.lng,
          is_coordinates: false,
        },
        coordinatesText: text,
        appliedText: text,
        inputError: null,
        errors: {},
      };
    }
    case 'map_click': {
      const lat = roundCoordinate(action.lat);
      const lng = roundCoordinate(action.lng);
      const text = formatCoordinates(lat, lng);
      return {
        ...state,
        draft: { ...state.draft, lat, lng, is_coordinates: true },
        coordinatesText: text,
        appliedText: text,
        inputError: null,
        errors: { ...state.errors, position: undefined },
      };
    }
    case 'reverse_name':
      // Only for the position it was asked for, and never over a name the person typed.
      if (state.nameTouched || state.draft.lat !== action.lat || state.draft.lng !== action.lng) return state;
      return {
        ...state,
        draft: { ...state.draft, location_name: action.name },
        errors: { ...state.errors, location_name: undefined },
      };
    case 'errors':
      return { ...state, errors: action.errors };
    case 'replace':
      return action.state;
  }
}

/**
 * The save: pending coordinates typing applied first, then 001 §5's required_field for the name
 * and the position. Answers the next state and the location when it is complete.
 */
export function submitPicker(state: PickerState): { state: PickerState; location: Location | null } {
  const applied =
    state.coordinatesText !== state.appliedText
      ? pickerReducer(state, { type: 'apply_coordinates', text: state.coordinatesText })
      : state;
  const result = validateLocationDraft(applied.draft);
  if (result.ok) return { state: { ...applied, errors: {} }, location: result.location };
  return { state: { ...applied, errors: result.errors }, location: null };
}
