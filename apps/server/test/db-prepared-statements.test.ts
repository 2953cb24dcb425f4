import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * Reads run as named prepared statements (src/db/prepared-statements.ts) on PGlite and on
 * PostgreSQL: the same answers as before, through generic plans, errors and transactions.
 */
describe('prepared reads', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    await sql`CREATE TABLE prepared_probe (id serial PRIMARY KEY, label text NOT NULL)`.execute(server.db);
  });
  afterAll(() => server.close());

  it('answers a repeated read with each call’s values, past the calls after which plans turn generic', async () => {
    for (let i = 0; i < 8; i++) {
      const when = new Date(Date.UTC(2026, 0, 1 + i, 12, 30));
      const { rows } = await sql<{
        n: number;
        text: string | null;
        flag: boolean;
        at: Date;
        ids: number[];
        doc: { i: number };
      }>`SELECT ${i}::int AS n, ${i % 2 ? null : `word ${i}`}::text AS text, ${i > 3}::boolean AS flag,
          ${when}::timestamptz AS at, ${`{${i},${i + 1}}`}::int[] AS ids,
          ${JSON.stringify({ i })}::jsonb AS doc`.execute(server.db);
      expect(rows).toEqual([
        { n: i, text: i % 2 ? null : `word ${i}`, flag: i > 3, at: when, ids: [i, i + 1], doc: { i } },
      ]);
    }
  });

  it('prepares a read afresh when a column is added to the table it reads with * (a migration)', async () => {
    await sql`CREATE TABLE prepared_grows (id int PRIMARY KEY)`.execute(server.db);
    await sql`INSERT INTO prepared_grows VALUES (1)`.execute(server.db);
    const read = () =>
      sql<Record<string, unknown>>`SELECT * FROM prepared_grows WHERE id = ${1}`.execute(server.db);
    for (let i = 0; i < 3; i++) expect((await read()).rows).toEqual([{ id: 1 }]);
    await sql`ALTER TABLE prepared_grows ADD COLUMN note text NOT NULL DEFAULT 'added'`.execute(server.db);
    for (let i = 0; i < 3; i++) expect((await read()).rows).toEqual([{ id: 1, note: 'added' }]);
  });

  it('gives the database’s error for a failing read and goes on answering', async () => {
    for (let i = 0; i < 3; i++) {
      await expect(sql`SELECT 1 / ${0}::int AS boom`.execute(server.db)).rejects.toThrow(/division by zero/);
      await expect(sql`SELEC ${i}::int`.execute(server.db)).rejects.toThrow(/syntax error/);
      const { rows } = await sql<{ n: number }>`SELECT ${i}::int AS n`.execute(server.db);
      expect(rows).toEqual([{ n: i }]);
    }
  });

  it('sees the rows a transaction committed, and a read made while it runs does not block it', async () => {
    const count = async (executor: Kysely<Database> = server.db) => {
      const { rows } = await sql<{ n: string | number }>`
        SELECT count(*) AS n FROM prepared_probe WHERE label = ${'tx'}`.execute(executor);
      return Number(rows[0]?.n);
    };
    expect(await count()).toBe(0);
    let release!: () => void;
    const gate = new Promise<void>((done) => {
      release = done;
    });
    let inside = -1;
    const transaction = server.db.transaction().execute(async (trx) => {
      await sql`INSERT INTO prepared_probe (label) VALUES (${'tx'})`.execute(trx);
      inside = await count(trx);
      await gate;
    });
    const during = count();
    release();
    await transaction;
    expect(inside).toBe(1);
    // PostgreSQL answers at once (before the commit: 0); PGlite waits for the transaction (1).
    expect([0, 1]).toContain(await during);
    expect(await count()).toBe(1);
  });
});
