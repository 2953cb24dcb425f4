import { defineContract } from '../contracts/contract.js';
import {
  ZGeocodeResponseSchema,
  ZGeocodeReverseQuerySchema,
  ZGeocodeSearchQuerySchema,
  ZMapsConfigSchema,
} from './location-schemas.js';

const tags = ['Location'];

/**
 * The location picker's geocoder proxy and map settings (issue 22; the spec names no service:
 * 001 §7 "Places autocomplete and geocoding go to a maps service"). The server forwards to the
 * Nominatim- or Photon-compatible service its environment names, so browsers never talk to it
 * and its usage policy (one request a second, a User-Agent, caching) is kept in one place.
 */
export const geocodeContracts = {
  config: defineContract({
    method: 'GET',
    path: '/geocode/config',
    caller: 'user',
    ids: {},
    response: ZMapsConfigSchema,
    tags,
    summary: 'Whether an address search is configured, and the map tiles to show',
  }),
  search: defineContract({
    method: 'GET',
    path: '/geocode/search',
    caller: 'user',
    ids: {},
    query: ZGeocodeSearchQuerySchema,
    response: ZGeocodeResponseSchema,
    errors: ['geocoder_not_configured', 'geocoder_unavailable', 'too_many_requests'],
    errorStatuses: [429, 503],
    tags,
    summary: 'Places matching an address (at most 8, best first), from the configured geocoder',
  }),
  reverse: defineContract({
    method: 'GET',
    path: '/geocode/reverse',
    caller: 'user',
    ids: {},
    query: ZGeocodeReverseQuerySchema,
    response: ZGeocodeResponseSchema,
    errors: ['geocoder_not_configured', 'geocoder_unavailable', 'too_many_requests'],
    errorStatuses: [429, 503],
    tags,
    summary: 'The address at a position (at most one), from the configured geocoder',
  }),
};
