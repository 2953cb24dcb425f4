import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/modules/auth/tokens.js';
import { addWorkspace, addWorkspaceRole, createTeam, createUser, login } from './helpers/factories.js';
import { API, createIssueTeam, insertIssue } from './helpers/issues-factories.js';
import { startTestServer, TEST_APP_URL, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const HOUR = 3_600_000;
const DAY = 86_400_000;
/** A whole minute a number of days from now (iCalendar keeps seconds; ours are whole). */
const daysFromNow = (days: number, hour = 8) => {
  const at = new Date(Date.now() + days * DAY);
  at.setUTCHours(hour, 0, 0, 0);
  return at;
};

type FeedEvent = {
  uid: string;
  summary: string;
  start: Date;
  end: Date;
  status: string;
  url: string;
  description: string;
};

/** Parses a feed with ical.js (an independent iCalendar reader): its events by summary. */
function parseFeed(text: string): { calendar: ICAL.Component; events: Map<string, FeedEvent> } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = new Map<string, FeedEvent>();
  for (const component of calendar.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(component);
    events.set(event.summary, {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toJSDate(),
      end: event.endDate.toJSDate(),
      status: String(component.getFirstPropertyValue('status')),
      url: String(component.getFirstPropertyValue('url')),
      description: event.description,
    });
  }
  return { calendar, events };
}

/** The feed's path on the test server, from the address the API answered. */
const pathOf = (url: string) => {
  expect(url.startsWith(`${TEST_APP_URL}${API}/calendar/feed/`)).toBe(true);
  return url.slice(TEST_APP_URL.length);
};

async function createFeed(token: string): Promise<{ url: string; webcal_url: string; path: string }> {
  const res = await server.call('POST', `${API}/calendar/feed`, { token });
  expect(res.status).toBe(201);
  return { ...res.body.feed, path: pathOf(res.body.feed.url) };
}

async function fetchFeed(path: string) {
  const res = await server.call('GET', path);
  expect(res.status, res.status === 200 ? '' : JSON.stringify(res.body)).toBe(200);
  return { ...parseFeed(res.body as string), res };
}

