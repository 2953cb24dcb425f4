import type { Insertable, Kysely } from 'kysely';
import type {
  Database,
  EquipmentBookingsTable,
  EquipmentTable,
  EquipmentTypesTable,
} from '../../src/db/schema.js';
import { addWorkspaceRole, createUser, login } from './factories.js';
import { createIssueTeam } from './issues-factories.js';
import { insertPictureRow } from './owner-pictures.js';
import type { TestServer } from './test-server.js';

// Equipment types, groups, external holders, items, pictures and bookings inserted directly
// (tests set up any state the rules need without going through the calls under test).

type Db = Kysely<Database>;

/** An equipment type (the spec's defaults unless overridden). */
export async function createEquipmentType(
  db: Db,
  values: Partial<Insertable<EquipmentTypesTable>> & { client_id: number },
): Promise<number> {
  const row = await db
    .insertInto('equipment_types')
    .values({
      name: 'Power tools',
      description: null,
      workspace_id: null,
      location: null,
      created_by: null,
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An equipment group, bound to a workspace when one is given, with its managers. */
export async function createEquipmentGroup(
  db: Db,
  values: { clientId: number; workspaceId?: number | null; name?: string; managerIds?: number[] },
): Promise<number> {
  const row = await db
    .insertInto('equipment_groups')
    .values({
      client_id: values.clientId,
      workspace_id: values.workspaceId ?? null,
      bind_group_to_workspace: !!values.workspaceId,
      name: values.name ?? 'Measuring kit',
      description: null,
      created_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (values.managerIds?.length) {
    await db
      .insertInto('equipment_group_managers')
      .values(values.managerIds.map((user_id) => ({ client_id: values.clientId, group_id: row.id, user_id })))
      .execute();
  }
  return row.id;
}

/** A person outside the organisation who borrows. */
export async function createExternalHolder(
  db: Db,
  values: { clientId: number; fullName?: string; email?: string | null; company?: string | null },
): Promise<number> {
  const row = await db
    .insertInto('external_holders')
    .values({
      client_id: values.clientId,
      full_name: values.fullName ?? 'Frank Fitter',
      company: values.company ?? 'Fitters Ltd',
      email: values.email === undefined ? 'frank@fitters.test' : values.email,
      phone: null,
      language: null,
      created_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * An item (any column may be overridden; a type is made when none is given), with its managers.
 * Returns its id, type and public code.
 */
export async function createEquipment(
  db: Db,
  values: Partial<Insertable<EquipmentTable>> & {
    client_id: number;
    workspace_id: number;
    managerIds?: number[];
  },
): Promise<{ id: number; typeId: number; publicCode: string }> {
  const { managerIds, ...columns } = values;
  const typeId = columns.type_id ?? (await createEquipmentType(db, { client_id: values.client_id }));
  const row = await db
    .insertInto('equipment')
    .values({
      title: 'Cordless drill',
      description: null,
      group_id: null,
      storage_workspace_id: null,
      location: null,
      serial_number: null,
      reference_number: null,
      created_by: null,
      ...columns,
      type_id: typeId,
    })
    .returning(['id', 'public_code'])
    .executeTakeFirstOrThrow();
  if (managerIds?.length) {
    await db
      .insertInto('equipment_managers')
      .values(managerIds.map((user_id) => ({ client_id: values.client_id, equipment_id: row.id, user_id })))
      .execute();
  }
  return { id: row.id, typeId, publicCode: row.public_code };
}

/** A picture of an item (the attachments table, owner_type 'equipment'). */
export function createEquipmentPicture(
  db: Db,
  values: { clientId: number; equipmentId: number; userId?: number | null },
): Promise<number> {
  const { equipmentId, ...rest } = values;
  return insertPictureRow(db, { ...rest, ownerType: 'equipment', ownerId: equipmentId, name: 'drill.png' });
}

/**
 * A handout or reservation (active unless said otherwise). The item's status is the caller's to
 * set (an active handout goes with status issued).
 */
export async function createEquipmentBooking(
  db: Db,
  values: Partial<Insertable<EquipmentBookingsTable>> & {
    client_id: number;
    equipment_id: number;
    kind: 'handout' | 'reservation';
    starts_on: string;
    ends_on: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('equipment_bookings')
    .values({ state: 'active', holder_user_id: null, holder_external_id: null, note: null, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (values.kind === 'handout' && (values.state ?? 'active') === 'active') {
    await db
      .updateTable('equipment')
      .set({ status: 'issued' })
      .where('id', '=', values.equipment_id)
      .execute();
  }
  return row.id;
}

/**
 * The issue team (test/helpers/issues-factories.ts: a Site with manager Mia, group manager Gus,
 * members Mo and Ava, a Room below it, a Depot of Dan, a partner sharing the Site, a stranger)
 * plus someone in every role of 001 §6 on an item: a type Power tools bound to the Depot, whose
 * manager Tom is a member of the Site; a group Measuring kit bound to the Site managed by Gil (a
 * member of the Site); an item Cordless drill in the Site, of that type and group, managed by Ida
 * (a member of the Site). Tokens of everyone.
 */
export async function createEquipmentItemTeam(
  server: TestServer,
  options: { settings?: Record<string, unknown> } = {},
) {
  const team = await createIssueTeam(server, options);
  const clientId = team.org.id;
  const itemManager = await createUser(server.db, clientId, { firstName: 'Ida', lastName: 'Item' });
  const kitManager = await createUser(server.db, clientId, { firstName: 'Gil', lastName: 'Kit' });
  const typeManager = await createUser(server.db, clientId, { firstName: 'Tom', lastName: 'Type' });
  await addWorkspaceRole(server.db, itemManager, team.ids.site, 'member');
  await addWorkspaceRole(server.db, kitManager, team.ids.site, 'member');
  await addWorkspaceRole(server.db, typeManager, team.ids.site, 'member');
  await addWorkspaceRole(server.db, typeManager, team.ids.depot, 'manager');
  const typeId = await createEquipmentType(server.db, {
    client_id: clientId,
    name: 'Power tools',
    workspace_id: team.ids.depot,
  });
  const groupId = await createEquipmentGroup(server.db, {
    clientId,
    workspaceId: team.ids.site,
    name: 'Measuring kit',
    managerIds: [kitManager.id],
  });
  const item = await createEquipment(server.db, {
    client_id: clientId,
    workspace_id: team.ids.site,
    type_id: typeId,
    group_id: groupId,
    title: 'Cordless drill',
    serial_number: 'SN-100',
    reference_number: 'REF-1',
    created_by: team.people.admin.id,
    managerIds: [itemManager.id],
  });
  const [itemManagerToken, kitManagerToken, typeManagerToken] = await Promise.all([
    login(server, itemManager),
    login(server, kitManager),
    login(server, typeManager),
  ]);
  return {
    ...team,
    people: { ...team.people, itemManager, kitManager, typeManager },
    tokens: {
      ...team.tokens,
      itemManager: itemManagerToken,
      kitManager: kitManagerToken,
      typeManager: typeManagerToken,
    },
    typeId,
    groupId,
    item,
    /** Another item (any column overridden), by default in the Site, of the type, without group. */
    addItem: (
      values: Partial<Insertable<EquipmentTable>> & { managerIds?: number[] } = {},
    ): Promise<{ id: number; typeId: number; publicCode: string }> =>
      createEquipment(server.db, {
        client_id: clientId,
        workspace_id: team.ids.site,
        type_id: typeId,
        ...values,
      }),
  };
}
