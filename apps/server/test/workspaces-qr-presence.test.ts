import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_APP_URL, type TestServer } from './helpers/test-server.js';
import { createWorkspaceTree } from './helpers/workspaces-factories.js';

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
    const jsQr = await import('qrcode');
    const expected = await jsQr.default.toString(
      `${TEST_APP_URL}/public/report?workspace_id=${t.ids.room}&qr=1`,
      {
        type: 'svg',
        margin: 2,
        errorCorrectionLevel: 'M',
      },
    );
    expect(svg.body).toBe(expected);
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

describe('GET public/workspace/{id} and the scan log', () => {
  it('shows a live workspace to anybody and hides archived and deleted ones', async () => {
    const t = await createWorkspaceTree(server);
    const res = await server.call('GET', `/api/v4/public/workspace/${t.ids.site}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: t.ids.site,
      name: 'Site',
      description: null,
      image: null,
      client: { name: t.org.name, logo: null },
    });
    await server.db
      .updateTable('workspaces')
      .set({ archived_at: new Date() })
      .where('id', '=', t.ids.depot)
      .execute();
    expect((await server.call('GET', `/api/v4/public/workspace/${t.ids.depot}`)).status).toBe(404);
    await server.db
      .updateTable('workspaces')
      .set({ deleted_at: new Date() })
      .where('id', '=', t.ids.room)
      .execute();
    expect((await server.call('GET', `/api/v4/public/workspace/${t.ids.room}`)).status).toBe(404);
    expect((await server.call('GET', '/api/v4/public/workspace/999999999')).status).toBe(404);
  });

  it('records a scan with qr=1 (with the user when a valid token comes) and lists it for managers', async () => {
    const t = await createWorkspaceTree(server);
    await server.call('GET', `/api/v4/public/workspace/${t.ids.building}`); // no scan: no qr=1
    await server.call('GET', `/api/v4/public/workspace/${t.ids.building}?qr=1&latitude=48.2&longitude=16.37`);
    await server.call('GET', `/api/v4/public/workspace/${t.ids.building}?qr=1`, {
      token: t.tokens.groupManager,
    });
    const bogus = await server.call('GET', `/api/v4/public/workspace/${t.ids.building}?qr=1`, {
      token: 'not-a-token',
    });
    expect(bogus.status).toBe(200);
    const log = await server.call('GET', `/api/v4/qr_code/scan_log/${t.ids.building}`, {
      token: t.tokens.manager,
    });
    expect(log.status).toBe(200);
    expect(log.body.total).toBe(3);
    const rows = log.body.data as Array<{
      user: { id: number; full_name: string } | null;
      latitude: number | null;
    }>;
    expect(rows.filter((r) => r.user).map((r) => r.user)).toEqual([
      { id: t.groupManager.id, full_name: 'Gus Group' },
    ]);
    expect(rows.filter((r) => r.latitude !== null).map((r) => r.latitude)).toEqual([48.2]);
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
