import { CALENDAR_FEED_CACHE_SECONDS, calendarFeedContracts as contracts } from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/contract-route.js';
import { pathOf } from '../issues/issue-route-common.js';
import {
  createCalendarFeed,
  getCalendarFeed,
  readCalendarFeed,
  removeCalendarFeed,
} from './calendar-feed-service.js';

/**
 * The private calendar feed (issue 17): the caller's own feed (read, make or replace, turn off),
 * and the feed itself, read by calendar apps by its secret address.
 */
export function calendarFeedRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, contracts.get, ({ auth }) => getCalendarFeed(ctx, auth));
  route(app, ctx, contracts.create, ({ auth, request, reply }) => {
    // The answer holds the secret address: no cache may keep it.
    reply.header('cache-control', 'no-store');
    return createCalendarFeed(ctx, auth, pathOf(request));
  });
  route(app, ctx, contracts.remove, ({ auth }) => removeCalendarFeed(ctx, auth));
  route(app, ctx, contracts.feed, async ({ params, reply }) => {
    const body = await readCalendarFeed(ctx, params.token);
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', 'inline; filename="workbench.ics"')
      .header('cache-control', `private, max-age=${CALENDAR_FEED_CACHE_SECONDS}`)
      .send(body);
  });
}
