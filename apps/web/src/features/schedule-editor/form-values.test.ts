import type { Schedule } from '@workbench/domain';
import { describe, expect, it } from 'vitest';
import {
  createRequestOf,
  emptyScheduleForm,
  equipmentChangeOf,
  formErrorsOf,
  localDay,
  scheduleFormOf,
  updateRequestOf,
  validateScheduleForm,
} from './form-values';

const person = (id: number, full_name: string) => ({ id, full_name, profile_image: null });
const OFF = { enabled: false, hours: 0, minutes: 0 };

/** A saved schedule as GET /schedule/{id} answers it. */
function savedSchedule(overrides: Partial<Schedule> = {}): Schedule {
  return {
    id: 7,
    title: 'Fire doors',
    description: 'Check every door',
    workspace_id: 3,
    workspace: { id: 3, name: 'Building A' },
    priority_id: 4,
    category_id: 11,
    category: { id: 11, name: 'Safety' },
    categories: [
      { id: 11, name: 'Safety' },
      { id: 12, name: 'Doors' },
    ],
    assignee_id: 21,
    assignee: person(21, 'Anna'),
    assignee_status: null,
    assignee_note: null,
    watchers: [person(22, 'Ben')],
    replacements: [person(23, 'Cleo')],
    assets: [
      { id: 31, name: 'Door 1', status: 1 },
      { id: 32, name: 'Door 2', status: 1 },
    ],
    assets_mode: 'FOR_EACH_ASSET',
    equipments: [{ id: 5, title: 'Drill', status: 'stored' }],
    checklist_templates: [{ id: 41, name: 'Door check' }],
    links: [{ id: 1, url: 'https://example.test/manual', title: null }],
    is_attachment_required: true,
    is_worktime_required: false,
    start_date: '2026-03-02',
    repeat_every: { type: 'months', value: 1, exclude_weekends: false },
    repeat_on: [1],
    repeat_week_of_month: 1,
    end: { type: 'ON', value: '2027-12-31' },
    work_hours_start: '07:00',
    work_hours_end: '15:00',
    time_slots: [],
    time_limits: { completion: { value: 2, unit: 'days' } },
    seasonal_break_type: 'YES',
    seasonal_break_start: '2026-08-01',
    seasonal_break_end: '2026-08-31',
    seasonal_break_yearly: true,
    seasonal_break_active: false,
    reschedule_mode: 'on_start_date',
    presence_alarm_enabled: true,
    presence_alarm: {
      earlier_than_start: OFF,
      later_than_start: { enabled: true, hours: 0, minutes: 30 },
      earlier_than_end: OFF,
      later_than_end: OFF,
    },
    paused: false,
    archived: false,
    status: 'pending',
    next_issue_scheduled_at: null,
    time_zone: 'Europe/Vienna',
    statistics: { created: 0, open: 0, completed: 0, presence_alarms: 0 },
    permissions: { can_edit: true, can_decide: false },
    created_by: null,
    created_at: '2026-03-01T10:00:00Z',
    updated_at: '2026-03-01T10:00:00Z',
    ...overrides,
  };
}

describe('a new schedule', () => {
  it('repeats weekly from today on today’s weekday (0 = Sunday), one issue per asset', () => {
    const tuesday = new Date(2026, 10, 24, 9, 30);
    const form = emptyScheduleForm(tuesday);
    expect(form.start_date).toBe('2026-11-24');
    expect(form.repeat_every).toEqual({ type: 'weeks', value: 1, exclude_weekends: false });
    expect(form.repeat_on).toEqual([2]);
    expect(form.assets_mode).toBe('FOR_EACH_ASSET');
    expect(form.end).toEqual({ type: 'NEVER', value: null });
  });

  it('writes the browser’s own calendar day', () => {
    expect(localDay(new Date(2027, 0, 5, 23, 59))).toBe('2027-01-05');
  });
});

