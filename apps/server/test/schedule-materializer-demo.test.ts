import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoIfEmpty } from '../src/seed/demo.js';
import { seedDemoAssets } from '../src/seed/demo-assets.js';
import { seedDemoSchedules } from '../src/seed/demo-schedules.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// The demo organisation's schedules: seeded once, materialized into issues of the demo list.

describe('demo schedules', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    await seedDemoIfEmpty(server.db);
    await seedDemoAssets(server.ctx);
    await seedDemoSchedules(server.ctx);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('has accepted, pending and paused schedules, and the active ones have issues', async () => {
    const schedules = await server.db
      .selectFrom('schedules as s')
      .select(['s.id', 's.title', 's.assignee_id', 's.assignee_status', 's.paused_at'])
      .select((eb) =>
        eb
          .selectFrom('issues as i')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('i.schedule_id', '=', 's.id')
          .as('issues'),
      )
      .orderBy('s.id')
      .execute();
    expect(schedules).toHaveLength(5);
    expect(schedules.some((s) => s.assignee_status === 5)).toBe(true);
    expect(schedules.some((s) => s.assignee_id !== null && s.assignee_status === null)).toBe(true);
    const paused = schedules.filter((s) => s.paused_at !== null);
    expect(paused).toHaveLength(1);
    expect(Number(paused[0]?.issues)).toBe(0);
    for (const s of schedules.filter((s) => s.paused_at === null))
      expect(Number(s.issues), s.title).toBeGreaterThan(0);
    // The weekly fire-door round: one issue per door and Monday.
    const doors = await server.db
      .selectFrom('issues as i')
      .innerJoin('schedules as s', 's.id', 'i.schedule_id')
      .select(['i.asset_id', 'i.start_date'])
      .where('s.title', '=', 'Fire door inspection')
      .execute();
    expect(new Set(doors.map((d) => d.asset_id)).size).toBe(2);
  });

  it('seeds once', async () => {
    await seedDemoSchedules(server.ctx);
    const count = await server.db
      .selectFrom('schedules')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(5);
  });
});
