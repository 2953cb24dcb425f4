import {
  addDays,
  REGULATORY_FILE_MAX_BYTES,
  ZRegulatoryFileListSchema,
  ZRegulatoryFileSchema,
} from '@workbench/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAsset, createAssetTeam, createRegulatoryFile } from './helpers/assets-factories.js';
import {
  csv,
  elfBinary,
  HTML_PAYLOAD,
  jpeg,
  pdf,
  pdfWithOpenActionScript,
  png,
  pngWithHtml,
  xlsx,
} from './helpers/attachments-factories.js';
import { login } from './helpers/factories.js';
import { API } from './helpers/issues-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const today = () => new Date().toISOString().slice(0, 10);

function regulatoryForm(
  file: Buffer | undefined,
  fileName: string,
  fields: Record<string, string> = {},
): FormData {
  const form = new FormData();
  const all = { name: 'Annual inspection', kind: 'inspection_certificate', ...fields };
  for (const [key, value] of Object.entries(all)) form.append(key, value);
  if (file) form.append('file', new Blob([file]), fileName);
  return form;
}

/** Everything stored about regulatory files of an organisation (rows, links, log), and the store. */
async function filesSnapshot(clientId: number): Promise<string> {
  const [files, links, log] = await Promise.all([
    server.db
      .selectFrom('regulatory_files')
      .selectAll()
      .where('client_id', '=', clientId)
      .orderBy('id')
      .execute(),
    server.db
      .selectFrom('regulatory_file_assets')
      .selectAll()
      .where('client_id', '=', clientId)
      .orderBy('file_id')
      .orderBy('asset_id')
      .execute(),
    server.db.selectFrom('activity_log').select('id').where('client_id', '=', clientId).execute(),
  ]);
  return JSON.stringify({ files, links, log: log.length });
}

async function fetchFile(url: string): Promise<{ status: number; body: Buffer; type: string | null }> {
  const res = await fetch(`${server.url}${url}`);
  return {
    status: res.status,
    body: Buffer.from(await res.arrayBuffer()),
    type: res.headers.get('content-type'),
  };
}

