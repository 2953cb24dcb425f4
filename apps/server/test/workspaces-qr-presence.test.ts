import { defaultPublicForm } from '@workbench/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUDGETS, type Budget, hashedKey } from '../src/http/rate-limit.js';
import { startTestServer, TEST_APP_URL, type TestServer } from './helpers/test-server.js';
import { createWorkspaceTree } from './helpers/workspaces-factories.js';

/** The public code of a workspace (what its QR code and the public page name it by). */
async function codeOf(id: number): Promise<string> {
  const row = await server.db
    .selectFrom('workspaces')
    .select('public_code')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.public_code;
}

async function qrSvgOf(target: string): Promise<string> {
  const jsQr = await import('qrcode');
  return jsQr.default.toString(target, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('GET workspace/{id}/qr_code', () => {
  it('answers png and svg encoding the public report address', async () => {
    const t = await createWorkspaceTree(server);
    const png = await fetch(`${server.url}/api/v4/workspace/${t.ids.room}/qr_code?format=png`, {
      headers: { authorization: `Bearer ${t.tokens.manager}` },
    });
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await png.arrayBuffer());
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    const svg = await server.call('GET', `/api/v4/workspace/${t.ids.room}/qr_code?format=svg`, {
      token: t.tokens.admin,
    });
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
    expect(String(svg.body)).toContain('<svg');
    // The code carries the workspace's public code, never its sequential id.
    expect(await qrSvgOf(`${TEST_APP_URL}/public/report?workspace_id=${await codeOf(t.ids.room)}&qr=1`)).toBe(
      svg.body,
    );
    expect(svg.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses strangers, other organisations and unknown formats', async () => {
    const t = await createWorkspaceTree(server);
    const other = await createWorkspaceTree(server);
    expect((await server.call('GET', `/api/v4/workspace/${t.ids.site}/qr_code`)).status).toBe(401);
    expect(
      (await server.call('GET', `/api/v4/workspace/${t.ids.site}/qr_code`, { token: t.tokens.member }))
        .status,
    ).toBe(404);
    expect(
      (await server.call('GET', `/api/v4/workspace/${other.ids.site}/qr_code`, { token: t.tokens.admin }))
        .status,
    ).toBe(404);
    expect(
      (
        await server.call('GET', `/api/v4/workspace/${t.ids.site}/qr_code?format=gif`, {
          token: t.tokens.admin,
        })
      ).status,
    ).toBe(422);
  });
});

describe('GET public/workspace/{code} and the scan log', () => {
  it('shows a live workspace to anybody by its code, and hides archived and deleted ones', async () => {
    const t = await createWorkspaceTree(server);
    const code = await codeOf(t.ids.site);
    expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const res = await server.call('GET', `/api/v4/public/workspace/${code}`);
    expect(res.status).toBe(200);
    // Only what a visitor needs: no id, no tree, no people.
    expect(res.body).toEqual({
      code,
      name: 'Site',
      description: null,
      image: null,
      client: { name: t.org.name, logo: null },
      // The organisation's workspace report form (the default until an admin saves one).
      form: {
        enabled: true,
        fields: defaultPublicForm('workspace').fields,
        texts: {},
        logo: null,
        primary_color: null,
        allow_follow: true,
        categories: [],
      },
    });
    await server.db
      .updateTable('workspaces')
      .set({ archived_at: new Date() })
      .where('id', '=', t.ids.depot)
      .execute();
    expect((await server.call('GET', `/api/v4/public/workspace/${await codeOf(t.ids.depot)}`)).status).toBe(
      404,
    );
    await server.db
      .updateTable('workspaces')
      .set({ deleted_at: new Date() })
      .where('id', '=', t.ids.room)
      .execute();
    expect((await server.call('GET', `/api/v4/public/workspace/${await codeOf(t.ids.room)}`)).status).toBe(
      404,
    );
    for (const bogus of ['999999999', '2147483648', 'A'.repeat(22), 'not-a-code', 'x'.repeat(64)]) {
      expect((await server.call('GET', `/api/v4/public/workspace/${bogus}`)).status).toBe(404);
    }
  });

  it('workspaces cannot be listed by counting ids without a login', async () => {
    const t = await createWorkspaceTree(server);
    const other = await createWorkspaceTree(server);
    const top = Math.max(...Object.values(other.ids));
    const found = [];
    for (let id = 1; id <= top; id++) {
      const res = await server.call('GET', `/api/v4/public/workspace/${id}?qr=1`);
      if (res.status !== 404) found.push([id, res.status]);
    }
    expect(found).toEqual([]);
    const logged = await server.db
      .selectFrom('qr_scan_logs')
      .select('id')
      .where('client_id', 'in', [t.org.id, other.org.id])
      .execute();
    expect(logged).toEqual([]);
  });

  it('a workspace older than the codes answers its numeric id until its code is regenerated', async () => {
    const t = await createWorkspaceTree(server);
    await server.db
      .updateTable('workspaces')
      .set({ public_id_legacy: true })
      .where('id', '=', t.ids.site)
      .execute();
    const oldCode = await codeOf(t.ids.site);
    const byId = await server.call('GET', `/api/v4/public/workspace/${t.ids.site}?qr=1`);
    expect(byId.status).toBe(200);
    // The answer tells the code, so the page can move to the lasting address.
    expect(byId.body).toMatchObject({ code: oldCode, name: 'Site' });
    expect((await server.call('GET', `/api/v4/public/workspace/${t.ids.building}`)).status).toBe(404);
    const oldSvg = await server.call('GET', `/api/v4/workspace/${t.ids.site}/qr_code?format=svg`, {
      token: t.tokens.admin,
    });

    // Who may not edit the workspace may not regenerate its code.
    const path = `/api/v4/workspace/${t.ids.site}/qr_code/regenerate`;
    expect((await server.call('POST', path)).status).toBe(401);
    expect((await server.call('POST', path, { token: t.tokens.groupManager })).status).toBe(403);
    expect((await server.call('POST', path, { token: t.tokens.member })).status).toBe(404);
    const other = await createWorkspaceTree(server);
    expect((await server.call('POST', path, { token: other.tokens.admin })).status).toBe(404);
    expect(await codeOf(t.ids.site)).toBe(oldCode);

    const regenerated = await server.call('POST', path, { token: t.tokens.admin });
    expect(regenerated.status).toBe(200);
    expect(regenerated.body).toEqual({ success: true });
    const newCode = await codeOf(t.ids.site);
    expect(newCode).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(newCode).not.toBe(oldCode);
    expect((await server.call('GET', `/api/v4/public/workspace/${t.ids.site}`)).status).toBe(404);
    expect((await server.call('GET', `/api/v4/public/workspace/${oldCode}`)).status).toBe(404);
    expect((await server.call('GET', `/api/v4/public/workspace/${newCode}`)).status).toBe(200);
    const newSvg = await server.call('GET', `/api/v4/workspace/${t.ids.site}/qr_code?format=svg`, {
      token: t.tokens.admin,
    });
    expect(newSvg.body).not.toBe(oldSvg.body);
    expect(newSvg.body).toBe(await qrSvgOf(`${TEST_APP_URL}/public/report?workspace_id=${newCode}&qr=1`));
  });

  it('records a scan with qr=1 (with the user when a valid token comes) at most once per address, person and workspace in a while', async () => {
    const t = await createWorkspaceTree(server);
    const building = await codeOf(t.ids.building);
    await server.call('GET', `/api/v4/public/workspace/${building}`); // no scan: no qr=1
    await server.call('GET', `/api/v4/public/workspace/${building}?qr=1&latitude=48.2&longitude=16.37`);
    await server.call('GET', `/api/v4/public/workspace/${building}?qr=1`, {
      token: t.tokens.groupManager,
    });
    // The same visitor again, and once with a token that is not one: answered, not logged again.
    expect((await server.call('GET', `/api/v4/public/workspace/${building}?qr=1`)).status).toBe(200);
    const bogus = await server.call('GET', `/api/v4/public/workspace/${building}?qr=1`, {
      token: 'not-a-token',
    });
    expect(bogus.status).toBe(200);
    await server.call('GET', `/api/v4/public/workspace/${building}?qr=1`, { token: t.tokens.groupManager });
    // Another workspace from the same address is its own scan.
    await server.call('GET', `/api/v4/public/workspace/${await codeOf(t.ids.site)}?qr=1`);
    const log = await server.call('GET', `/api/v4/qr_code/scan_log/${t.ids.building}`, {
      token: t.tokens.manager,
    });
    expect(log.status).toBe(200);
    expect(log.body.total).toBe(2);
    const rows = log.body.data as Array<{
      user: { id: number; full_name: string } | null;
      latitude: number | null;
    }>;
    expect(rows.filter((r) => r.user).map((r) => r.user)).toEqual([
      { id: t.groupManager.id, full_name: 'Gus Group' },
    ]);
    expect(rows.filter((r) => r.latitude !== null).map((r) => r.latitude)).toEqual([48.2]);
    const siteLog = await server.call('GET', `/api/v4/qr_code/scan_log/${t.ids.site}`, {
      token: t.tokens.admin,
    });
    expect(siteLog.body.total).toBe(1);
    // Once the address's few minutes are over, it is a new scan.
    await server.db
      .updateTable('rate_limits')
      .set({ window_start: new Date(Date.now() - BUDGETS.scanLog.windowMs - 1000) })
      .where('bucket', '=', BUDGETS.scanLog.bucket)
      .execute();
    await server.call('GET', `/api/v4/public/workspace/${building}?qr=1`);
    const later = await server.call('GET', `/api/v4/qr_code/scan_log/${t.ids.building}`, {
      token: t.tokens.manager,
    });
    expect(later.body.total).toBe(3);
    expect(
      (
        await server.call('GET', `/api/v4/qr_code/scan_log/${t.ids.building}`, {
          token: t.tokens.groupManager,
        })
      ).status,
    ).toBe(200);
    expect((await server.call('GET', `/api/v4/qr_code/scan_log/${t.ids.building}`)).status).toBe(401);
    expect(
      (await server.call('GET', `/api/v4/qr_code/scan_log/${t.ids.depot}`, { token: t.tokens.member }))
        .status,
    ).toBe(403);
    const other = await createWorkspaceTree(server);
    expect(
      (await server.call('GET', `/api/v4/qr_code/scan_log/${t.ids.building}`, { token: other.tokens.admin }))
        .status,
    ).toBe(404);
  });

  it('each address has a budget of public views (a smaller one by numeric id); beyond it 429', async () => {
    const t = await createWorkspaceTree(server);
    const code = await codeOf(t.ids.site);
    const ip = hashedKey('ip', '127.0.0.1');
    const spend = (budget: Budget) =>
      server.db
        .insertInto('rate_limits')
        .values({ bucket: budget.bucket, key: ip, window_start: new Date(), hits: budget.limit })
        .onConflict((oc) =>
          oc.columns(['bucket', 'key']).doUpdateSet({ hits: budget.limit, window_start: new Date() }),
        )
        .execute();
    await spend(BUDGETS.publicLegacyViews);
    const byId = await server.call('GET', `/api/v4/public/workspace/${t.ids.site}`);
    expect(byId.status).toBe(429);
    expect(byId.body.error).toBe('too_many_requests');
    // Views by code go on.
    expect((await server.call('GET', `/api/v4/public/workspace/${code}`)).status).toBe(200);
    await spend(BUDGETS.publicViews);
    const refused = await server.call('GET', `/api/v4/public/workspace/${code}?qr=1`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const logged = await server.db
      .selectFrom('qr_scan_logs')
      .select('id')
      .where('client_id', '=', t.org.id)
      .execute();
    expect(logged).toEqual([]);
    await server.db.deleteFrom('rate_limits').where('key', '=', ip).execute();
  });
});

describe('presence', () => {
  it('checks in and out, closes an open log on the next check-in, and totals the time', async () => {
    const t = await createWorkspaceTree(server);
    const checkIn = await server.call('POST', `/api/v4/workspace/${t.ids.room}/presence`, {
      token: t.tokens.groupManager,
      body: { action: 'check_in' },
    });
    expect(checkIn.status).toBe(200);
    expect(checkIn.body).toMatchObject({
      ended_at: null,
      duration_seconds: null,
      workspace: { id: t.ids.room, name: 'Room' },
    });
    // Move the check-in an hour back, then check in elsewhere: the first closes.
    await server.db
      .updateTable('presence_logs')
      .set({ started_at: new Date(Date.now() - 3_600_000) })
      .where('id', '=', checkIn.body.id)
      .execute();
    const second = await server.call('POST', `/api/v4/workspace/${t.ids.building}/presence`, {
      token: t.tokens.groupManager,
      body: { action: 'check_in' },
    });
    expect(second.status).toBe(200);
    const open = await server.db
      .selectFrom('presence_logs')
      .select('id')
      .where('user_id', '=', t.groupManager.id)
      .where('ended_at', 'is', null)
      .execute();
    expect(open.map((o) => o.id)).toEqual([second.body.id]);
    const out = await server.call('POST', `/api/v4/workspace/${t.ids.building}/presence`, {
      token: t.tokens.groupManager,
      body: { action: 'check_out' },
    });
    expect(out.status).toBe(200);
    expect(out.body.ended_at).not.toBeNull();
    const again = await server.call('POST', `/api/v4/workspace/${t.ids.building}/presence`, {
      token: t.tokens.groupManager,
      body: { action: 'check_out' },
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('not_checked_in');

    const logs = await server.call('GET', `/api/v4/workspace/${t.ids.room}/presence/logs`, {
      token: t.tokens.manager,
    });
    expect(logs.status).toBe(200);
    expect(logs.body.total).toBe(1);
    expect(logs.body.data[0]).toMatchObject({ user: { id: t.groupManager.id, full_name: 'Gus Group' } });
    expect(logs.body.data[0].duration_seconds).toBeGreaterThanOrEqual(3599);

    const totals = await server.call('GET', `/api/v4/workspace/user/${t.groupManager.id}/presence/logs`, {
      token: t.tokens.admin,
    });
    expect(totals.status).toBe(200);
    expect(totals.body.records).toHaveLength(2);
    expect(totals.body.total_time_spent).toBe(
      totals.body.records.reduce((s: number, r: { duration_seconds: number }) => s + r.duration_seconds, 0),
    );
    expect(totals.body.total_time_spent).toBeGreaterThanOrEqual(3599);
    const onlyRoom = await server.call(
      'GET',
      `/api/v4/workspace/user/${t.groupManager.id}/presence/logs?workspace_id=${t.ids.room}`,
      {
        token: t.tokens.admin,
      },
    );
    expect(onlyRoom.body.records).toHaveLength(1);
    // A member reads no one else's logs, but their own.
    const memberView = await server.call('GET', `/api/v4/workspace/user/${t.groupManager.id}/presence/logs`, {
      token: t.tokens.member,
    });
    expect(memberView.body).toEqual({ records: [], total_time_spent: 0 });
  });

  it('refuses bad input, strangers and other organisations; members may not read workspace logs', async () => {
    const t = await createWorkspaceTree(server);
    const other = await createWorkspaceTree(server);
    const bad = await server.call('POST', `/api/v4/workspace/${t.ids.depot}/presence`, {
      token: t.tokens.member,
      body: { action: 'dance' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.fields).toEqual({ action: 'invalid_format' });
    expect(
      (
        await server.call('POST', `/api/v4/workspace/${t.ids.depot}/presence`, {
          body: { action: 'check_in' },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await server.call('POST', `/api/v4/workspace/${other.ids.depot}/presence`, {
          token: t.tokens.member,
          body: { action: 'check_in' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await server.call('GET', `/api/v4/workspace/${t.ids.depot}/presence/logs`, { token: t.tokens.member }))
        .status,
    ).toBe(403);
    expect(
      (
        await server.call('GET', `/api/v4/workspace/${t.ids.depot}/presence/logs`, {
          token: other.tokens.admin,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await server.call('GET', `/api/v4/workspace/user/${t.member.id}/presence/logs`, {
          token: other.tokens.admin,
        })
      ).status,
    ).toBe(404);
    const rows = await server.db
      .selectFrom('presence_logs')
      .select('id')
      .where('client_id', 'in', [t.org.id, other.org.id])
      .execute();
    expect(rows).toEqual([]);
  });
});
