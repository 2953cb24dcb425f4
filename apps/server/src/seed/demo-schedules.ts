import type { Insertable } from 'kysely';
import type { AppContext } from '../context.js';
import type { Database } from '../db/schema.js';
import { materializeDue } from '../modules/schedules/schedule-materializer.js';
import { findDemoClientId } from './demo.js';

/**
 * The demo organisation's schedules (issue 16): a weekly fire-door round on two "Doors and gates"
 * assets (not in August), a monthly boiler check on the first Monday, a daily cleaning round on
 * workdays, a yearly lift inspection and a paused window cleaning. One is accepted by its
 * assignee, one still pending; the materializer then makes their first issues, so they show in
 * the demo issue list. Runs after the demo assets; does nothing when the organisation has schedules.
 */

type DemoSchedule = {
  title: string;
  description: string;
  workspace: string;
  category?: string;
  assignee?: string;
  /** 5 accepted; undefined: pending (with an assignee). */
  assigneeStatus?: 5;
  watchers?: string[];
  replacements?: string[];
  assets?: string[];
  assetsMode?: 'FOR_EACH_ASSET' | 'ONE_FOR_ALL_ASSETS';
  template?: string;
  paused?: boolean;
  rule: Partial<Insertable<Database['schedules']>> &
    Pick<Insertable<Database['schedules']>, 'repeat_unit' | 'work_hours_start' | 'work_hours_end'>;
};

