import {
  ASSET_BULK_MAX,
  type CreateScheduleRequest,
  ISSUE_TITLE_MAX,
  ISSUE_TITLE_MIN,
  type PresenceAlarm,
  type Schedule,
  type ScheduleAssetsMode,
  type ScheduleRescheduleMode,
  type ScheduleTimeLimits,
  type UpdateScheduleRequest,
} from '@workbench/domain';

/**
 * The schedule form's values (001 §2 "Scheduling", §3 "Schedule"): the request's own shape, so
 * the repeat summary reads them as they are, with texts as typed and assets with their names
 * (the picker shows them without asking the server again).
 */
export type ScheduleFormValues = {
  title: string;
  description: string;
  workspace_id: number | null;
  priority_id: number;
  category_id: number | null;
  categories: number[];
  assignee_id: number | null;
  watchers: number[];
  replacements: number[];
  assets: Array<{ id: number; name: string }>;
  assets_mode: ScheduleAssetsMode;
  /** The equipment its issues need (POST schedule/{id}/equipments after the save), with names. */
  equipments: Array<{ id: number; title: string }>;
  checklist_templates: number[];
  links: Array<{ url: string; title: string }>;
  is_attachment_required: boolean;
  is_worktime_required: boolean;
  start_date: string;
  repeat_every: Schedule['repeat_every'];
  repeat_on: number[];
  repeat_week_of_month: number | null;
  end: Schedule['end'];
  work_hours_start: string;
  work_hours_end: string;
  time_slots: Array<{ start: string; end: string }>;
  time_limits: ScheduleTimeLimits;
  seasonal_break_type: 'NO' | 'YES';
  seasonal_break_start: string | null;
  seasonal_break_end: string | null;
  seasonal_break_yearly: boolean;
  reschedule_mode: ScheduleRescheduleMode;
  presence_alarm_enabled: boolean;
  presence_alarm: PresenceAlarm;
};

export type ScheduleField = keyof ScheduleFormValues;
export type ScheduleFormErrors = Partial<Record<ScheduleField, string>>;

const OFF = { enabled: false, hours: 0, minutes: 0 };

/** A calendar day as 'YYYY-MM-DD' in the browser's own time. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A new schedule: weekly from today, on today's weekday, 08:00–16:00, for each asset. */
export function emptyScheduleForm(today: Date = new Date()): ScheduleFormValues {
  return {
    title: '',
    description: '',
    workspace_id: null,
    priority_id: 3,
    category_id: null,
    categories: [],
    assignee_id: null,
    watchers: [],
    replacements: [],
    assets: [],
    assets_mode: 'FOR_EACH_ASSET',
    equipments: [],
    checklist_templates: [],
    links: [],
    is_attachment_required: false,
    is_worktime_required: false,
    start_date: localDay(today),
    repeat_every: { type: 'weeks', value: 1, exclude_weekends: false },
    repeat_on: [today.getDay()],
    repeat_week_of_month: null,
    end: { type: 'NEVER', value: null },
    work_hours_start: '08:00',
    work_hours_end: '16:00',
    time_slots: [],
    time_limits: { completion: null },
    seasonal_break_type: 'NO',
    seasonal_break_start: null,
    seasonal_break_end: null,
    seasonal_break_yearly: false,
    reschedule_mode: 'on_start_date',
    presence_alarm_enabled: false,
    presence_alarm: {
      earlier_than_start: OFF,
      later_than_start: OFF,
      earlier_than_end: OFF,
      later_than_end: OFF,
    },
  };
}

/** The saved schedule as form values. */
export function scheduleFormOf(schedule: Schedule): ScheduleFormValues {
  return {
    title: schedule.title,
    description: schedule.description ?? '',
    workspace_id: schedule.workspace_id,
    priority_id: schedule.priority_id,
    category_id: schedule.category_id,
    // The answer lists the main category among the categories too; the form's are the others.
    categories: schedule.categories.map((c) => c.id).filter((id) => id !== schedule.category_id),
    assignee_id: schedule.assignee_id,
    watchers: schedule.watchers.map((p) => p.id),
    replacements: schedule.replacements.map((p) => p.id),
    assets: schedule.assets.map(({ id, name }) => ({ id, name })),
    assets_mode: schedule.assets_mode,
    equipments: (schedule.equipments ?? []).map(({ id, title }) => ({ id, title })),
    checklist_templates: schedule.checklist_templates.map((c) => c.id),
    links: schedule.links.map((l) => ({ url: l.url, title: l.title ?? '' })),
    is_attachment_required: schedule.is_attachment_required,
    is_worktime_required: schedule.is_worktime_required,
    start_date: schedule.start_date,
    repeat_every: { ...schedule.repeat_every },
    repeat_on: [...schedule.repeat_on],
    repeat_week_of_month: schedule.repeat_week_of_month,
    end: { ...schedule.end },
    work_hours_start: schedule.work_hours_start,
    work_hours_end: schedule.work_hours_end,
    time_slots: schedule.time_slots.map((s) => ({ ...s })),
    time_limits: { completion: schedule.time_limits.completion && { ...schedule.time_limits.completion } },
    seasonal_break_type: schedule.seasonal_break_type,
    seasonal_break_start: schedule.seasonal_break_start,
    seasonal_break_end: schedule.seasonal_break_end,
    seasonal_break_yearly: schedule.seasonal_break_yearly,
    reschedule_mode: schedule.reschedule_mode,
    presence_alarm_enabled: schedule.presence_alarm_enabled,
    presence_alarm: structuredClone(schedule.presence_alarm),
  };
}

