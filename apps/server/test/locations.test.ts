import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEquipmentItemTeam } from './helpers/equipment-factories.js';
import { API, createIssueTeam, issueSnapshot } from './helpers/issues-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// The location picker's place (001 §3 "Location", §5 "Coordinates"; issue 22) on issues (when
// include_issue_address, settings.display.address, is on), workspaces and equipment: stored,
// read back, cleared, refused when malformed (nothing changed), and another organisation's 404.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const VIENNA = {
  location_name: 'Stephansplatz 1, Wien',
  lat: 48.208493,
  lng: 16.373118,
  is_coordinates: false,
};
const TYPED = { location_name: 'Boiler room', lat: -33.8688, lng: 151.2093, is_coordinates: true };

const addressOff = {
  display: { comments: true, history: true, address: false, titles: true, text_templates: true },
};

/** Malformed locations and the field key each answers (nothing may be stored). */
const MALFORMED: Array<[string, unknown, string, string]> = [
  ['no name', { lat: 1, lng: 2 }, 'location.location_name', 'required_field'],
  ['a blank name', { location_name: '  ', lat: 1, lng: 2 }, 'location.location_name', 'required_field'],
  ['no latitude', { location_name: 'A', lng: 2 }, 'location.lat', 'required_field'],
  ['no longitude', { location_name: 'A', lat: 2 }, 'location.lng', 'required_field'],
  ['latitude above 90', { location_name: 'A', lat: 90.5, lng: 2 }, 'location.lat', 'invalid_format'],
  ['latitude below -90', { location_name: 'A', lat: -91, lng: 2 }, 'location.lat', 'invalid_format'],
  ['longitude above 180', { location_name: 'A', lat: 1, lng: 180.01 }, 'location.lng', 'invalid_format'],
  ['a latitude as text', { location_name: 'A', lat: '48.2', lng: 2 }, 'location.lat', 'required_field'],
  [
    'a name too long',
    { location_name: 'x'.repeat(256), lat: 1, lng: 2 },
    'location.location_name',
    'too_long',
  ],
  ['a text instead of an object', '48.2 16.3', 'location', 'invalid_format'],
];

