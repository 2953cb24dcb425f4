import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyFromActivity } from '../src/modules/notifications/notify-from-activity.js';
import { createEquipment, createEquipmentBooking } from './helpers/equipment-factories.js';
import { API, createIssueTeam } from './helpers/issues-factories.js';
import { createSchedule } from './helpers/schedules-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// Each event type of the table reaches exactly its audience (assignee, watchers, reporter,
// managers), never the person who caused it, nobody of another organisation, and a partner's
// person working in a shared workspace in their own organisation.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Team = Awaited<ReturnType<typeof createIssueTeam>>;

/** Who got a notification of this type about this entity (user ids, sorted), and the rows. */
async function receivers(entityId: number, type: string, entityType = 'issue') {
  const rows = await server.db
    .selectFrom('notifications')
    .selectAll()
    .where('entity_id', '=', entityId)
    .where('entity_type', '=', entityType)
    .where('event_type', '=', type)
    .orderBy('user_id')
    .execute();
  return { ids: rows.map((r) => r.user_id), rows };
}

const sorted = (...ids: number[]) => [...ids].sort((a, b) => a - b);

async function watch(t: Team, issueId: number, userId: number) {
  await server.db
    .insertInto('issue_watchers')
    .values({ client_id: t.org.id, issue_id: issueId, user_id: userId })
    .execute();
}

