import { CALENDAR_FEED_REFRESH_SECONDS, calendarFeedSpan, ISSUE_STATUS } from '@workbench/domain';
import ical, { ICalEventStatus } from 'ical-generator';
import type { FeedIssueRow } from './calendar-feed-queries.js';

/** Status names as the feed writes them (calendar apps have no translation of ours). */
const STATUS_NAMES: Record<number, string> = {
  0: 'Scheduled',
  1: 'Draft',
  2: 'To do',
  3: 'To do',
  4: 'Declined',
  5: 'Accepted',
  6: 'In progress',
  7: 'In review',
  8: 'Completed',
};

/**
 * How a calendar app should take an issue: still being decided (a scheduled preview, a draft, not
 * accepted yet) is tentative; declined is cancelled; the rest, completed included, takes place.
 */
function eventStatus(statusId: number): ICalEventStatus {
  if (statusId === ISSUE_STATUS.declined) return ICalEventStatus.CANCELLED;
  if (statusId <= ISSUE_STATUS.deciding) return ICalEventStatus.TENTATIVE;
  return ICalEventStatus.CONFIRMED;
}

/**
 * The iCalendar text (RFC 5545) of a feed's issues: one VEVENT per issue, whose UID (issue id and
 * the app's host) stays the same across reads, so calendar apps update events instead of adding
 * them. Shapes rows already read; never queries.
 */
export function feedCalendar(args: {
  appUrl: string;
  organisationName: string;
  issues: readonly FeedIssueRow[];
  now: Date;
}): string {
  const host = new URL(args.appUrl).hostname;
  const calendar = ical({
    name: `Workbench · ${args.organisationName}`,
    description: 'Your issues with dates',
    prodId: { company: 'Workbench', product: 'Calendar feed', language: 'EN' },
    ttl: CALENDAR_FEED_REFRESH_SECONDS,
  });
  for (const issue of args.issues) {
    const span = calendarFeedSpan(
      issue.start_date ? new Date(issue.start_date) : null,
      issue.due_date ? new Date(issue.due_date) : null,
    );
    if (!span) continue;
    const url = `${args.appUrl}/dashboard/issues/detail/${issue.id}`;
    const status = `${STATUS_NAMES[issue.status_id] ?? String(issue.status_id)}${issue.archived_at ? ' (archived)' : ''}`;
    calendar.createEvent({
      id: `issue-${issue.id}@${host}`,
      stamp: args.now,
      start: span.start,
      end: span.end,
      summary: issue.title,
      description: `Workspace: ${issue.workspace_name}\nStatus: ${status}\n\n${url}`,
      url,
      status: eventStatus(issue.status_id),
      created: new Date(issue.created_at),
      lastModified: new Date(issue.updated_at),
    });
  }
  return calendar.toString();
}