describe('issues', () => {
  it('stores, reads, changes and clears the location; the log records it', async () => {
    const t = await createIssueTeam(server);
    const created = await server.call('POST', `${API}/issue`, {
      token: t.tokens.member,
      body: {
        title: 'Leaking pipe',
        workspace_id: t.ids.site,
        location: { ...VIENNA, location_name: '  Stephansplatz 1, Wien ' },
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.location).toEqual(VIENNA);
    const id = created.body.id as number;
    expect(
      (await server.call('GET', `${API}/issue/${id}`, { token: t.tokens.manager })).body.location,
    ).toEqual(VIENNA);

    const changed = await server.call('PUT', `${API}/issue/${id}`, {
      token: t.tokens.admin,
      body: { location: TYPED },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.location).toEqual(TYPED);
    const log = await server.db
      .selectFrom('activity_log')
      .select(['action', 'changes'])
      .where('entity_type', '=', 'issue')
      .where('entity_id', '=', id)
      .where('action', '=', 'updated')
      .execute();
    expect(log.at(-1)?.changes).toEqual({ location: [VIENNA, TYPED] });

    // Sending the same again changes nothing; leaving it out keeps it.
    await server.call('PUT', `${API}/issue/${id}`, { token: t.tokens.admin, body: { location: TYPED } });
    const other = await server.call('PUT', `${API}/issue/${id}`, {
      token: t.tokens.admin,
      body: { title: 'Leaking pipe 2' },
    });
    expect(other.body.location).toEqual(TYPED);

    const cleared = await server.call('PUT', `${API}/issue/${id}`, {
      token: t.tokens.admin,
      body: { location: null },
    });
    expect(cleared.body.location).toBeNull();
    const row = await server.db
      .selectFrom('issues')
      .select(['location_name', 'location_lat', 'location_lng', 'location_is_coordinates'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      location_name: null,
      location_lat: null,
      location_lng: null,
      location_is_coordinates: false,
    });
  });

  it('an issue without a location answers null', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue();
    expect(
      (await server.call('GET', `${API}/issue/${id}`, { token: t.tokens.admin })).body.location,
    ).toBeNull();
  });

  it('refuses malformed locations (422, nothing changed)', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue();
    const before = await issueSnapshot(server, id);
    for (const [, location, field, key] of MALFORMED) {
      const res = await server.call('PUT', `${API}/issue/${id}`, {
        token: t.tokens.admin,
        body: { location },
      });
      expect(res.status).toBe(422);
      expect(res.body.fields[field]).toBe(key);
      expect(await issueSnapshot(server, id)).toBe(before);
      const create = await server.call('POST', `${API}/issue`, {
        token: t.tokens.admin,
        body: { title: 'Leaking pipe', workspace_id: t.ids.site, location },
      });
      expect(create.status).toBe(422);
      expect(create.body.fields[field]).toBe(key);
    }
  });

  it('ignores the location while include_issue_address is off, and keeps a stored one', async () => {
    const t = await createIssueTeam(server, { settings: addressOff });
    const created = await server.call('POST', `${API}/issue`, {
      token: t.tokens.admin,
      body: { title: 'Leaking pipe', workspace_id: t.ids.site, location: VIENNA },
    });
    expect(created.status).toBe(201);
    expect(created.body.location).toBeNull();
    const stored = await t.issue({
      location_name: 'Old place',
      location_lat: 1,
      location_lng: 2,
      location_is_coordinates: true,
    });
    const put = await server.call('PUT', `${API}/issue/${stored}`, {
      token: t.tokens.admin,
      body: { title: 'Still saved', location: null },
    });
    expect(put.status).toBe(200);
    expect(put.body.title).toBe('Still saved');
    expect(put.body.location).toEqual({ location_name: 'Old place', lat: 1, lng: 2, is_coordinates: true });
  });

  it('needs the right to edit the issue, and another organisation gets 404', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue({ title: 'Reported by the admin' });
    const before = await issueSnapshot(server, id);
    const byMember = await server.call('PUT', `${API}/issue/${id}`, {
      token: t.tokens.depotMember,
      body: { location: VIENNA },
    });
    expect([403, 404]).toContain(byMember.status);
    const stranger = await server.call('PUT', `${API}/issue/${id}`, {
      token: t.strangerToken,
      body: { location: VIENNA },
    });
    expect(stranger.status).toBe(404);
    expect((await server.call('GET', `${API}/issue/${id}`, { token: t.strangerToken })).status).toBe(404);
    expect(await issueSnapshot(server, id)).toBe(before);
  });
});

