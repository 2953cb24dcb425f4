import { describe, expect, it } from 'vitest';
import { formatDuration } from './LogTables';

describe('presence duration', () => {
  it('splits seconds into hours and minutes', () => {
    expect(formatDuration(3725)).toEqual({ hours: 1, minutes: 2 });
    expect(formatDuration(59)).toEqual({ hours: 0, minutes: 0 });
    expect(formatDuration(36_000)).toEqual({ hours: 10, minutes: 0 });
  });
});
