import {
  type Notification,
  type NotificationState,
  notificationEvent,
  type UiLanguage,
} from '@workbench/domain';
import type { TFunction } from 'i18next';

/** The durations "Pause e-mails" offers, in hours (POST notification/pause takes hours, 1 to 168). */
export const PAUSE_CHOICES = [1, 4, 8, 24, 72, 168] as const;

export { bellLabel, unreadBadge } from './notification-state';

/**
 * The e-mail line of a notification (000 §3): pending, delivered, or not delivered for
 * temp_fail and permanent_fail; null when no e-mail goes out for it (in-app only, paused, off).
 */
export function emailStatusOf(
  n: Pick<Notification, 'channel' | 'email_status'>,
): 'pending' | 'delivered' | 'not_delivered' | null {
  if (n.channel === 'in_app' || !n.email_status) return null;
  if (n.email_status === 'pending') return 'pending';
  if (n.email_status === 'delivered') return 'delivered';
  return 'not_delivered';
}

/** Whether e-mails are paused now. */
export function isPaused(
  state: Pick<NotificationState, 'paused_until'> | undefined,
  now = Date.now(),
): boolean {
  return !!state?.paused_until && new Date(state.paused_until).getTime() > now;
}

/** Event types whose text depends on the decision in data (accepted / declined / approved). */
const DECIDED = new Set([
  'schedule_assignee_decision',
  'collaboration_answered',
  'equipment_request_decided',
  'location_answered',
]);

/**
 * The line a notification reads as in the bell and its toast, from
 * notifications.events.<event_type> with {{actor}} and {{title}} (and the status or date where
 * the event has one). A type this version does not know reads as a general "something changed".
 */
export function notificationText(
  t: TFunction,
  language: UiLanguage,
  n: Pick<Notification, 'event_type' | 'actor' | 'data'>,
): string {
  const known = !!notificationEvent(n.event_type);
  const values: Record<string, string> = {
    actor: n.actor?.full_name || t('notifications.someone'),
    title: n.data.title?.trim() || t('notifications.untitled'),
  };
  let context: string | undefined;
  if (n.event_type === 'issue_status_changed') {
    if (n.data.status_id != null) values.status = t(`issues.status.${n.data.status_id}`);
    else context = 'unknown';
  } else if (
    (n.event_type === 'regulatory_file_expiring' || n.event_type === 'lease_notice_due') &&
    n.data.due_date
  ) {
    values.date = calendarDate(n.data.due_date).toLocaleDateString(language);
    context = 'dated';
  } else if (DECIDED.has(n.event_type) && n.data.decision) {
    context = n.data.decision;
  }
  return t(known ? `notifications.events.${n.event_type}` : 'notifications.events.other', {
    ...values,
    context,
  });
}

/** A date as the calendar reads it: "2026-12-22" is that day wherever the reader is (not UTC midnight). */
function calendarDate(value: string): Date {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5 minutes ago", "yesterday", … in the reader's language; a date after a week. */
export function relativeTime(iso: string, language: string, now = Date.now()): string {
  const then = new Date(iso).getTime();
  const ago = Math.max(0, now - then);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  if (ago < MINUTE) return format.format(0, 'second');
  if (ago < HOUR) return format.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return format.format(-Math.floor(ago / HOUR), 'hour');
  if (ago < 7 * DAY) return format.format(-Math.floor(ago / DAY), 'day');
  return new Date(then).toLocaleDateString(language);
}

/** When a pause ends, as the pause line says it: the time today, else the date and time. */
export function pauseEnd(iso: string, language: string, now = Date.now()): string {
  const end = new Date(iso);
  const sameDay = end.toDateString() === new Date(now).toDateString();
  return sameDay
    ? end.toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit' })
    : end.toLocaleString(language, {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
      });
}