describe('workspaces', () => {
  it('stores, reads, changes and clears the location', async () => {
    const t = await createIssueTeam(server);
    const created = await server.call('POST', `${API}/workspace`, {
      token: t.tokens.admin,
      body: { name: 'Plant', location: VIENNA },
    });
    expect(created.status).toBe(200);
    expect(created.body.location).toEqual(VIENNA);
    const id = created.body.id as number;
    const read = await server.call('GET', `${API}/workspace/${id}`, { token: t.tokens.admin });
    expect(read.body.location).toEqual(VIENNA);
    const list = await server.call('GET', `${API}/workspace`, { token: t.tokens.admin, headers: {} });
    expect(list.body.data.find((w: { id: number }) => w.id === id)?.location).toEqual(VIENNA);

    const changed = await server.call('PUT', `${API}/workspace/${id}`, {
      token: t.tokens.admin,
      body: { location: TYPED },
    });
    expect(changed.body.location).toEqual(TYPED);
    const renamed = await server.call('PUT', `${API}/workspace/${id}`, {
      token: t.tokens.admin,
      body: { name: 'Plant 2' },
    });
    expect(renamed.body.location).toEqual(TYPED);
    const cleared = await server.call('PUT', `${API}/workspace/${id}`, {
      token: t.tokens.admin,
      body: { location: null },
    });
    expect(cleared.body.location).toBeNull();
    // Workspaces carry their location whatever include_issue_address says.
    expect(
      (await server.call('GET', `${API}/workspace/${t.ids.site}`, { token: t.tokens.admin })).body.location,
    ).toBeNull();
  });

  it('refuses malformed locations (422, nothing changed)', async () => {
    const t = await createIssueTeam(server);
    const before = await server.db
      .selectFrom('workspaces')
      .selectAll()
      .where('id', '=', t.ids.site)
      .executeTakeFirstOrThrow();
    for (const [, location, field, key] of MALFORMED) {
      const res = await server.call('PUT', `${API}/workspace/${t.ids.site}`, {
        token: t.tokens.admin,
        body: { location },
      });
      expect(res.status).toBe(422);
      expect(res.body.fields[field]).toBe(key);
    }
    const after = await server.db
      .selectFrom('workspaces')
      .selectAll()
      .where('id', '=', t.ids.site)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('a member may not set it, another organisation gets 404', async () => {
    const t = await createIssueTeam(server);
    const byMember = await server.call('PUT', `${API}/workspace/${t.ids.site}`, {
      token: t.tokens.member,
      body: { location: VIENNA },
    });
    expect(byMember.status).toBe(403);
    const stranger = await server.call('PUT', `${API}/workspace/${t.ids.site}`, {
      token: t.strangerToken,
      body: { location: VIENNA },
    });
    expect(stranger.status).toBe(404);
    const row = await server.db
      .selectFrom('workspaces')
      .select('location_name')
      .where('id', '=', t.ids.site)
      .executeTakeFirstOrThrow();
    expect(row.location_name).toBeNull();
  });
});

describe('equipment (geo_location, beside the storage place text `location`)', () => {
  it('stores, reads, changes and clears it, apart from the storage place', async () => {
    const t = await createEquipmentItemTeam(server);
    const created = await server.call('POST', `${API}/equipment`, {
      token: t.tokens.admin,
      body: {
        title: 'Pump',
        workspace_id: t.ids.site,
        type_id: t.typeId,
        location: 'Shelf 3',
        geo_location: TYPED,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ location: 'Shelf 3', geo_location: TYPED });
    const id = created.body.id as number;
    expect(
      (await server.call('GET', `${API}/equipment/${id}`, { token: t.tokens.admin })).body.geo_location,
    ).toEqual(TYPED);
    const changed = await server.call('PUT', `${API}/equipment/${id}`, {
      token: t.tokens.admin,
      body: { geo_location: VIENNA },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ location: 'Shelf 3', geo_location: VIENNA });
    const log = await server.db
      .selectFrom('activity_log')
      .select('changes')
      .where('entity_type', '=', 'equipment')
      .where('entity_id', '=', id)
      .where('action', '=', 'updated')
      .execute();
    expect(log.at(-1)?.changes).toEqual({ geo_location: [TYPED, VIENNA] });
    const cleared = await server.call('PUT', `${API}/equipment/${id}`, {
      token: t.tokens.admin,
      body: { geo_location: null },
    });
    expect(cleared.body).toMatchObject({ location: 'Shelf 3', geo_location: null });
  });

  it('refuses malformed ones, those who do not manage it, and another organisation (404)', async () => {
    const t = await createEquipmentItemTeam(server);
    const id = t.item.id;
    const before = await server.db
      .selectFrom('equipment')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    for (const [, location, field, key] of MALFORMED) {
      const res = await server.call('PUT', `${API}/equipment/${id}`, {
        token: t.tokens.admin,
        body: { geo_location: location },
      });
      expect(res.status).toBe(422);
      expect(res.body.fields[field.replace(/^location/, 'geo_location')]).toBe(key);
    }
    const byMember = await server.call('PUT', `${API}/equipment/${id}`, {
      token: t.tokens.member,
      body: { geo_location: VIENNA },
    });
    expect(byMember.status).toBe(403);
    const stranger = await server.call('PUT', `${API}/equipment/${id}`, {
      token: t.strangerToken,
      body: { geo_location: VIENNA },
    });
    expect(stranger.status).toBe(404);
    const after = await server.db
      .selectFrom('equipment')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });
});

describe('the database keeps a location whole', () => {
  it('refuses a position without a name or out of range', async () => {
    const t = await createIssueTeam(server);
    await expect(
      server.db
        .updateTable('workspaces')
        .set({ location_lat: 1, location_lng: 2 })
        .where('id', '=', t.ids.site)
        .execute(),
    ).rejects.toThrow(/location_check/);
    await expect(
      server.db
        .updateTable('workspaces')
        .set({ location_name: 'A', location_lat: 91, location_lng: 2 })
        .where('id', '=', t.ids.site)
        .execute(),
    ).rejects.toThrow(/location_check/);
  });
});
