import { DEFAULT_TIME_ZONE, isTimeZone, type RecurrenceRule, type WeekOfMonth } from '@workbench/domain';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database, SchedulesTable } from '../../db/schema.js';

/** The rule columns of a schedules row, with its DATE columns read as 'YYYY-MM-DD' text. */
export type ScheduleRuleRow = Pick<
  Selectable<SchedulesTable>,
  | 'repeat_unit'
  | 'repeat_value'
  | 'exclude_weekends'
  | 'repeat_on'
  | 'repeat_week_of_month'
  | 'end_type'
  | 'end_after'
  | 'work_hours_start'
  | 'work_hours_end'
  | 'time_slots'
  | 'time_limits'
  | 'seasonal_break_type'
  | 'seasonal_break_yearly'
> & {
  start_date: string;
  end_on: string | null;
  seasonal_break_start: string | null;
  seasonal_break_end: string | null;
};

/** The recurrence engine's rule of a schedule, in its organisation's time zone. */
export function scheduleRuleOf(row: ScheduleRuleRow, timeZone: string): RecurrenceRule {
  const end: RecurrenceRule['end'] =
    row.end_type === 'AFTER' && row.end_after
      ? { type: 'AFTER', value: row.end_after }
      : row.end_type === 'ON' && row.end_on
        ? { type: 'ON', value: row.end_on }
        : { type: 'NEVER' };
  const seasonalBreak: RecurrenceRule['seasonal_break'] =
    row.seasonal_break_type === 'YES' && row.seasonal_break_start && row.seasonal_break_end
      ? {
          type: 'YES',
          start: row.seasonal_break_start,
          end: row.seasonal_break_end,
          yearly: row.seasonal_break_yearly,
        }
      : { type: 'NO' };
  return {
    time_zone: timeZone,
    start_date: row.start_date,
    repeat_every: { type: row.repeat_unit, value: row.repeat_value, exclude_weekends: row.exclude_weekends },
    repeat_on: row.repeat_on.map(Number),
    repeat_week_of_month: (row.repeat_week_of_month as WeekOfMonth | null) ?? null,
    end,
    work_hours_start: row.work_hours_start,
    work_hours_end: row.work_hours_end,
    time_slots: row.time_slots ?? [],
    time_limits: row.time_limits ?? { completion: null },
    seasonal_break: seasonalBreak,
  };
}

/**
 * The select of a schedule's rule columns (DATE columns as text) and its organisation's time zone
 * (read through the setting's default when unset or unknown: see timeZoneOf).
 */
export function selectScheduleRules(db: Kysely<Database> | Transaction<Database>) {
  return db
    .selectFrom('schedules as s')
    .innerJoin('clients as c', 'c.id', 's.client_id')
    .select([
      's.id',
      's.client_id',
      's.workspace_id',
      's.repeat_unit',
      's.repeat_value',
      's.exclude_weekends',
      's.repeat_on',
      's.repeat_week_of_month',
      's.end_type',
      's.end_after',
      's.work_hours_start',
      's.work_hours_end',
      's.time_slots',
      's.time_limits',
      's.seasonal_break_type',
      's.seasonal_break_yearly',
      's.reschedule_mode',
      's.assets_mode',
      's.created_count',
      's.next_issue_scheduled_at',
      's.plan_version',
      sql<string>`to_char(s.start_date, 'YYYY-MM-DD')`.as('start_date'),
      sql<string | null>`to_char(s.end_on, 'YYYY-MM-DD')`.as('end_on'),
      sql<string | null>`to_char(s.seasonal_break_start, 'YYYY-MM-DD')`.as('seasonal_break_start'),
      sql<string | null>`to_char(s.seasonal_break_end, 'YYYY-MM-DD')`.as('seasonal_break_end'),
      sql<string | null>`c.settings->>'time_zone'`.as('time_zone'),
    ]);
}

/** The organisation's stored time zone, or the default when it is unset or unknown here. */
export function timeZoneOf(stored: string | null): string {
  return stored && isTimeZone(stored) ? stored : DEFAULT_TIME_ZONE;
}
