import { describe, expect, it } from 'vitest';
import { CALENDAR_FEED_SINGLE_DATE_MS, calendarFeedSpan, webcalUrl } from './calendar-feed.js';

const at = (iso: string) => new Date(iso);

describe('calendarFeedSpan', () => {
  it.each([
    {
      name: 'start and due: as given',
      start: '2026-05-04T08:00:00Z',
      due: '2026-05-04T10:30:00Z',
      want: ['2026-05-04T08:00:00.000Z', '2026-05-04T10:30:00.000Z'],
    },
    {
      name: 'start and due days apart: as given',
      start: '2026-05-04T00:00:00Z',
      due: '2026-05-07T00:00:00Z',
      want: ['2026-05-04T00:00:00.000Z', '2026-05-07T00:00:00.000Z'],
    },
    {
      name: 'only a start: one hour from it',
      start: '2026-05-04T08:00:00Z',
      due: null,
      want: ['2026-05-04T08:00:00.000Z', '2026-05-04T09:00:00.000Z'],
    },
    {
      name: 'only a due date: one hour from it',
      start: null,
      due: '2026-05-04T17:00:00Z',
      want: ['2026-05-04T17:00:00.000Z', '2026-05-04T18:00:00.000Z'],
    },
    {
      name: 'due equal to the start: one hour',
      start: '2026-05-04T08:00:00Z',
      due: '2026-05-04T08:00:00Z',
      want: ['2026-05-04T08:00:00.000Z', '2026-05-04T09:00:00.000Z'],
    },
    {
      name: 'due before the start: one hour from the start',
      start: '2026-05-04T08:00:00Z',
      due: '2026-05-03T08:00:00Z',
      want: ['2026-05-04T08:00:00.000Z', '2026-05-04T09:00:00.000Z'],
    },
  ])('$name', ({ start, due, want }) => {
    const span = calendarFeedSpan(start ? at(start) : null, due ? at(due) : null);
    expect(span && [span.start.toISOString(), span.end.toISOString()]).toEqual(want);
  });

  it('no date: not in the feed', () => {
    expect(calendarFeedSpan(null, null)).toBeNull();
  });

  it('one date spans exactly an hour', () => {
    expect(CALENDAR_FEED_SINGLE_DATE_MS).toBe(3_600_000);
  });
});

describe('webcalUrl', () => {
  it.each([
    [
      'https://work.example.com/api/v4/calendar/feed/abc.ics',
      'webcal://work.example.com/api/v4/calendar/feed/abc.ics',
    ],
    [
      'http://localhost:3000/api/v4/calendar/feed/abc.ics',
      'webcal://localhost:3000/api/v4/calendar/feed/abc.ics',
    ],
    ['HTTPS://Example.com/x', 'webcal://Example.com/x'],
  ])('%s', (url, want) => {
    expect(webcalUrl(url)).toBe(want);
  });
});
