import type { Insertable, Kysely } from 'kysely';
import type { AssetsTable, Database } from '../../src/db/schema.js';
import { addWorkspaceRole, createUser, login } from './factories.js';
import { createIssueTeam } from './issues-factories.js';
import { insertPictureRow } from './owner-pictures.js';
import type { TestServer } from './test-server.js';

// Assets, groups, systems, pictures and regulatory files inserted directly (tests set up any
// state the rules need), and a team with someone in every asset role.

type Db = Kysely<Database>;

/** An asset system of the organisation. */
export async function createAssetSystem(
  db: Db,
  values: { clientId: number; name?: string; status?: number; createdBy?: number | null },
): Promise<number> {
  const row = await db
    .insertInto('asset_systems')
    .values({
      client_id: values.clientId,
      name: values.name ?? 'Heating',
      description: null,
      status: values.status ?? 1,
      created_by: values.createdBy ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An asset group in a workspace, with its managers. */
export async function createAssetGroup(
  db: Db,
  values: {
    clientId: number;
    workspaceId: number;
    name?: string;
    status?: number;
    managerIds?: number[];
    createdBy?: number | null;
  },
): Promise<number> {
  const row = await db
    .insertInto('asset_groups')
    .values({
      client_id: values.clientId,
      workspace_id: values.workspaceId,
      name: values.name ?? 'Boiler room',
      description: null,
      status: values.status ?? 1,
      created_by: values.createdBy ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (values.managerIds?.length) {
    await db
      .insertInto('asset_group_managers')
      .values(values.managerIds.map((user_id) => ({ client_id: values.clientId, group_id: row.id, user_id })))
      .execute();
  }
  return row.id;
}

/** An asset (any column may be overridden), with its managers. Returns its id and public code. */
export async function createAsset(
  db: Db,
  values: Partial<Insertable<AssetsTable>> & {
    client_id: number;
    workspace_id: number;
    managerIds?: number[];
  },
): Promise<{ id: number; publicCode: string }> {
  const { managerIds, ...columns } = values;
  const row = await db
    .insertInto('assets')
    .values({
      name: 'Boiler 1',
      group_id: null,
      system_id: null,
      manufacturer: null,
      model: null,
      serial_number: null,
      reference_number: null,
      description: null,
      created_by: null,
      ...columns,
    })
    .returning(['id', 'public_code'])
    .executeTakeFirstOrThrow();
  if (managerIds?.length) {
    await db
      .insertInto('asset_managers')
      .values(managerIds.map((user_id) => ({ client_id: values.client_id, asset_id: row.id, user_id })))
      .execute();
  }
  return { id: row.id, publicCode: row.public_code };
}

/** A picture row of an asset (attachments, owner_type 'asset'); the keys name no stored file. */
export function createAssetPicture(
  db: Db,
  values: { clientId: number; assetId: number; userId?: number | null; sortIndex?: number },
): Promise<number> {
  const { assetId, ...rest } = values;
  return insertPictureRow(db, { ...rest, ownerType: 'asset', ownerId: assetId, name: 'boiler.png' });
}

/** A regulatory file covering some assets; valid_until YYYY-MM-DD or null. */
export async function createRegulatoryFile(
  db: Db,
  values: {
    clientId: number;
    assetIds: number[];
    name?: string;
    kind?: string;
    issuedOn?: string | null;
    validUntil?: string | null;
    uploadedBy?: number | null;
  },
): Promise<number> {
  const row = await db
    .insertInto('regulatory_files')
    .values({
      client_id: values.clientId,
      name: values.name ?? 'Inspection 2025',
      kind: values.kind ?? 'inspection_certificate',
      file_key: `${values.clientId}/regulatory/${'0'.repeat(31)}1.pdf`,
      original_filename: 'inspection.pdf',
      mime_type: 'application/pdf',
      size_bytes: 1000,
      issued_on: values.issuedOn ?? null,
      valid_until: values.validUntil ?? null,
      uploaded_by: values.uploadedBy ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (values.assetIds.length) {
    await db
      .insertInto('regulatory_file_assets')
      .values(values.assetIds.map((asset_id) => ({ client_id: values.clientId, file_id: row.id, asset_id })))
      .execute();
  }
  return row.id;
}

/** Shares a system with the partner of a collaboration: the partner sees its assets in the shared workspaces. */
export async function shareAssetSystem(
  db: Db,
  values: { clientId: number; collaborationId: number; systemId: number },
): Promise<void> {
  await db
    .insertInto('collaboration_asset_systems')
    .values({
      client_id: values.clientId,
      collaboration_id: values.collaborationId,
      system_id: values.systemId,
    })
    .execute();
}

/**
 * The issue team (test/helpers/issues-factories.ts: a Site with manager Mia, group manager Gus,
 * members Mo and Ava, a Room below it, a Depot of Dan, a partner sharing the Site) plus a system
 * Heating shared with the partner, a group Boiler room in the Site managed by Gil (a member of
 * the Site), and an asset Boiler 1 in the Site, in that group and system, managed by Ada (a
 * member of the Site). Tokens of everyone, the stranger's too.
 */
export async function createAssetTeam(server: TestServer) {
  const team = await createIssueTeam(server);
  const clientId = team.org.id;
  const assetManager = await createUser(server.db, clientId, { firstName: 'Ada', lastName: 'Asset' });
  const assetGroupManager = await createUser(server.db, clientId, { firstName: 'Gil', lastName: 'Grouper' });
  await addWorkspaceRole(server.db, assetManager, team.ids.site, 'member');
  await addWorkspaceRole(server.db, assetGroupManager, team.ids.site, 'member');
  const systemId = await createAssetSystem(server.db, { clientId, name: 'Heating' });
  await shareAssetSystem(server.db, { clientId, collaborationId: team.collaborationId, systemId });
  const groupId = await createAssetGroup(server.db, {
    clientId,
    workspaceId: team.ids.site,
    name: 'Boiler room',
    managerIds: [assetGroupManager.id],
  });
  const asset = await createAsset(server.db, {
    client_id: clientId,
    workspace_id: team.ids.site,
    name: 'Boiler 1',
    group_id: groupId,
    system_id: systemId,
    manufacturer: 'Viessmann',
    model: 'Vitodens 200',
    created_by: team.people.admin.id,
    managerIds: [assetManager.id],
  });
  const [assetManagerToken, assetGroupManagerToken] = await Promise.all([
    login(server, assetManager),
    login(server, assetGroupManager),
  ]);
  return {
    ...team,
    people: { ...team.people, assetManager, assetGroupManager },
    tokens: { ...team.tokens, assetManager: assetManagerToken, assetGroupManager: assetGroupManagerToken },
    systemId,
    groupId,
    asset,
    /** Another asset (any column overridden), by default in the Site without group or system. */
    addAsset: (values: Partial<Insertable<AssetsTable>> & { managerIds?: number[] } = {}) =>
      createAsset(server.db, { client_id: clientId, workspace_id: team.ids.site, ...values }),
  };
}