describe('POST asset/{id}/regulatory', () => {
  it('stores a checked file for those who may edit the asset, with a signed address and a log entry', async () => {
    const team = await createAssetTeam(server);
    const document = pdf(200);
    const res = await server.callForm(
      'POST',
      `${API}/asset/${team.asset.id}/regulatory`,
      regulatoryForm(document, 'inspection 2025.pdf', {
        name: ' Boiler inspection ',
        issued_on: '2025-01-10',
        valid_until: addDays(today(), 10),
      }),
      team.tokens.assetManager,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const file = ZRegulatoryFileSchema.parse(res.body);
    expect(file).toMatchObject({
      name: 'Boiler inspection',
      kind: 'inspection_certificate',
      original_filename: 'inspection 2025.pdf',
      mime_type: 'application/pdf',
      size_bytes: document.length,
      issued_on: '2025-01-10',
      valid_until: addDays(today(), 10),
      state: 'expiring',
      assets: [{ id: team.asset.id, name: 'Boiler 1' }],
      uploaded_by: { id: team.people.assetManager.id, full_name: 'Ada Asset' },
      can_edit: true,
    });
    const stored = await fetchFile(file.url);
    expect(stored.status).toBe(200);
    expect(stored.body.equals(document)).toBe(true);
    expect(stored.type).toContain('application/pdf');
    const log = await server.db
      .selectFrom('activity_log')
      .select(['action', 'changes', 'user_id'])
      .where('entity_type', '=', 'asset')
      .where('entity_id', '=', team.asset.id)
      .execute();
    expect(log).toEqual([
      {
        action: 'regulatory_file_uploaded',
        changes: {
          file_id: file.id,
          name: 'Boiler inspection',
          kind: 'inspection_certificate',
          valid_until: addDays(today(), 10),
        },
        user_id: team.people.assetManager.id,
      },
    ]);

    // Pictures and office documents, by the Site's manager, the group's manager and the admin.
    const uploads: Array<[string, Buffer, string, string]> = [
      [team.tokens.manager, await jpeg(40, 30), 'certificate.jpeg', 'image/jpeg'],
      [team.tokens.assetGroupManager, await png(40, 30), 'permit.png', 'image/png'],
      [
        team.tokens.admin,
        await xlsx(),
        'readings.xlsx',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ],
    ];
    for (const [token, data, name, mime] of uploads) {
      const ok = await server.callForm(
        'POST',
        `${API}/asset/${team.asset.id}/regulatory`,
        regulatoryForm(data, name, { kind: 'permit' }),
        token,
      );
      expect(ok.status, `${name}: ${JSON.stringify(ok.body)}`).toBe(201);
      expect(ok.body).toMatchObject({ mime_type: mime, issued_on: null, valid_until: null, state: 'valid' });
    }
  });

  it('refuses those who may not edit the asset, before reading the file, and writes nothing', async () => {
    const team = await createAssetTeam(server);
    const archived = await team.addAsset({
      name: 'Old boiler',
      status: 5,
      managerIds: [team.people.assetManager.id],
    });
    const before = await filesSnapshot(team.org.id);
    const partnerAdmin = await login(server, team.partner.admin);
    const post = (assetId: number, token: string) =>
      server.callForm('POST', `${API}/asset/${assetId}/regulatory`, regulatoryForm(pdf(), 'a.pdf'), token);
    // Members and partners see Boiler 1 but may not add files to it.
    for (const token of [team.tokens.member, team.tokens.assignee, team.tokens.collabManager, partnerAdmin]) {
      const res = await post(team.asset.id, token);
      expect(res.status).toBe(403);
    }
    // Those who do not see it at all: 404.
    for (const token of [team.strangerToken, team.tokens.depotMember]) {
      expect((await post(team.asset.id, token)).status).toBe(404);
    }
    // An archived asset is read only, even for its manager.
    const res = await post(archived.id, team.tokens.assetManager);
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('asset_archived');
    expect(
      (
        await server.callForm(
          'POST',
          `${API}/asset/${team.asset.id}/regulatory`,
          regulatoryForm(pdf(), 'a.pdf'),
        )
      ).status,
    ).toBe(401);
    expect(await filesSnapshot(team.org.id)).toBe(before);
  });

  it('refuses bad fields with 422 on the field', async () => {
    const team = await createAssetTeam(server);
    const before = await filesSnapshot(team.org.id);
    const cases: Array<[Buffer | undefined, Record<string, string>, Record<string, string>]> = [
      [undefined, {}, { file: 'required' }],
      [Buffer.alloc(0), {}, { file: 'required' }],
      [pdf(), { name: ' ' }, { name: 'required' }],
      [pdf(), { name: 'x'.repeat(256) }, { name: 'too_long' }],
      [pdf(), { kind: 'love_letter' }, { kind: 'invalid_format' }],
      [pdf(), { issued_on: '2025-02-30' }, { issued_on: 'invalid_format' }],
      [pdf(), { valid_until: '31.12.2025' }, { valid_until: 'invalid_format' }],
      [
        pdf(),
        { issued_on: '2025-06-01', valid_until: '2025-05-31' },
        { valid_until: 'valid_until_before_issued' },
      ],
      [pdf(), { name: 'Bad\u0000name' }, { name: 'invalid_characters' }],
    ];
    for (const [file, fields, expected] of cases) {
      const res = await server.callForm(
        'POST',
        `${API}/asset/${team.asset.id}/regulatory`,
        regulatoryForm(file, 'a.pdf', fields),
        team.tokens.admin,
      );
      expect(res.status, JSON.stringify(fields)).toBe(422);
      expect(res.body.fields, JSON.stringify(fields)).toEqual(expected);
    }
    const json = await server.call('POST', `${API}/asset/${team.asset.id}/regulatory`, {
      token: team.tokens.admin,
      body: { name: 'x' },
    });
    expect(json.status).toBe(422);
    expect(await filesSnapshot(team.org.id)).toBe(before);
  });

  it('refuses a file that is not what its name says, or carries active content', async () => {
    const team = await createAssetTeam(server);
    const before = await filesSnapshot(team.org.id);
    const cases: Array<[Buffer, string, string]> = [
      // A web page named .pdf, a picture named .pdf, a program, a CSV (not a regulatory type).
      [Buffer.from(`<!DOCTYPE html>\n${HTML_PAYLOAD}`), 'certificate.pdf', 'file_type_not_allowed'],
      [await png(20, 20), 'certificate.pdf', 'file_type_not_allowed'],
      [pdf(), 'certificate.docx', 'file_type_not_allowed'],
      [elfBinary(), 'certificate.pdf', 'file_type_not_allowed'],
      [csv(), 'readings.csv', 'file_type_not_allowed'],
      // A PDF that runs a script when opened, a picture with a web page glued to it.
      [pdfWithOpenActionScript(), 'certificate.pdf', 'file_content_not_allowed'],
      [await pngWithHtml(), 'permit.png', 'file_content_not_allowed'],
    ];
    for (const [data, name, key] of cases) {
      const res = await server.callForm(
        'POST',
        `${API}/asset/${team.asset.id}/regulatory`,
        regulatoryForm(data, name),
        team.tokens.admin,
      );
      expect(res.status, name).toBe(422);
      expect(res.body, name).toMatchObject({ error: key, fields: { file: key }, files: [{ name, key }] });
    }
    const tooBig = await server.callForm(
      'POST',
      `${API}/asset/${team.asset.id}/regulatory`,
      regulatoryForm(pdf(REGULATORY_FILE_MAX_BYTES), 'scan.pdf'),
      team.tokens.admin,
    );
    expect(tooBig.status).toBe(422);
    expect(tooBig.body).toMatchObject({ error: 'file_too_big', fields: { file: 'file_too_big' } });
    expect(await filesSnapshot(team.org.id)).toBe(before);
  });
});

describe('POST asset/regulatory (global)', () => {
  it('stores one file for several assets when the caller may edit every one, else nothing', async () => {
    const team = await createAssetTeam(server);
    const pump = await team.addAsset({ name: 'Pump', workspace_id: team.ids.room });
    const depotLift = await team.addAsset({ name: 'Lift', workspace_id: team.ids.depot });
    const url = `${API}/asset/regulatory`;
    const res = await server.callForm(
      'POST',
      url,
      regulatoryForm(pdf(), 'contract.pdf', {
        kind: 'maintenance_contract',
        name: 'Service contract',
        asset_ids: `${pump.id}, ${team.asset.id},${pump.id}`,
        valid_until: addDays(today(), 400),
      }),
      team.tokens.manager,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      kind: 'maintenance_contract',
      state: 'valid',
      assets: [
        { id: team.asset.id, name: 'Boiler 1' },
        { id: pump.id, name: 'Pump' },
      ],
      can_edit: true,
    });
    for (const assetId of [team.asset.id, pump.id]) {
      const list = await server.call('GET', `${API}/asset/${assetId}/regulatory`, {
        token: team.tokens.member,
      });
      expect(list.body.data.map((f: { id: number }) => f.id)).toEqual([res.body.id]);
    }

    const before = await filesSnapshot(team.org.id);
    const post = (assetIds: string, token = team.tokens.manager) =>
      server.callForm('POST', url, regulatoryForm(pdf(), 'contract.pdf', { asset_ids: assetIds }), token);
    // An asset the caller does not see (the Depot's, another organisation's): a bad reference.
    for (const ids of [`${team.asset.id},${depotLift.id}`, `${team.asset.id},999999999`]) {
      const refused = await post(ids);
      expect(refused.status, ids).toBe(422);
      expect(refused.body.fields).toEqual({ asset_ids: 'not_found' });
    }
    // One the caller sees but may not edit: Ada manages Boiler 1, not the Pump.
    expect((await post(`${team.asset.id},${pump.id}`, team.tokens.assetManager)).status).toBe(403);
    expect((await post(`${team.asset.id}`, team.tokens.collabManager)).status).toBe(403);
    for (const [ids, key] of [
      ['', 'required'],
      ['1,x', 'invalid_format'],
      [Array.from({ length: 201 }, (_, i) => i + 1).join(','), 'too_long'],
    ]) {
      const refused = await post(ids as string);
      expect(refused.status, ids).toBe(422);
      expect(refused.body.fields).toEqual({ asset_ids: key });
    }
    const noIds = await server.callForm(
      'POST',
      url,
      regulatoryForm(pdf(), 'contract.pdf'),
      team.tokens.manager,
    );
    expect(noIds.status).toBe(422);
    expect(noIds.body.fields).toEqual({ asset_ids: 'required' });
    expect(await filesSnapshot(team.org.id)).toBe(before);
  });
});

