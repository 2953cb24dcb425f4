import { addDays, type EquipmentStatus, readClientSettings, todayIn } from '@workbench/domain';
import type { Insertable } from 'kysely';
import type { AppContext } from '../context.js';
import type { Database, EquipmentTypesTable } from '../db/schema.js';
import { storeAttachments, withFileCleanup } from '../modules/attachments/attachment-service.js';
import { prepareUploads } from '../modules/attachments/attachment-upload.js';
import { DEMO_CLIENT_NAME } from './demo.js';
import { drawnPicture } from './demo-assets.js';

/**
 * The demo organisation's equipment (issue 18): three types (power tools with a one-week return
 * period, two weeks' longest reservation and a buffer day before; measuring devices that ask for
 * approval; ladders), a measuring kit bound to Building A and a ladder set, two external holders
 * of subcontractors, and a dozen items over the sites with their managers. Some are handed out
 * (to Anna, to a subcontractor's fitter), one is overdue, one is reserved ahead with its buffer
 * day, one request waits for approval and one item is archived. Dates are relative to the
 * organisation's today, so the demo stays fresh. Runs after the other demo seeds (a schedule and
 * an issue name equipment); does nothing when the organisation has equipment types already.
 */

type TypeName = 'Power tools' | 'Measuring devices' | 'Ladders and access';
type GroupName = 'Measuring kit' | 'Ladder set';
type HolderName = 'Felix Fitter' | 'Sandra Steiner';

const TYPES: Array<Omit<Insertable<EquipmentTypesTable>, 'client_id'> & { name: TypeName }> = [
  {
    name: 'Power tools',
    description: 'Drills, grinders and saws. Back within a week; reservations up to two weeks.',
    default_return_period_value: 1,
    default_return_period_type: 'WEEKS',
    max_reservation_duration_value: 2,
    max_reservation_duration_type: 'WEEKS',
    set_buffer_days_reservations: true,
    buffer_days_reservations_value: 1,
    buffer_days_reservations_type: 'BEFORE',
  },
  {
    name: 'Measuring devices',
    description: 'Calibrated instruments: a manager approves every handout.',
    handout_requires_approval: true,
  },
  {
    name: 'Ladders and access',
    description: 'Ladders, steps and the mobile scaffold.',
    default_return_period_value: 2,
    default_return_period_type: 'WEEKS',
    set_buffer_days_reservations: false,
  },
];

const GROUPS: Array<{ name: GroupName; workspace: string | null; managers: string[]; description: string }> =
  [
    {
      name: 'Measuring kit',
      workspace: 'Building A',
      managers: ['manager@demo.test'],
      description: 'The case with the laser meter, the multimeter and the thermal camera. Lent out together.',
    },
    {
      name: 'Ladder set',
      workspace: null,
      managers: ['groupmanager@demo.test'],
      description: 'Step ladder and extension ladder of the Vienna sites.',
    },
  ];

const HOLDERS: Array<{ name: HolderName; company: string; email: string; phone: string }> = [
  {
    name: 'Felix Fitter',
    company: 'Huber Haustechnik GmbH',
    email: 'felix.fitter@huber-haustechnik.test',
    phone: '+43 660 1234567',
  },
  {
    name: 'Sandra Steiner',
    company: 'Elektro Steiner KG',
    email: 'sandra@elektro-steiner.test',
    phone: '+43 664 7654321',
  },
];

/** A booking of a demo item, its days counted from today. */
type DemoBooking = {
  kind: 'handout' | 'reservation';
  state: 'active' | 'pending';
  holder: { user: string } | { external: HolderName };
  from: number;
  to: number;
  bufferBefore?: number;
  requestedBy: string;
};

type DemoItem = {
  title: string;
  type: TypeName;
  workspace: string;
  group?: GroupName;
  description?: string;
  serial?: string;
  reference?: string;
  location?: string;
  managers?: string[];
  archived?: boolean;
  picture?: { label: string; colour: string };
  bookings?: DemoBooking[];
};

