import type { ScheduleStatusKind } from '@workbench/domain';

/**
 * The status kind of a schedule (001 §4 "Schedule"), in the order it is decided: archived,
 * paused, pending (an assignee who has not decided), finished (the rule ran out: AFTER N issues
 * created, its ON day passed in the organisation's time zone, or no occurrence is left to create:
 * 001 §4 "no next scheduled issue"), else active. The list's status
 * filter is the same rule in SQL (schedule-list-filters.ts statusKindSql).
 */
export function scheduleStatusKind(
  row: {
    archived_at: Date | null;
    paused_at: Date | null;
    assignee_id: number | null;
    assignee_status: number | null;
    end_type: 'NEVER' | 'AFTER' | 'ON';
    end_after: number | null;
    end_on: string | null;
    created_count: number;
    next_issue_scheduled_at: Date | null;
  },
  today: string,
): ScheduleStatusKind {
  if (row.archived_at) return 'archived';
  if (row.paused_at) return 'paused';
  if (row.assignee_id !== null && row.assignee_status === null) return 'pending';
  const ended =
    (row.end_type === 'AFTER' && row.end_after !== null && row.created_count >= row.end_after) ||
    (row.end_type === 'ON' && row.end_on !== null && row.end_on < today) ||
    row.next_issue_scheduled_at === null;
  return ended ? 'finished' : 'active';
}

// Making a formatter costs far more than using one: one per time zone, kept.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The local date ('YYYY-MM-DD') of a moment in a time zone. */
export function localDateOf(at: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(at);
}
