import {
  EQUIPMENT_PICTURES_MAX,
  ZEquipmentActivityResponseSchema,
  ZEquipmentScanLogResponseSchema,
  ZEquipmentSchema,
} from '@workbench/domain';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentForm, gif, jpeg, pdf, png, pngWithHtml } from './helpers/attachments-factories.js';
import { createEquipmentItemTeam, createEquipmentPicture } from './helpers/equipment-factories.js';
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

const pictureRows = (id: number) => pictureRowsOf(server.db, 'equipment', id);

const upload = (id: number, form: FormData, token?: string) =>
  server.callForm('POST', `${API}/equipment/${id}/upload`, form, token);

describe('POST equipment/{id}/upload', () => {
  it('adds pictures (jpeg, png, gif) with thumbnails; answers the item with them', async () => {
    const t = await createEquipmentItemTeam(server);
    const form = attachmentForm([
      { file: await png(300, 200), name: 'front.png', description: 'Front' },
      { file: await jpeg(40, 30), name: 'plate.jpg' },
      { file: await gif(), name: 'blink.gif' },
    ]);
    const res = await upload(t.item.id, form, t.tokens.kitManager);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(ZEquipmentSchema.safeParse(res.body).success).toBe(true);
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
    expect((await pictureRows(t.item.id)).every((r) => r.thumbnail_key)).toBe(true);
    // The list shows the first one too.
    const list = await server.call('GET', `${API}/equipment`, { token: t.tokens.member });
    expect(list.body.data[0].picture_url).toMatch(/^\/api\/v4\/files\//);
    // A member reads the pictures but may not touch them.
    const seen = await server.call('GET', `${API}/equipment/${t.item.id}`, { token: t.tokens.member });
    expect(seen.body.attachments[0]).toMatchObject({ allowedToEdit: false, allowedToDelete: false });
    const log = await server.db
      .selectFrom('activity_log')
      .select(['action'])
      .where('entity_type', '=', 'equipment')
      .where('entity_id', '=', t.item.id)
      .execute();
    expect(log.map((r) => r.action)).toEqual(['pictures_added']);
  });

  it('refuses documents and disguised files by content, naming each; nothing is stored', async () => {
    const t = await createEquipmentItemTeam(server);
    const form = attachmentForm([
      { file: await png(40, 30), name: 'ok.png' },
      { file: pdf(), name: 'manual.pdf' },
      { file: Buffer.from('not really a picture'), name: 'fake.png' },
    ]);
    const res = await upload(t.item.id, form, t.tokens.admin);
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('file_type_not_allowed');
    expect(res.body.fields).toEqual({
      'attachments.1.file': 'file_type_not_allowed',
      'attachments.2.file': 'file_type_not_allowed',
    });
    const polyglot = await upload(
      t.item.id,
      attachmentForm([{ file: await pngWithHtml(), name: 'x.png' }]),
      t.tokens.admin,
    );
    expect(polyglot.status).toBe(422);
    expect(polyglot.body.error).toBe('file_content_not_allowed');
    const empty = await upload(t.item.id, new FormData(), t.tokens.admin);
    expect(empty.status).toBe(422);
    expect(await pictureRows(t.item.id)).toEqual([]);
  });

  it('is refused to members and partners, strangers (404), without a session, and on an archived item', async () => {
    const t = await createEquipmentItemTeam(server);
    const form = async () => attachmentForm([{ file: await png(40, 30), name: 'p.png' }]);
    for (const who of ['member', 'assignee'] as const) {
      expect((await upload(t.item.id, await form(), t.tokens[who])).status, who).toBe(403);
    }
    expect((await upload(t.item.id, await form(), t.tokens.collabManager)).status).toBe(404);
    expect((await upload(t.item.id, await form(), t.strangerToken)).status).toBe(404);
    expect((await upload(t.item.id, await form())).status).toBe(401);
    await server.db
      .updateTable('equipment')
      .set({ status: 'archived' })
      .where('id', '=', t.item.id)
      .execute();
    const archived = await upload(t.item.id, await form(), t.tokens.admin);
    expect(archived.status).toBe(422);
    expect(archived.body.error).toBe('equipment_archived');
    expect(await pictureRows(t.item.id)).toEqual([]);
  });

  it(`keeps at most ${EQUIPMENT_PICTURES_MAX} pictures per item`, async () => {
    const t = await createEquipmentItemTeam(server);
    for (let i = 0; i < EQUIPMENT_PICTURES_MAX - 1; i++)
      await createEquipmentPicture(server.db, { clientId: t.org.id, equipmentId: t.item.id });
    const two = attachmentForm([
      { file: await png(40, 30), name: 'a.png' },
      { file: await png(40, 30), name: 'b.png' },
    ]);
    const res = await upload(t.item.id, two, t.tokens.admin);
    expect(res.status).toBe(422);
    expect(res.body.fields).toEqual({ attachments: 'too_long' });
    const one = await upload(
      t.item.id,
      attachmentForm([{ file: await png(40, 30), name: 'a.png' }]),
      t.tokens.admin,
    );
    expect(one.status).toBe(200);
    expect(one.body.attachments).toHaveLength(EQUIPMENT_PICTURES_MAX);
  });
});

describe('DELETE equipment/{id}/picture/{pictureId}', () => {
  it("removes a picture of this item (those who may edit it); another item's picture is 404", async () => {
    const t = await createEquipmentItemTeam(server);
    const first = await createEquipmentPicture(server.db, { clientId: t.org.id, equipmentId: t.item.id });
    const second = await createEquipmentPicture(server.db, { clientId: t.org.id, equipmentId: t.item.id });
    const other = await t.addItem({ title: 'Saw' });
    const elsewhere = await createEquipmentPicture(server.db, { clientId: t.org.id, equipmentId: other.id });
    const path = (pictureId: number) => `${API}/equipment/${t.item.id}/picture/${pictureId}`;
    expect((await server.call('DELETE', path(first))).status).toBe(401);
    expect((await server.call('DELETE', path(first), { token: t.tokens.member })).status).toBe(403);
    expect((await server.call('DELETE', path(elsewhere), { token: t.tokens.admin })).status).toBe(404);
    expect((await server.call('DELETE', path(first), { token: t.strangerToken })).status).toBe(404);
    expect((await pictureRows(t.item.id)).every((r) => r.deleted_at === null)).toBe(true);
    const res = await server.call('DELETE', path(first), { token: t.tokens.itemManager });
    expect(res.status).toBe(200);
    expect(res.body.attachments.map((a: { id: number }) => a.id)).toEqual([second]);
    expect((await pictureRows(t.item.id)).find((r) => r.id === first)?.deleted_at).not.toBeNull();
    expect((await server.call('DELETE', path(first), { token: t.tokens.admin })).status).toBe(404);
    await server.db
      .updateTable('equipment')
      .set({ status: 'archived' })
      .where('id', '=', t.item.id)
      .execute();
    const archived = await server.call('DELETE', path(second), { token: t.tokens.admin });
    expect(archived.status).toBe(422);
    expect(archived.body.error).toBe('equipment_archived');
  });
});

describe('GET equipment/{id}/qr_code', () => {
  it('answers png and svg opening the public page by the public code, never the id', async () => {
    const t = await createEquipmentItemTeam(server);
    const target = `${TEST_APP_URL}/public/equipment/${t.item.publicCode}`;
    const res = await fetch(`${server.url}${API}/equipment/${t.item.id}/qr_code`, {
      headers: { authorization: `Bearer ${t.tokens.member}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(
      bytes.equals(
        await QRCode.toBuffer(target, { type: 'png', margin: 2, width: 512, errorCorrectionLevel: 'M' }),
      ),
    ).toBe(true);
    const svg = await server.call('GET', `${API}/equipment/${t.item.id}/qr_code?format=svg`, {
      token: t.tokens.member,
    });
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
    expect(svg.body).toBe(
      await QRCode.toString(target, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }),
    );
    expect(svg.body).not.toBe(
      await QRCode.toString(`${TEST_APP_URL}/public/equipment/${t.item.id}`, {
        type: 'svg',
        margin: 2,
        errorCorrectionLevel: 'M',
      }),
    );
    expect(
      (await server.call('GET', `${API}/equipment/${t.item.id}/qr_code`, { token: t.strangerToken })).status,
    ).toBe(404);
    expect((await server.call('GET', `${API}/equipment/${t.item.id}/qr_code`)).status).toBe(401);
    expect(
      (
        await server.call('GET', `${API}/equipment/${t.item.id}/qr_code?format=gif`, {
          token: t.tokens.admin,
        })
      ).status,
    ).toBe(422);
  });
});

describe('the logs of one item', () => {
  it('GET equipment/{id}/activity_log: newest first, with the person, paged, for whoever sees it', async () => {
    const t = await createEquipmentItemTeam(server);
    const path = `${API}/equipment/${t.item.id}`;
    await server.call('PUT', path, { token: t.tokens.itemManager, body: { title: 'Drill A' } });
    await server.call('PUT', path, { token: t.tokens.admin, body: { location: 'Van 2' } });
    await server.call('PUT', path, { token: t.tokens.admin, body: { status: 'archived' } });
    const res = await server.call('GET', `${path}/activity_log?paginate_by=20`, { token: t.tokens.member });
    expect(res.status).toBe(200);
    expect(ZEquipmentActivityResponseSchema.safeParse(res.body).success).toBe(true);
    expect(res.body.total).toBe(3);
    expect(
      res.body.data.map((e: { action: string; user: { full_name: string } }) => [e.action, e.user.full_name]),
    ).toEqual([
      ['archived', 'Ada Admin'],
      ['updated', 'Ada Admin'],
      ['updated', 'Ida Item'],
    ]);
    expect(res.body.data[2].changes).toEqual({ title: ['Cordless drill', 'Drill A'] });
    expect((await server.call('GET', `${path}/activity_log`, { token: t.strangerToken })).status).toBe(404);
    expect((await server.call('GET', `${path}/activity_log`, { token: t.tokens.depotMember })).status).toBe(
      404,
    );
    expect((await server.call('GET', `${path}/activity_log`)).status).toBe(401);
  });

  it("GET equipment/{id}/scan_log: scans and finders' reports, newest first, for those who manage the item", async () => {
    const t = await createEquipmentItemTeam(server);
    const other = await t.addItem({ title: 'Saw' });
    const at = (minutes: number) => new Date(Date.parse('2030-05-01T08:00:00Z') + minutes * 60_000);
    await server.db
      .insertInto('qr_scan_logs')
      .values([
        {
          client_id: t.org.id,
          entity_type: 'equipment',
          entity_id: t.item.id,
          user_id: t.people.member.id,
          latitude: 48.2,
          longitude: 16.37,
          user_agent: null,
          created_at: at(0),
        },
        {
          client_id: t.org.id,
          entity_type: 'equipment',
          entity_id: t.item.id,
          user_id: null,
          latitude: null,
          longitude: null,
          user_agent: null,
          created_at: at(20),
        },
        // Another item's scan, and a workspace's with the same id.
        {
          client_id: t.org.id,
          entity_type: 'equipment',
          entity_id: other.id,
          user_id: null,
          latitude: null,
          longitude: null,
          user_agent: null,
          created_at: at(5),
        },
        {
          client_id: t.org.id,
          entity_type: 'workspace',
          entity_id: t.item.id,
          user_id: null,
          latitude: null,
          longitude: null,
          user_agent: null,
          created_at: at(6),
        },
      ])
      .execute();
    await server.db
      .insertInto('equipment_found_reports')
      .values({
        client_id: t.org.id,
        equipment_id: t.item.id,
        group_id: null,
        finder_name: 'Nina Finder',
        finder_contact: 'nina@example.test',
        message: 'Lying in the car park',
        latitude: 48.21,
        longitude: 16.36,
        created_at: at(10),
      })
      .execute();
    const path = `${API}/equipment/${t.item.id}/scan_log`;
    const res = await server.call('GET', path, { token: t.tokens.itemManager });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(ZEquipmentScanLogResponseSchema.safeParse(res.body).success).toBe(true);
    expect(res.body.total).toBe(3);
    expect(res.body.data).toEqual([
      expect.objectContaining({
        kind: 'scan',
        user: null,
        location_missing: true,
        created_at: at(20).toISOString(),
      }),
      expect.objectContaining({
        kind: 'found',
        user: null,
        finder_name: 'Nina Finder',
        finder_contact: 'nina@example.test',
        message: 'Lying in the car park',
        latitude: 48.21,
        longitude: 16.36,
        location_missing: false,
      }),
      expect.objectContaining({
        kind: 'scan',
        user: { id: t.people.member.id, full_name: 'Mo Member' },
        latitude: 48.2,
        longitude: 16.37,
        location_missing: false,
      }),
    ]);
    const paged = await server.call('GET', `${path}?paginate_by=20&page=2`, { token: t.tokens.admin });
    expect(paged.body).toMatchObject({ data: [], total: 3 });
    // Where it was scanned and who found it are for those who manage it.
    expect((await server.call('GET', path, { token: t.tokens.member })).status).toBe(403);
    expect((await server.call('GET', path, { token: t.strangerToken })).status).toBe(404);
    expect((await server.call('GET', path)).status).toBe(401);
  });
});
