import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { assetKeys } from '../assets/assets-api';
import { attachmentCommentKey } from '../attachments/attachments-api';
import { calendarKeys } from '../calendar/calendar-api';
import { timelineKeys } from '../calendar-timeline/timeline-api';
import { categoryKeys } from '../categories/categories-api';
import { templateKeys } from '../checklist-templates/templates-api';
import { checklistKeys } from '../checklists/checklists-api';
import { equipmentKeys } from '../equipment/equipment-api';
import { bookingKeys } from '../equipment-bookings/booking-api';
import { setKeys } from '../equipment-sets/sets-api';
import { issueKeys } from '../issues/issues-api';
import { profileKeys } from '../profiles/profiles-api';
import { savedFilterKeys } from '../saved-filters/saved-filters-api';
import { editorKeys } from '../schedule-editor/editor-api';
import { scheduleKeys } from '../schedules/schedule-queries';
import { textTemplateKeys } from '../text-templates/text-templates-api';
import { workspaceKeys } from '../workspaces/workspace-api';
import { collapseKeys, createLiveInvalidator, isPrefix, keysForChange } from './live-invalidation';

const covers = (entityType: string, key: QueryKey, entityId = 5) =>
  keysForChange({ entity_type: entityType, entity_id: entityId }).some((prefix) => isPrefix(prefix, key));

describe('keysForChange: the features’ real query keys', () => {
  it('an issue: its list and tab counts, detail, comments, activity, time, checklists, attachment comments, the calendar, schedule and asset tabs', () => {
    const shown: QueryKey[] = [
      issueKeys.list({ issue_state: 'all' }),
      issueKeys.detail(5),
      issueKeys.comments(5, 1),
      issueKeys.activity(5, 2),
      issueKeys.timer(5),
      issueKeys.worktime(5),
      checklistKeys.issue(5),
      attachmentCommentKey(5, 9),
      calendarKeys.yearly({ year: '2026' }),
      calendarKeys.yearlyEvents({ year: '2026' }),
      timelineKeys.rows('users', { day: '2026-12-02' }),
      editorKeys.latestIssues(3),
      editorKeys.preview(3),
      assetKeys.issues(3, 1),
      assetKeys.tasks(3, 1),
      assetKeys.list({} as never),
    ];
    for (const key of shown) expect(covers('issue', key), JSON.stringify(key)).toBe(true);
    // Not another issue's detail or logs, nor what does not show issues.
    for (const key of [
      issueKeys.detail(50),
      issueKeys.comments(6, 1),
      equipmentKeys.lists,
      workspaceKeys.all,
    ])
      expect(covers('issue', key), JSON.stringify(key)).toBe(false);
  });

  it('a schedule: its lists, detail and sections, pickers, the calendar and the asset tab', () => {
    for (const key of [
      scheduleKeys.list({}),
      scheduleKeys.detail(5),
      scheduleKeys.choices('x'),
      editorKeys.detail(5),
      editorKeys.activity(5, 1),
      editorKeys.budgets(5),
      calendarKeys.yearly({}),
      assetKeys.schedules(2, 1),
    ])
      expect(covers('schedule', key), JSON.stringify(key)).toBe(true);
  });

  it('equipment, its groups, types and holders: the item pages, lists, bookings and group pages', () => {
    for (const key of [
      equipmentKeys.list({} as never),
      equipmentKeys.detail(5),
      equipmentKeys.activity(5, 1),
      bookingKeys.reservations(5),
      bookingKeys.groupReservations(2),
      setKeys.group(2),
      setKeys.picker('', null),
    ])
      expect(covers('equipment', key), JSON.stringify(key)).toBe(true);
    expect(covers('equipment_group', setKeys.groupList({} as never))).toBe(true);
    expect(covers('equipment_type', setKeys.typeList({} as never))).toBe(true);
    expect(covers('external_holder', setKeys.holderList({} as never))).toBe(true);
    expect(covers('external_holder', bookingKeys.holders('a'))).toBe(true);
  });

  it('workspaces, assets, collaborations, people and the organisation’s lists', () => {
    expect(covers('workspace', workspaceKeys.list({} as never))).toBe(true);
    expect(covers('workspace', workspaceKeys.detail(5))).toBe(true);
    expect(covers('workspace', workspaceKeys.clean)).toBe(true);
    expect(covers('workspace', issueKeys.people(5))).toBe(true);
    expect(covers('asset', assetKeys.detail(5))).toBe(true);
    expect(covers('asset_group', assetKeys.groupList({} as never))).toBe(true);
    expect(covers('asset_system', assetKeys.systemList({} as never))).toBe(true);
    expect(covers('collaboration', ['collaborations', 'list', {}])).toBe(true);
    expect(covers('collaboration', workspaceKeys.lists)).toBe(true);
    expect(covers('collaboration', issueKeys.lists)).toBe(true);
    expect(covers('user', profileKeys.list({} as never))).toBe(true);
    expect(covers('user', profileKeys.user(5))).toBe(true);
    expect(covers('user', equipmentKeys.people(2))).toBe(true);
    expect(covers('job_position', profileKeys.jobPositions)).toBe(true);
    expect(covers('job_position', calendarKeys.positions)).toBe(true);
    expect(covers('job_position', timelineKeys.positions)).toBe(true);
    expect(covers('category', categoryKeys.all)).toBe(true);
    expect(covers('text_template', textTemplateKeys.list({} as never))).toBe(true);
    expect(covers('text_template', textTemplateKeys.suggestions)).toBe(true);
    expect(covers('checklist_template', templateKeys.detail(5))).toBe(true);
    expect(covers('saved_filter', savedFilterKeys.ofType('issue' as never))).toBe(true);
    expect(covers('client', ['config'])).toBe(true);
    expect(keysForChange({ entity_type: 'something_new', entity_id: 1 })).toEqual([]);
  });
});