/**
 * What the form checks before sending: only what needs no rule (a title, a workspace, the asset
 * cap); whether the rule makes sense is the server's validateScheduleRule, whose field keys come
 * back as a 422 and are shown at their fields (formErrorsOf).
 */
export function validateScheduleForm(values: ScheduleFormValues): ScheduleFormErrors {
  const errors: ScheduleFormErrors = {};
  const title = values.title.trim();
  if (!title) errors.title = 'required';
  else if (title.length < ISSUE_TITLE_MIN) errors.title = 'title_too_short';
  else if (title.length > ISSUE_TITLE_MAX) errors.title = 'too_long';
  if (values.workspace_id === null) errors.workspace_id = 'required';
  if (values.assets.length > ASSET_BULK_MAX) errors.assets = 'too_many_assets';
  if (!values.start_date) errors.start_date = 'required';
  if (values.links.some((l) => !l.url.trim() && l.title.trim())) errors.links = 'required';
  return errors;
}

/** The links worth sending: rows with an address (an empty row added by mistake is dropped). */
function linksOf(values: ScheduleFormValues) {
  return values.links
    .filter((l) => l.url.trim())
    .map((l) => ({ url: l.url.trim(), title: l.title.trim() || null }));
}

/** The seasonal break as sent: 'NO' carries no dates (the server clears them too). */
function breakOf(values: ScheduleFormValues) {
  const on = values.seasonal_break_type === 'YES';
  return {
    seasonal_break_type: values.seasonal_break_type,
    seasonal_break_start: on ? values.seasonal_break_start : null,
    seasonal_break_end: on ? values.seasonal_break_end : null,
    seasonal_break_yearly: on && values.seasonal_break_yearly,
  };
}

/** The week of the month counts only for a monthly rule on weekdays ("the first Monday"). */
function weekOfMonthOf(values: ScheduleFormValues) {
  return values.repeat_every.type === 'months' && values.repeat_on.length > 0
    ? values.repeat_week_of_month
    : null;
}

/** The rule and settings every request carries, in the request's shape. */
function requestFieldsOf(values: ScheduleFormValues) {
  return {
    title: values.title.trim(),
    description: values.description.trim() || null,
    workspace_id: values.workspace_id ?? 0,
    priority_id: values.priority_id,
    category_id: values.category_id,
    categories: values.categories,
    assignee_id: values.assignee_id,
    watchers: values.watchers,
    replacements: values.replacements,
    assets: values.assets.map((a) => a.id),
    assets_mode: values.assets_mode,
    checklist_templates: values.checklist_templates,
    links: linksOf(values),
    is_attachment_required: values.is_attachment_required,
    is_worktime_required: values.is_worktime_required,
    start_date: values.start_date,
    repeat_every: values.repeat_every,
    repeat_on: [...values.repeat_on].sort((a, b) => a - b),
    repeat_week_of_month: weekOfMonthOf(values),
    end: values.end.type === 'NEVER' ? { type: 'NEVER' as const, value: null } : values.end,
    work_hours_start: values.work_hours_start,
    work_hours_end: values.work_hours_end,
    time_slots: values.time_slots,
    time_limits: values.time_limits,
    ...breakOf(values),
    reschedule_mode: values.reschedule_mode,
    presence_alarm_enabled: values.presence_alarm_enabled,
    presence_alarm: values.presence_alarm,
  };
}

/** POST /schedule/ from valid values. */
export function createRequestOf(values: ScheduleFormValues): CreateScheduleRequest {
  return requestFieldsOf(values);
}

/** The fields that are lists: an emptied one is sent as null (001 §7 "Empty arrays are sent as null"). */
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

/**
 * POST /schedule/{id} (_method PUT): only what changed from the saved values; a list emptied
 * here goes as null.
 */
export function updateRequestOf(
  saved: ScheduleFormValues,
  values: ScheduleFormValues,
): UpdateScheduleRequest {
  const before: Record<string, unknown> = requestFieldsOf(saved);
  const after: Record<string, unknown> = requestFieldsOf(values);
  const body: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(after)) {
    if (JSON.stringify(value) === JSON.stringify(before[field])) continue;
    const isList = (LIST_FIELDS as readonly string[]).includes(field);
    body[field] = isList && Array.isArray(value) && value.length === 0 ? null : value;
  }
  if (values.workspace_id === null) delete body.workspace_id;
  return body as UpdateScheduleRequest;
}

/**
 * The equipment to send with POST schedule/{id}/equipments, or null when it is as saved (the
 * schedule's own request does not carry it: 001 §7 sends it after a successful save).
 */
export function equipmentChangeOf(saved: ScheduleFormValues, values: ScheduleFormValues): number[] | null {
  const ids = values.equipments.map((e) => e.id);
  const before = saved.equipments.map((e) => e.id);
  const same = ids.length === before.length && ids.every((id) => before.includes(id));
  return same ? null : ids;
}

/**
 * A refusal's field keys as the form's fields: 'repeat_every.value' marks the repeat rule,
 * 'time_slots.2.end' the time slots, 'assets.3' the assets.
 */
export function formErrorsOf(fields: Record<string, string>): ScheduleFormErrors {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) {
    const field = key.split('.')[0] ?? key;
    if (!(field in out)) out[field] = value;
  }
  return out as ScheduleFormErrors;
}
