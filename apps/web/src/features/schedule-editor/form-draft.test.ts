import { describe, expect, it } from 'vitest';
import { isUntouchedScheduleForm, loadScheduleDraft, saveScheduleDraft } from './form-draft';
import { emptyScheduleForm } from './form-values';

const today = new Date(2026, 10, 24);

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('the add screen’s draft', () => {
  it('gives back what was typed', () => {
    const storage = memoryStorage();
    const typed = {
      ...emptyScheduleForm(today),
      title: 'Fire doors',
      workspace_id: 3,
      assets: [{ id: 31, name: 'Door 1' }],
      end: { type: 'AFTER' as const, value: 12 },
      time_slots: [{ start: '07:00', end: '09:00' }],
      time_limits: { completion: { value: 2, unit: 'hours' as const } },
      seasonal_break_type: 'YES' as const,
      seasonal_break_start: '2026-08-01',
      seasonal_break_end: '2026-08-31',
    };
    saveScheduleDraft(typed, storage);
    expect(loadScheduleDraft(storage, today)).toEqual(typed);
  });

  it('reads what it cannot understand as the empty form’s value', () => {
    const storage = memoryStorage();
    storage.setItem(
      'workbench.schedule-draft',
      JSON.stringify({
        title: 5,
        workspace_id: -1,
        assets: [{ id: 'x' }, { id: 4, name: 'Pump' }],
        repeat_every: { type: 'fortnights', value: 2 },
        repeat_on: [1, 9, 'x'],
        end: { type: 'ON', value: 'soon' },
        presence_alarm: { later_than_start: { enabled: true, hours: 1, minutes: 'x' } },
      }),
    );
    const draft = loadScheduleDraft(storage, today);
    expect(draft).toMatchObject({
      title: '',
      workspace_id: null,
      assets: [{ id: 4, name: 'Pump' }],
      repeat_every: { type: 'weeks', value: 2, exclude_weekends: false },
      repeat_on: [1],
      end: { type: 'ON', value: null },
    });
    expect(draft?.presence_alarm.later_than_start).toEqual({ enabled: true, hours: 1, minutes: 0 });
    expect(draft?.presence_alarm.earlier_than_end).toEqual({ enabled: false, hours: 0, minutes: 0 });
  });

  it('is no draft when nothing or no JSON was kept', () => {
    const storage = memoryStorage();
    expect(loadScheduleDraft(storage, today)).toBeNull();
    storage.setItem('workbench.schedule-draft', '{oops');
    expect(loadScheduleDraft(storage, today)).toBeNull();
  });

  it('an untouched form is no draft', () => {
    expect(isUntouchedScheduleForm(emptyScheduleForm(today), today)).toBe(true);
    expect(isUntouchedScheduleForm({ ...emptyScheduleForm(today), title: 'x' }, today)).toBe(false);
  });
});
