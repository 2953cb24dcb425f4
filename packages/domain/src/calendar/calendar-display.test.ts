import { describe, expect, it } from 'vitest';
import { blockDisplayType, calendarDisplayType } from './calendar-display.js';

const now = 1_800_000_000;
const off = { show_in_review_overdue: false };
const on = { show_in_review_overdue: true };

describe('calendarDisplayType', () => {
  it.each([
    [8, now - 10, off, 'COMPLETED'],
    [6, now - 10, off, 'OVERDUE'],
    [2, now - 10, off, 'OVERDUE'],
    [7, now - 10, off, 'IN_REVIEW'],
    [7, now - 10, on, 'OVERDUE'],
    [7, now + 10, on, 'IN_REVIEW'],
    [6, now + 10, off, 'IN_PROGRESS'],
    [6, null, off, 'IN_PROGRESS'],
    [5, now + 10, off, 'PLANNED'],
    [0, now - 10, off, 'PLANNED'],
    [1, null, off, 'TODO'],
    [3, now + 10, off, 'TODO'],
    [4, now + 10, off, 'TODO'],
  ] as const)('status %i due %s (%o) → %s', (status_id, due_date, settings, expected) => {
    expect(calendarDisplayType({ status_id, due_date }, settings, now)).toBe(expected);
  });
});

describe('blockDisplayType', () => {
  it('is the most urgent colour of the cell', () => {
    expect(blockDisplayType(['COMPLETED', 'TODO', 'OVERDUE'])).toBe('OVERDUE');
    expect(blockDisplayType(['COMPLETED', 'PLANNED'])).toBe('PLANNED');
    expect(blockDisplayType(['COMPLETED'])).toBe('COMPLETED');
    expect(blockDisplayType([])).toBeNull();
  });
});
