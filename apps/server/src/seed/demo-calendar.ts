import type { Kysely } from 'kysely';
import { DateTime } from 'luxon';
import type { Database } from '../db/schema.js';
import { findClientTimeZone } from '../modules/schedules/schedule-queries.js';
import { findDemoClientId } from './demo.js';

/**
 * The demo organisation's calendar (issue 17): a planned day for Anna, Martin and Ben (timed
 * issues today, two of Anna's overlapping), a few more through the week, one job spanning three
 * days, open work with no date and some overdue, so every calendar view and both tabs of the
 * drag sidebar show something. Anna's presence today (checked in at Building A) fills the
 * presence strip. Times are the organisation's wall-clock times (its time zone). Runs once,
 * right after the demo is seeded.
 */

type DemoCalendarIssue = {
  title: string;
  workspace: string;
  assignee?: string;
  status: number;
  priority?: number;
  category?: string;
  /** Days from today and a wall-clock time 'HH:mm'; omitted: no date. */
  start?: [number, string];
  due?: [number, string];
};

const DEMO_CALENDAR_ISSUES: DemoCalendarIssue[] = [
  // Today.
  {
    title: 'Morning boiler check',
    workspace: 'Building A',
    assignee: 'anna@demo.test',
    status: 5,
    start: [0, '08:00'],
    due: [0, '09:00'],
  },
  {
    title: 'Replace the filters of AHU-1',
    workspace: 'Building A',
    assignee: 'anna@demo.test',
    status: 6,
    priority: 4,
    start: [0, '11:00'],
    due: [0, '12:30'],
  },
  {
    title: 'Test the emergency lighting',
    workspace: 'A-101 Office',
    assignee: 'anna@demo.test',
    status: 5,
    category: 'Safety',
    start: [0, '14:00'],
    due: [0, '15:00'],
  },
  {
    title: 'Fix the kitchen extractor fan',
    workspace: 'A-102 Kitchen',
    assignee: 'anna@demo.test',
    status: 3,
    start: [0, '14:30'],
    due: [0, '15:30'],
  },
  {
    title: 'Walk-through with the landlord',
    workspace: 'Vienna HQ',
    assignee: 'manager@demo.test',
    status: 6,
    start: [0, '09:00'],
    due: [0, '10:30'],
  },
  {
    title: 'Approve the cleaning plan',
    workspace: 'Vienna HQ',
    assignee: 'manager@demo.test',
    status: 7,
    start: [0, '13:00'],
    due: [0, '13:45'],
  },
  {
    title: 'Lobby floor cleaning',
    workspace: 'B-001 Lobby',
    assignee: 'ben@demo.test',
    status: 5,
    start: [0, '07:30'],
    due: [0, '09:00'],
  },
  {
    title: 'Empty the bins in Building B',
    workspace: 'Building B',
    assignee: 'ben@demo.test',
    status: 8,
    start: [0, '06:30'],
    due: [0, '07:00'],
  },
  // The rest of the week.
  {
    title: 'Bleed the radiators',
    workspace: 'Building A',
    assignee: 'anna@demo.test',
    status: 5,
    start: [1, '10:00'],
    due: [1, '12:00'],
  },
  {
    title: 'Check the door closers',
    workspace: 'A-101 Office',
    assignee: 'anna@demo.test',
    status: 2,
    start: [2, '09:00'],
    due: [2, '10:00'],
  },
  {
    title: 'Budget meeting facility services',
    workspace: 'Vienna HQ',
    assignee: 'manager@demo.test',
    status: 5,
    start: [1, '15:00'],
    due: [1, '16:00'],
  },
  {
    title: 'Polish the lobby brass',
    workspace: 'B-001 Lobby',
    assignee: 'ben@demo.test',
    status: 5,
    start: [3, '08:00'],
    due: [3, '09:30'],
  },
  {
    title: 'Facade inspection',
    workspace: 'Vienna HQ',
    assignee: 'manager@demo.test',
    status: 5,
    priority: 4,
    start: [1, '08:00'],
    due: [3, '17:00'],
  },
  // No date: the drag sidebar's first tab.
  {
    title: 'Fix the wobbly chair in the office',
    workspace: 'A-101 Office',
    assignee: 'anna@demo.test',
    status: 5,
  },
  { title: 'Replace a broken tile in the kitchen', workspace: 'A-102 Kitchen', status: 2, priority: 2 },
  {
    title: 'Order new signage for Building A',
    workspace: 'Building A',
    assignee: 'manager@demo.test',
    status: 5,
  },
  { title: 'Oil the lobby door hinges', workspace: 'B-001 Lobby', assignee: 'ben@demo.test', status: 5 },
  // Overdue: the second tab.
  {
    title: 'Clean the gutters',
    workspace: 'Building A',
    assignee: 'anna@demo.test',
    status: 2,
    priority: 4,
    start: [-4, '09:00'],
    due: [-3, '12:00'],
  },
  {
    title: 'Renew the first-aid kit',
    workspace: 'Vienna HQ',
    assignee: 'manager@demo.test',
    status: 6,
    category: 'Safety',
    start: [-2, '10:00'],
    due: [-2, '11:00'],
  },
];

