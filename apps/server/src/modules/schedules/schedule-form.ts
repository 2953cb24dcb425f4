import {
  type CreateScheduleInput,
  normaliseSeasonalBreak,
  type UpdateScheduleInput,
  validateScheduleRule,
} from '@workbench/domain';
import { sql, type Updateable } from 'kysely';
import type { SchedulesTable } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { ScheduleLists, ScheduleRow } from './schedule-queries.js';

/**
 * The schedule form as one value (every field, as a create sends it): what an update merges its
 * changes into, what the rule is validated on, what the activity diff compares, and what the
 * columns and lists are written from.
 */
export type ScheduleForm = CreateScheduleInput;
type StoredLists = Required<Omit<ScheduleLists, 'links'>> & {
  links: { url: string; title: string | null }[];
};

/** The form of a stored schedule and its lists. */
export function formOfRow(row: ScheduleRow, lists: StoredLists): ScheduleForm {
  return {
    title: row.title,
    description: row.description,
    workspace_id: row.workspace_id,
    priority_id: row.priority_id,
    category_id: row.category_id,
    categories: lists.categories,
    assignee_id: row.assignee_id,
    watchers: lists.watchers,
    replacements: lists.replacements,
    assets: lists.assets,
    assets_mode: row.assets_mode,
    checklist_templates: lists.checklist_templates,
    links: lists.links,
    is_attachment_required: row.is_attachment_required,
    is_worktime_required: row.is_worktime_required,
    start_date: row.start_date,
    repeat_every: { type: row.repeat_unit, value: row.repeat_value, exclude_weekends: row.exclude_weekends },
    repeat_on: row.repeat_on.map(Number),
    repeat_week_of_month: row.repeat_week_of_month,
    end: {
      type: row.end_type,
      value: row.end_type === 'AFTER' ? row.end_after : row.end_type === 'ON' ? row.end_on : null,
    },
    work_hours_start: row.work_hours_start,
    work_hours_end: row.work_hours_end,
    time_slots: row.time_slots ?? [],
    time_limits: row.time_limits ?? { completion: null },
    seasonal_break_type: row.seasonal_break_type,
    seasonal_break_start: row.seasonal_break_start,
    seasonal_break_end: row.seasonal_break_end,
    seasonal_break_yearly: row.seasonal_break_yearly,
    reschedule_mode: row.reschedule_mode,
    presence_alarm_enabled: row.presence_alarm_enabled,
    presence_alarm: row.presence_alarm as ScheduleForm['presence_alarm'],
  };
}

const LIST_FIELDS = [
  'categories',
  'watchers',
  'replacements',
  'assets',
  'checklist_templates',
  'links',
  'repeat_on',
  'time_slots',
] as const;

/** The form after an update: absent fields unchanged, lists sent as null emptied. */
export function mergeForm(before: ScheduleForm, input: UpdateScheduleInput): ScheduleForm {
  const { _method, ...changes } = input;
  const after: Record<string, unknown> = { ...before };
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    after[key] = value === null && (LIST_FIELDS as readonly string[]).includes(key) ? [] : value;
  }
  return normaliseForm(after as ScheduleForm);
}

/** The fields whose value changed, each as {from, to} (the 'updated' activity entry). */
export function formDiff(
  before: ScheduleForm,
  after: ScheduleForm,
): Record<string, { from: unknown; to: unknown }> {
  const diff: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after) as (keyof ScheduleForm)[]) {
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null))
      diff[key] = { from: before[key] ?? null, to: after[key] ?? null };
  }
  return diff;
}

/** Changes that leave the issues to come as they are (everything else plans them again). */
const PLAN_NEUTRAL = new Set(['presence_alarm_enabled', 'presence_alarm']);
export const changesThePlan = (diff: Record<string, unknown>) =>
  Object.keys(diff).some((k) => !PLAN_NEUTRAL.has(k));

/**
 * The form as it is stored: weekdays once each in order, an end without its value unless it
 * needs one, a seasonal break of type NO without dates (normaliseSeasonalBreak), so a resend of
 * the same schedule is no change.
 */
export function normaliseForm(form: ScheduleForm): ScheduleForm {
  return normaliseSeasonalBreak({
    ...form,
    repeat_on: [...new Set(form.repeat_on)].sort((a, b) => a - b),
    end: form.end.type === 'NEVER' ? { type: 'NEVER', value: null } : form.end,
  });
}

/**
 * The rule of the form (packages/domain validateScheduleRule, the asset limit included): every
 * field key together in one 422, nothing written.
 */
export function requireValidRule(form: ScheduleForm): void {
  const fields = validateScheduleRule(form);
  const [first] = Object.entries(fields);
  if (first) throw new AppError(422, first[1], 'The schedule is not valid', fields);
}

/** A smallint[] value for both drivers (one text parameter), typed as the column's number[]. */
const smallints = (values: number[]) => sql`${`{${values.join(',')}}`}::smallint[]` as unknown as number[];

/** The schedules columns of a form (a seasonal break of type NO keeps no dates). */
export function columnsOf(form: ScheduleForm): Updateable<SchedulesTable> {
  const end = form.end;
  const onBreak = form.seasonal_break_type === 'YES';
  return {
    title: form.title,
    description: form.description ?? null,
    workspace_id: form.workspace_id,
    priority_id: form.priority_id,
    category_id: form.category_id ?? null,
    assignee_id: form.assignee_id ?? null,
    start_date: form.start_date,
    repeat_unit: form.repeat_every.type,
    repeat_value: form.repeat_every.value,
    exclude_weekends: form.repeat_every.exclude_weekends,
    repeat_on: smallints(form.repeat_on),
    repeat_week_of_month: form.repeat_week_of_month,
    end_type: end.type,
    end_after: end.type === 'AFTER' ? Number(end.value) : null,
    end_on: end.type === 'ON' ? String(end.value) : null,
    work_hours_start: form.work_hours_start,
    work_hours_end: form.work_hours_end,
    time_slots: JSON.stringify(form.time_slots),
    time_limits: JSON.stringify(form.time_limits),
    seasonal_break_type: form.seasonal_break_type,
    seasonal_break_start: onBreak ? form.seasonal_break_start : null,
    seasonal_break_end: onBreak ? form.seasonal_break_end : null,
    seasonal_break_yearly: onBreak && form.seasonal_break_yearly,
    reschedule_mode: form.reschedule_mode,
    assets_mode: form.assets_mode,
    presence_alarm_enabled: form.presence_alarm_enabled,
    presence_alarm: JSON.stringify(form.presence_alarm),
    is_attachment_required: form.is_attachment_required,
    is_worktime_required: form.is_worktime_required,
  };
}

/** The lists of a form that changed (all of them for a new schedule). */
export function listsOf(form: ScheduleForm, diff?: Record<string, unknown>): ScheduleLists {
  const changed = (key: string) => !diff || key in diff;
  return {
    ...(changed('watchers') && { watchers: form.watchers }),
    ...(changed('replacements') && { replacements: form.replacements }),
    ...(changed('categories') && { categories: form.categories }),
    ...(changed('assets') && { assets: form.assets }),
    ...(changed('checklist_templates') && { checklist_templates: form.checklist_templates }),
    ...(changed('links') && { links: form.links }),
  };
}
