import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPresenceDue, presenceFindings } from '../src/modules/schedules/schedule-presence.js';
import {
  addWorkspace,
  addWorkspaceRole,
  createTeam,
  createUser,
  type TestUser,
} from './helpers/factories.js';
import { insertIssue } from './helpers/issues-factories.js';
import { createSchedule } from './helpers/schedules-factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// Presence alarms: the four rules against a day's presence, and the checker recording each alarm
// once, logging it on the schedule and the issue, and mailing the creator and the managers.

const START = new Date('2026-03-02T06:00:00Z'); // 07:00 in Vienna
const END = new Date('2026-03-02T14:00:00Z'); // 15:00
const at = (hhmm: string) => new Date(`2026-03-02T${hhmm}:00Z`);
const rule = (hours: number, minutes: number) => ({ enabled: true, hours, minutes });

describe('presenceFindings', () => {
  const all = {
    earlier_than_start: rule(0, 30),
    later_than_start: rule(0, 15),
    earlier_than_end: rule(0, 10),
    later_than_end: rule(1, 0),
  };
  const expected = { start: START, end: END };

  it('on time within the tolerances: no alarm', () => {
    expect(presenceFindings(all, expected, { arrival: at('05:40'), departure: at('14:55') })).toEqual([]);
  });

  it('each rule past its tolerance', () => {
    const early = presenceFindings(all, expected, { arrival: at('05:29'), departure: at('13:49') });
    expect(early.map((f) => f.rule)).toEqual(['earlier_than_start', 'earlier_than_end']);
    const late = presenceFindings(all, expected, { arrival: at('06:16'), departure: at('15:01') });
    expect(late.map((f) => f.rule)).toEqual(['later_than_start', 'later_than_end']);
    expect(late[0]).toEqual({ rule: 'later_than_start', expected_at: START, seen_at: at('06:16') });
  });

  it('rules switched off say nothing; no presence at all is later than start', () => {
    const off = { ...all, later_than_start: { enabled: false, hours: 0, minutes: 0 } };
    expect(presenceFindings(off, expected, { arrival: at('09:00'), departure: at('14:00') })).toEqual([]);
    expect(presenceFindings(all, expected, null)).toEqual([
      { rule: 'later_than_start', expected_at: START, seen_at: null },
    ]);
    expect(presenceFindings(off, expected, null)).toEqual([]);
  });
});

describe('checkPresenceDue', () => {
  let server: TestServer;
  let clientId: number;
  let workspaceId: number;
  let admin: TestUser;
  let worker: TestUser;
  let manager: TestUser;

  beforeAll(async () => {
    server = await startTestServer();
    const team = await createTeam(server.db);
    clientId = team.org.id;
    admin = team.admin;
    worker = team.member;
    manager = await createUser(server.db, clientId, { firstName: 'Maria' });
    workspaceId = await addWorkspace(server.db, clientId, 'Lobby');
    await addWorkspaceRole(server.db, manager, workspaceId, 'manager');
    await addWorkspaceRole(server.db, worker, workspaceId, 'member');
  });

  afterAll(async () => {
    await server?.close();
  });

  async function scheduleIssue(presence: { started: string; ended: string | null } | null) {
    const scheduleId = await createSchedule(server, {
      clientId,
      workspaceId,
      created_by: admin.id,
      presence_alarm_enabled: true,
      presence_alarm: JSON.stringify({ later_than_start: rule(0, 15), earlier_than_end: rule(0, 10) }),
    });
    const issueId = await insertIssue(server, {
      client_id: clientId,
      workspace_id: workspaceId,
      schedule_id: scheduleId,
      assignee_id: worker.id,
      status_id: 5,
      start_date: START,
      due_date: END,
      presence_check_at: END,
    });
    if (presence) {
      await server.db
        .insertInto('presence_logs')
        .values({
          client_id: clientId,
          workspace_id: workspaceId,
          user_id: worker.id,
          started_at: at(presence.started),
          ended_at: presence.ended ? at(presence.ended) : null,
        })
        .execute();
    }
    return { scheduleId, issueId };
  }

  it('records each alarm once, logs it on the schedule and the issue, mails the creator and the managers', async () => {
    await server.db.deleteFrom('presence_logs').execute();
    const { scheduleId, issueId } = await scheduleIssue({ started: '06:40', ended: '12:00' });
    const now = at('15:00');
    expect(await checkPresenceDue(server.ctx, now)).toBe(2);
    const alarms = await server.db
      .selectFrom('schedule_presence_alarms')
      .select(['rule', 'schedule_id', 'user_id', 'seen_at'])
      .where('issue_id', '=', issueId)
      .orderBy('rule')
      .execute();
    expect(alarms).toEqual([
      { rule: 'earlier_than_end', schedule_id: scheduleId, user_id: worker.id, seen_at: at('12:00') },
      { rule: 'later_than_start', schedule_id: scheduleId, user_id: worker.id, seen_at: at('06:40') },
    ]);
    const activity = await server.db
      .selectFrom('activity_log')
      .select(['entity_type', 'entity_id'])
      .where('action', '=', 'presence_alarm')
      .where('client_id', '=', clientId)
      .orderBy('entity_type')
      .execute();
    expect(activity).toEqual([
      { entity_type: 'issue', entity_id: issueId },
      { entity_type: 'schedule', entity_id: scheduleId },
    ]);
    const mails = await server.db
      .selectFrom('mail_outbox')
      .select(['to_email', 'text'])
      .where('kind', '=', 'schedule_presence_alarm')
      .orderBy('to_email')
      .execute();
    expect(mails.map((m) => m.to_email).sort()).toEqual([admin.email, manager.email].sort());
    expect(mails[0]?.text).toContain('arrived later than the start');
    expect(mails[0]?.text).toContain(`/dashboard/issues/detail/${issueId}`);
    const issue = await server.db
      .selectFrom('issues')
      .select('presence_check_at')
      .where('id', '=', issueId)
      .executeTakeFirstOrThrow();
    expect(issue.presence_check_at).toBeNull();
    // Checked once: a second round finds nothing to do.
    expect(await checkPresenceDue(server.ctx, now)).toBe(0);
  });

  it('present on time: no alarm; not yet due: not checked', async () => {
    await server.db.deleteFrom('presence_logs').execute();
    const onTime = await scheduleIssue({ started: '06:05', ended: '14:00' });
    expect(await checkPresenceDue(server.ctx, at('13:00'))).toBe(0);
    const pending = await server.db
      .selectFrom('issues')
      .select('presence_check_at')
      .where('id', '=', onTime.issueId)
      .executeTakeFirstOrThrow();
    expect(pending.presence_check_at).not.toBeNull();
    expect(await checkPresenceDue(server.ctx, at('15:00'))).toBe(0);
    const count = await server.db
      .selectFrom('schedule_presence_alarms')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('issue_id', '=', onTime.issueId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('nobody came: later than start', async () => {
    await server.db.deleteFrom('presence_logs').execute();
    const { issueId } = await scheduleIssue(null);
    expect(await checkPresenceDue(server.ctx, at('15:00'))).toBe(1);
    const alarms = await server.db
      .selectFrom('schedule_presence_alarms')
      .select(['rule', 'seen_at'])
      .where('issue_id', '=', issueId)
      .execute();
    expect(alarms).toEqual([{ rule: 'later_than_start', seen_at: null }]);
  });
});