const ITEMS: DemoItem[] = [
  {
    title: 'Cordless drill Makita DDF485',
    type: 'Power tools',
    workspace: 'Building A',
    serial: 'MK-DDF485-20931',
    reference: 'EQ-PT-001',
    location: 'Workshop cabinet 2',
    managers: ['manager@demo.test'],
    picture: { label: 'Drill', colour: '#16a085' },
    bookings: [
      {
        kind: 'handout',
        state: 'active',
        holder: { user: 'anna@demo.test' },
        from: -2,
        to: 4,
        requestedBy: 'manager@demo.test',
      },
    ],
  },
  {
    title: 'Hammer drill Bosch GBH 2-26',
    type: 'Power tools',
    workspace: 'Building B',
    serial: 'BO-GBH226-77812',
    reference: 'EQ-PT-002',
    managers: ['manager@demo.test'],
    picture: { label: 'Hammer drill', colour: '#2c3e50' },
    // Overdue: it should have come back three days ago.
    bookings: [
      {
        kind: 'handout',
        state: 'active',
        holder: { external: 'Felix Fitter' },
        from: -10,
        to: -3,
        requestedBy: 'manager@demo.test',
      },
    ],
  },
  {
    title: 'Angle grinder Metabo W 9-125',
    type: 'Power tools',
    workspace: 'Vienna HQ',
    reference: 'EQ-PT-003',
    managers: ['manager@demo.test'],
    // Reserved ahead for Ben, with the type's buffer day before.
    bookings: [
      {
        kind: 'reservation',
        state: 'active',
        holder: { user: 'ben@demo.test' },
        from: 3,
        to: 5,
        bufferBefore: 1,
        requestedBy: 'ben@demo.test',
      },
    ],
  },
  {
    title: 'Jigsaw Festool PSB 420',
    type: 'Power tools',
    workspace: 'Graz Warehouse',
    reference: 'EQ-PT-004',
    location: 'Shelf G-3',
  },
  {
    title: 'Impact driver Hilti SID 4',
    type: 'Power tools',
    workspace: 'A-101 Office',
    reference: 'EQ-PT-005',
    managers: ['anna@demo.test'],
  },
  {
    title: 'Laser distance meter Leica Disto D2',
    type: 'Measuring devices',
    workspace: 'Building A',
    group: 'Measuring kit',
    serial: 'LE-D2-4410',
    picture: { label: 'Disto D2', colour: '#c0392b' },
    // Ben asked for it: the request waits for a manager's approval.
    bookings: [
      {
        kind: 'handout',
        state: 'pending',
        holder: { user: 'ben@demo.test' },
        from: 0,
        to: 6,
        requestedBy: 'ben@demo.test',
      },
    ],
  },
  {
    title: 'Digital multimeter Fluke 117',
    type: 'Measuring devices',
    workspace: 'Building A',
    group: 'Measuring kit',
    serial: 'FL-117-90233',
  },
  {
    title: 'Thermal camera FLIR C5',
    type: 'Measuring devices',
    workspace: 'Building A',
    group: 'Measuring kit',
    serial: 'FLIR-C5-11872',
    bookings: [
      {
        kind: 'handout',
        state: 'active',
        holder: { user: 'groupmanager@demo.test' },
        from: -1,
        to: 2,
        requestedBy: 'manager@demo.test',
      },
    ],
  },
  {
    title: 'Step ladder 3 steps',
    type: 'Ladders and access',
    workspace: 'Vienna HQ',
    group: 'Ladder set',
    location: 'Basement storage',
  },
  {
    title: 'Extension ladder 2 × 9 rungs',
    type: 'Ladders and access',
    workspace: 'Vienna HQ',
    group: 'Ladder set',
    bookings: [
      {
        kind: 'handout',
        state: 'active',
        holder: { external: 'Sandra Steiner' },
        from: 0,
        to: 1,
        requestedBy: 'groupmanager@demo.test',
      },
    ],
  },
  {
    title: 'Mobile scaffold Layher Uni',
    type: 'Ladders and access',
    workspace: 'Building B',
    description: 'Working height up to 5 m. Two people to set it up.',
    managers: ['manager@demo.test'],
  },
  {
    title: 'Cordless screwdriver (old)',
    type: 'Power tools',
    workspace: 'Graz Warehouse',
    description: 'Battery worn out; kept until it is disposed of.',
    archived: true,
  },
];

