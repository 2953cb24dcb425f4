import {
  defaultPublicForm,
  PUBLIC_FORM_TEMPLATE_KEYS,
  type PublicFormRequest,
  publicFormTemplate,
} from '@workbench/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUDGETS, hashedKey } from '../src/http/rate-limit.js';
import { createAsset, createAssetPicture } from './helpers/assets-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { createWorkspaceTree } from './helpers/workspaces-factories.js';

// The public page configurator (public_page_configurator/{type}; admins only) and what the public
// pages (GET public/workspace/{code}, GET public/asset/{code}) show of the saved forms.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const path = (type: string) => `/api/v4/public_page_configurator/${type}`;
const templatesPath = (type: string) => `/api/v4/public_page_configurator/templates/${type}`;

/** The request body of a form (the whole configuration), from a preset with changes. */
function formBody(changes: Partial<PublicFormRequest> = {}): PublicFormRequest {
  const { type: _type, ...preset } = publicFormTemplate('workspace', 'standard');
  return { ...preset, ...changes };
}

async function codeOf(workspaceId: number): Promise<string> {
  const row = await server.db
    .selectFrom('workspaces')
    .select('public_code')
    .where('id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  return row.public_code;
}

const withoutQuery = (url: string | null) => url?.split('?')[0] ?? null;

async function scansOf(clientId: number) {
  return server.db
    .selectFrom('qr_scan_logs')
    .select(['entity_type', 'entity_id', 'user_id'])
    .where('client_id', '=', clientId)
    .orderBy('id')
    .execute();
}

describe('public_page_configurator/{type}', () => {
  it('answers the default form until an admin saves one, for each type; an unknown type is 422', async () => {
    const t = await createWorkspaceTree(server);
    for (const type of ['workspace', 'asset', 'equipment'] as const) {
      const res = await server.call('GET', path(type), { token: t.tokens.admin });
      expect(res.status, type).toBe(200);
      expect(res.body).toEqual({ ...defaultPublicForm(type), updated_at: null });
    }
    const unknown = await server.call('GET', path('garage'), { token: t.tokens.admin });
    expect(unknown.status).toBe(422);
    expect(unknown.body.fields).toEqual({ type: 'unsupported_type' });
    expect(
      (await server.call('POST', path('garage'), { token: t.tokens.admin, body: formBody() })).status,
    ).toBe(422);
    expect((await server.call('GET', templatesPath('garage'), { token: t.tokens.admin })).status).toBe(422);
    expect((await server.call('GET', path('workspace'))).status).toBe(401);
  });

  it('saves a form made consistent: required only when visible, a title or a required description', async () => {
    const t = await createWorkspaceTree(server);
    const res = await server.call('POST', path('workspace'), {
      token: t.tokens.admin,
      body: formBody({
        fields: [
          { key: 'reporter_email', visible: true, required: true },
          { key: 'title', visible: false, required: true },
          { key: 'description', visible: false, required: false },
          { key: 'reporter_phone', visible: false, required: true },
          { key: 'category_id', visible: true, required: false },
          { key: 'reporter_email', visible: false, required: false },
          // A field of another form type is dropped.
          { key: 'finder_name', visible: true, required: true },
        ],
        texts: {
          de: { title: 'Problem melden', intro: '  Bitte kurz beschreiben.  ', thank_you: '' },
          en: { title: '', intro: null, thank_you: null },
        },
        primary_color: '#1C7ED6',
        allow_follow: false,
        allow_comments: true,
        allow_reopen: true,
        staff_names: 'hidden',
        public_fields: ['assignee', 'description', 'assignee'],
      }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const saved = {
      type: 'workspace',
      enabled: true,
      fields: [
        { key: 'reporter_email', visible: true, required: true },
        { key: 'title', visible: false, required: false },
        // No title: the description becomes the title, so the form asks for it.
        { key: 'description', visible: true, required: true },
        { key: 'reporter_phone', visible: false, required: false },
        { key: 'category_id', visible: true, required: false },
        // Missing ones come last, hidden.
        { key: 'attachments', visible: false, required: false },
        { key: 'priority_id', visible: false, required: false },
        { key: 'reporter_name', visible: false, required: false },
      ],
      texts: { de: { title: 'Problem melden', intro: 'Bitte kurz beschreiben.', thank_you: null } },
      show_logo: true,
      primary_color: '#1c7ed6',
      allow_follow: false,
      // Without the follow page there is nowhere to comment or reopen.
      allow_comments: false,
      allow_reopen: false,
      staff_names: 'hidden',
      public_fields: ['description', 'assignee'],
    };
    expect(res.body).toEqual({ ...saved, updated_at: expect.any(String) });
    const again = await server.call('GET', path('workspace'), { token: t.tokens.admin });
    expect(again.body).toEqual(res.body);
    // The other types keep their defaults.
    expect((await server.call('GET', path('asset'), { token: t.tokens.admin })).body.updated_at).toBeNull();

    const log = await server.db
      .selectFrom('activity_log')
      .select(['entity_type', 'entity_id', 'user_id', 'changes'])
      .where('client_id', '=', t.org.id)
      .where('action', '=', 'public_form_saved')
      .execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ entity_type: 'client', entity_id: t.org.id, user_id: t.admin.id });
    expect(log[0]?.changes).toMatchObject({
      form_type: 'workspace',
      staff_names: { from: 'first_name', to: 'hidden' },
      allow_follow: { from: true, to: false },
    });
    expect(Object.keys(log[0]?.changes as object)).not.toContain('show_logo');

    // A title field that is shown and required leaves the description optional.
    const titled = await server.call('POST', path('workspace'), {
      token: t.tokens.admin,
      body: formBody({
        fields: [
          { key: 'title', visible: true, required: true },
          { key: 'description', visible: true, required: false },
        ],
      }),
    });
    expect(titled.body.fields.slice(0, 2)).toEqual([
      { key: 'title', visible: true, required: true },
      { key: 'description', visible: true, required: false },
    ]);
  });

  it('refuses unknown languages, bad colours and unknown settings, and keeps the saved form', async () => {
    const t = await createWorkspaceTree(server);
    const first = await server.call('POST', path('workspace'), {
      token: t.tokens.admin,
      body: formBody({ primary_color: '#123456' }),
    });
    expect(first.status).toBe(200);
    const bad: Array<[string, unknown]> = [
      ['texts.xx', { texts: { xx: { title: 'Hi', intro: null, thank_you: null } } }],
      ['primary_color', { primary_color: 'red' }],
      ['primary_color', { primary_color: '#12345' }],
      ['primary_color', { primary_color: '#12345g' }],
      ['staff_names', { staff_names: 'nickname' }],
      ['fields.0.key', { fields: [{ key: 'secret', visible: true, required: false }] }],
      ['public_fields.0', { public_fields: ['reporter_email'] }],
      ['texts.de.title', { texts: { de: { title: 'x'.repeat(121), intro: null, thank_you: null } } }],
      ['enabled', { enabled: 'yes' }],
    ];
    for (const [field, change] of bad) {
      const res = await server.call('POST', path('workspace'), {
        token: t.tokens.admin,
        body: { ...formBody(), ...(change as object) },
      });
      expect(res.status, field).toBe(422);
      expect(Object.keys(res.body.fields ?? {}).join(), field).toContain(field.split('.')[0]);
    }
    const { enabled: _enabled, ...incomplete } = formBody();
    expect(
      (await server.call('POST', path('workspace'), { token: t.tokens.admin, body: incomplete })).status,
    ).toBe(422);
    expect((await server.call('GET', path('workspace'), { token: t.tokens.admin })).body).toEqual(first.body);
  });

  it('lists the presets and applies one, keeping the texts, the colour and the logo switch', async () => {
    const t = await createWorkspaceTree(server);
    const list = await server.call('GET', templatesPath('asset'), { token: t.tokens.admin });
    expect(list.status).toBe(200);
    expect(list.body.data.map((p: { key: string }) => p.key)).toEqual([...PUBLIC_FORM_TEMPLATE_KEYS]);
    for (const preset of list.body.data) {
      expect(preset.form).toEqual(publicFormTemplate('asset', preset.key));
    }
    const equipment = await server.call('GET', templatesPath('equipment'), { token: t.tokens.admin });
    expect(equipment.body.data[0].form.fields.map((f: { key: string }) => f.key)).toEqual([
      'finder_name',
      'finder_contact',
      'message',
      'location',
    ]);

    const texts = { en: { title: 'Report', intro: 'Tell us what is wrong.', thank_you: 'Thanks!' } };
    await server.call('POST', path('asset'), {
      token: t.tokens.admin,
      body: formBody({ texts, primary_color: '#aa0000', show_logo: false, staff_names: 'full_name' }),
    });
    const applied = await server.call('POST', templatesPath('asset'), {
      token: t.tokens.admin,
      body: { template: 'minimal' },
    });
    expect(applied.status).toBe(200);
    const minimal = publicFormTemplate('asset', 'minimal');
    expect(applied.body).toEqual({
      ...minimal,
      texts,
      primary_color: '#aa0000',
      show_logo: false,
      updated_at: expect.any(String),
    });
    expect((await server.call('GET', path('asset'), { token: t.tokens.admin })).body).toEqual(applied.body);
    const log = await server.db
      .selectFrom('activity_log')
      .select('changes')
      .where('client_id', '=', t.org.id)
      .where('action', '=', 'public_form_template_applied')
      .execute();
    expect(log).toHaveLength(1);
    expect(log[0]?.changes).toMatchObject({ form_type: 'asset', template: 'minimal' });

    // Applied to an organisation without a saved form: the preset as it is.
    const other = await createWorkspaceTree(server);
    const fresh = await server.call('POST', templatesPath('workspace'), {
      token: other.tokens.admin,
      body: { template: 'detailed' },
    });
    expect(fresh.body).toEqual({
      ...publicFormTemplate('workspace', 'detailed'),
      updated_at: expect.any(String),
    });
    expect(
      (
        await server.call('POST', templatesPath('workspace'), {
          token: other.tokens.admin,
          body: { template: 'x' },
        })
      ).status,
    ).toBe(422);
  });

  it('is for admins only; another organisation sees and changes only its own forms', async () => {
    const t = await createWorkspaceTree(server);
    const calls: Array<[string, string, unknown?]> = [
      ['GET', path('workspace')],
      ['POST', path('workspace'), formBody({ enabled: false })],
      ['GET', templatesPath('workspace')],
      ['POST', templatesPath('workspace'), { template: 'minimal' }],
    ];
    for (const token of [t.tokens.member, t.tokens.manager, t.tokens.groupManager]) {
      for (const [method, url, body] of calls) {
        const res = await server.call(method, url, { token, body });
        expect(res.status, `${method} ${url}`).toBe(403);
      }
    }
    for (const [method, url, body] of calls) {
      expect((await server.call(method, url, { body })).status, `${method} ${url}`).toBe(401);
    }
    expect(
      await server.db.selectFrom('public_forms').where('client_id', '=', t.org.id).selectAll().execute(),
    ).toEqual([]);

    await server.call('POST', path('workspace'), {
      token: t.tokens.admin,
      body: formBody({ primary_color: '#00aa00' }),
    });
    const other = await createWorkspaceTree(server);
    const theirs = await server.call('GET', path('workspace'), { token: other.tokens.admin });
    expect(theirs.body).toEqual({ ...defaultPublicForm('workspace'), updated_at: null });
    await server.call('POST', path('workspace'), {
      token: other.tokens.admin,
      body: formBody({ primary_color: '#0000aa' }),
    });
    const ours = await server.call('GET', path('workspace'), { token: t.tokens.admin });
    expect(ours.body.primary_color).toBe('#00aa00');
    const rows = await server.db
      .selectFrom('public_forms')
      .select(['client_id', 'updated_by'])
      .where('client_id', 'in', [t.org.id, other.org.id])
      .orderBy('client_id')
      .execute();
    expect(rows).toEqual([
      { client_id: t.org.id, updated_by: t.admin.id },
      { client_id: other.org.id, updated_by: other.admin.id },
    ]);
  });
});

describe('the public pages show the saved forms', () => {
  it('GET public/workspace/{code}: fields, texts, colour; the logo only with show_logo, categories only when offered', async () => {
    const t = await createWorkspaceTree(server);
    const other = await createWorkspaceTree(server);
    await server.db
      .insertInto('categories')
      .values([
        { client_id: t.org.id, name: 'Plumbing', color: '#1c7ed6' },
        { client_id: t.org.id, name: 'Electrical', color: '#f59f00' },
        { client_id: other.org.id, name: 'Secret category', color: '#000000' },
      ])
      .execute();
    const logo = `${t.org.id}/logos/${'a'.repeat(32)}.png`;
    await server.db.updateTable('clients').set({ logo }).where('id', '=', t.org.id).execute();
    const code = await codeOf(t.ids.site);

    // The default: no category field, the logo shown.
    const before = await server.call('GET', `/api/v4/public/workspace/${code}`);
    expect(before.status).toBe(200);
    expect(before.body.form).toMatchObject({ categories: [], texts: {}, enabled: true, allow_follow: true });
    expect(withoutQuery(before.body.form.logo)).toBe(withoutQuery(before.body.client.logo));
    expect(before.body.client.logo).toContain(logo);

    const texts = {
      de: { title: 'Problem melden', intro: 'Kurz beschreiben, bitte.', thank_you: 'Danke!' },
      en: { title: 'Report a problem', intro: 'Describe it briefly.', thank_you: null },
    };
    const saved = await server.call('POST', path('workspace'), {
      token: t.tokens.admin,
      body: formBody({
        fields: [
          { key: 'category_id', visible: true, required: true },
          { key: 'description', visible: true, required: true },
          { key: 'title', visible: false, required: false },
        ],
        texts,
        show_logo: false,
        primary_color: '#0b7285',
        staff_names: 'full_name',
      }),
    });
    expect(saved.status).toBe(200);
    const res = await server.call('GET', `/api/v4/public/workspace/${code}`);
    expect(res.body.form).toEqual({
      enabled: true,
      fields: saved.body.fields,
      texts,
      logo: null,
      primary_color: '#0b7285',
      allow_follow: true,
      categories: [
        { id: expect.any(Number), name: 'Electrical' },
        { id: expect.any(Number), name: 'Plumbing' },
      ],
    });
    // The organisation still shows its logo; the form does not repeat it.
    expect(res.body.client.logo).toContain(logo);
    // Nothing of who configured it or the follow page's settings.
    expect(JSON.stringify(res.body)).not.toContain('staff_names');
    expect(JSON.stringify(res.body)).not.toContain('updated_by');

    // Hidden category field: no categories; a disabled form says so.
    await server.call('POST', path('workspace'), {
      token: t.tokens.admin,
      body: formBody({ enabled: false }),
    });
    const disabled = await server.call('GET', `/api/v4/public/workspace/${code}`);
    expect(disabled.body.form).toMatchObject({ enabled: false, categories: [] });
    expect(withoutQuery(disabled.body.form.logo)).toBe(withoutQuery(disabled.body.client.logo));
    // The other organisation's page keeps its default.
    const theirs = await server.call('GET', `/api/v4/public/workspace/${await codeOf(other.ids.site)}`);
    expect(theirs.body.form).toMatchObject({ enabled: true, categories: [], logo: null, texts: {} });
  });
});

describe('GET public/asset/{code}', () => {
  it('shows a live asset by its code with the asset form, and nothing more', async () => {
    const t = await createWorkspaceTree(server);
    const asset = await createAsset(server.db, {
      client_id: t.org.id,
      workspace_id: t.ids.building,
      name: 'Boiler 1',
      serial_number: 'SN-SECRET-7',
      description: 'Internal notes',
    });
    const url = `/api/v4/public/asset/${asset.publicCode}`;
    const res = await server.call('GET', url);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      code: asset.publicCode,
      name: 'Boiler 1',
      workspace: 'Building',
      picture_url: null,
      client: { name: t.org.name, logo: null },
      form: {
        enabled: true,
        fields: defaultPublicForm('asset').fields,
        texts: {},
        logo: null,
        primary_color: null,
        allow_follow: true,
        categories: [],
      },
    });
    expect(JSON.stringify(res.body)).not.toContain('SN-SECRET-7');
    expect(JSON.stringify(res.body)).not.toContain('Internal notes');

    // Its first picture (gallery order), as a thumbnail.
    await createAssetPicture(server.db, { clientId: t.org.id, assetId: asset.id, sortIndex: 1 });
    const first = await createAssetPicture(server.db, {
      clientId: t.org.id,
      assetId: asset.id,
      sortIndex: 0,
    });
    const key = await server.db
      .selectFrom('attachments')
      .select('thumbnail_key')
      .where('id', '=', first)
      .executeTakeFirstOrThrow();
    const pictured = await server.call('GET', url);
    expect(pictured.body.picture_url).toContain(key.thumbnail_key);

    // The asset form, not the workspace form: each type is configured on its own.
    await server.call('POST', path('workspace'), {
      token: t.tokens.admin,
      body: formBody({ primary_color: '#111111' }),
    });
    await server.call('POST', path('asset'), {
      token: t.tokens.admin,
      body: formBody({
        fields: [{ key: 'category_id', visible: true, required: false }],
        primary_color: '#222222',
        texts: { en: { title: null, intro: 'The boiler room form.', thank_you: null } },
      }),
    });
    await server.db
      .insertInto('categories')
      .values({ client_id: t.org.id, name: 'HVAC', color: '#7048e8' })
      .execute();
    const configured = await server.call('GET', url);
    expect(configured.body.form).toMatchObject({
      primary_color: '#222222',
      texts: { en: { title: null, intro: 'The boiler room form.', thank_you: null } },
      categories: [{ id: expect.any(Number), name: 'HVAC' }],
    });
  });

  it('finds nothing by an unknown code, a sequential id, or an archived or deleted asset or workspace', async () => {
    const t = await createWorkspaceTree(server);
    const make = (name: string, workspaceId = t.ids.site) =>
      createAsset(server.db, { client_id: t.org.id, workspace_id: workspaceId, name });
    const archived = await make('Archived pump');
    const deleted = await make('Deleted pump');
    const inArchived = await make('Depot pump', t.ids.depot);
    const inDeleted = await make('Room pump', t.ids.room);
    const live = await make('Live pump');
    await server.db.updateTable('assets').set({ status: 5 }).where('id', '=', archived.id).execute();
    await server.db
      .updateTable('assets')
      .set({ deleted_at: new Date() })
      .where('id', '=', deleted.id)
      .execute();
    await server.db
      .updateTable('workspaces')
      .set({ archived_at: new Date() })
      .where('id', '=', t.ids.depot)
      .execute();
    await server.db
      .updateTable('workspaces')
      .set({ deleted_at: new Date() })
      .where('id', '=', t.ids.room)
      .execute();
    for (const code of [
      archived.publicCode,
      deleted.publicCode,
      inArchived.publicCode,
      inDeleted.publicCode,
      String(live.id),
      'A'.repeat(22),
      'x'.repeat(64),
    ]) {
      const res = await server.call('GET', `/api/v4/public/asset/${code}?qr=1`);
      expect(res.status, code).toBe(404);
      expect(res.body.error).toBe('not_found');
    }
    // An asset of another status (inactive, in maintenance) is still live.
    await server.db.updateTable('assets').set({ status: 4 }).where('id', '=', live.id).execute();
    expect((await server.call('GET', `/api/v4/public/asset/${live.publicCode}`)).status).toBe(200);
    expect((await server.call('GET', `/api/v4/public/asset/${'x'.repeat(65)}`)).status).toBe(422);
    // None of the refused views was a scan.
    expect(await scansOf(t.org.id)).toEqual([]);
  });

  it('qr=1 logs a scan once per address, person and asset in 5 minutes, with the person when logged in', async () => {
    const t = await createWorkspaceTree(server);
    const boiler = await createAsset(server.db, {
      client_id: t.org.id,
      workspace_id: t.ids.site,
      name: 'Boiler',
    });
    const pump = await createAsset(server.db, {
      client_id: t.org.id,
      workspace_id: t.ids.site,
      name: 'Pump',
    });
    await server.call('GET', `/api/v4/public/asset/${boiler.publicCode}`);
    expect(await scansOf(t.org.id)).toEqual([]);
    await server.call('GET', `/api/v4/public/asset/${boiler.publicCode}?qr=1`);
    await server.call('GET', `/api/v4/public/asset/${boiler.publicCode}?qr=1`, { token: t.tokens.admin });
    await server.call('GET', `/api/v4/public/asset/${pump.publicCode}?qr=1`);
    expect(await scansOf(t.org.id)).toEqual([
      { entity_type: 'asset', entity_id: boiler.id, user_id: null },
      { entity_type: 'asset', entity_id: boiler.id, user_id: t.admin.id },
      { entity_type: 'asset', entity_id: pump.id, user_id: null },
    ]);
    // Again by the same people within the window: nothing more.
    await server.call('GET', `/api/v4/public/asset/${boiler.publicCode}?qr=1`);
    await server.call('GET', `/api/v4/public/asset/${boiler.publicCode}?qr=1`, { token: t.tokens.admin });
    expect(await scansOf(t.org.id)).toHaveLength(3);
    await server.db
      .updateTable('rate_limits')
      .set({ window_start: new Date(Date.now() - BUDGETS.scanLog.windowMs - 1000) })
      .where('bucket', '=', BUDGETS.scanLog.bucket)
      .execute();
    await server.call('GET', `/api/v4/public/asset/${boiler.publicCode}?qr=1`);
    expect(await scansOf(t.org.id)).toHaveLength(4);
    expect((await server.call('GET', `/api/v4/public/asset/${boiler.publicCode}?qr=2`)).status).toBe(422);
  });

  it('spends the address budget of public views: beyond it 429, and no scan is logged', async () => {
    const t = await createWorkspaceTree(server);
    const asset = await createAsset(server.db, { client_id: t.org.id, workspace_id: t.ids.site });
    const ip = hashedKey('ip', '127.0.0.1');
    await server.db.deleteFrom('rate_limits').where('key', '=', ip).execute();
    const limit = BUDGETS.publicViews.limit;
    await server.db
      .insertInto('rate_limits')
      .values({ bucket: BUDGETS.publicViews.bucket, key: ip, window_start: new Date(), hits: limit - 1 })
      .execute();
    // The last view of the budget goes through and counts.
    expect((await server.call('GET', `/api/v4/public/asset/${asset.publicCode}`)).status).toBe(200);
    const refused = await server.call('GET', `/api/v4/public/asset/${asset.publicCode}?qr=1`);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('too_many_requests');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Unknown codes spend it too: nobody counts through codes.
    expect((await server.call('GET', `/api/v4/public/asset/${'A'.repeat(22)}`)).status).toBe(429);
    expect(await scansOf(t.org.id)).toEqual([]);
    await server.db.deleteFrom('rate_limits').where('key', '=', ip).execute();
  });
});