function mondayOnOrBefore(day: Date): string {
  const d = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

function schedulesOf(today: Date): DemoSchedule[] {
  const thisMonday = mondayOnOrBefore(today);
  const lastMonday = mondayOnOrBefore(new Date(today.getTime() - 7 * 86_400_000));
  const year = today.getUTCFullYear();
  return [
    {
      title: 'Fire door inspection',
      description: 'Check that the door closes by itself, the seal is intact and nothing blocks it.',
      workspace: 'Graz Warehouse',
      category: 'Safety',
      assignee: 'admin@demo.test',
      assigneeStatus: 5,
      watchers: ['manager@demo.test'],
      assets: ['Loading dock door', 'Dock leveller'],
      assetsMode: 'FOR_EACH_ASSET',
      rule: {
        start_date: thisMonday,
        repeat_unit: 'weeks',
        repeat_value: 1,
        repeat_on: [1],
        work_hours_start: '07:00',
        work_hours_end: '15:00',
        reschedule_mode: 'before_next_start_date',
        // Not while the warehouse is closed in August.
        seasonal_break_type: 'YES',
        seasonal_break_start: `${year}-08-01`,
        seasonal_break_end: `${year}-08-31`,
        seasonal_break_yearly: true,
      },
    },
    {
      title: 'Monthly boiler check',
      description: 'Pressure, flue gas temperature and the error log of both boilers.',
      workspace: 'Building A',
      category: 'HVAC',
      assignee: 'anna@demo.test',
      watchers: ['manager@demo.test'],
      replacements: ['groupmanager@demo.test'],
      assets: ['Gas boiler 1', 'Gas boiler 2'],
      assetsMode: 'ONE_FOR_ALL_ASSETS',
      template: 'Monthly fire safety round',
      rule: {
        start_date: `${thisMonday.slice(0, 8)}01`,
        repeat_unit: 'months',
        repeat_value: 1,
        repeat_on: [1],
        repeat_week_of_month: 1,
        work_hours_start: '08:00',
        work_hours_end: '12:00',
        reschedule_mode: 'before_next_start_date',
      },
    },
    {
      title: 'Cleaning round lobby',
      description: 'Floor, glass doors and the reception desk.',
      workspace: 'B-001 Lobby',
      category: 'Cleaning',
      assignee: 'ben@demo.test',
      assigneeStatus: 5,
      rule: {
        // Since last week, so the list has done and open rounds whatever the weekday.
        start_date: lastMonday,
        repeat_unit: 'days',
        repeat_value: 1,
        exclude_weekends: true,
        work_hours_start: '06:00',
        work_hours_end: '08:00',
        reschedule_mode: 'on_start_date',
        presence_alarm_enabled: true,
        presence_alarm: JSON.stringify({
          earlier_than_start: { enabled: false, hours: 0, minutes: 0 },
          later_than_start: { enabled: true, hours: 0, minutes: 30 },
          earlier_than_end: { enabled: true, hours: 0, minutes: 15 },
          later_than_end: { enabled: false, hours: 0, minutes: 0 },
        }),
      },
    },
    {
      title: 'Yearly lift inspection',
      description: 'Inspection by the notified body; keep the lift free from 09:00.',
      workspace: 'Building B',
      category: 'Safety',
      assets: ['Passenger lift B'],
      rule: {
        start_date: `${year}-11-02`,
        repeat_unit: 'years',
        repeat_value: 1,
        work_hours_start: '09:00',
        work_hours_end: '13:00',
        reschedule_mode: 'after_completion',
      },
    },
    {
      title: 'Window cleaning Building A',
      description: 'Outside windows, by the contractor.',
      workspace: 'Building A',
      category: 'Cleaning',
      paused: true,
      rule: {
        start_date: thisMonday,
        repeat_unit: 'weeks',
        repeat_value: 4,
        repeat_on: [3],
        work_hours_start: '10:00',
        work_hours_end: '16:00',
        end_type: 'AFTER',
        end_after: 12,
      },
    },
  ];
}

export async function seedDemoSchedules(ctx: Pick<AppContext, 'db' | 'dbKind' | 'config'>): Promise<void> {
  const clientId = await findDemoClientId(ctx.db);
  if (!clientId) return;
  const any = await ctx.db
    .selectFrom('schedules')
    .select('id')
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (any) return;
  const byName = async (table: 'workspaces' | 'categories' | 'assets' | 'checklist_templates') => {
    const rows = await ctx.db
      .selectFrom(table as 'workspaces')
      .select(['id', 'name'])
      .where('client_id', '=', clientId)
      .execute();
    return new Map(rows.map((r) => [r.name, r.id]));
  };
  const workspaces = await byName('workspaces');
  const categories = await byName('categories');
  const assets = await byName('assets');
  const templates = await byName('checklist_templates');
  const users = new Map(
    (await ctx.db.selectFrom('users').select(['id', 'email']).execute()).map((u) => [u.email, u.id]),
  );
  const admin = users.get('admin@demo.test') ?? null;
  const now = new Date();
  await ctx.db.transaction().execute(async (trx) => {
    for (const demo of schedulesOf(now)) {
      const workspaceId = workspaces.get(demo.workspace);
      if (!workspaceId) continue;
      const assigneeId = demo.assignee ? (users.get(demo.assignee) ?? null) : null;
      const { id } = await trx
        .insertInto('schedules')
        .values({
          client_id: clientId,
          workspace_id: workspaceId,
          title: demo.title,
          description: demo.description,
          category_id: demo.category ? (categories.get(demo.category) ?? null) : null,
          assignee_id: assigneeId,
          assignee_status: assigneeId && demo.assigneeStatus ? demo.assigneeStatus : null,
          assignee_decided_at: assigneeId && demo.assigneeStatus ? now : null,
          start_date: now.toISOString().slice(0, 10),
          repeat_value: 1,
          assets_mode: demo.assetsMode ?? 'FOR_EACH_ASSET',
          paused_at: demo.paused ? now : null,
          created_by: admin,
          ...demo.rule,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const people = [
        ...(demo.watchers ?? []).map((email) => ({ email, role: 'watcher' as const })),
        ...(demo.replacements ?? []).map((email) => ({ email, role: 'replacement' as const })),
      ].flatMap(({ email, role }) => {
        const userId = users.get(email);
        return userId ? [{ client_id: clientId, schedule_id: id, user_id: userId, role }] : [];
      });
      if (people.length) await trx.insertInto('schedule_people').values(people).execute();
      const categoryId = demo.category ? categories.get(demo.category) : undefined;
      if (categoryId)
        await trx
          .insertInto('schedule_categories')
          .values({ client_id: clientId, schedule_id: id, category_id: categoryId })
          .execute();
      const assetIds = (demo.assets ?? []).flatMap((name) => assets.get(name) ?? []);
      if (assetIds.length)
        await trx
          .insertInto('schedule_assets')
          .values(assetIds.map((assetId) => ({ client_id: clientId, schedule_id: id, asset_id: assetId })))
          .execute();
      const templateId = demo.template ? templates.get(demo.template) : undefined;
      if (templateId)
        await trx
          .insertInto('schedule_checklist_templates')
          .values({ client_id: clientId, schedule_id: id, template_id: templateId, position: 0 })
          .execute();
      // From the start date on (not from now, as a new schedule would), so the demo has this
      // week's issues too.
      if (!demo.paused)
        await trx
          .updateTable('schedules')
          .set({ next_issue_scheduled_at: `${demo.rule.start_date}T00:00:00Z`, materialize_at: now })
          .where('id', '=', id)
          .execute();
    }
  });
  await materializeDue(ctx, { now, leadDays: ctx.config.scheduleLeadDays });
}