describe('regulatory files of an asset', () => {
  it('lists them soonest expiry first with their state; everyone who sees the asset reads them', async () => {
    const team = await createAssetTeam(server);
    const clientId = team.org.id;
    const assetIds = [team.asset.id];
    const none = await createRegulatoryFile(server.db, {
      clientId,
      assetIds,
      name: 'Manual',
      kind: 'manual',
    });
    const valid = await createRegulatoryFile(server.db, {
      clientId,
      assetIds,
      name: 'Permit',
      validUntil: addDays(today(), 31),
    });
    const expiring = await createRegulatoryFile(server.db, {
      clientId,
      assetIds,
      name: 'Inspection',
      validUntil: addDays(today(), 30),
    });
    const lastDay = await createRegulatoryFile(server.db, {
      clientId,
      assetIds,
      name: 'Last day',
      validUntil: today(),
    });
    const expired = await createRegulatoryFile(server.db, {
      clientId,
      assetIds,
      name: 'Old',
      validUntil: addDays(today(), -1),
    });
    await createRegulatoryFile(server.db, {
      clientId,
      assetIds: [(await team.addAsset({ name: 'Other' })).id],
    });
    const gone = await createRegulatoryFile(server.db, { clientId, assetIds, name: 'Deleted' });
    await server.db
      .updateTable('regulatory_files')
      .set({ deleted_at: new Date() })
      .where('id', '=', gone)
      .execute();

    const read = async (token: string) => {
      const res = await server.call('GET', `${API}/asset/${team.asset.id}/regulatory`, { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return ZRegulatoryFileListSchema.parse(res.body).data;
    };
    const files = await read(team.tokens.admin);
    expect(files.map((f) => [f.id, f.state, f.can_edit])).toEqual([
      [expired, 'expired', true],
      [lastDay, 'expiring', true],
      [expiring, 'expiring', true],
      [valid, 'valid', true],
      [none, 'valid', true],
    ]);
    expect(files[0]?.valid_until).toBe(addDays(today(), -1));
    // A member and the partner (Heating is shared) read them, and edit none.
    for (const token of [team.tokens.member, team.tokens.collabMember]) {
      expect((await read(token)).map((f) => [f.id, f.can_edit])).toEqual(files.map((f) => [f.id, false]));
    }
    for (const token of [team.strangerToken, team.tokens.depotMember]) {
      expect((await server.call('GET', `${API}/asset/${team.asset.id}/regulatory`, { token })).status).toBe(
        404,
      );
      expect((await server.call('GET', `${API}/asset/regulatory/${valid}`, { token })).status).toBe(404);
    }
    const one = await server.call('GET', `${API}/asset/regulatory/${valid}`, {
      token: team.tokens.collabMember,
    });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: valid, name: 'Permit', state: 'valid', can_edit: false });
  });

  it('changes and deletes a file for those who may edit every asset it covers', async () => {
    const team = await createAssetTeam(server);
    const clientId = team.org.id;
    const fileId = await createRegulatoryFile(server.db, {
      clientId,
      assetIds: [team.asset.id],
      issuedOn: '2025-01-01',
      validUntil: '2026-01-01',
    });
    const url = `${API}/asset/regulatory/${fileId}`;
    const changed = await server.call('PUT', url, {
      token: team.tokens.assetManager,
      body: { name: 'Inspection 2026', kind: 'test_report', valid_until: addDays(today(), 5) },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({
      name: 'Inspection 2026',
      kind: 'test_report',
      issued_on: '2025-01-01',
      valid_until: addDays(today(), 5),
      state: 'expiring',
    });
    // The rule holds against the stored dates too.
    const before = await filesSnapshot(clientId);
    const early = await server.call('PUT', url, {
      token: team.tokens.admin,
      body: { valid_until: '2024-12-31' },
    });
    expect(early.status).toBe(422);
    expect(early.body).toMatchObject({
      error: 'valid_until_before_issued',
      fields: { valid_until: 'valid_until_before_issued' },
    });
    for (const body of [{ name: '' }, { kind: 'other_kind' }, { issued_on: '2025-13-01' }]) {
      expect((await server.call('PUT', url, { token: team.tokens.admin, body })).status).toBe(422);
    }
    // Members and partners read it only; another organisation does not see it.
    for (const token of [team.tokens.member, team.tokens.collabManager]) {
      expect((await server.call('PUT', url, { token, body: { name: 'Mine' } })).status).toBe(403);
      expect((await server.call('DELETE', url, { token })).status).toBe(403);
    }
    expect(
      (await server.call('PUT', url, { token: team.strangerToken, body: { name: 'Mine' } })).status,
    ).toBe(404);
    expect((await server.call('DELETE', url, { token: team.strangerToken })).status).toBe(404);
    expect(await filesSnapshot(clientId)).toBe(before);

    // A file also covering a Depot asset: the Site's manager may not change it (and is told can_edit false).
    const lift = await createAsset(server.db, {
      client_id: clientId,
      workspace_id: team.ids.depot,
      name: 'Lift',
    });
    const shared = await createRegulatoryFile(server.db, { clientId, assetIds: [team.asset.id, lift.id] });
    const seen = await server.call('GET', `${API}/asset/regulatory/${shared}`, {
      token: team.tokens.manager,
    });
    expect(seen.body).toMatchObject({ can_edit: false, assets: [{ id: team.asset.id, name: 'Boiler 1' }] });
    expect(
      (await server.call('DELETE', `${API}/asset/regulatory/${shared}`, { token: team.tokens.manager }))
        .status,
    ).toBe(403);
    // An archived asset's files are read only.
    await server.db.updateTable('assets').set({ status: 5 }).where('id', '=', team.asset.id).execute();
    const archived = await server.call('DELETE', url, { token: team.tokens.assetManager });
    expect(archived.status).toBe(422);
    expect(archived.body.error).toBe('asset_archived');
    await server.db.updateTable('assets').set({ status: 1 }).where('id', '=', team.asset.id).execute();

    const removed = await server.call('DELETE', url, { token: team.tokens.assetGroupManager });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ success: true });
    expect((await server.call('GET', url, { token: team.tokens.admin })).status).toBe(404);
    const list = await server.call('GET', `${API}/asset/${team.asset.id}/regulatory`, {
      token: team.tokens.admin,
    });
    expect(list.body.data.map((f: { id: number }) => f.id)).toEqual([shared]);
    const log = await server.db
      .selectFrom('activity_log')
      .select('action')
      .where('entity_type', '=', 'asset')
      .where('entity_id', '=', team.asset.id)
      .orderBy('id')
      .execute();
    expect(log.map((l) => l.action)).toEqual(['regulatory_file_updated', 'regulatory_file_deleted']);
  });
});
