import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connection.js';
import { materializeDue } from '../src/modules/schedules/schedule-materializer.js';
import { planSchedule } from '../src/modules/schedules/schedule-plan.js';
import { createAsset } from './helpers/assets-factories.js';
import { addWorkspace, createTeam } from './helpers/factories.js';
import { createSchedule } from './helpers/schedules-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// Two server instances on one PostgreSQL: two materializers, each with its own pool, run at the
// same moment over the same due schedules, three times over; every occurrence becomes exactly
// one issue. PostgreSQL only (PGlite is one process with one connection): skipped without DATABASE_URL.

const databaseUrl = process.env.DATABASE_URL;
const NOW = new Date('2026-03-02T10:00:00Z');
const HORIZON = new Date('2026-09-02T10:00:00Z');

describe.skipIf(!databaseUrl)('two materializers on one PostgreSQL', () => {
  let server: TestServer;
  let second: Awaited<ReturnType<typeof openDatabase>>;

  beforeAll(async () => {
    server = await startTestServer();
    second = await openDatabase({ databaseUrl, databaseSchema: server.ctx.config.databaseSchema });
    const { org, admin } = await createTeam(server.db);
    const workspaceId = await addWorkspace(server.db, org.id, 'Plant');
    const assets = [];
    for (const name of ['Door 1', 'Door 2', 'Door 3'])
      assets.push((await createAsset(server.db, { client_id: org.id, workspace_id: workspaceId, name })).id);
    const units = ['days', 'weeks', 'months', 'hours'] as const;
    for (let n = 0; n < 60; n++) {
      const id = await createSchedule(server, {
        clientId: org.id,
        workspaceId,
        created_by: admin.id,
        start_date: '2026-03-02',
        repeat_unit: units[n % units.length],
        repeat_value: n % units.length === 3 ? 8 : 1,
        assetIds: n % 3 === 0 ? assets.slice(0, 2 + (n % 2)) : [],
        assets_mode: 'FOR_EACH_ASSET',
        reschedule_mode: n % 2 ? 'before_next_start_date' : 'on_start_date',
      });
      await planSchedule(server.db, id, NOW);
    }
  });

  afterAll(async () => {
    await second?.close();
    await server?.close();
  });

  it('creates each occurrence once', async () => {
    const one = { db: server.db, dbKind: 'postgres' as const };
    const two = { db: second.db, dbKind: 'postgres' as const };
    const results = await Promise.all([
      materializeDue(one, { now: NOW, horizon: HORIZON }),
      materializeDue(two, { now: NOW, horizon: HORIZON }),
      materializeDue(one, { now: NOW, horizon: HORIZON }),
      materializeDue(two, { now: NOW, horizon: HORIZON }),
    ]);
    const created = results.reduce((sum, r) => sum + r.issuesCreated, 0);
    // They ran side by side: more than one of them took schedules.
    expect(results.filter((r) => r.schedules > 0).length).toBeGreaterThan(1);
    const counts = await sql<{
      issues: number;
      occurrences: number;
      distinct_issues: number;
      counted: number;
    }>`
      SELECT (SELECT count(*)::int FROM issues WHERE schedule_id IS NOT NULL) AS issues,
             (SELECT count(*)::int FROM schedule_occurrences) AS occurrences,
             (SELECT count(DISTINCT (schedule_id, start_date, asset_id))::int FROM issues WHERE schedule_id IS NOT NULL) AS distinct_issues,
             (SELECT sum(created_count)::int FROM schedules) AS counted`.execute(server.db);
    const row = counts.rows[0];
    expect(row?.issues).toBeGreaterThan(1000);
    expect(row?.issues).toBe(created);
    expect(row?.distinct_issues).toBe(row?.issues);
    expect(row?.occurrences).toBe(row?.issues);
    expect(row?.counted).toBe(row?.issues);
    // Again, both at once: nothing left to make.
    const again = await Promise.all([
      materializeDue(one, { now: NOW, horizon: HORIZON }),
      materializeDue(two, { now: NOW, horizon: HORIZON }),
    ]);
    expect(again.map((r) => r.issuesCreated)).toEqual([0, 0]);
  });
});
