import { ZSuccessResponseSchema } from '../auth/auth.js';
import { defineContract } from '../contracts/contract.js';
import { ZCalendarFeedParamsSchema, ZCalendarFeedResponseSchema } from './calendar-feed.js';

const tags = ['Calendar feed'];

/**
 * The private calendar feed (issue 17): the caller manages their own feed of the organisation
 * they work in (there is nobody else's to name), and calendar apps read it by its secret address.
 */
export const calendarFeedContracts = {
  get: defineContract({
    method: 'GET',
    path: '/calendar/feed',
    caller: 'user',
    ids: {},
    response: ZCalendarFeedResponseSchema,
    tags,
    summary:
      "The caller's calendar feed in this organisation, or null; its address is not shown again (url null)",
  }),
  create: defineContract({
    method: 'POST',
    path: '/calendar/feed',
    caller: 'user',
    ids: {},
    response: ZCalendarFeedResponseSchema,
    status: 201,
    tags,
    summary: 'Make a new secret feed address (https and webcal://); an earlier address stops working at once',
  }),
  remove: defineContract({
    method: 'DELETE',
    path: '/calendar/feed',
    caller: 'user',
    ids: {},
    response: ZSuccessResponseSchema,
    tags,
    summary: "Turn the caller's feed off: its address stops working at once",
  }),
  feed: defineContract({
    method: 'GET',
    path: '/calendar/feed/:token',
    caller: 'public',
    // The secret address itself, not a tenant id: an unknown, replaced or revoked one is 404.
    ids: { token: 'token' },
    params: ZCalendarFeedParamsSchema,
    produces: ['text/calendar'],
    errorStatuses: [404],
    tags,
    summary:
      "The iCalendar (RFC 5545) of a person's assigned issues with dates that they may see now; the token may end in .ics",
    description:
      'Open work from 90 days back, completed or archived work from 30 days back, up to 365 days ahead, at most 2000 events nearest to now. An issue with one date lasts one hour. Cache-Control: private, max-age=300.',
  }),
};
