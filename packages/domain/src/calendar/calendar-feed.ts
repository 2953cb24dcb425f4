import { z } from 'zod';

/**
 * The private calendar feed (issue 17, beyond the spec): one secret iCalendar (RFC 5545) address
 * per person and organisation, which Outlook, Google Calendar and phones subscribe to. It lists
 * the issues assigned to the person that they may see now, with dates, within these bounds.
 */

/** Open work is listed from this many days back (overdue work stays in sight)... */
export const CALENDAR_FEED_PAST_DAYS = 90;
/** ...completed or archived work only from this many days back. */
export const CALENDAR_FEED_DONE_PAST_DAYS = 30;
/** Work is listed up to this many days ahead. */
export const CALENDAR_FEED_FUTURE_DAYS = 365;
/** At most this many events: the ones nearest to now. */
export const CALENDAR_FEED_MAX_EVENTS = 2000;
/** How long a calendar (or a proxy of the person's) may keep an answer: Cache-Control max-age. */
export const CALENDAR_FEED_CACHE_SECONDS = 300;
/** How often a calendar app is asked to read the feed again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
export const CALENDAR_FEED_REFRESH_SECONDS = 900;
/** An issue with only one date is shown for this long (001 §4: an item with one date spans 1 hour). */
export const CALENDAR_FEED_SINGLE_DATE_MS = 3_600_000;
/** The feed's last use is written at most this often, so a polling calendar does not write each time. */
export const CALENDAR_FEED_USE_RECORD_MS = 60_000;

/**
 * When an issue takes place in the feed: from its start to its due date; with one date (or a due
 * date not after the start) one hour from that date; with none, it is not in the feed (null).
 */
export function calendarFeedSpan(
  startDate: Date | null,
  dueDate: Date | null,
): { start: Date; end: Date } | null {
  const first = startDate ?? dueDate;
  if (!first) return null;
  if (startDate && dueDate && dueDate.getTime() > startDate.getTime())
    return { start: startDate, end: dueDate };
  return { start: first, end: new Date(first.getTime() + CALENDAR_FEED_SINGLE_DATE_MS) };
}

/** The webcal:// form of a feed address, which calendar apps open as a subscription. */
export function webcalUrl(url: string): string {
  return url.replace(/^https?:\/\//i, 'webcal://');
}

/**
 * The person's feed. The address holds the secret, which is stored only as a hash: it is
 * answered once, when the feed is made (POST), and null afterwards (GET).
 */
export const ZCalendarFeedSchema = z
  .object({
    url: z.string().nullable().describe('The https address of the feed; only in the answer that made it'),
    webcal_url: z.string().nullable().describe('The same address as webcal://, for calendar apps'),
    created_at: z.string(),
    last_used_at: z.string().nullable().describe('When a calendar last read the feed (to the minute)'),
  })
  .meta({ id: 'CalendarFeed' });
export type CalendarFeed = z.infer<typeof ZCalendarFeedSchema>;

export const ZCalendarFeedResponseSchema = z.object({ feed: ZCalendarFeedSchema.nullable() });
export type CalendarFeedResponse = z.infer<typeof ZCalendarFeedResponseSchema>;

/** The feed's address: the secret, optionally ending in `.ics` (which some calendar apps want). */
export const ZCalendarFeedParamsSchema = z.object({ token: z.string().min(1).max(200) });
