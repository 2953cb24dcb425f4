import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.js';
import type { MapsConfig } from '../src/modules/geocoding/maps-config.js';
import { OSM_ATTRIBUTION, OSM_TILE_URL, tileImageSource } from '../src/modules/geocoding/maps-config.js';
import { createTeam, login } from './helpers/factories.js';
import { API } from './helpers/issues-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// The geocoder proxy of the location picker (issue 22): GET geocode/search and geocode/reverse
// forward to a Nominatim- or Photon-compatible service. The service here is a small HTTP server
// started by the test that answers in those services' JSON; our own code runs as it is.

type Seen = { path: string; query: URLSearchParams; userAgent: string | undefined; at: number };
const seen: Seen[] = [];

const NOMINATIM_PLACES = [
  {
    place_id: 1,
    lat: '48.2084940',
    lon: '16.3731182',
    display_name: 'Stephansplatz, Innere Stadt, Wien, 1010, Österreich',
  },
  { place_id: 2, lat: 'not a number', lon: '16.3', display_name: 'Broken' },
  { place_id: 3, lat: '48.2', lon: '16.37', display_name: '' },
  { place_id: 4, lat: '48.1986', lon: '16.3695', display_name: 'Karlsplatz, Wieden, Wien, Österreich' },
];

const PHOTON_FEATURES = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [16.3731182, 48.208494] },
      properties: {
        name: 'Stephansdom',
        street: 'Stephansplatz',
        housenumber: '3',
        postcode: '1010',
        city: 'Wien',
        country: 'Österreich',
      },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [200, 48] },
      properties: { name: 'Off the map' },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [16.36, 48.21] },
      properties: { street: 'Ring', city: 'Wien' },
    },
  ],
};

function answer(req: IncomingMessage): { status: number; body: string; delayMs?: number } {
  const url = new URL(req.url ?? '/', 'http://fake');
  seen.push({
    path: url.pathname,
    query: url.searchParams,
    userAgent: req.headers['user-agent'],
    at: Date.now(),
  });
  const q = url.searchParams.get('q') ?? '';
  if (q.startsWith('slow')) return { status: 200, body: '[]', delayMs: 2000 };
  if (q.startsWith('broken')) return { status: 500, body: 'upstream trouble' };
  if (q.startsWith('junk')) return { status: 200, body: '<html>not json</html>' };
  switch (url.pathname) {
    case '/nominatim/search':
      return { status: 200, body: JSON.stringify(q.startsWith('nothing') ? [] : NOMINATIM_PLACES) };
    case '/nominatim/reverse':
      return {
        status: 200,
        body: JSON.stringify(
          url.searchParams.get('lat') === '0'
            ? { error: 'Unable to geocode' }
            : {
                lat: url.searchParams.get('lat'),
                lon: url.searchParams.get('lon'),
                display_name: 'Graben 1, Wien',
              },
        ),
      };
    case '/photon/api':
    case '/photon/reverse':
      return { status: 200, body: JSON.stringify(PHOTON_FEATURES) };
    default:
      return { status: 404, body: '{}' };
  }
}

let fake: Server;
let fakeUrl = '';
let server: TestServer;
let token = '';
let userId = 0;

/**
 * The one test server's providers for a test: its config is plain data read on every request,
 * so each test sets the geocoder it speaks to (a new object: a fresh cache; the spacing is kept
 * in the database, per geocoder address).
 */
function useGeocoder(
  geocoder: Partial<NonNullable<MapsConfig['geocoder']>> | undefined,
  on: TestServer = server,
) {
  on.ctx.config.maps = {
    ...on.ctx.config.maps,
    geocoder: geocoder
      ? {
          kind: 'nominatim',
          url: `${fakeUrl}/nominatim`,
          userAgent: 'WorkbenchTest/1.0 (+http://app.test)',
          email: undefined,
          timeoutMs: 1000,
          minIntervalMs: 0,
          ...geocoder,
        }
      : undefined,
  };
}

const get = (path: string, query: Record<string, string> = {}, withToken = true) =>
  server.call('GET', `${API}/${path}?${new URLSearchParams(query)}`, withToken ? { token } : {});

