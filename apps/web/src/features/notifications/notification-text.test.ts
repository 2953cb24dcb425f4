import { NOTIFICATION_EVENT_TYPES, type Notification } from '@workbench/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, setupI18n } from '../../i18n';
import {
  bellLabel,
  emailStatusOf,
  isPaused,
  notificationText,
  PAUSE_CHOICES,
  relativeTime,
  unreadBadge,
} from './notification-text';

beforeAll(async () => {
  await setupI18n('en');
});

const anna = { id: 4, full_name: 'Anna Member', profile_image: null };
const base: Pick<Notification, 'event_type' | 'actor' | 'data'> = {
  event_type: 'issue_assigned',
  actor: anna,
  data: { title: 'Fix the kitchen extractor fan', workspace_name: 'Building A' },
};
const text = (n: Partial<typeof base>) => notificationText(i18n.t, 'en', { ...base, ...n });

describe('the line a notification reads as', () => {
  it('names who did what to which entity', () => {
    expect(text({})).toBe('Anna Member assigned you “Fix the kitchen extractor fan”');
    expect(text({ event_type: 'issue_commented' })).toBe(
      'Anna Member commented on “Fix the kitchen extractor fan”',
    );
  });

  it('says the new status of a status change, in words', () => {
    expect(text({ event_type: 'issue_status_changed', data: { title: 'Lobby light', status_id: 8 } })).toBe(
      'Anna Member set “Lobby light” to Completed',
    );
    expect(text({ event_type: 'issue_status_changed', data: { title: 'Lobby light' } })).toBe(
      'Anna Member changed the status of “Lobby light”',
    );
  });

  it('reads the decision of decided events', () => {
    expect(
      text({
        event_type: 'schedule_assignee_decision',
        data: { title: 'Weekly check', decision: 'declined' },
      }),
    ).toBe('Anna Member declined the schedule “Weekly check”');
    expect(
      text({ event_type: 'equipment_request_decided', data: { title: 'Drill 3', decision: 'approved' } }),
    ).toBe('Your request for Drill 3 was approved');
    expect(text({ event_type: 'collaboration_answered', data: { title: 'Sparkle Cleaning' } })).toBe(
      'Sparkle Cleaning answered your collaboration invitation',
    );
  });

  it('falls back to "Someone" without an actor and to "(untitled)" without a title', () => {
    expect(text({ actor: null, data: { title: '  ' } })).toBe('Someone assigned you “(untitled)”');
    expect(text({ event_type: 'issue_due_today', actor: null })).toBe(
      '“Fix the kitchen extractor fan” is due today',
    );
  });

  it('has a text for every event type of the table, and a general one for a type it does not know', () => {
    for (const type of NOTIFICATION_EVENT_TYPES) {
      expect(i18n.exists(`notifications.events.${type}`), type).toBe(true);
      expect(i18n.exists(`notifications.preferences.events.${type}`), type).toBe(true);
    }
    expect(text({ event_type: 'something_new' })).toBe('Anna Member changed “Fix the kitchen extractor fan”');
  });

  it('reads in the reader’s language', async () => {
    await i18n.changeLanguage('de');
    try {
      expect(notificationText(i18n.t, 'de', base)).toBe(
        'Anna Member hat Ihnen „Fix the kitchen extractor fan“ zugewiesen',
      );
      expect(
        notificationText(i18n.t, 'de', {
          ...base,
          event_type: 'issue_status_changed',
          data: { title: 'X', status_id: 7 },
        }),
      ).toBe('Anna Member hat „X“ auf In Prüfung gesetzt');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('the e-mail status of a notification (000 §3)', () => {
  it('shows pending and delivered as they are, temp_fail and permanent_fail as not delivered', () => {
    expect(emailStatusOf({ channel: 'email', email_status: 'pending' })).toBe('pending');
    expect(emailStatusOf({ channel: 'email', email_status: 'delivered' })).toBe('delivered');
    expect(emailStatusOf({ channel: 'email', email_status: 'temp_fail' })).toBe('not_delivered');
    expect(emailStatusOf({ channel: 'digest', email_status: 'permanent_fail' })).toBe('not_delivered');
  });

  it('shows nothing when no e-mail goes out for it', () => {
    expect(emailStatusOf({ channel: 'in_app', email_status: null })).toBeNull();
    expect(emailStatusOf({ channel: 'email', email_status: null })).toBeNull();
    expect(emailStatusOf({ channel: 'in_app', email_status: 'delivered' })).toBeNull();
  });
});

describe('the bell', () => {
  it('shows the count up to 99, then 99+, and nothing at 0', () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(1)).toBe('1');
    expect(unreadBadge(99)).toBe('99');
    expect(unreadBadge(100)).toBe('99+');
  });

  it('is named by its count', () => {
    expect(bellLabel(i18n.t, 0)).toBe('Notifications');
    expect(bellLabel(i18n.t, 3)).toBe('Notifications: 3 unread');
    expect(bellLabel(i18n.t, 250)).toBe('Notifications: 250 unread');
  });
});

describe('pause and time', () => {
  const now = Date.parse('2026-05-04T12:00:00Z');

  it('is paused only until the time given', () => {
    expect(isPaused({ paused_until: null }, now)).toBe(false);
    expect(isPaused({ paused_until: '2026-05-04T13:00:00Z' }, now)).toBe(true);
    expect(isPaused({ paused_until: '2026-05-04T11:00:00Z' }, now)).toBe(false);
    expect(isPaused(undefined, now)).toBe(false);
  });

  it('offers pauses within what the server takes (1 to 168 hours)', () => {
    expect([...PAUSE_CHOICES]).toEqual([1, 4, 8, 24, 72, 168]);
    for (const hours of PAUSE_CHOICES) expect(i18n.exists(`notifications.pause_${hours}`)).toBe(true);
  });

  it('says how long ago, then the date after a week', () => {
    expect(relativeTime('2026-05-04T11:59:40Z', 'en', now)).toBe('now');
    expect(relativeTime('2026-05-04T11:55:00Z', 'en', now)).toBe('5 minutes ago');
    expect(relativeTime('2026-05-04T09:00:00Z', 'en', now)).toBe('3 hours ago');
    expect(relativeTime('2026-05-03T09:00:00Z', 'en', now)).toBe('yesterday');
    expect(relativeTime('2026-04-01T09:00:00Z', 'en', now)).toBe(
      new Date('2026-04-01T09:00:00Z').toLocaleDateString('en'),
    );
    expect(relativeTime('2026-05-04T11:55:00Z', 'de', now)).toBe('vor 5 Minuten');
  });
});
