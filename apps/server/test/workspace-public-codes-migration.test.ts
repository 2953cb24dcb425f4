import { PUBLIC_CODE_PATTERN } from '@workbench/domain';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as m0014 from '../src/db/migrations/0014_workspace_public_codes.js';
import { addWorkspace, createOrganisation } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('migration 0014: public codes', () => {
  it('gives every existing workspace a distinct code and keeps its numeric address; new ones get only a code', async () => {
    const org = await createOrganisation(server.db);
    // The state before the migration, with workspaces in it.
    const db = server.db as unknown as Kysely<unknown>;
    await m0014.down(db);
    const before = [
      await addWorkspace(server.db, org.id, 'Printed A'),
      await addWorkspace(server.db, org.id, 'Printed B'),
    ];
    await m0014.up(db);
    const after = await addWorkspace(server.db, org.id, 'New');
    const rows = await server.db
      .selectFrom('workspaces')
      .select(['id', 'public_code', 'public_id_legacy'])
      .where('client_id', '=', org.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.id, r.public_id_legacy])).toEqual([
      [before[0], true],
      [before[1], true],
      [after, false],
    ]);
    for (const row of rows) expect(row.public_code).toMatch(PUBLIC_CODE_PATTERN);
    expect(new Set(rows.map((r) => r.public_code)).size).toBe(3);
    // The printed codes keep working; the new workspace answers only its code.
    expect((await server.call('GET', `/api/v4/public/workspace/${before[0]}`)).status).toBe(200);
    expect((await server.call('GET', `/api/v4/public/workspace/${after}`)).status).toBe(404);
    expect((await server.call('GET', `/api/v4/public/workspace/${rows[2]?.public_code}`)).status).toBe(200);
  });
});
