import { ZAssetActivityResponseSchema, ZAssetSchema, ZIssueListPageResponseSchema } from '@workbench/domain';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssetPicture, createAssetTeam } from './helpers/assets-factories.js';
import { attachmentForm, gif, jpeg, pdf, png, pngWithHtml } from './helpers/attachments-factories.js';
import { API } from './helpers/issues-factories.js';
import { pictureRowsOf } from './helpers/owner-pictures.js';
import { startTestServer, TEST_APP_URL, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const pictureRows = (assetId: number) => pictureRowsOf(server.db, 'asset', assetId);

const upload = (assetId: number, form: FormData, token?: string) =>
  server.callForm('POST', `${API}/asset/${assetId}/upload`, form, token);

describe('POST asset/{id}/upload', () => {
  it('adds pictures (jpeg, png, gif) with thumbnails; answers the asset with them', async () => {
    const t = await createAssetTeam(server);
    const form = attachmentForm([
      { file: await png(300, 200), name: 'front.png', description: 'Front' },
      { file: await jpeg(40, 30), name: 'plate.jpg' },
      { file: await gif(), name: 'blink.gif' },
    ]);
    const res = await upload(t.asset.id, form, t.tokens.assetManager);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(ZAssetSchema.safeParse(res.body).success).toBe(true);
    expect(
      res.body.attachments.map((a: { name: string; media_type: string }) => [a.name, a.media_type]),
    ).toEqual([
      ['front.png', 'picture'],
      ['plate.jpg', 'picture'],
      ['blink.gif', 'picture'],
    ]);
    expect(res.body.attachments[0]).toMatchObject({
      description: 'Front',
      allowedToEdit: true,
      allowedToDelete: true,
    });
    expect(res.body.picture_url).toBe(res.body.attachments[0].web_mob_thumbnail_url);
    const thumb = await fetch(`${server.url}${res.body.picture_url}`);
    expect(thumb.status).toBe(200);
    expect((await pictureRows(t.asset.id)).every((r) => r.thumbnail_key)).toBe(true);
    // A member reads the pictures but may not touch them.
    const seen = await server.call('GET', `${API}/asset/${t.asset.id}`, { token: t.tokens.member });
    expect(seen.body.attachments[0]).toMatchObject({ allowedToEdit: false, allowedToDelete: false });
    const log = await server.db
      .selectFrom('activity_log')
      .select(['action'])
      .where('entity_type', '=', 'asset')
      .where('entity_id', '=', t.asset.id)
      .execute();
    expect(log.map((r) => r.action)).toEqual(['pictures_added']);
  });

  it('refuses documents and disguised files by content, naming each; nothing is stored', async () => {
    const t = await createAssetTeam(server);
    const form = attachmentForm([
      { file: await png(40, 30), name: 'ok.png' },
      { file: pdf(), name: 'manual.pdf' },
      { file: Buffer.from('not really a picture'), name: 'fake.png' },
    ]);
    const res = await upload(t.asset.id, form, t.tokens.admin);
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('file_type_not_allowed');
    expect(res.body.fields).toEqual({
      'attachments.1.file': 'file_type_not_allowed',
      'attachments.2.file': 'file_type_not_allowed',
    });
    const polyglot = await upload(
      t.asset.id,
      attachmentForm([{ file: await pngWithHtml(), name: 'x.png' }]),
      t.tokens.admin,
    );
    expect(polyglot.status).toBe(422);
    expect(polyglot.body.error).toBe('file_content_not_allowed');
    const empty = await upload(t.asset.id, new FormData(), t.tokens.admin);
    expect(empty.status).toBe(422);
    expect(await pictureRows(t.asset.id)).toEqual([]);
  });

  it('is refused to members and partners (403), strangers (404), and on an archived asset', async () => {
    const t = await createAssetTeam(server);
    const form = async () => attachmentForm([{ file: await png(40, 30), name: 'p.png' }]);
    for (const who of ['member', 'collabManager', 'collabMember'] as const) {
      expect((await upload(t.asset.id, await form(), t.tokens[who])).status, who).toBe(403);
    }
    expect((await upload(t.asset.id, await form(), t.strangerToken)).status).toBe(404);
    expect((await upload(t.asset.id, await form())).status).toBe(401);
    await server.db.updateTable('assets').set({ status: 5 }).where('id', '=', t.asset.id).execute();
    const archived = await upload(t.asset.id, await form(), t.tokens.admin);
    expect(archived.status).toBe(422);
    expect(archived.body.error).toBe('asset_archived');
    expect(await pictureRows(t.asset.id)).toEqual([]);
  });

  it('keeps at most 20 pictures per asset', async () => {
    const t = await createAssetTeam(server);
    for (let i = 0; i < 19; i++)
      await createAssetPicture(server.db, { clientId: t.org.id, assetId: t.asset.id, sortIndex: i });
    const two = attachmentForm([
      { file: await png(40, 30), name: 'a.png' },
      { file: await png(40, 30), name: 'b.png' },
    ]);
    const res = await upload(t.asset.id, two, t.tokens.admin);
    expect(res.status).toBe(422);
    expect(res.body.fields).toEqual({ attachments: 'too_long' });
    const one = await upload(
      t.asset.id,
      attachmentForm([{ file: await png(40, 30), name: 'a.png' }]),
      t.tokens.admin,
    );
    expect(one.status).toBe(200);
    expect(one.body.attachments).toHaveLength(20);
  });
});

describe('DELETE asset/{id}/picture/{pictureId}', () => {
  it("removes a picture of this asset (those who may edit it); another asset's picture is 404", async () => {
    const t = await createAssetTeam(server);
    const first = await createAssetPicture(server.db, {
      clientId: t.org.id,
      assetId: t.asset.id,
      sortIndex: 0,
    });
    const second = await createAssetPicture(server.db, {
      clientId: t.org.id,
      assetId: t.asset.id,
      sortIndex: 1,
    });
    const other = await t.addAsset({ name: 'Pump' });
    const elsewhere = await createAssetPicture(server.db, { clientId: t.org.id, assetId: other.id });

    expect(
      (await server.call('DELETE', `${API}/asset/${t.asset.id}/picture/${first}`, { token: t.tokens.member }))
        .status,
    ).toBe(403);
    expect(
      (
        await server.call('DELETE', `${API}/asset/${t.asset.id}/picture/${elsewhere}`, {
          token: t.tokens.admin,
        })
      ).status,
    ).toBe(404);
    expect(
      (await server.call('DELETE', `${API}/asset/${t.asset.id}/picture/${first}`, { token: t.strangerToken }))
        .status,
    ).toBe(404);
    const res = await server.call('DELETE', `${API}/asset/${t.asset.id}/picture/${first}`, {
      token: t.tokens.assetGroupManager,
    });
    expect(res.status).toBe(200);
    expect(res.body.attachments.map((a: { id: number }) => a.id)).toEqual([second]);
    expect((await pictureRows(t.asset.id)).find((r) => r.id === first)?.deleted_at).not.toBeNull();
    // Gone is gone.
    expect(
      (await server.call('DELETE', `${API}/asset/${t.asset.id}/picture/${first}`, { token: t.tokens.admin }))
        .status,
    ).toBe(404);
  });
});

describe('GET asset/{id}/qr_code', () => {
  it('answers png and svg opening the public report page by the public code, never the id', async () => {
    const t = await createAssetTeam(server);
    const target = `${TEST_APP_URL}/public/asset/report?asset_id=${t.asset.publicCode}`;
    const png = await fetch(`${server.url}${API}/asset/${t.asset.id}/qr_code`, {
      headers: { authorization: `Bearer ${t.tokens.member}` },
    });
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('cache-control')).toBe('no-store');
    const bytes = Buffer.from(await png.arrayBuffer());
    expect(
      bytes.equals(
        await QRCode.toBuffer(target, { type: 'png', margin: 2, width: 512, errorCorrectionLevel: 'M' }),
      ),
    ).toBe(true);
    const svg = await server.call('GET', `${API}/asset/${t.asset.id}/qr_code?format=svg`, {
      token: t.tokens.collabMember,
    });
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
    expect(svg.body).toBe(
      await QRCode.toString(target, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }),
    );
    const byId = await QRCode.toString(`${TEST_APP_URL}/public/asset/report?asset_id=${t.asset.id}`, {
      type: 'svg',
      margin: 2,
      errorCorrectionLevel: 'M',
    });
    expect(svg.body).not.toBe(byId);

    expect(
      (await server.call('GET', `${API}/asset/${t.asset.id}/qr_code`, { token: t.strangerToken })).status,
    ).toBe(404);
    expect(
      (await server.call('GET', `${API}/asset/${t.asset.id}/qr_code?format=gif`, { token: t.tokens.admin }))
        .status,
    ).toBe(422);
  });

  it('regenerating gives a new public code (those who may edit it); printed codes stop matching', async () => {
    const t = await createAssetTeam(server);
    const path = `${API}/asset/${t.asset.id}/qr_code/regenerate`;
    for (const who of ['member', 'collabManager'] as const) {
      expect((await server.call('POST', path, { token: t.tokens[who] })).status, who).toBe(403);
    }
    expect((await server.call('POST', path, { token: t.strangerToken })).status).toBe(404);
    const res = await server.call('POST', path, { token: t.tokens.assetManager });
    expect(res.status).toBe(200);
    expect(res.body.public_code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(res.body.public_code).not.toBe(t.asset.publicCode);
    const svg = await server.call('GET', `${API}/asset/${t.asset.id}/qr_code?format=svg`, {
      token: t.tokens.admin,
    });
    expect(svg.body).toBe(
      await QRCode.toString(`${TEST_APP_URL}/public/asset/report?asset_id=${res.body.public_code}`, {
        type: 'svg',
        margin: 2,
        errorCorrectionLevel: 'M',
      }),
    );
    await server.db.updateTable('assets').set({ status: 5 }).where('id', '=', t.asset.id).execute();
    const archived = await server.call('POST', path, { token: t.tokens.admin });
    expect(archived.status).toBe(422);
    expect(archived.body.error).toBe('asset_archived');
  });
});

