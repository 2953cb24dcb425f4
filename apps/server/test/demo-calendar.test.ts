import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoIfEmpty } from '../src/seed/demo.js';
import { seedDemoCalendar } from '../src/seed/demo-calendar.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// The demo organisation's calendar: a planned day in the organisation's wall-clock time, open
// work with no date and overdue work, so every calendar view and the drag sidebar show something.

describe('demo calendar', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    await seedDemoIfEmpty(server.db);
    await seedDemoCalendar(server.db);
  });

  afterAll(async () => {
    await server?.close();
  });

  const issuesOf = (email: string) =>
    server.db
      .selectFrom('issues as i')
      .innerJoin('users as u', 'u.id', 'i.assignee_id')
      .select(['i.title', 'i.start_date', 'i.due_date', 'i.status_id'])
      .where('u.email', '=', email)
      .execute();

  it("plans Anna's day at the organisation's wall-clock times, two jobs overlapping", async () => {
    const zone = 'Europe/Vienna';
    const today = DateTime.now().setZone(zone).toISODate();
    const todays = (await issuesOf('anna@demo.test')).filter(
      (i) => i.start_date && DateTime.fromJSDate(i.start_date).setZone(zone).toISODate() === today,
    );
    const times = todays
      .map((i) =>
        DateTime.fromJSDate(i.start_date as Date)
          .setZone(zone)
          .toFormat('HH:mm'),
      )
      .sort();
    expect(times).toEqual(['08:00', '11:00', '14:00', '14:30']);
    const [fan] = todays.filter((i) => i.title === 'Fix the kitchen extractor fan');
    const [lights] = todays.filter((i) => i.title === 'Test the emergency lighting');
    expect((fan?.start_date as Date) < (lights?.due_date as Date)).toBe(true);
  });

  it('has open work with no date, overdue work, a job over several days and a presence', async () => {
    const all = await server.db
      .selectFrom('issues')
      .select(['title', 'start_date', 'due_date', 'status_id'])
      .execute();
    const open = all.filter((i) => i.status_id !== 8);
    expect(open.filter((i) => !i.start_date && !i.due_date).length).toBeGreaterThanOrEqual(4);
    expect(open.filter((i) => i.due_date && i.due_date.getTime() < Date.now()).length).toBeGreaterThanOrEqual(
      2,
    );
    const facade = all.find((i) => i.title === 'Facade inspection');
    if (!facade?.start_date || !facade.due_date) throw new Error('the facade inspection has no dates');
    expect(facade.due_date.getTime() - facade.start_date.getTime()).toBeGreaterThan(86_400_000);
    const presence = await server.db.selectFrom('presence_logs').select('user_id').execute();
    expect(presence.length).toBeGreaterThan(0);
  });
});