describe('notifications from changes', () => {
  it('assigning tells the new assignee, reassigning tells the previous one; never the actor', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue({ title: 'Broken tap', status_id: 2 });
    const first = await server.call('PUT', `${API}/issue/${id}`, {
      token: t.tokens.admin,
      body: { assignee_id: t.people.assignee.id },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const assigned = await receivers(id, 'issue_assigned');
    expect(assigned.ids).toEqual([t.people.assignee.id]);
    expect(assigned.rows[0]).toMatchObject({
      client_id: t.org.id,
      actor_id: t.people.admin.id,
      channel: 'email',
      email_state: 'waiting',
    });
    expect(assigned.rows[0]?.data).toMatchObject({ title: 'Broken tap', workspace_name: 'Site' });
    // Its live event: kind notification, to the recipient only.
    const live = await server.db
      .selectFrom('live_events')
      .selectAll()
      .where('kind', '=', 'notification')
      .where('entity_type', '=', 'issue')
      .where('entity_id', '=', id)
      .execute();
    expect(live).toHaveLength(1);
    expect(live[0]).toMatchObject({
      client_id: t.org.id,
      action: 'issue_assigned',
      user_ids: [t.people.assignee.id],
      data: { notification_id: assigned.rows[0]?.id },
    });

    await server.call('PUT', `${API}/issue/${id}`, {
      token: t.tokens.admin,
      body: { assignee_id: t.people.member.id },
    });
    expect((await receivers(id, 'issue_unassigned')).ids).toEqual([t.people.assignee.id]);
    expect((await receivers(id, 'issue_assigned')).ids).toEqual(
      sorted(t.people.assignee.id, t.people.member.id),
    );

    // Assigning oneself tells nobody.
    const own = await t.issue({ status_id: 2 });
    await server.call('PUT', `${API}/issue/${own}`, {
      token: t.tokens.admin,
      body: { assignee_id: t.people.admin.id },
    });
    expect((await receivers(own, 'issue_assigned')).ids).toEqual([]);
  });

  it('a status change tells the reporter and watchers; in review the managers; declined the reporter', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue({ assignee_id: t.people.assignee.id, status_id: 5 });
    await watch(t, id, t.people.member.id);
    // A watcher who cannot see the workspace (Dan works in the Depot only) hears nothing.
    await watch(t, id, t.people.depotMember.id);
    const started = await server.call('POST', `${API}/issue/${id}/status`, {
      token: t.tokens.assignee,
      body: { status_id: 6 },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const changed = await receivers(id, 'issue_status_changed');
    expect(changed.ids).toEqual(sorted(t.people.admin.id, t.people.member.id));
    expect(changed.rows[0]?.data).toMatchObject({ status_id: 6, from_status_id: 5 });
    expect(changed.rows[0]?.email_state).toBe('skipped');

    const done = await server.call('POST', `${API}/issue/${id}/status`, {
      token: t.tokens.assignee,
      body: { status_id: 7 },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    // The managers of the Site (and above it) and the reporter are asked to review...
    expect((await receivers(id, 'issue_review_requested')).ids).toEqual(
      sorted(t.people.manager.id, t.people.groupManager.id, t.people.admin.id),
    );
    // ...and hear of no second "status changed"; the watcher does.
    const again = await receivers(id, 'issue_status_changed');
    expect(
      again.rows.filter((r) => (r.data as { status_id: number }).status_id === 7).map((r) => r.user_id),
    ).toEqual([t.people.member.id]);

    const other = await t.issue({ assignee_id: t.people.assignee.id, status_id: 3 });
    const declined = await server.call('POST', `${API}/issue/${other}/status`, {
      token: t.tokens.assignee,
      body: { status_id: 4, note: 'Not my trade' },
    });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    expect((await receivers(other, 'issue_declined')).ids).toEqual([t.people.admin.id]);
  });

  it('a comment tells the assignee, reporter and watchers with its first 200 characters', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue({ assignee_id: t.people.assignee.id, status_id: 5 });
    await watch(t, id, t.people.groupManager.id);
    const text = 'x'.repeat(250);
    const res = await server.call('POST', `${API}/issue/${id}/comments`, {
      token: t.tokens.member,
      body: { comment: text },
    });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    const got = await receivers(id, 'issue_commented');
    expect(got.ids).toEqual(sorted(t.people.admin.id, t.people.assignee.id, t.people.groupManager.id));
    expect(got.rows[0]?.data).toMatchObject({ comment: 'x'.repeat(200) });
  });

  it("a partner's assignee of a shared workspace hears in their own organisation; a stranger never", async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue({ status_id: 2 });
    const res = await server.call('PUT', `${API}/issue/${id}`, {
      token: t.tokens.admin,
      body: { assignee_id: t.people.collabMember.id },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const got = await receivers(id, 'issue_assigned');
    expect(got.ids).toEqual([t.people.collabMember.id]);
    expect(got.rows[0]?.client_id).toBe(t.partner.org.id);
    // An entry naming a person of another organisation as the assignee reaches nobody.
    const stranger = await server.db
      .selectFrom('users')
      .select('id')
      .where('client_id', '<>', t.org.id)
      .where('client_id', '<>', t.partner.org.id)
      .executeTakeFirstOrThrow();
    const foreign = await t.issue({ assignee_id: stranger.id, status_id: 3 });
    await notifyFromActivity(server.db, {
      clientId: t.org.id,
      userId: t.people.admin.id,
      entityType: 'issue',
      entityId: foreign,
      action: 'assigned',
      changes: { assignee_id: [null, stranger.id] },
    });
    expect((await receivers(foreign, 'issue_assigned')).ids).toEqual([]);
  });

  it('preferences hold: off makes none, in_app no e-mail; a pause skips the e-mail but not the bell', async () => {
    const t = await createIssueTeam(server);
    const put = await server.call('PUT', `${API}/notification/preferences`, {
      token: t.tokens.assignee,
      body: { preferences: [{ event_type: 'issue_assigned', channel: 'off' }] },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const a = await t.issue({ status_id: 2 });
    await server.call('PUT', `${API}/issue/${a}`, {
      token: t.tokens.admin,
      body: { assignee_id: t.people.assignee.id },
    });
    expect((await receivers(a, 'issue_assigned')).ids).toEqual([]);

    await server.call('PUT', `${API}/notification/preferences`, {
      token: t.tokens.assignee,
      body: { preferences: [{ event_type: 'issue_assigned', channel: 'in_app' }] },
    });
    const b = await t.issue({ status_id: 2 });
    await server.call('PUT', `${API}/issue/${b}`, {
      token: t.tokens.admin,
      body: { assignee_id: t.people.assignee.id },
    });
    expect((await receivers(b, 'issue_assigned')).rows.map((r) => [r.channel, r.email_state])).toEqual([
      ['in_app', 'skipped'],
    ]);

    // The member keeps the default (e-mail) but pauses: the notification comes, its e-mail not.
    const paused = await server.call('POST', `${API}/notification/pause`, {
      token: t.tokens.member,
      body: { pause_for: 2 },
    });
    expect(paused.status).toBe(200);
    const c = await t.issue({ status_id: 2 });
    await server.call('PUT', `${API}/issue/${c}`, {
      token: t.tokens.admin,
      body: { assignee_id: t.people.member.id },
    });
    expect((await receivers(c, 'issue_assigned')).rows.map((r) => [r.channel, r.email_state])).toEqual([
      ['email', 'skipped'],
    ]);
  });

  it('public reports, schedule decisions, collaborations and equipment requests reach their audiences', async () => {
    const t = await createIssueTeam(server);
    // A public report (no actor): the Site's managers.
    const reported = await t.issue({ title: 'Window blind stuck', created_by: null, status_id: 2 });
    await notifyFromActivity(server.db, {
      clientId: t.org.id,
      userId: null,
      entityType: 'issue',
      entityId: reported,
      action: 'reported_publicly',
      changes: { title: [null, 'Window blind stuck'], status_id: [null, 2] },
    });
    expect((await receivers(reported, 'public_report_received')).ids).toEqual(
      sorted(t.people.manager.id, t.people.groupManager.id),
    );
    expect((await receivers(reported, 'issue_status_changed')).ids).toEqual([]);

    // A schedule's assignee decides: its creator hears.
    const schedule = await createSchedule(server, {
      clientId: t.org.id,
      workspaceId: t.ids.site,
      created_by: t.people.manager.id,
      assignee_id: t.people.assignee.id,
    });
    const decided = await server.call('PUT', `${API}/schedule/${schedule}/assignee_decision`, {
      token: t.tokens.assignee,
      body: { status_id: 5 },
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    const decision = await receivers(schedule, 'schedule_assignee_decision', 'schedule');
    expect(decision.ids).toEqual([t.people.manager.id]);
    expect(decision.rows[0]?.data).toMatchObject({ decision: 'accepted' });

    // A presence alarm: the creator and the Site's managers.
    await notifyFromActivity(server.db, {
      clientId: t.org.id,
      userId: null,
      entityType: 'schedule',
      entityId: schedule,
      action: 'presence_alarm',
    });
    expect((await receivers(schedule, 'schedule_presence_alarm', 'schedule')).ids).toEqual(
      sorted(t.people.manager.id, t.people.groupManager.id),
    );

    // The partner accepted: the owner's admins hear; invited: the partner's admins, in the partner organisation.
    await notifyFromActivity(server.db, {
      clientId: t.org.id,
      userId: null,
      entityType: 'collaboration',
      entityId: t.collaborationId,
      action: 'accepted',
    });
    expect((await receivers(t.collaborationId, 'collaboration_answered', 'collaboration')).ids).toEqual([
      t.people.admin.id,
    ]);
    await notifyFromActivity(server.db, {
      clientId: t.org.id,
      userId: t.people.admin.id,
      entityType: 'collaboration',
      entityId: t.collaborationId,
      action: 'invited',
    });
    const invited = await receivers(t.collaborationId, 'collaboration_invited', 'collaboration');
    expect(invited.ids).toEqual([t.partner.admin.id]);
    expect(invited.rows[0]?.client_id).toBe(t.partner.org.id);

    // A reservation request: the item's managers; the decision: who asked.
    const item = await createEquipment(server.db, {
      client_id: t.org.id,
      workspace_id: t.ids.site,
      title: 'Ladder',
      managerIds: [t.people.manager.id],
    });
    const booking = await createEquipmentBooking(server.db, {
      client_id: t.org.id,
      equipment_id: item.id,
      kind: 'reservation',
      state: 'pending',
      holder_user_id: t.people.member.id,
      requested_by: t.people.member.id,
      starts_on: '2099-01-10',
      ends_on: '2099-01-12',
    });
    const entry = { clientId: t.org.id, entityType: 'equipment', entityId: item.id };
    await notifyFromActivity(server.db, {
      ...entry,
      userId: t.people.member.id,
      action: 'reservation_requested',
      changes: { booking_id: booking },
    });
    const requested = await receivers(booking, 'equipment_reservation_requested', 'equipment_booking');
    expect(requested.ids).toEqual([t.people.manager.id]);
    expect(requested.rows[0]?.data).toMatchObject({ title: 'Ladder', equipment_id: item.id });
    await notifyFromActivity(server.db, {
      ...entry,
      userId: t.people.manager.id,
      action: 'request_approved',
      changes: { booking_id: booking },
    });
    expect((await receivers(booking, 'equipment_request_decided', 'equipment_booking')).ids).toEqual([
      t.people.member.id,
    ]);
  });

  it('an entry that matches no event runs no statement', async () => {
    const t = await createIssueTeam(server);
    const id = await t.issue({});
    const counted = await server.countStatements(() =>
      notifyFromActivity(server.db, {
        clientId: t.org.id,
        userId: t.people.admin.id,
        entityType: 'issue',
        entityId: id,
        action: 'link_added',
        changes: { links: [null, { id: 1 }] },
      }),
    );
    expect(counted.statements).toBe(0);
  });
});
