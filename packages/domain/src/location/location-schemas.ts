import { z } from 'zod';
import { UI_LANGUAGES } from '../i18n/languages.js';
import {
  GEOCODE_QUERY_MAX,
  GEOCODE_QUERY_MIN,
  LATITUDE_MAX,
  LATITUDE_MIN,
  LOCATION_NAME_MAX,
  LONGITUDE_MAX,
  LONGITUDE_MIN,
} from './location.js';

// The calls' shapes, apart from the rules (location.ts), so the web's picker does not bundle zod.

const ZLatitude = z
  .number('invalid_format')
  .min(LATITUDE_MIN, 'invalid_format')
  .max(LATITUDE_MAX, 'invalid_format');
const ZLongitude = z
  .number('invalid_format')
  .min(LONGITUDE_MIN, 'invalid_format')
  .max(LONGITUDE_MAX, 'invalid_format');

/** 001 §3 "Location" as answers carry it. */
export const ZLocationSchema = z
  .object({
    location_name: z.string(),
    lat: z.number(),
    lng: z.number(),
    is_coordinates: z.boolean(),
  })
  .meta({ id: 'Location' });

/**
 * A location as a write sends it: the name and both coordinates are required (001 §5
 * required_field), the coordinates in range (invalid_format); null clears the location.
 */
export const ZLocationInputSchema = z
  .object({
    location_name: z
      .string('required_field')
      .trim()
      .min(1, 'required_field')
      .max(LOCATION_NAME_MAX, 'too_long'),
    lat: z.number('required_field').pipe(ZLatitude),
    lng: z.number('required_field').pipe(ZLongitude),
    is_coordinates: z.boolean('invalid_format').default(false),
  })
  .nullable();
export type LocationInput = z.input<typeof ZLocationInputSchema>;

/** GET geocode/search: an address search (the picker's address tab). */
export const ZGeocodeSearchQuerySchema = z.object({
  q: z.string('required_field').trim().min(GEOCODE_QUERY_MIN, 'too_short').max(GEOCODE_QUERY_MAX, 'too_long'),
  language: z.enum(UI_LANGUAGES, 'unsupported_language').optional(),
});

/** GET geocode/reverse: the address of a position (a map click names the place). */
export const ZGeocodeReverseQuerySchema = z.object({
  lat: z.coerce.number('invalid_format').pipe(ZLatitude),
  lng: z.coerce.number('invalid_format').pipe(ZLongitude),
  language: z.enum(UI_LANGUAGES, 'unsupported_language').optional(),
});

export const ZGeocodeResultSchema = z
  .object({ location_name: z.string(), lat: z.number(), lng: z.number() })
  .meta({ id: 'GeocodeResult' });
export type GeocodeResult = z.infer<typeof ZGeocodeResultSchema>;

/** Best match first; empty when nothing matched (reverse: at most one). */
export const ZGeocodeResponseSchema = z
  .object({ data: z.array(ZGeocodeResultSchema) })
  .meta({ id: 'GeocodeResponse' });
export type GeocodeResponse = z.infer<typeof ZGeocodeResponseSchema>;

/** GET geocode/config: what the picker may offer on this installation. */
export const ZMapsConfigSchema = z
  .object({
    /** An address search is configured (GEOCODER_URL); off: the address tab says so. */
    geocoder: z.boolean(),
    /** The map's tiles ({z}/{x}/{y} template) and their attribution (HTML); null: no map. */
    tiles: z.object({ url: z.string(), attribution: z.string(), max_zoom: z.number().int() }).nullable(),
  })
  .meta({ id: 'MapsConfig' });
export type MapsConfig = z.infer<typeof ZMapsConfigSchema>;
