import { isOnSeasonalBreak, type PreparedTask, type Schedule, ZPresenceAlarmSchema } from '@workbench/domain';
import type { PersonRow } from '../assets/asset-queries.js';
import { personWithImageOf } from '../users/user-presenter.js';
import type { ScheduleRelations, ScheduleRow } from './schedule-queries.js';
import { scheduleRuleOf } from './schedule-rule-row.js';
import { scheduleStatusKind } from './schedule-status.js';

/** What the presenter needs beyond the rows: the moment, the organisation's zone, the caller's rights. */
export type ScheduleViewContext = {
  now: Date;
  timeZone: string;
  /** The organisation's local date now. */
  today: string;
  callerId: number;
  canEdit: (row: ScheduleRow) => boolean;
};

const person = (row: PersonRow) =>
  personWithImageOf(row) as NonNullable<ReturnType<typeof personWithImageOf>>;

function peopleOf(ids: number[] | undefined, people: Map<number, PersonRow>) {
  return (ids ?? []).flatMap((id) => {
    const row = people.get(id);
    return row ? [person(row)] : [];
  });
}

/** A stored presence alarm (jsonb) as the answer shape; anything unreadable as all off. */
function presenceAlarmOf(value: unknown) {
  const parsed = ZPresenceAlarmSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : ZPresenceAlarmSchema.parse({});
}

/** A schedule as every call answers it (list cards and the detail page alike). */
export function presentSchedule(
  row: ScheduleRow,
  rel: ScheduleRelations,
  view: ScheduleViewContext,
): Schedule {
  const rule = scheduleRuleOf(row, view.timeZone);
  const assignee = row.assignee_id === null ? undefined : rel.people.get(row.assignee_id);
  const creator = row.created_by === null ? undefined : rel.people.get(row.created_by);
  const statistics = rel.statistics.get(row.id) ?? { open: 0, completed: 0, presence_alarms: 0 };
  const archived = row.archived_at !== null;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    workspace_id: row.workspace_id,
    workspace: { id: row.workspace_id, name: row.workspace_name },
    priority_id: row.priority_id,
    category_id: row.category_id,
    category:
      row.category_id !== null && row.category_name !== null
        ? { id: row.category_id, name: row.category_name }
        : null,
    categories: rel.categories.get(row.id) ?? [],
    assignee_id: row.assignee_id,
    assignee: assignee ? person(assignee) : null,
    assignee_status: row.assignee_status,
    assignee_note: row.assignee_note,
    watchers: peopleOf(rel.watchers.get(row.id), rel.people),
    replacements: peopleOf(rel.replacements.get(row.id), rel.people),
    assets: rel.assets.get(row.id) ?? [],
    assets_mode: row.assets_mode,
    equipments: rel.equipment.get(row.id) ?? [],
    checklist_templates: rel.templates.get(row.id) ?? [],
    links: rel.links.get(row.id) ?? [],
    is_attachment_required: row.is_attachment_required,
    is_worktime_required: row.is_worktime_required,
    start_date: row.start_date,
    repeat_every: rule.repeat_every,
    repeat_on: rule.repeat_on,
    repeat_week_of_month: rule.repeat_week_of_month,
    end: {
      type: row.end_type,
      value: row.end_type === 'AFTER' ? row.end_after : row.end_type === 'ON' ? row.end_on : null,
    },
    work_hours_start: row.work_hours_start,
    work_hours_end: row.work_hours_end,
    time_slots: rule.time_slots,
    time_limits: rule.time_limits,
    seasonal_break_type: row.seasonal_break_type,
    seasonal_break_start: row.seasonal_break_start,
    seasonal_break_end: row.seasonal_break_end,
    seasonal_break_yearly: row.seasonal_break_yearly,
    // Only a rule with a break is asked (the engine plans the rule to answer).
    seasonal_break_active: row.seasonal_break_type === 'YES' && isOnSeasonalBreak(rule, view.now),
    reschedule_mode: row.reschedule_mode,
    presence_alarm_enabled: row.presence_alarm_enabled,
    presence_alarm: presenceAlarmOf(row.presence_alarm),
    paused: row.paused_at !== null,
    archived,
    status: scheduleStatusKind(row, view.today),
    next_issue_scheduled_at: row.next_issue_scheduled_at
      ? new Date(row.next_issue_scheduled_at).toISOString()
      : null,
    time_zone: view.timeZone,
    statistics: { created: row.created_count, ...statistics },
    permissions: {
      can_edit: view.canEdit(row),
      can_decide: !archived && row.assignee_id === view.callerId,
    },
    created_by: creator ? person(creator) : null,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** One prepared task (status 0, read only) of an occurrence not yet created (001 §3). */
export function presentPreparedTask(
  row: ScheduleRow,
  assignee: PersonRow | undefined,
  occurrence: { start: Date; due: Date },
  asset: { id: number; name: string } | null,
): PreparedTask {
  const startSeconds = Math.floor(occurrence.start.getTime() / 1000);
  return {
    key: `${row.id}:${startSeconds}:${asset?.id ?? 0}`,
    schedule_id: row.id,
    title: row.title,
    status_id: 0,
    is_scheduled_prepared_task: true,
    model: 'PREDEFINED_TASK',
    start_date: startSeconds,
    due_date: Math.floor(occurrence.due.getTime() / 1000),
    workspace: { id: row.workspace_id, name: row.workspace_name },
    workspace_id: row.workspace_id,
    assignee_id: row.assignee_id,
    assignee: assignee ? person(assignee) : null,
    priority_id: row.priority_id,
    asset,
  };
}
