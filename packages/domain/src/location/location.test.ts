import { describe, expect, it } from 'vitest';
import {
  formatCoordinates,
  isIssueAddressOn,
  locationFromColumns,
  locationMapLink,
  locationToColumns,
  parseCoordinates,
  validateLocationDraft,
} from './location.js';
import {
  ZGeocodeReverseQuerySchema,
  ZGeocodeSearchQuerySchema,
  ZLocationInputSchema,
} from './location-schemas.js';

describe('parseCoordinates (001 §5 Coordinates)', () => {
  it.each([
    ['48.2082 16.3738', 48.2082, 16.3738],
    ['  -33.8688   151.2093 ', -33.8688, 151.2093],
    ['48.2082\t16.3738', 48.2082, 16.3738],
    ['48.2082, 16.3738', 48.2082, 16.3738],
    ['90 180', 90, 180],
    ['-90 -180', -90, -180],
    ['0 0', 0, 0],
    ['+1.5 .5', 1.5, 0.5],
  ])('reads %j', (text, lat, lng) => {
    expect(parseCoordinates(text)).toEqual({ ok: true, lat, lng });
  });

  it.each([
    '48.2082',
    '48.2082,16.3738',
    '48,2082 16,3738',
    '90.0001 0',
    '-90.5 0',
    '0 180.1',
    '0 -181',
    'abc def',
    '1 2 3',
    '1e2 3',
    'NaN 0',
    'Infinity 0',
    '0x10 5',
  ])('refuses %j as invalid_format', (text) => {
    expect(parseCoordinates(text)).toEqual({ ok: false, error: 'invalid_format' });
  });

  it('an empty text is required_field', () => {
    expect(parseCoordinates('')).toEqual({ ok: false, error: 'required_field' });
    expect(parseCoordinates('   ')).toEqual({ ok: false, error: 'required_field' });
  });

  it('formats what it parses', () => {
    const text = formatCoordinates(48.20823456789, 16.3738);
    expect(text).toBe('48.208235 16.3738');
    expect(parseCoordinates(text)).toEqual({ ok: true, lat: 48.208235, lng: 16.3738 });
  });
});

describe('validateLocationDraft (001 §5 required_field)', () => {
  it('needs a name and a position', () => {
    expect(validateLocationDraft({ location_name: ' ', lat: null, lng: null, is_coordinates: true })).toEqual(
      {
        ok: false,
        errors: { location_name: 'required_field', position: 'required_field' },
      },
    );
    expect(
      validateLocationDraft({ location_name: 'Hall', lat: 48, lng: null, is_coordinates: true }),
    ).toEqual({
      ok: false,
      errors: { position: 'required_field' },
    });
    expect(
      validateLocationDraft({ location_name: 'x'.repeat(256), lat: 1, lng: 2, is_coordinates: false }),
    ).toEqual({ ok: false, errors: { location_name: 'too_long' } });
  });

  it('answers the trimmed location', () => {
    expect(
      validateLocationDraft({ location_name: ' Hall 2 ', lat: 48, lng: 16, is_coordinates: true }),
    ).toEqual({
      ok: true,
      location: { location_name: 'Hall 2', lat: 48, lng: 16, is_coordinates: true },
    });
  });
});

describe('columns and links', () => {
  it('round-trips through the columns', () => {
    const location = { location_name: 'Stephansplatz', lat: 48.2085, lng: 16.3731, is_coordinates: false };
    expect(locationFromColumns(locationToColumns(location))).toEqual(location);
    expect(locationFromColumns(locationToColumns(null))).toBeNull();
  });

  it('links to OpenStreetMap', () => {
    expect(locationMapLink({ lat: 48.2082, lng: 16.3738 })).toBe(
      'https://www.openstreetmap.org/?mlat=48.208200&mlon=16.373800#map=16/48.208200/16.373800',
    );
  });

  it('include_issue_address is the display.address flag', () => {
    expect(isIssueAddressOn({ display: { address: true } })).toBe(true);
    expect(isIssueAddressOn({ display: { address: false } })).toBe(false);
  });
});

describe('schemas', () => {
  const keyOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
    result.error?.issues[0]?.message;

  it('a location input needs a name and both coordinates in range', () => {
    expect(ZLocationInputSchema.parse(null)).toBeNull();
    expect(ZLocationInputSchema.parse({ location_name: ' A ', lat: 1, lng: 2 })).toEqual({
      location_name: 'A',
      lat: 1,
      lng: 2,
      is_coordinates: false,
    });
    expect(keyOf(ZLocationInputSchema.safeParse({ location_name: '', lat: 1, lng: 2 }))).toBe(
      'required_field',
    );
    expect(keyOf(ZLocationInputSchema.safeParse({ location_name: 'A', lng: 2 }))).toBe('required_field');
    expect(keyOf(ZLocationInputSchema.safeParse({ location_name: 'A', lat: 91, lng: 2 }))).toBe(
      'invalid_format',
    );
    expect(keyOf(ZLocationInputSchema.safeParse({ location_name: 'A', lat: 1, lng: -181 }))).toBe(
      'invalid_format',
    );
  });

  it('geocode queries', () => {
    expect(keyOf(ZGeocodeSearchQuerySchema.safeParse({ q: 'ab' }))).toBe('too_short');
    expect(ZGeocodeSearchQuerySchema.parse({ q: ' Ring 1 ', language: 'de' })).toEqual({
      q: 'Ring 1',
      language: 'de',
    });
    expect(ZGeocodeReverseQuerySchema.parse({ lat: '48.2', lng: '16.3' })).toEqual({ lat: 48.2, lng: 16.3 });
    expect(keyOf(ZGeocodeReverseQuerySchema.safeParse({ lat: '95', lng: '16.3' }))).toBe('invalid_format');
  });
});
