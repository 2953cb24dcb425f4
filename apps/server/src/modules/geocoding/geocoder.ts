import {
  GEOCODE_RESULTS_MAX,
  type GeocodeResult,
  LATITUDE_MAX,
  LATITUDE_MIN,
  LONGITUDE_MAX,
  LONGITUDE_MIN,
  roundCoordinate,
} from '@workbench/domain';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { MapsConfig } from './maps-config.js';

type GeocoderConfig = NonNullable<MapsConfig['geocoder']>;

/** Answers kept for repeated searches (Nominatim's policy asks for caching), per server. */
const CACHE_MAX = 500;
const CACHE_TTL_MS = 60 * 60 * 1000;
/** A request waits at most this long for its turn (the one-a-second spacing) before it is refused. */
const QUEUE_MAX_WAIT_MS = 5000;
/** Photon answers in these languages only (others are refused by it with 400). */
const PHOTON_LANGUAGES = new Set(['en', 'de', 'fr', 'it']);

type CacheEntry = { at: number; results: GeocodeResult[] };

/**
 * One geocoder's answer cache on this server (the spacing of requests is in the database, see
 * takeTurn). Keyed by the config object, so test servers in one process do not share it.
 */
class GeocoderState {
  readonly cache = new Map<string, CacheEntry>();

  cached(key: string): GeocodeResult[] | undefined {
    const hit = this.cache.get(key);
    if (!hit) return undefined;
    if (Date.now() - hit.at > CACHE_TTL_MS) {
      this.cache.delete(key);
      return undefined;
    }
    // Most recently used last: the first key is the one to drop.
    this.cache.delete(key);
    this.cache.set(key, hit);
    return hit.results;
  }

  remember(key: string, results: GeocodeResult[]): void {
    this.cache.set(key, { at: Date.now(), results });
    while (this.cache.size > CACHE_MAX) {
      const oldest = this.cache.keys().next().value;
      if (oldest === undefined) break;
      this.cache.delete(oldest);
    }
  }
}

/**
 * Waits for this request's turn at the geocoder: requests are spaced by minIntervalMs across ALL
 * servers of the installation (Nominatim allows one a second from the installation, not from each
 * server), so the next free moment is one row of rate_limits, moved on atomically by each request.
 * Refused when the queue is longer than QUEUE_MAX_WAIT_MS.
 */
async function takeTurn(db: Kysely<Database>, config: GeocoderConfig): Promise<void> {
  if (config.minIntervalMs <= 0) return;
  const gap = config.minIntervalMs / 1000;
  const { rows } = await sql<{ wait_ms: number }>`
    INSERT INTO rate_limits AS r (bucket, key, window_start, hits)
      VALUES ('geocoder_spacing', ${config.url}, now() + make_interval(secs => ${gap}), 1)
    ON CONFLICT (bucket, key) DO UPDATE
      SET window_start = GREATEST(r.window_start, now()) + make_interval(secs => ${gap}), hits = r.hits + 1
      WHERE GREATEST(r.window_start, now()) <= now() + make_interval(secs => ${QUEUE_MAX_WAIT_MS / 1000})
    RETURNING (extract(epoch FROM r.window_start - make_interval(secs => ${gap}) - now()) * 1000)::float8 AS wait_ms`.execute(
    db,
  );
  const row = rows[0];
  if (!row) {
    throw new AppError(
      429,
      'too_many_requests',
      'The address search is busy. Try again in a moment.',
      undefined,
      {
        'retry-after': String(Math.ceil(QUEUE_MAX_WAIT_MS / 1000)),
      },
    );
  }
  if (row.wait_ms > 0) await new Promise((resolve) => setTimeout(resolve, row.wait_ms));
}

const states = new WeakMap<GeocoderConfig, GeocoderState>();
function stateOf(config: GeocoderConfig): GeocoderState {
  let state = states.get(config);
  if (!state) {
    state = new GeocoderState();
    states.set(config, state);
  }
  return state;
}

export const notConfigured = () =>
  new AppError(503, 'geocoder_not_configured', 'No address search is configured on this server');
const unavailable = (why: string) =>
  new AppError(503, 'geocoder_unavailable', `The address search did not answer: ${why}`);

async function fetchJson(config: GeocoderConfig, url: URL): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { 'user-agent': config.userAgent, accept: 'application/json' },
      signal: AbortSignal.timeout(config.timeoutMs),
      redirect: 'error',
    });
  } catch (err) {
    const name = (err as Error).name;
    throw unavailable(name === 'TimeoutError' ? 'timed out' : 'not reachable');
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw unavailable(`status ${response.status}`);
  }
  try {
    return await response.json();
  } catch {
    throw unavailable('not JSON');
  }
}

const asNumber = (value: unknown): number | null => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? n : null;
};