export async function seedDemoCalendar(db: Kysely<Database>): Promise<void> {
  const clientId = await findDemoClientId(db);
  if (!clientId) return;
  const zone = await findClientTimeZone(db, clientId);
  const byName = async (table: 'workspaces' | 'categories') =>
    new Map(
      (
        await db
          .selectFrom(table as 'workspaces')
          .select(['id', 'name'])
          .where('client_id', '=', clientId)
          .execute()
      ).map((r) => [r.name, r.id]),
    );
  const workspaces = await byName('workspaces');
  const categories = await byName('categories');
  const users = new Map(
    (await db.selectFrom('users').select(['id', 'email']).execute()).map((u) => [u.email, u.id]),
  );
  const admin = users.get('admin@demo.test') ?? null;
  const today = DateTime.now().setZone(zone).startOf('day');
  const at = (when: [number, string] | undefined) => {
    if (!when) return null;
    const [hour, minute] = when[1].split(':').map(Number);
    return today.plus({ days: when[0] }).set({ hour, minute }).toJSDate();
  };
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    const rows = DEMO_CALENDAR_ISSUES.flatMap((issue) => {
      const workspaceId = workspaces.get(issue.workspace);
      if (!workspaceId) return [];
      const assigneeId = issue.assignee ? (users.get(issue.assignee) ?? null) : null;
      return [
        {
          client_id: clientId,
          workspace_id: workspaceId,
          title: issue.title,
          status_id: issue.status,
          priority_id: issue.priority ?? 3,
          category_id: issue.category ? (categories.get(issue.category) ?? null) : null,
          assignee_id: assigneeId,
          last_assignee_id: assigneeId,
          created_by: admin,
          start_date: at(issue.start),
          due_date: at(issue.due),
          started_at: issue.status >= 6 ? now : null,
          completed_at: issue.status === 8 ? now : null,
        },
      ];
    });
    const created = await trx.insertInto('issues').values(rows).returning(['id', 'category_id']).execute();
    const withCategory = created.filter((r) => r.category_id !== null);
    if (withCategory.length)
      await trx
        .insertInto('issue_categories')
        .values(
          withCategory.map((r) => ({
            client_id: clientId,
            issue_id: r.id,
            category_id: r.category_id as number,
          })),
        )
        .execute();
    const anna = users.get('anna@demo.test');
    const buildingA = workspaces.get('Building A');
    if (anna && buildingA) {
      // Never a check-in in the future: before 07:45 she has just arrived.
      const arrived = today.set({ hour: 7, minute: 45 }).toJSDate();
      const left = today.set({ hour: 16, minute: 10 }).toJSDate();
      await trx
        .insertInto('presence_logs')
        .values({
          client_id: clientId,
          workspace_id: buildingA,
          user_id: anna,
          started_at: arrived < now ? arrived : now,
          // Still there when the demo starts before the end of the shift.
          ended_at: left < now ? left : null,
        })
        .execute();
    }
  });
}