describe('collapseKeys', () => {
  it('keeps each key once and drops those a shorter one covers', () => {
    expect(
      collapseKeys([
        ['issues', 'list'],
        ['equipment'],
        ['issues', 'list'],
        ['equipment', 'detail', 3],
        ['issues'],
      ]),
    ).toEqual([['equipment'], ['issues']]);
    // A number is not a prefix of a longer one.
    expect(
      collapseKeys([
        ['issues', 'detail', 5],
        ['issues', 'detail', 50],
      ]),
    ).toHaveLength(2);
  });
});

/** A scheduler the test runs by hand: how often a batch was armed, and its pending run. */
function manualScheduler() {
  const pending: Array<() => void> = [];
  return {
    armed: 0,
    pending,
    set(run: () => void) {
      this.armed += 1;
      pending.push(run);
      return pending.length;
    },
    clear() {
      pending.length = 0;
    },
    runAll() {
      for (const run of pending.splice(0)) run();
    },
  };
}

function cachedClient() {
  const client = new QueryClient();
  client.setQueryData(issueKeys.list({ issue_state: 'all' }), { data: [] });
  client.setQueryData(issueKeys.list({ issue_state: 'todo' }), { data: [] });
  client.setQueryData(issueKeys.detail(1), { id: 1, children: [{ id: 7 }] });
  client.setQueryData(issueKeys.detail(2), { id: 2, children: [] });
  client.setQueryData(equipmentKeys.detail(3), { id: 3 });
  client.setQueryData(['notifications', 'state'], { unread_count: 0 });
  return client;
}
const invalidated = (client: QueryClient, key: QueryKey) =>
  client.getQueryCache().find({ queryKey: key, exact: true })?.state.isInvalidated;

describe('createLiveInvalidator: batched refetches', () => {
  it('a bulk change of 500 issues invalidates each list once, after one batch', () => {
    const client = cachedClient();
    const spy = vi.spyOn(client, 'invalidateQueries');
    const scheduler = manualScheduler();
    const live = createLiveInvalidator(client, { scheduler });
    for (let id = 100; id < 600; id += 1) live.change({ entity_type: 'issue', entity_id: id });
    expect(scheduler.armed).toBe(1);
    expect(spy).not.toHaveBeenCalled();
    scheduler.runAll();
    const keys = spy.mock.calls.map(([filters]) => JSON.stringify(filters?.queryKey));
    expect(keys.filter((k) => k === JSON.stringify(['issues', 'list']))).toHaveLength(1);
    expect(keys.filter((k) => k === JSON.stringify(['calendar']))).toHaveLength(1);
    expect(new Set(keys).size).toBe(keys.length);
    expect(invalidated(client, issueKeys.list({ issue_state: 'all' }))).toBe(true);
    expect(invalidated(client, issueKeys.list({ issue_state: 'todo' }))).toBe(true);
    // Untouched: other issues' details, equipment, the bell.
    expect(invalidated(client, issueKeys.detail(2))).toBe(false);
    expect(invalidated(client, equipmentKeys.detail(3))).toBe(false);
    expect(invalidated(client, ['notifications', 'state'])).toBe(false);
    // The next change starts a new batch.
    live.change({ entity_type: 'equipment', entity_id: 3 });
    expect(scheduler.armed).toBe(2);
    scheduler.runAll();
    expect(invalidated(client, equipmentKeys.detail(3))).toBe(true);
  });

  it('a changed sub-issue refetches the cached parent that lists it', () => {
    const client = cachedClient();
    const scheduler = manualScheduler();
    const live = createLiveInvalidator(client, { scheduler });
    live.change({ entity_type: 'issue', entity_id: 7 });
    scheduler.runAll();
    expect(invalidated(client, issueKeys.detail(1))).toBe(true);
    expect(invalidated(client, issueKeys.detail(2))).toBe(false);
  });

  it('reset refetches everything cached, once', () => {
    const client = cachedClient();
    const spy = vi.spyOn(client, 'invalidateQueries');
    const scheduler = manualScheduler();
    const live = createLiveInvalidator(client, { scheduler });
    live.change({ entity_type: 'issue', entity_id: 1 });
    live.reset();
    scheduler.runAll();
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy).toHaveBeenCalledWith();
    expect(invalidated(client, equipmentKeys.detail(3))).toBe(true);
    expect(invalidated(client, ['notifications', 'state'])).toBe(true);
  });

  it('stop drops what is pending; flush runs at once; the default timer waits LIVE_BATCH_MS', () => {
    vi.useFakeTimers();
    try {
      const client = cachedClient();
      const spy = vi.spyOn(client, 'invalidateQueries');
      const live = createLiveInvalidator(client);
      live.change({ entity_type: 'issue', entity_id: 1 });
      live.stop();
      vi.runAllTimers();
      expect(spy).not.toHaveBeenCalled();
      live.change({ entity_type: 'equipment', entity_id: 3 });
      vi.advanceTimersByTime(299);
      expect(spy).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(spy).toHaveBeenCalled();
      spy.mockClear();
      live.change({ entity_type: 'equipment', entity_id: 3 });
      live.flush();
      expect(spy).toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
