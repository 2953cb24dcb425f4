import { ASSET_STATUS, type QrScanEntityType, type ScannedCode } from '@workbench/domain';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Auth } from '../../http/authenticate.js';
import { accessOf } from '../access/request-access.js';
import { assetScope, assetVisibleSql } from '../assets/asset-visibility.js';
import {
  equipmentGroupVisibleSql,
  equipmentScope,
  equipmentVisibleSql,
} from '../equipment/equipment-visibility.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A thing a scanned code names, of any organisation, live or archived (never a deleted one). */
export type ScannedThing = {
  entity_type: QrScanEntityType;
  id: number;
  client_id: number;
  name: string;
  archived: boolean;
};

/**
 * The things a code names, by kind: a bare code may be any kind's (codes are random, so at most
 * one matches in practice). Deleted things are left out: a deleted thing's code names nothing.
 */
export async function findScannedThings(db: Db, code: ScannedCode): Promise<ScannedThing[]> {
  const want = (kind: QrScanEntityType) => code.kind === 'any' || code.kind === kind;
  const text = 'code' in code ? code.code : null;
  const parts = [];
  if (code.kind === 'workspace_legacy') {
    parts.push(sql`SELECT 'workspace' AS entity_type, w.id, w.client_id, w.name, (w.archived_at IS NOT NULL) AS archived
      FROM workspaces w WHERE w.id = ${code.id} AND w.public_id_legacy AND w.deleted_at IS NULL`);
  }
  if (text !== null && want('workspace'))
    parts.push(sql`SELECT 'workspace' AS entity_type, w.id, w.client_id, w.name, (w.archived_at IS NOT NULL) AS archived
      FROM workspaces w WHERE w.public_code = ${text} AND w.deleted_at IS NULL`);
  if (text !== null && want('asset'))
    parts.push(sql`SELECT 'asset' AS entity_type, a.id, a.client_id, a.name, (a.status = ${ASSET_STATUS.ARCHIVED}) AS archived FROM assets a
      WHERE a.public_code = ${text} AND a.deleted_at IS NULL`);
  if (text !== null && want('equipment'))
    parts.push(sql`SELECT 'equipment' AS entity_type, e.id, e.client_id, e.title AS name, (e.status = 'archived') AS archived FROM equipment e
      WHERE e.public_code = ${text} AND e.deleted_at IS NULL`);
  if (text !== null && want('equipment_group'))
    parts.push(sql`SELECT 'equipment_group' AS entity_type, g.id, g.client_id, g.name, (g.status = 'archived') AS archived FROM equipment_groups g
      WHERE g.public_code = ${text} AND g.deleted_at IS NULL`);
  if (!parts.length) return [];
  const { rows } = await sql<ScannedThing>`${sql.join(parts, sql` UNION ALL `)}`.execute(db);
  return rows;
}

/** Whether the caller sees the thing, by the visibility rule of its kind (the id guard's rules). */
export async function callerSees(db: Db, auth: Auth, thing: ScannedThing): Promise<boolean> {
  switch (thing.entity_type) {
    case 'workspace': {
      const visible = await accessOf(auth).visible(db);
      return visible.grants.has(thing.id);
    }
    case 'asset': {
      const scope = await assetScope(db, auth);
      const { rows } =
        await sql`SELECT 1 FROM assets a WHERE a.id = ${thing.id} AND ${assetVisibleSql(scope)}`.execute(db);
      return rows.length > 0;
    }
    case 'equipment': {
      const scope = await equipmentScope(db, auth);
      const { rows } =
        await sql`SELECT 1 FROM equipment e WHERE e.id = ${thing.id} AND ${equipmentVisibleSql(scope)}`.execute(
          db,
        );
      return rows.length > 0;
    }
    case 'equipment_group': {
      const scope = await equipmentScope(db, auth);
      const { rows } =
        await sql`SELECT 1 FROM equipment_groups g WHERE g.id = ${thing.id} AND ${equipmentGroupVisibleSql(scope)}`.execute(
          db,
        );
      return rows.length > 0;
    }
  }
}