describe('form ↔ request', () => {
  it('sends the saved values back as they were (ids of people, assets, templates; null for empty texts)', () => {
    const request = createRequestOf(scheduleFormOf(savedSchedule({ description: null })));
    expect(request).toMatchObject({
      title: 'Fire doors',
      description: null,
      workspace_id: 3,
      priority_id: 4,
      category_id: 11,
      categories: [12],
      assignee_id: 21,
      watchers: [22],
      replacements: [23],
      assets: [31, 32],
      checklist_templates: [41],
      links: [{ url: 'https://example.test/manual', title: null }],
      repeat_on: [1],
      repeat_week_of_month: 1,
      end: { type: 'ON', value: '2027-12-31' },
      time_limits: { completion: { value: 2, unit: 'days' } },
      seasonal_break_type: 'YES',
      seasonal_break_start: '2026-08-01',
      seasonal_break_yearly: true,
      presence_alarm_enabled: true,
    });
  });

  it('trims the title, drops empty link rows and sends a link without title as null', () => {
    const form = {
      ...emptyScheduleForm(new Date(2026, 0, 5)),
      title: '  Boiler check  ',
      workspace_id: 3,
      links: [
        { url: ' https://example.test/a ', title: ' ' },
        { url: '', title: '' },
      ],
    };
    const request = createRequestOf(form);
    expect(request.title).toBe('Boiler check');
    expect(request.links).toEqual([{ url: 'https://example.test/a', title: null }]);
  });

  it('a break set to NO carries no dates, and the week of the month only counts for months on weekdays', () => {
    const saved = scheduleFormOf(savedSchedule());
    const request = createRequestOf({
      ...saved,
      seasonal_break_type: 'NO',
      repeat_every: { type: 'weeks', value: 2, exclude_weekends: false },
    });
    expect(request.seasonal_break_start).toBeNull();
    expect(request.seasonal_break_end).toBeNull();
    expect(request.seasonal_break_yearly).toBe(false);
    expect(request.repeat_week_of_month).toBeNull();
  });

  it('an update sends only what changed', () => {
    const saved = scheduleFormOf(savedSchedule());
    expect(updateRequestOf(saved, saved)).toEqual({});
    expect(updateRequestOf(saved, { ...saved, title: 'Fire doors, Building A', priority_id: 5 })).toEqual({
      title: 'Fire doors, Building A',
      priority_id: 5,
    });
    expect(
      updateRequestOf(saved, {
        ...saved,
        repeat_every: { type: 'months', value: 3, exclude_weekends: false },
      }),
    ).toEqual({ repeat_every: { type: 'months', value: 3, exclude_weekends: false } });
  });

  it('an update sends an emptied list as null (001 §7), a changed one as its ids', () => {
    const saved = scheduleFormOf(savedSchedule());
    expect(
      updateRequestOf(saved, { ...saved, watchers: [], assets: [], links: [], checklist_templates: [] }),
    ).toEqual({ watchers: null, assets: null, links: null, checklist_templates: null });
    expect(updateRequestOf(saved, { ...saved, assets: [{ id: 33, name: 'Door 3' }] })).toEqual({
      assets: [33],
    });
  });

  it('the order of chosen weekdays is no change', () => {
    const saved = scheduleFormOf(savedSchedule({ repeat_on: [1, 4], repeat_week_of_month: null }));
    expect(updateRequestOf(saved, { ...saved, repeat_on: [4, 1] })).toEqual({});
  });

  it('equipment goes by its own call after the save: never in the schedule request, only when changed', () => {
    const saved = scheduleFormOf(savedSchedule());
    expect(saved.equipments).toEqual([{ id: 5, title: 'Drill' }]);
    expect(createRequestOf(saved)).not.toHaveProperty('equipments');
    const more = { ...saved, equipments: [...saved.equipments, { id: 6, title: 'Ladder' }] };
    expect(updateRequestOf(saved, more)).toEqual({});
    expect(equipmentChangeOf(saved, saved)).toBeNull();
    expect(equipmentChangeOf(saved, more)).toEqual([5, 6]);
    expect(equipmentChangeOf(saved, { ...saved, equipments: [] })).toEqual([]);
  });
});

describe('checks before sending', () => {
  const valid = { ...emptyScheduleForm(new Date(2026, 0, 5)), title: 'Boiler check', workspace_id: 3 };

  it('passes a complete form', () => {
    expect(validateScheduleForm(valid)).toEqual({});
  });

  it('asks for a title of at least two characters and a workspace', () => {
    expect(validateScheduleForm({ ...valid, title: ' ', workspace_id: null })).toEqual({
      title: 'required',
      workspace_id: 'required',
    });
    expect(validateScheduleForm({ ...valid, title: 'A' })).toEqual({ title: 'title_too_short' });
  });

  it('refuses more than 200 assets with the server’s key', () => {
    const assets = Array.from({ length: 201 }, (_, i) => ({ id: i + 1, name: `Asset ${i + 1}` }));
    expect(validateScheduleForm({ ...valid, assets })).toEqual({ assets: 'too_many_assets' });
  });
});

describe('server refusals at their fields', () => {
  it('marks the field a nested key belongs to, the first key of a field winning', () => {
    expect(
      formErrorsOf({
        'repeat_every.value': 'repeat_value_invalid',
        'time_slots.1.end': 'invalid_format',
        'time_slots.0.start': 'invalid_format',
        end: 'end_before_start',
        seasonal_break_end: 'break_end_before_start',
      }),
    ).toEqual({
      repeat_every: 'repeat_value_invalid',
      time_slots: 'invalid_format',
      end: 'end_before_start',
      seasonal_break_end: 'break_end_before_start',
    });
  });
});