/** The schedule and the issue of the other demo seeds that name equipment. */
const SCHEDULE_EQUIPMENT = { schedule: 'Monthly boiler check', items: ['Digital multimeter Fluke 117'] };
const ISSUE_EQUIPMENT = {
  issue: 'Repair the loading dock door',
  items: ['Hammer drill Bosch GBH 2-26', 'Step ladder 3 steps'],
};

/** The status a demo item has with its bookings (001 §9): issued, in transition, stored, archived. */
function statusOf(item: DemoItem): EquipmentStatus {
  if (item.archived) return 'archived';
  const handouts = (item.bookings ?? []).filter((b) => b.kind === 'handout');
  if (handouts.some((b) => b.state === 'active')) return 'issued';
  if (handouts.some((b) => b.state === 'pending')) return 'in_transition';
  return 'stored';
}

export async function seedDemoEquipment(ctx: Pick<AppContext, 'db' | 'storage'>): Promise<void> {
  const client = await ctx.db
    .selectFrom('clients')
    .select(['id', 'settings'])
    .where('name', '=', DEMO_CLIENT_NAME)
    .executeTakeFirst();
  if (!client) return;
  const clientId = client.id;
  const any = await ctx.db
    .selectFrom('equipment_types')
    .select('id')
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (any) return;
  const today = todayIn(readClientSettings(client.settings ?? {}).time_zone);
  const workspaces = new Map(
    (
      await ctx.db.selectFrom('workspaces').select(['id', 'name']).where('client_id', '=', clientId).execute()
    ).map((w) => [w.name, w.id]),
  );
  const users = new Map(
    (await ctx.db.selectFrom('users').select(['id', 'email']).execute()).map((u) => [u.email, u.id]),
  );
  const workspace = (name: string) => {
    const id = workspaces.get(name);
    if (!id) throw new Error(`demo workspace ${name} missing`);
    return id;
  };
  const person = (email: string) => {
    const id = users.get(email);
    if (!id) throw new Error(`demo user ${email} missing`);
    return id;
  };
  const admin = person('admin@demo.test');

  await withFileCleanup(ctx, async (written) => {
    const pictures = new Map<string, Awaited<ReturnType<typeof prepareUploads>>>();
    for (const item of ITEMS) {
      if (!item.picture) continue;
      const data = await drawnPicture(item.picture.label, item.picture.colour);
      const name = `${item.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.jpg`;
      pictures.set(
        item.title,
        await prepareUploads([{ index: 0, field: 'attachments.0.file', name, data, fields: {} }]),
      );
    }
    await ctx.db.transaction().execute(async (trx) => {
      const types = await trx
        .insertInto('equipment_types')
        .values(TYPES.map((t) => ({ client_id: clientId, created_by: admin, ...t })))
        .returning(['id', 'name'])
        .execute();
      const typeId = new Map(types.map((t) => [t.name, t.id]));
      const groups = await trx
        .insertInto('equipment_groups')
        .values(
          GROUPS.map((g) => ({
            client_id: clientId,
            workspace_id: g.workspace ? workspace(g.workspace) : null,
            bind_group_to_workspace: g.workspace !== null,
            name: g.name,
            description: g.description,
            created_by: admin,
          })),
        )
        .returning(['id', 'name'])
        .execute();
      const groupId = new Map(groups.map((g) => [g.name, g.id]));
      await trx
        .insertInto('equipment_group_managers')
        .values(
          GROUPS.flatMap((g) =>
            g.managers.map((email) => ({
              client_id: clientId,
              group_id: groupId.get(g.name) as number,
              user_id: person(email),
            })),
          ),
        )
        .execute();
      const holders = await trx
        .insertInto('external_holders')
        .values(
          HOLDERS.map((h) => ({
            client_id: clientId,
            full_name: h.name,
            company: h.company,
            email: h.email,
            phone: h.phone,
            language: 'de',
            created_by: admin,
          })),
        )
        .returning(['id', 'full_name'])
        .execute();
      const holderId = new Map(holders.map((h) => [h.full_name, h.id]));

      const items = await trx
        .insertInto('equipment')
        .values(
          ITEMS.map((item) => ({
            client_id: clientId,
            workspace_id: workspace(item.workspace),
            type_id: typeId.get(item.type) as number,
            group_id: item.group ? (groupId.get(item.group) ?? null) : null,
            title: item.title,
            description: item.description ?? null,
            status: statusOf(item),
            location: item.location ?? null,
            serial_number: item.serial ?? null,
            reference_number: item.reference ?? null,
            created_by: admin,
          })),
        )
        .returning(['id', 'title'])
        .execute();
      const itemId = new Map(items.map((i) => [i.title, i.id]));
      const managers = ITEMS.flatMap((item) =>
        (item.managers ?? []).map((email) => ({
          client_id: clientId,
          equipment_id: itemId.get(item.title) as number,
          user_id: person(email),
        })),
      );
      if (managers.length) await trx.insertInto('equipment_managers').values(managers).execute();

      const activity: Insertable<Database['activity_log']>[] = items.map((i) => ({
        client_id: clientId,
        user_id: admin,
        entity_type: 'equipment',
        entity_id: i.id,
        action: 'created',
        changes: JSON.stringify({ title: i.title }),
      }));
      for (const item of ITEMS) {
        const id = itemId.get(item.title) as number;
        for (const b of item.bookings ?? []) {
          const booking = await trx
            .insertInto('equipment_bookings')
            .values({
              client_id: clientId,
              equipment_id: id,
              group_id: null,
              batch_id: null,
              kind: b.kind,
              state: b.state,
              holder_user_id: 'user' in b.holder ? person(b.holder.user) : null,
              holder_external_id: 'external' in b.holder ? (holderId.get(b.holder.external) ?? null) : null,
              note: null,
              starts_on: addDays(today, b.from),
              ends_on: addDays(today, b.to),
              buffer_before: b.bufferBefore ?? 0,
              buffer_after: 0,
              requested_by: person(b.requestedBy),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const action =
            b.kind === 'handout'
              ? b.state === 'pending'
                ? 'handout_requested'
                : 'handed_out'
              : b.state === 'pending'
                ? 'reservation_requested'
                : 'reserved';
          activity.push({
            client_id: clientId,
            user_id: person(b.requestedBy),
            entity_type: 'equipment',
            entity_id: id,
            action,
            changes: JSON.stringify({
              booking_id: booking.id,
              starts_on: addDays(today, b.from),
              ends_on: addDays(today, b.to),
            }),
          });
        }
        const files = pictures.get(item.title);
        if (files) {
          await storeAttachments(ctx, trx, {
            clientId,
            ownerType: 'equipment',
            ownerId: id,
            userId: admin,
            files,
            written,
          });
        }
      }
      await trx.insertInto('activity_log').values(activity).execute();

      // The other demo seeds' work names equipment: a schedule's future issues, a repair issue.
      const schedule = await trx
        .selectFrom('schedules')
        .select('id')
        .where('client_id', '=', clientId)
        .where('title', '=', SCHEDULE_EQUIPMENT.schedule)
        .executeTakeFirst();
      if (schedule) {
        await trx
          .insertInto('schedule_equipment')
          .values(
            SCHEDULE_EQUIPMENT.items.map((title) => ({
              client_id: clientId,
              schedule_id: schedule.id,
              equipment_id: itemId.get(title) as number,
            })),
          )
          .execute();
      }
      await trx
        .updateTable('issues')
        .set({ equipment_ids: ISSUE_EQUIPMENT.items.map((title) => itemId.get(title) as number) })
        .where('client_id', '=', clientId)
        .where('title', '=', ISSUE_EQUIPMENT.issue)
        .execute();
    });
  });
}