beforeAll(async () => {
  fake = createServer((req, res) => {
    const { status, body, delayMs } = answer(req);
    const send = () => {
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': body.startsWith('<') ? 'text/html' : 'application/json' });
      res.end(body);
    };
    if (delayMs) setTimeout(send, delayMs);
    else send();
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  server = await startTestServer({
    maps: { geocoder: undefined, tiles: { url: OSM_TILE_URL, attribution: 'OSM', maxZoom: 19 } },
  });
  const team = await createTeam(server.db);
  token = await login(server, team.member);
  userId = team.member.id;
});
afterAll(async () => {
  await server?.close();
  fake.closeAllConnections();
  await new Promise((resolve) => fake.close(resolve));
});

describe('without a geocoder', () => {
  it('says so in geocode/config and answers geocoder_not_configured; the map tiles are still offered', async () => {
    useGeocoder(undefined);
    const config = await get('geocode/config');
    expect(config.status).toBe(200);
    expect(config.body).toEqual({
      geocoder: false,
      tiles: { url: OSM_TILE_URL, attribution: 'OSM', max_zoom: 19 },
    });
    for (const [path, query] of [
      ['geocode/search', { q: 'Stephansplatz' }],
      ['geocode/reverse', { lat: '48.2', lng: '16.37' }],
    ] as const) {
      const res = await get(path, query);
      expect(res.status).toBe(503);
      expect(res.body.error).toBe('geocoder_not_configured');
    }
    // Signed-in people only.
    expect((await get('geocode/config', {}, false)).status).toBe(401);
    expect((await get('geocode/search', { q: 'Stephansplatz' }, false)).status).toBe(401);
  });

  it('the Content-Security-Policy lets images come from the tile host', async () => {
    const csp = (await get('geocode/config')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("img-src 'self' data: blob: https://tile.openstreetmap.org;");
    expect(
      tileImageSource({ url: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png', attribution: '', maxZoom: 18 }),
    ).toBe('https://*.tiles.example.org');
    expect(
      tileImageSource({ url: 'http://127.0.0.1:8080/tiles/{z}/{x}/{y}.png', attribution: '', maxZoom: 18 }),
    ).toBe('http://127.0.0.1:8080');
    expect(tileImageSource(undefined)).toBeUndefined();
  });
});

describe('MAP_TILE_URL and GEOCODER_* in the environment', () => {
  it('default to OpenStreetMap tiles and no geocoder; off turns the map off', () => {
    const base = { APP_URL: 'https://work.example.org' };
    expect(readConfig(base).maps).toEqual({
      geocoder: undefined,
      tiles: { url: OSM_TILE_URL, attribution: OSM_ATTRIBUTION, maxZoom: 19 },
    });
    expect(readConfig({ ...base, MAP_TILE_URL: 'off' }).maps.tiles).toBeUndefined();
    expect(readConfig({ ...base, GEOCODER_URL: 'https://nominatim.example.org/' }).maps.geocoder).toEqual({
      kind: 'nominatim',
      url: 'https://nominatim.example.org',
      userAgent: 'Workbench/1.0 (+https://work.example.org)',
      email: undefined,
      timeoutMs: 5000,
      minIntervalMs: 1000,
    });
    expect(
      readConfig({ ...base, GEOCODER_URL: 'https://photon.example.org', GEOCODER_KIND: 'photon' }).maps
        .geocoder?.minIntervalMs,
    ).toBe(0);
    expect(() => readConfig({ ...base, MAP_TILE_URL: 'https://tiles.example.org/tile.png' })).toThrow(
      /MAP_TILE_URL/,
    );
    expect(() => readConfig({ ...base, GEOCODER_KIND: 'google' })).toThrow(/GEOCODER_KIND/);
  });
});

describe('a Nominatim-compatible geocoder', () => {
  it('forwards the search with the language, User-Agent and e-mail, and answers the places normalised', async () => {
    useGeocoder({ email: 'ops@example.test' });
    seen.length = 0;
    const res = await get('geocode/search', { q: '  Stephansplatz Wien ', language: 'de' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [
        {
          location_name: 'Stephansplatz, Innere Stadt, Wien, 1010, Österreich',
          lat: 48.208494,
          lng: 16.373118,
        },
        { location_name: 'Karlsplatz, Wieden, Wien, Österreich', lat: 48.1986, lng: 16.3695 },
      ],
    });
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request?.path).toBe('/nominatim/search');
    expect(Object.fromEntries(request?.query ?? [])).toEqual({
      q: 'Stephansplatz Wien',
      limit: '8',
      format: 'jsonv2',
      'accept-language': 'de',
      email: 'ops@example.test',
    });
    expect(request?.userAgent).toBe('WorkbenchTest/1.0 (+http://app.test)');

    // The same search again is answered from the cache (Nominatim's policy asks for caching).
    expect((await get('geocode/search', { q: 'stephansplatz wien', language: 'de' })).body.data).toHaveLength(
      2,
    );
    expect(seen).toHaveLength(1);
    expect((await get('geocode/search', { q: 'nothing here' })).body).toEqual({ data: [] });
  });

  it('reverse geocodes a position to one place, or none', async () => {
    useGeocoder({});
    seen.length = 0;
    const res = await get('geocode/reverse', { lat: '48.2087', lng: '16.3695', language: 'en' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [{ location_name: 'Graben 1, Wien', lat: 48.2087, lng: 16.3695 }] });
    expect(seen[0]?.path).toBe('/nominatim/reverse');
    expect(Object.fromEntries(seen[0]?.query ?? [])).toMatchObject({
      lat: '48.2087',
      lon: '16.3695',
      'accept-language': 'en',
    });
    expect((await get('geocode/reverse', { lat: '0', lng: '0' })).body).toEqual({ data: [] });
  });

  it('a failing, slow or garbled service answers geocoder_unavailable', async () => {
    useGeocoder({ timeoutMs: 300 });
    for (const q of ['broken street', 'slow street', 'junk street']) {
      const res = await get('geocode/search', { q });
      expect(res.status, q).toBe(503);
      expect(res.body.error, q).toBe('geocoder_unavailable');
    }
    useGeocoder({ url: 'http://127.0.0.1:9/nominatim' });
    const res = await get('geocode/search', { q: 'anything' });
    expect(res.status).toBe(503);
    expect(res.body.error).toBe('geocoder_unavailable');
  });

  it('refuses bad input before asking the service', async () => {
    useGeocoder({});
    seen.length = 0;
    const short = await get('geocode/search', { q: 'ab' });
    expect(short.status).toBe(422);
    expect(short.body.fields.q).toBe('too_short');
    expect((await get('geocode/search', { q: 'Ring', language: 'xx' })).status).toBe(422);
    const far = await get('geocode/reverse', { lat: '95', lng: '16' });
    expect(far.status).toBe(422);
    expect(far.body.fields.lat).toBe('invalid_format');
    expect((await get('geocode/reverse', { lat: '48', lng: 'east' })).body.fields.lng).toBe('invalid_format');
    expect(seen).toHaveLength(0);
  });

  it('spaces its requests to the service (Nominatim: one a second) and limits each person', async () => {
    useGeocoder({ minIntervalMs: 250 });
    seen.length = 0;
    await Promise.all([
      get('geocode/search', { q: 'first street' }),
      get('geocode/search', { q: 'second street' }),
    ]);
    expect(seen).toHaveLength(2);
    expect(Math.abs((seen[1]?.at ?? 0) - (seen[0]?.at ?? 0))).toBeGreaterThanOrEqual(150);
    // 120 searches in ten minutes per person (cached answers count too): the next one is refused.
    await server.db
      .insertInto('rate_limits')
      .values({ bucket: 'geocode', key: String(userId), window_start: new Date(), hits: 120 })
      .onConflict((oc) => oc.columns(['bucket', 'key']).doUpdateSet({ hits: 120 }))
      .execute();
    const refused = await get('geocode/search', { q: 'first street' });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('too_many_requests');
    expect(refused.headers.get('retry-after')).toBeTruthy();
    await server.db.deleteFrom('rate_limits').where('bucket', '=', 'geocode').execute();
  });
});

describe('a Photon-compatible geocoder', () => {
  it('reads GeoJSON features, names them from their address parts and passes only languages Photon knows', async () => {
    useGeocoder({ kind: 'photon', url: `${fakeUrl}/photon` });
    seen.length = 0;
    const res = await get('geocode/search', { q: 'Stephansdom', language: 'de' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [
        {
          location_name: 'Stephansdom, Stephansplatz 3, 1010 Wien, Österreich',
          lat: 48.208494,
          lng: 16.373118,
        },
        { location_name: 'Ring, Wien', lat: 48.21, lng: 16.36 },
      ],
    });
    expect(seen[0]?.path).toBe('/photon/api');
    expect(Object.fromEntries(seen[0]?.query ?? [])).toEqual({ q: 'Stephansdom', limit: '8', lang: 'de' });
    await get('geocode/search', { q: 'Stephansdom', language: 'pl' });
    expect(seen[1]?.query.get('lang')).toBeNull();
    const reverse = await get('geocode/reverse', { lat: '48.2085', lng: '16.3731' });
    expect(reverse.body.data).toHaveLength(1);
    expect(seen[2]?.path).toBe('/photon/reverse');
    expect(Object.fromEntries(seen[2]?.query ?? [])).toEqual({ lat: '48.2085', lon: '16.3731' });
  });
});

// Nominatim allows one request a second from the installation, not from each of its servers.
describe.skipIf(!process.env.DATABASE_URL)('two servers on one PostgreSQL', () => {
  let other: TestServer;
  beforeAll(async () => {
    other = await startTestServer({}, { sameDatabaseAs: server });
  });
  afterAll(async () => {
    await other?.close();
  });

  it('space their requests to the geocoder together', async () => {
    const geocoder = { minIntervalMs: 250 };
    useGeocoder(geocoder);
    useGeocoder(geocoder, other);
    seen.length = 0;
    const onOther = (q: string) =>
      other.call('GET', `${API}/geocode/search?${new URLSearchParams({ q })}`, { token });
    const answers = await Promise.all([
      get('geocode/search', { q: 'first street' }),
      onOther('second street'),
      get('geocode/search', { q: 'third street' }),
      onOther('fourth street'),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const times = seen.map((s) => s.at).sort((a, b) => a - b);
    expect(times).toHaveLength(4);
    for (let i = 1; i < times.length; i++) {
      expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBeGreaterThanOrEqual(200);
    }
  });
});
