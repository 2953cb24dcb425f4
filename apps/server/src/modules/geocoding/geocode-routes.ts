import { geocodeContracts as contracts } from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/contract-route.js';
import { type Budget, requireBudget } from '../../http/rate-limit.js';
import { geocodeReverse, geocodeSearch, notConfigured } from './geocoder.js';

/**
 * Address searches per person: a person typing (400 ms debounce) and clicking the map stays far
 * below it; a script cannot spend the installation's share of the geocoder (the server also
 * spaces its requests to the service, GEOCODER_MIN_INTERVAL_MS).
 */
export const GEOCODE_BUDGET: Budget = { bucket: 'geocode', limit: 120, windowMs: 10 * 60_000 };

/** GET geocode/config, geocode/search and geocode/reverse (issue 22's location picker). */
export function geocodeRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Read on every request (plain data; tests set it per case).
  route(app, ctx, contracts.config, () => {
    const maps = ctx.config.maps;
    return {
      geocoder: maps.geocoder !== undefined,
      tiles: maps.tiles
        ? { url: maps.tiles.url, attribution: maps.tiles.attribution, max_zoom: maps.tiles.maxZoom }
        : null,
    };
  });
  route(app, ctx, contracts.search, async ({ auth, query }) => {
    const maps = ctx.config.maps;
    if (!maps.geocoder) throw notConfigured();
    await requireBudget(ctx.db, GEOCODE_BUDGET, String(auth.userId));
    return { data: await geocodeSearch(ctx.db, maps, query.q, query.language) };
  });
  route(app, ctx, contracts.reverse, async ({ auth, query }) => {
    const maps = ctx.config.maps;
    if (!maps.geocoder) throw notConfigured();
    await requireBudget(ctx.db, GEOCODE_BUDGET, String(auth.userId));
    return { data: await geocodeReverse(ctx.db, maps, query.lat, query.lng, query.language) };
  });
}