describe('calendar feed', () => {
  it("lists the person's dated issues they may see, as iCalendar an independent parser reads", async () => {
    const t = await createIssueTeam(server);
    const ava = t.people.assignee;
    const twoDays = daysFromNow(2, 8);
    const both = await t.issue({
      title: 'Boiler service',
      assignee_id: ava.id,
      status_id: 6,
      start_date: twoDays,
      due_date: new Date(twoDays.getTime() + 2.5 * HOUR),
    });
    const startOnly = await insertIssue(server, {
      client_id: t.org.id,
      workspace_id: t.ids.room,
      title: 'Room check',
      assignee_id: ava.id,
      status_id: 5,
      start_date: daysFromNow(1, 9),
    });
    const dueOnly = await t.issue({ title: 'Report due', assignee_id: ava.id, due_date: daysFromNow(3, 17) });
    const recentDone = await t.issue({
      title: 'Done last week',
      assignee_id: ava.id,
      status_id: 8,
      start_date: daysFromNow(-7),
      completed_at: daysFromNow(-7),
    });
    const overdue = await t.issue({
      title: 'Overdue two months',
      assignee_id: ava.id,
      due_date: daysFromNow(-60),
    });
    // None of these is in the feed.
    await t.issue({
      title: 'Done two months ago',
      assignee_id: ava.id,
      status_id: 8,
      start_date: daysFromNow(-60),
    });
    await t.issue({
      title: 'Archived two months ago',
      assignee_id: ava.id,
      status_id: 7,
      start_date: daysFromNow(-60),
      archived_at: daysFromNow(-50),
    });
    await t.issue({ title: 'Open half a year ago', assignee_id: ava.id, due_date: daysFromNow(-180) });
    await t.issue({ title: 'Far future', assignee_id: ava.id, start_date: daysFromNow(400) });
    await t.issue({ title: 'No dates', assignee_id: ava.id });
    await t.issue({ title: 'Somebody else', assignee_id: t.people.member.id, start_date: daysFromNow(1) });
    await t.issue({
      title: 'Deleted',
      assignee_id: ava.id,
      start_date: daysFromNow(1),
      deleted_at: new Date(),
    });
    // The Depot is not Ava's: an issue there assigned to her stays out.
    await insertIssue(server, {
      client_id: t.org.id,
      workspace_id: t.ids.depot,
      title: 'Depot job',
      assignee_id: ava.id,
      start_date: daysFromNow(1),
    });
    // Another organisation's issue naming her as assignee stays out too.
    const stranger = await createTeam(server.db);
    const strangerSite = await addWorkspace(server.db, stranger.org.id, 'Elsewhere');
    await insertIssue(server, {
      client_id: stranger.org.id,
      workspace_id: strangerSite,
      title: 'Other organisation',
      assignee_id: ava.id,
      start_date: daysFromNow(1),
    });

    const none = await server.call('GET', `${API}/calendar/feed`, { token: t.tokens.assignee });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ feed: null });

    const feed = await createFeed(t.tokens.assignee);
    expect(feed.url).toMatch(/^http:\/\/app\.test\/api\/v4\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(feed.webcal_url).toBe(feed.url.replace('http://', 'webcal://'));
    // The secret is kept only as its hash.
    const raw = feed.url.slice(feed.url.lastIndexOf('/') + 1, -'.ics'.length);
    const stored = await server.db
      .selectFrom('calendar_feeds')
      .selectAll()
      .where('user_id', '=', ava.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).toBe(hashToken(raw));
    expect(JSON.stringify(stored)).not.toContain(raw);

    const { calendar, events, res } = await fetchFeed(feed.path);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar; charset=utf-8/);
    expect(res.headers.get('cache-control')).toBe('private, max-age=300');
    expect(calendar.name).toBe('vcalendar');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy();
    expect([...events.keys()].sort()).toEqual(
      ['Boiler service', 'Done last week', 'Overdue two months', 'Report due', 'Room check'].sort(),
    );

    const boiler = events.get('Boiler service') as FeedEvent;
    expect(boiler.uid).toBe(`issue-${both}@app.test`);
    expect(boiler.start.toISOString()).toBe(twoDays.toISOString());
    expect(boiler.end.getTime() - boiler.start.getTime()).toBe(2.5 * HOUR);
    expect(boiler.status).toBe('CONFIRMED');
    expect(boiler.url).toBe(`${TEST_APP_URL}/dashboard/issues/detail/${both}`);
    expect(boiler.description).toContain('Workspace: Site');
    expect(boiler.description).toContain('Status: In progress');

    // One date: one hour from it.
    const room = events.get('Room check') as FeedEvent;
    expect(room.uid).toBe(`issue-${startOnly}@app.test`);
    expect(room.start.toISOString()).toBe(daysFromNow(1, 9).toISOString());
    expect(room.end.getTime() - room.start.getTime()).toBe(HOUR);
    expect(room.description).toContain('Workspace: Room');
    const due = events.get('Report due') as FeedEvent;
    expect(due.uid).toBe(`issue-${dueOnly}@app.test`);
    expect(due.start.toISOString()).toBe(daysFromNow(3, 17).toISOString());
    expect(due.end.getTime() - due.start.getTime()).toBe(HOUR);
    expect(due.status).toBe('TENTATIVE');
    expect(events.get('Done last week')?.uid).toBe(`issue-${recentDone}@app.test`);
    expect(events.get('Done last week')?.description).toContain('Status: Completed');
    expect(events.get('Overdue two months')?.uid).toBe(`issue-${overdue}@app.test`);

    // Every event carries a stamp and a last change; UIDs are the same on the next read.
    for (const component of calendar.getAllSubcomponents('vevent')) {
      expect(component.getFirstPropertyValue('dtstamp')).toBeTruthy();
      expect(component.getFirstPropertyValue('last-modified')).toBeTruthy();
    }
    const again = await fetchFeed(feed.path);
    expect([...again.events.values()].map((e) => e.uid).sort()).toEqual(
      [...events.values()].map((e) => e.uid).sort(),
    );
    // The same feed without the .ics ending.
    expect((await fetchFeed(feed.path.replace(/\.ics$/, ''))).events.size).toBe(5);

    // GET shows the feed, without its address (not kept), and its last use.
    const shown = await server.call('GET', `${API}/calendar/feed`, { token: t.tokens.assignee });
    expect(shown.status).toBe(200);
    expect(shown.body.feed).toMatchObject({ url: null, webcal_url: null });
    expect(Date.parse(shown.body.feed.created_at)).not.toBeNaN();
    expect(Date.parse(shown.body.feed.last_used_at)).not.toBeNaN();
  });

  it('holds at most 2000 events, the ones nearest to now', async () => {
    const t = await createIssueTeam(server);
    const rows = Array.from({ length: 2003 }, (_, n) => ({
      client_id: t.org.id,
      workspace_id: t.ids.site,
      parent_id: null,
      title: `Job ${n}`,
      description: null,
      category_id: null,
      assignee_id: t.people.assignee.id,
      last_assignee_id: null,
      created_by: null,
      external_email_address: null,
      // Job n is n hours from now: the three farthest are left out.
      start_date: new Date(Date.now() + (n + 1) * HOUR),
      due_date: null,
      schedule_id: null,
      asset_id: null,
      asset_group_id: null,
      process_number: null,
      rating: null,
      translations: '{}',
      started_at: null,
      completed_at: null,
      archived_at: null,
      deleted_at: null,
    }));
    await server.db.insertInto('issues').values(rows).execute();
    const feed = await createFeed(t.tokens.assignee);
    const { events } = await fetchFeed(feed.path);
    expect(events.size).toBe(2000);
    expect(events.has('Job 0')).toBe(true);
    expect(events.has('Job 1999')).toBe(true);
    expect(events.has('Job 2000')).toBe(false);
  });

  it('records the last use at most once a minute', async () => {
    const t = await createIssueTeam(server);
    const feed = await createFeed(t.tokens.assignee);
    const usedAt = async () =>
      (
        await server.db
          .selectFrom('calendar_feeds')
          .select('last_used_at')
          .where('user_id', '=', t.people.assignee.id)
          .executeTakeFirstOrThrow()
      ).last_used_at;
    expect(await usedAt()).toBeNull();
    await fetchFeed(feed.path);
    const first = await usedAt();
    expect(first).not.toBeNull();
    await fetchFeed(feed.path);
    expect(await usedAt()).toEqual(first);
    // Once the last use is over a minute old, a read records itself again.
    const old = new Date(Date.now() - 2 * 60_000);
    await server.db
      .updateTable('calendar_feeds')
      .set({ last_used_at: old })
      .where('user_id', '=', t.people.assignee.id)
      .execute();
    await fetchFeed(feed.path);
    expect((await usedAt())?.getTime()).toBeGreaterThan(old.getTime());
  });

  it('a new link replaces the old one at once; turning the feed off ends it', async () => {
    const t = await createIssueTeam(server);
    await t.issue({ title: 'Boiler service', assignee_id: t.people.assignee.id, start_date: daysFromNow(1) });
    const first = await createFeed(t.tokens.assignee);
    await fetchFeed(first.path);
    const second = await createFeed(t.tokens.assignee);
    expect(second.url).not.toBe(first.url);
    expect((await server.call('GET', first.path)).status).toBe(404);
    expect((await fetchFeed(second.path)).events.has('Boiler service')).toBe(true);
    expect(
      await server.db
        .selectFrom('calendar_feeds')
        .select('id')
        .where('user_id', '=', t.people.assignee.id)
        .execute(),
    ).toHaveLength(1);

    const off = await server.call('DELETE', `${API}/calendar/feed`, { token: t.tokens.assignee });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ success: true });
    expect((await server.call('GET', second.path)).status).toBe(404);
    const gone = await server.call('GET', `${API}/calendar/feed`, { token: t.tokens.assignee });
    expect(gone.body).toEqual({ feed: null });
    // Turning off what is off changes nothing.
    expect((await server.call('DELETE', `${API}/calendar/feed`, { token: t.tokens.assignee })).status).toBe(
      200,
    );

    const actions = await server.db
      .selectFrom('activity_log')
      .select('action')
      .where('entity_type', '=', 'user')
      .where('entity_id', '=', t.people.assignee.id)
      .where('action', 'like', 'calendar_feed_%')
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual([
      'calendar_feed_created',
      'calendar_feed_created',
      'calendar_feed_revoked',
    ]);
  });

  it('follows access as it is now: a workspace taken away takes its issues out of the feed', async () => {
    const t = await createIssueTeam(server);
    const ava = t.people.assignee;
    await t.issue({ title: 'Site job', assignee_id: ava.id, start_date: daysFromNow(1) });
    await insertIssue(server, {
      client_id: t.org.id,
      workspace_id: t.ids.depot,
      title: 'Depot job',
      assignee_id: ava.id,
      start_date: daysFromNow(1),
    });
    const feed = await createFeed(t.tokens.assignee);
    expect([...(await fetchFeed(feed.path)).events.keys()]).toEqual(['Site job']);

    // The admin gives her the Depot and takes the Site away.
    const changed = await server.call('POST', `${API}/user/${ava.id}/workspace_roles`, {
      token: t.tokens.admin,
      body: { workspace_roles: [{ workspace_id: t.ids.depot, role: 'member' }] },
    });
    expect(changed.status).toBe(200);
    expect([...(await fetchFeed(feed.path)).events.keys()]).toEqual(['Depot job']);

    // Without any workspace, the feed is empty (and still a calendar).
    await server.call('POST', `${API}/user/${ava.id}/workspace_roles`, {
      token: t.tokens.admin,
      body: { workspace_roles: [] },
    });
    expect((await fetchFeed(feed.path)).events.size).toBe(0);
  });

  it("a partner's person sees the shared work assigned to them, and only that", async () => {
    const t = await createIssueTeam(server);
    const cleo = t.people.collabMember;
    await t.issue({ title: 'Shared site job', assignee_id: cleo.id, start_date: daysFromNow(1) });
    await insertIssue(server, {
      client_id: t.org.id,
      workspace_id: t.ids.depot,
      title: 'Depot job',
      assignee_id: cleo.id,
      start_date: daysFromNow(1),
    });
    const feed = await createFeed(t.tokens.collabMember);
    expect([...(await fetchFeed(feed.path)).events.keys()]).toEqual(['Shared site job']);
  });

  it('answers 404 once the person is archived or no longer in the organisation', async () => {
    const t = await createIssueTeam(server);
    const ava = t.people.assignee;
    const feed = await createFeed(t.tokens.assignee);
    await fetchFeed(feed.path);

    const archived = await server.call('POST', `${API}/users/archive`, {
      token: t.tokens.admin,
      body: { user_ids: [ava.id] },
    });
    expect(archived.status).toBe(200);
    expect((await server.call('GET', feed.path)).status).toBe(404);
    await server.call('POST', `${API}/users/unarchive`, {
      token: t.tokens.admin,
      body: { user_ids: [ava.id] },
    });
    await fetchFeed(feed.path);

    await server.db
      .deleteFrom('user_clients')
      .where('user_id', '=', ava.id)
      .where('client_id', '=', t.org.id)
      .execute();
    expect((await server.call('GET', feed.path)).status).toBe(404);
  });

  it('keeps one feed per person and organisation', async () => {
    const t = await createIssueTeam(server);
    const [a, b] = await Promise.all([createFeed(t.tokens.member), createFeed(t.tokens.assignee)]);
    expect(a.url).not.toBe(b.url);
    // The same person in a second organisation has a feed of their own there.
    const other = await createTeam(server.db);
    const twin = await createUser(server.db, other.org.id, { firstName: 'Twin' });
    const otherSite = await addWorkspace(server.db, other.org.id, 'Other site');
    await addWorkspaceRole(server.db, twin, otherSite, 'member');
    await insertIssue(server, {
      client_id: other.org.id,
      workspace_id: otherSite,
      title: 'Other organisation job',
      assignee_id: twin.id,
      start_date: daysFromNow(1),
    });
    const twinFeed = await createFeed(await login(server, twin));
    expect([...(await fetchFeed(twinFeed.path)).events.keys()]).toEqual(['Other organisation job']);
    expect([...(await fetchFeed(a.path)).events.keys()]).toEqual([]);
  });

  it('an unknown address answers 404, the same as a revoked one', async () => {
    const t = await createIssueTeam(server);
    const revoked = await createFeed(t.tokens.assignee);
    await server.call('DELETE', `${API}/calendar/feed`, { token: t.tokens.assignee });
    const revokedAnswer = await server.call('GET', revoked.path);
    expect(revokedAnswer.status).toBe(404);
    expect(revokedAnswer.body).toMatchObject({ error: 'not_found' });
    for (const token of ['x', 'x.ics', '.ics', 'A'.repeat(43), `${'A'.repeat(43)}.ics`]) {
      const res = await server.call('GET', `${API}/calendar/feed/${token}`);
      expect(res.status, token).toBe(404);
      expect(res.body, token).toEqual(revokedAnswer.body);
    }
  });

  it('the feed management calls need a login, and without one change nothing', async () => {
    const t = await createIssueTeam(server);
    await createFeed(t.tokens.assignee);
    const before = await server.db.selectFrom('calendar_feeds').selectAll().orderBy('id').execute();
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await server.call(method, `${API}/calendar/feed`);
      expect(res.status, method).toBe(401);
    }
    expect(await server.db.selectFrom('calendar_feeds').selectAll().orderBy('id').execute()).toEqual(before);
  });

  it('a new address is answered with no-store', async () => {
    const t = await createIssueTeam(server);
    const res = await server.call('POST', `${API}/calendar/feed`, { token: t.tokens.assignee });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
