import {
  PRESENCE_ALARM_RULES,
  SCHEDULE_ASSETS_MODES,
  SCHEDULE_END_TYPES,
  SCHEDULE_REPEAT_UNITS,
  SCHEDULE_RESCHEDULE_MODES,
} from '@workbench/domain';
import { emptyScheduleForm, type ScheduleFormValues } from './form-values';

/**
 * The add screen's draft (001 §2: on an add screen the form values are kept): what was typed,
 * kept for the browser tab's session and read back field by field with care, so a stale or
 * damaged draft gives the empty form's value for what it cannot read.
 */
const DRAFT_KEY = 'workbench.schedule-draft';

export function saveScheduleDraft(values: ScheduleFormValues, storage: Storage = sessionStorage) {
  try {
    storage.setItem(DRAFT_KEY, JSON.stringify(values));
  } catch {
    // A full or disabled storage only loses the draft.
  }
}

export function clearScheduleDraft(storage: Storage = sessionStorage) {
  try {
    storage.removeItem(DRAFT_KEY);
  } catch {
    // Nothing kept.
  }
}

/** Whether the values hold anything typed (an untouched form keeps no draft). */
export function isUntouchedScheduleForm(values: ScheduleFormValues, today: Date = new Date()): boolean {
  return JSON.stringify(values) === JSON.stringify(emptyScheduleForm(today));
}

type Raw = Record<string, unknown>;
const isObject = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback);
const flag = (v: unknown, fallback: boolean) => (typeof v === 'boolean' ? v : fallback);
const whole = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v);
const id = (v: unknown) => (whole(v) && (v as number) > 0 ? (v as number) : null);
const ids = (v: unknown) => (Array.isArray(v) ? v.map(id).filter((x): x is number => x !== null) : []);
const oneOf = <T extends string>(options: readonly T[], v: unknown, fallback: T): T =>
  options.includes(v as T) ? (v as T) : fallback;
const day = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);
const rows = <T>(v: unknown, read: (row: Raw) => T | null): T[] =>
  Array.isArray(v)
    ? v
        .filter(isObject)
        .map(read)
        .filter((r): r is T => r !== null)
    : [];

export function loadScheduleDraft(
  storage: Storage = sessionStorage,
  today: Date = new Date(),
): ScheduleFormValues | null {
  let raw: unknown;
  try {
    raw = JSON.parse(storage.getItem(DRAFT_KEY) ?? 'null');
  } catch {
    return null;
  }
  if (!isObject(raw)) return null;
  const base = emptyScheduleForm(today);
  const every = isObject(raw.repeat_every) ? raw.repeat_every : {};
  const end = isObject(raw.end) ? raw.end : {};
  const endType = oneOf(SCHEDULE_END_TYPES, end.type, 'NEVER');
  const limits =
    isObject(raw.time_limits) && isObject(raw.time_limits.completion) ? raw.time_limits.completion : null;
  const alarm = isObject(raw.presence_alarm) ? raw.presence_alarm : {};
  const presence = { ...base.presence_alarm };
  for (const rule of PRESENCE_ALARM_RULES) {
    const r = isObject(alarm[rule]) ? alarm[rule] : {};
    presence[rule] = {
      enabled: flag(r.enabled, false),
      hours: whole(r.hours) ? (r.hours as number) : 0,
      minutes: whole(r.minutes) ? (r.minutes as number) : 0,
    };
  }
  return {
    ...base,
    title: text(raw.title, ''),
    description: text(raw.description, ''),
    workspace_id: id(raw.workspace_id),
    priority_id: whole(raw.priority_id) ? (raw.priority_id as number) : base.priority_id,
    category_id: id(raw.category_id),
    categories: ids(raw.categories),
    assignee_id: id(raw.assignee_id),
    watchers: ids(raw.watchers),
    replacements: ids(raw.replacements),
    assets: rows(raw.assets, (a) =>
      id(a.id) ? { id: a.id as number, name: text(a.name, String(a.id)) } : null,
    ),
    assets_mode: oneOf(SCHEDULE_ASSETS_MODES, raw.assets_mode, base.assets_mode),
    equipments: rows(raw.equipments, (e) =>
      id(e.id) ? { id: e.id as number, title: text(e.title, String(e.id)) } : null,
    ),
    checklist_templates: ids(raw.checklist_templates),
    links: rows(raw.links, (l) => ({ url: text(l.url, ''), title: text(l.title, '') })),
    is_attachment_required: flag(raw.is_attachment_required, false),
    is_worktime_required: flag(raw.is_worktime_required, false),
    start_date: day(raw.start_date) ?? base.start_date,
    repeat_every: {
      type: oneOf(SCHEDULE_REPEAT_UNITS, every.type, base.repeat_every.type),
      value: whole(every.value) ? (every.value as number) : base.repeat_every.value,
      exclude_weekends: flag(every.exclude_weekends, false),
    },
    repeat_on: Array.isArray(raw.repeat_on)
      ? raw.repeat_on.filter((d): d is number => whole(d) && d >= 0 && d <= 6)
      : base.repeat_on,
    repeat_week_of_month: whole(raw.repeat_week_of_month) ? (raw.repeat_week_of_month as number) : null,
    end: {
      type: endType,
      value: endType === 'AFTER' && whole(end.value) ? end.value : endType === 'ON' ? day(end.value) : null,
    } as ScheduleFormValues['end'],
    work_hours_start: text(raw.work_hours_start, base.work_hours_start),
    work_hours_end: text(raw.work_hours_end, base.work_hours_end),
    time_slots: rows(raw.time_slots, (s) => ({ start: text(s.start, ''), end: text(s.end, '') })),
    time_limits: {
      completion:
        limits && whole(limits.value)
          ? {
              value: limits.value as number,
              unit: oneOf(['minutes', 'hours', 'days'] as const, limits.unit, 'days'),
            }
          : null,
    },
    seasonal_break_type: raw.seasonal_break_type === 'YES' ? 'YES' : 'NO',
    seasonal_break_start: day(raw.seasonal_break_start),
    seasonal_break_end: day(raw.seasonal_break_end),
    seasonal_break_yearly: flag(raw.seasonal_break_yearly, false),
    reschedule_mode: oneOf(SCHEDULE_RESCHEDULE_MODES, raw.reschedule_mode, base.reschedule_mode),
    presence_alarm_enabled: flag(raw.presence_alarm_enabled, false),
    presence_alarm: presence,
  };
}