/** A result when its position is a real one and it has a name; else null (skipped). */
function resultOf(name: unknown, lat: unknown, lng: unknown): GeocodeResult | null {
  const la = asNumber(lat);
  const lo = asNumber(lng);
  if (typeof name !== 'string' || !name.trim() || la === null || lo === null) return null;
  if (la < LATITUDE_MIN || la > LATITUDE_MAX || lo < LONGITUDE_MIN || lo > LONGITUDE_MAX) return null;
  return { location_name: name.trim().slice(0, 255), lat: roundCoordinate(la), lng: roundCoordinate(lo) };
}

const present = <T>(list: Array<T | null>): T[] => list.filter((x): x is T => x !== null);

/** Nominatim's jsonv2: [{ display_name, lat, lon }] for search; one object (or { error }) for reverse. */
function fromNominatim(body: unknown): GeocodeResult[] {
  const list = Array.isArray(body)
    ? body
    : body && typeof body === 'object' && !('error' in body)
      ? [body]
      : [];
  return present(
    list.map((item) => {
      if (!item || typeof item !== 'object') return null;
      const place = item as Record<string, unknown>;
      return resultOf(place.display_name, place.lat, place.lon);
    }),
  );
}

/** Photon's GeoJSON: features with [lon, lat] and address parts named in properties. */
function fromPhoton(body: unknown): GeocodeResult[] {
  const features = (body as { features?: unknown } | null)?.features;
  if (!Array.isArray(features)) return [];
  return present(
    features.map((feature) => {
      const f = feature as {
        geometry?: { coordinates?: unknown };
        properties?: Record<string, unknown>;
      } | null;
      const coordinates = f?.geometry?.coordinates;
      if (!Array.isArray(coordinates)) return null;
      const p = f?.properties ?? {};
      const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
      const street = [text(p.street), text(p.housenumber)].filter(Boolean).join(' ') || null;
      const town =
        [text(p.postcode), text(p.city) ?? text(p.town) ?? text(p.village)].filter(Boolean).join(' ') || null;
      const parts = [text(p.name), street, town, text(p.country)].filter((x): x is string => !!x);
      const name = [...new Set(parts)].join(', ');
      return resultOf(name, coordinates[1], coordinates[0]);
    }),
  );
}

function requestUrl(
  config: GeocoderConfig,
  request:
    | { kind: 'search'; q: string; language?: string }
    | { kind: 'reverse'; lat: number; lng: number; language?: string },
): URL {
  const nominatim = config.kind === 'nominatim';
  const path = request.kind === 'search' ? (nominatim ? '/search' : '/api') : '/reverse';
  const url = new URL(`${config.url}${path}`);
  const p = url.searchParams;
  if (request.kind === 'search') {
    p.set('q', request.q);
    p.set('limit', String(GEOCODE_RESULTS_MAX));
  } else {
    p.set('lat', String(request.lat));
    p.set('lon', String(request.lng));
  }
  if (nominatim) {
    p.set('format', 'jsonv2');
    if (request.language) p.set('accept-language', request.language);
    if (config.email) p.set('email', config.email);
  } else if (request.language && PHOTON_LANGUAGES.has(request.language)) {
    p.set('lang', request.language);
  }
  return url;
}

/** Places matching an address, best first (at most GEOCODE_RESULTS_MAX). */
export async function geocodeSearch(
  db: Kysely<Database>,
  maps: MapsConfig,
  q: string,
  language: string | undefined,
): Promise<GeocodeResult[]> {
  const config = maps.geocoder;
  if (!config) throw notConfigured();
  return lookUp(db, config, `s|${language ?? ''}|${q.toLowerCase()}`, { kind: 'search', q, language });
}

/** The address at a position (at most one). */
export async function geocodeReverse(
  db: Kysely<Database>,
  maps: MapsConfig,
  lat: number,
  lng: number,
  language: string | undefined,
): Promise<GeocodeResult[]> {
  const config = maps.geocoder;
  if (!config) throw notConfigured();
  // About 1 m: a click a hair beside the last one asks again only when it names another place.
  const la = Math.round(lat * 1e5) / 1e5;
  const lo = Math.round(lng * 1e5) / 1e5;
  const results = await lookUp(db, config, `r|${language ?? ''}|${la}|${lo}`, {
    kind: 'reverse',
    lat: la,
    lng: lo,
    language,
  });
  return results.slice(0, 1);
}

async function lookUp(
  db: Kysely<Database>,
  config: GeocoderConfig,
  key: string,
  request: Parameters<typeof requestUrl>[1],
): Promise<GeocodeResult[]> {
  const state = stateOf(config);
  const hit = state.cached(key);
  if (hit) return hit;
  await takeTurn(db, config);
  const body = await fetchJson(config, requestUrl(config, request));
  const results = (config.kind === 'nominatim' ? fromNominatim(body) : fromPhoton(body)).slice(
    0,
    GEOCODE_RESULTS_MAX,
  );
  state.remember(key, results);
  return results;
}
