import { CHECKLIST_ITEM_STATUS } from '@workbench/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createIssueTeam } from './helpers/issues-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** Any change to the workspace tree, roles or collaborations does this (migration 0010). */
const bumpAccessVersion = () => sql`UPDATE access_version SET version = version + 1`.execute(server.db);

/**
 * Statements per request, exactly, so they cannot creep back (issue 13: before this, a detail
 * load ran 15 statements with 3 recursive grants queries, a checklist tick 22 with 5, a status
 * change 21 with 4). Warm: the caller's grants are in memory at the current access version;
 * cold: the access version moved since (2 statements more: the grants and the workspace tree).
 */
const EXPECTED = {
  // Session, issue visibility (id guard), the issue with its facts and settings, what the
  // presenter shows, its attachments.
  detail: 5,
  // Session, the three ids in one statement, the locked issue and its facts, checklist, item,
  // the tick, the issue's and the checklist's time stamps, then the checklist as answered (issue,
  // checklist, items, attachments).
  tick: 13,
  // Session, visibility, the locked issue and its facts, the update, the log entry, then the
  // issue as answered (issue, presenter's read, attachments), and (issue 20) the one statement
  // that makes the status change's notifications (to the reporter and watchers) with their live events.
  status: 10,
} as const;

describe('statements per request', () => {
  for (const who of ['admin', 'member'] as const) {
    for (const warm of [true, false]) {
      it(`${who}, grants ${warm ? 'in memory' : 'read again'}: detail, checklist tick, status change`, async () => {
        const t = await createIssueTeam(server);
        const token = t.tokens[who];
        const parent = await t.issue({ assignee_id: t.people[who].id, status_id: 5 });
        await t.issue({ parent_id: parent, title: 'Child A' });
        await t.issue({ parent_id: parent, title: 'Child B' });
        const checklist = await server.call('POST', `${API}/issue/${parent}/checklists`, {
          token: t.tokens.admin,
          body: { title: 'Handover', items: [{ title: 'Close the valve' }] },
        });
        const itemPath = `${API}/issue/${parent}/checklist/${checklist.body.id}/items/${checklist.body.items[0].id}`;
        // The session's last use is written at most once a minute: now, not during a count.
        await server.call('GET', `${API}/issue/${parent}`, { token });

        const count = async (request: () => Promise<{ status: number }>) => {
          if (!warm) await bumpAccessVersion();
          const counted = await server.countStatements(request);
          expect(counted.result.status).toBe(200);
          return counted;
        };
        const detail = await count(() => server.call('GET', `${API}/issue/${parent}`, { token }));
        const tick = await count(() =>
          server.call('PUT', itemPath, { token, body: { status_id: CHECKLIST_ITEM_STATUS.done } }),
        );
        const status = await count(() =>
          server.call('POST', `${API}/issue/${parent}/status`, { token, body: { status_id: 6 } }),
        );

        const extra = warm ? 0 : 2;
        expect({
          detail: detail.statements,
          tick: tick.statements,
          status: status.statements,
        }).toEqual({
          detail: EXPECTED.detail + extra,
          tick: EXPECTED.tick + extra,
          status: EXPECTED.status + extra,
        });
        for (const counted of [detail, tick, status]) expect(counted.grantQueries).toBe(warm ? 0 : 1);
      });
    }
  }

  it('a request that changes access reads its grants again after the write, never from before it', async () => {
    const t = await createIssueTeam(server);
    const token = t.tokens.admin;
    await server.call('GET', `${API}/workspace/${t.ids.site}`, { token });
    const created = await server.countStatements(() =>
      server.call('POST', `${API}/workspace`, { token, body: { name: 'Annex', parent_id: t.ids.site } }),
    );
    expect(created.result.status).toBe(200);
    expect(created.result.body).toMatchObject({ name: 'Annex', parent_id: t.ids.site, my_role: 'admin' });
    // The parent check answered from memory; the new workspace from SQL after the insert.
    expect(created.grantQueries).toBe(1);
  });

  it('the issue list reads no grants when they are in memory', async () => {
    const t = await createIssueTeam(server);
    await t.issue();
    const token = t.tokens.member;
    await server.call('GET', `${API}/issue/`, { token });
    const list = await server.countStatements(() => server.call('GET', `${API}/issue/`, { token }));
    expect(list.result.status).toBe(200);
    // Session and the page with its counts.
    expect([list.statements, list.grantQueries]).toEqual([2, 0]);
  });
});