describe('what belongs to one asset', () => {
  it('GET asset/{id}/activity_log: newest first, with the person, paged', async () => {
    const t = await createAssetTeam(server);
    const path = `${API}/asset/${t.asset.id}`;
    await server.call('PUT', path, { token: t.tokens.assetManager, body: { name: 'Boiler A' } });
    await server.call('PUT', path, { token: t.tokens.admin, body: { model: 'X' } });
    await server.call('POST', `${path}/qr_code/regenerate`, { token: t.tokens.admin });
    const res = await server.call('GET', `${path}/activity_log?paginate_by=20`, { token: t.tokens.member });
    expect(res.status).toBe(200);
    expect(ZAssetActivityResponseSchema.safeParse(res.body).success).toBe(true);
    expect(res.body.total).toBe(3);
    expect(
      res.body.data.map((e: { action: string; user: { full_name: string } }) => [e.action, e.user.full_name]),
    ).toEqual([
      ['public_code_regenerated', 'Ada Admin'],
      ['updated', 'Ada Admin'],
      ['updated', 'Ada Asset'],
    ]);
    expect(res.body.data[2].changes).toEqual({ name: ['Boiler 1', 'Boiler A'] });
    expect((await server.call('GET', `${path}/activity_log`, { token: t.strangerToken })).status).toBe(404);
    expect((await server.call('GET', `${path}/activity_log`, { token: t.tokens.depotMember })).status).toBe(
      404,
    );
  });

  it('GET asset/{id}/issues and /tasks: the issue list of the issues or sub-issues naming it', async () => {
    const t = await createAssetTeam(server);
    const other = await t.addAsset({ name: 'Pump' });
    const issue = await t.issue({ title: 'Boiler leaks', asset_id: t.asset.id });
    const done = await t.issue({
      title: 'Boiler serviced',
      asset_id: t.asset.id,
      status_id: 8,
      completed_at: new Date(),
    });
    const task = await t.issue({ title: 'Order a valve', asset_id: t.asset.id, parent_id: issue });
    await t.issue({ title: 'Pump noise', asset_id: other.id });
    await t.issue({ title: 'Nothing to do with it' });

    const issues = await server.call('GET', `${API}/asset/${t.asset.id}/issues?issue_state=all`, {
      token: t.tokens.member,
    });
    expect(issues.status, JSON.stringify(issues.body)).toBe(200);
    expect(ZIssueListPageResponseSchema.safeParse(issues.body).success).toBe(true);
    expect(issues.body.data.map((i: { id: number }) => i.id).sort()).toEqual([issue, done].sort());
    // The list's own query applies, but never beyond this asset and type.
    const open = await server.call(
      'GET',
      `${API}/asset/${t.asset.id}/issues?issue_state=to_do&asset_ids=${other.id}&issue_type=task`,
      {
        token: t.tokens.member,
      },
    );
    expect(open.body.data.map((i: { id: number }) => i.id)).toEqual([issue]);
    const tasks = await server.call('GET', `${API}/asset/${t.asset.id}/tasks?issue_state=all`, {
      token: t.tokens.member,
    });
    expect(tasks.status).toBe(200);
    expect(tasks.body.data.map((i: { id: number }) => i.id)).toEqual([task]);
    expect(
      (await server.call('GET', `${API}/asset/${t.asset.id}/issues`, { token: t.strangerToken })).status,
    ).toBe(404);
  });

  it('GET asset/{id}/schedules: an empty page until schedules exist', async () => {
    const t = await createAssetTeam(server);
    const res = await server.call('GET', `${API}/asset/${t.asset.id}/schedules?paginate_by=40`, {
      token: t.tokens.collabMember,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ data: [], total: 0, current_page: 1, per_page: 40, last_page: 1 });
    expect(
      (await server.call('GET', `${API}/asset/${t.asset.id}/schedules`, { token: t.strangerToken })).status,
    ).toBe(404);
  });
});
