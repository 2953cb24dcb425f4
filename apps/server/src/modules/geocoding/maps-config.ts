import { z } from 'zod';

/**
 * The location picker's providers (issue 22), from the environment. The spec names no service
 * (001 §7 "a maps service"), so both sides are configurable:
 * - GEOCODER_URL: a Nominatim- (GEOCODER_KIND=nominatim, the default) or Photon-compatible
 *   (GEOCODER_KIND=photon) service the server forwards address searches to. Unset: no address
 *   search; the coordinates tab and map clicks still work.
 * - MAP_TILE_URL: the map's {z}/{x}/{y} tile template, shown by the browser; `off` for no map.
 *   Default: OpenStreetMap's standard tiles, with their attribution.
 */
export type MapsConfig = {
  geocoder:
    | {
        kind: 'nominatim' | 'photon';
        /** The service's base address, without a trailing slash. */
        url: string;
        userAgent: string;
        /** Nominatim's `email` parameter (its usage policy asks for one with many requests). */
        email: string | undefined;
        timeoutMs: number;
        /** Least time between two requests to the service from this server (Nominatim: 1 s). */
        minIntervalMs: number;
      }
    | undefined;
  tiles: { url: string; attribution: string; maxZoom: number } | undefined;
};

export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const OSM_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noreferrer">OpenStreetMap</a> contributors';

const blankIsUnset = (v: unknown) => (v === '' ? undefined : v);
const optional = z.preprocess(blankIsUnset, z.string().optional());

/** The variables readConfig adds to its schema (apps/server/src/config.ts). */
export const ZMapsEnvShape = {
  GEOCODER_URL: optional.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  GEOCODER_KIND: z.preprocess(blankIsUnset, z.enum(['nominatim', 'photon']).default('nominatim')),
  GEOCODER_USER_AGENT: optional,
  GEOCODER_EMAIL: optional,
  GEOCODER_TIMEOUT_MS: z.preprocess(blankIsUnset, z.coerce.number().int().min(100).max(60_000).default(5000)),
  GEOCODER_MIN_INTERVAL_MS: z.preprocess(blankIsUnset, z.coerce.number().int().min(0).max(60_000).optional()),
  MAP_TILE_URL: optional.pipe(
    z
      .string()
      .refine(
        (v) => v === 'off' || (/^https?:\/\//.test(v) && ['{z}', '{x}', '{y}'].every((p) => v.includes(p))),
        'off, or an http(s) template with {z}, {x} and {y}',
      )
      .optional(),
  ),
  MAP_TILE_ATTRIBUTION: optional,
  MAP_TILE_MAX_ZOOM: z.preprocess(blankIsUnset, z.coerce.number().int().min(1).max(22).default(19)),
};

type MapsEnv = z.output<z.ZodObject<typeof ZMapsEnvShape>>;

export function mapsConfigOf(e: MapsEnv, appUrl: string): MapsConfig {
  const tileUrl = e.MAP_TILE_URL ?? OSM_TILE_URL;
  return {
    geocoder: e.GEOCODER_URL
      ? {
          kind: e.GEOCODER_KIND,
          url: e.GEOCODER_URL.replace(/\/+$/, ''),
          userAgent: e.GEOCODER_USER_AGENT ?? `Workbench/1.0 (+${appUrl})`,
          email: e.GEOCODER_EMAIL,
          timeoutMs: e.GEOCODER_TIMEOUT_MS,
          minIntervalMs: e.GEOCODER_MIN_INTERVAL_MS ?? (e.GEOCODER_KIND === 'nominatim' ? 1000 : 0),
        }
      : undefined,
    tiles:
      tileUrl === 'off'
        ? undefined
        : {
            url: tileUrl,
            attribution: e.MAP_TILE_ATTRIBUTION ?? (tileUrl === OSM_TILE_URL ? OSM_ATTRIBUTION : ''),
            maxZoom: e.MAP_TILE_MAX_ZOOM,
          },
  };
}

/**
 * The origin the browser loads tiles from, for the Content-Security-Policy's img-src: a
 * template's {s} subdomain becomes a wildcard (https://{s}.tile.example.org → https://*.tile.example.org).
 */
export function tileImageSource(tiles: MapsConfig['tiles']): string | undefined {
  if (!tiles) return undefined;
  const match = /^(https?:\/\/)([^/?#]+)/.exec(tiles.url);
  if (!match) return undefined;
  const host = (match[2] as string).replace(/\{s\}/g, '*').replace(/\{[^}]*\}/g, '*');
  return `${match[1]}${host}`;
}
