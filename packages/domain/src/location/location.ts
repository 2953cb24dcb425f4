/**
 * The location picker (001 §2 "Location picker", §3 "Location", §4, §5 "Coordinates", §9; issue 22):
 * a place on an issue (when the organisation's include_issue_address is on), a workspace or an
 * equipment item. Zod-free, so the web's picker reads the same rules the server enforces.
 */

/** 001 §3: a location is a name and a position; is_coordinates: typed as coordinates, not an address. */
export type Location = {
  location_name: string;
  lat: number;
  lng: number;
  is_coordinates: boolean;
};

export const LATITUDE_MIN = -90;
export const LATITUDE_MAX = 90;
export const LONGITUDE_MIN = -180;
export const LONGITUDE_MAX = 180;
/** Longest location name (the product's one-line text fields). */
export const LOCATION_NAME_MAX = 255;
/** 001 §9: the address search waits 400 ms after typing, the coordinates field 500 ms. */
export const ADDRESS_DEBOUNCE_MS = 400;
export const COORDINATES_DEBOUNCE_MS = 500;
/** 001 §9: the map's default centre is Vienna. */
export const DEFAULT_MAP_CENTRE = { lat: 48.2082, lng: 16.3738 } as const;
export const DEFAULT_MAP_ZOOM = 12;
/** Zoom the map takes when it shows a chosen place. */
export const LOCATION_MAP_ZOOM = 16;
/** The geocoder's answers are at most this many suggestions. */
export const GEOCODE_RESULTS_MAX = 8;
/** Shortest address search sent to the geocoder (fewer letters give noise, and cost a request). */
export const GEOCODE_QUERY_MIN = 3;
export const GEOCODE_QUERY_MAX = 255;

export type CoordinatesResult =
  | { ok: true; lat: number; lng: number }
  | { ok: false; error: 'invalid_format' | 'required_field' };

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

export const isLatitude = (value: number) =>
  Number.isFinite(value) && value >= LATITUDE_MIN && value <= LATITUDE_MAX;
export const isLongitude = (value: number) =>
  Number.isFinite(value) && value >= LONGITUDE_MIN && value <= LONGITUDE_MAX;

/**
 * 001 §5 "Coordinates": two numbers separated by whitespace, latitude -90..90 then longitude
 * -180..180 ("48.2082 16.3738"); anything else is invalid_format, an empty text required_field.
 * A comma directly after the latitude ("48.2082, 16.3738", as maps copy it) is accepted with the
 * whitespace; a decimal comma is not (it would be ambiguous).
 */
export function parseCoordinates(text: string): CoordinatesResult {
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, error: 'required_field' };
  const parts = trimmed.split(/,?\s+/);
  if (parts.length !== 2) return { ok: false, error: 'invalid_format' };
  const [latText, lngText] = parts as [string, string];
  if (!NUMBER.test(latText) || !NUMBER.test(lngText)) return { ok: false, error: 'invalid_format' };
  const lat = Number(latText);
  const lng = Number(lngText);
  if (!isLatitude(lat) || !isLongitude(lng)) return { ok: false, error: 'invalid_format' };
  return { ok: true, lat, lng };
}

/** "48.208200 16.373800": the coordinates as the coordinates tab shows and parses them. */
export function formatCoordinates(lat: number, lng: number): string {
  return `${roundCoordinate(lat)} ${roundCoordinate(lng)}`;
}

/** Six decimals (about 10 cm): what a map click or a geocoder answer is kept to. */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

export type LocationDraft = {
  location_name: string;
  lat: number | null;
  lng: number | null;
  is_coordinates: boolean;
};

export type LocationErrors = { location_name?: 'required_field' | 'too_long'; position?: 'required_field' };

/**
 * 001 §5: the name and the coordinates (or a picked address, which carries them) are both
 * required (required_field). Answers the location to store, or the errors by field.
 */
export function validateLocationDraft(
  draft: LocationDraft,
): { ok: true; location: Location } | { ok: false; errors: LocationErrors } {
  const errors: LocationErrors = {};
  const name = draft.location_name.trim();
  if (!name) errors.location_name = 'required_field';
  else if (name.length > LOCATION_NAME_MAX) errors.location_name = 'too_long';
  const hasPosition =
    draft.lat !== null && draft.lng !== null && isLatitude(draft.lat) && isLongitude(draft.lng);
  if (!hasPosition) errors.position = 'required_field';
  if (errors.location_name || errors.position) return { ok: false, errors };
  return {
    ok: true,
    location: {
      location_name: name,
      lat: draft.lat as number,
      lng: draft.lng as number,
      is_coordinates: draft.is_coordinates,
    },
  };
}

/** An OpenStreetMap link to the place. */
export function locationMapLink(location: Pick<Location, 'lat' | 'lng'>): string {
  const lat = location.lat.toFixed(6);
  const lng = location.lng.toFixed(6);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=${LOCATION_MAP_ZOOM}/${lat}/${lng}`;
}

/** The four columns (0028) every table with a location carries. */
export type LocationColumns = {
  location_name: string | null;
  location_lat: number | null;
  location_lng: number | null;
  location_is_coordinates: boolean;
};

/** A row's location columns as the API's location (null: none). */
export function locationFromColumns(row: LocationColumns): Location | null {
  if (row.location_name === null || row.location_lat === null || row.location_lng === null) return null;
  return {
    location_name: row.location_name,
    lat: row.location_lat,
    lng: row.location_lng,
    is_coordinates: row.location_is_coordinates,
  };
}

/** The columns a write stores for a location (null clears it). */
export function locationToColumns(location: Location | null): LocationColumns {
  return location
    ? {
        location_name: location.location_name,
        location_lat: location.lat,
        location_lng: location.lng,
        location_is_coordinates: location.is_coordinates,
      }
    : { location_name: null, location_lat: null, location_lng: null, location_is_coordinates: false };
}

/** 001 §3 include_issue_address: the settings' display.address flag (000 §2 "display flags ... address"). */
export function isIssueAddressOn(settings: { display: { address: boolean } }): boolean {
  return settings.display.address;
}
