import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { intArray } from '../access/workspace-access.js';
import { type AssetScope, assetVisibleSql } from './asset-visibility.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A regulatory file as the presenter needs it: dates as YYYY-MM-DD text, its uploader joined. */
export type RegulatoryFileRow = {
  id: number;
  client_id: number;
  name: string;
  kind: string;
  file_key: string;
  original_filename: string;
  mime_type: string;
  size_bytes: number;
  issued_on: string | null;
  valid_until: string | null;
  created_at: Date;
  uploader_id: number | null;
  uploader_first_name: string | null;
  uploader_last_name: string | null;
  uploader_email: string | null;
  uploader_profile_image: string | null;
};

/** Dates as text, so PGlite and PostgreSQL answer the same string. */
const SELECT_FILE = sql`f.id, f.client_id, f.name, f.kind, f.file_key, f.original_filename, f.mime_type,
  f.size_bytes, to_char(f.issued_on, 'YYYY-MM-DD') AS issued_on,
  to_char(f.valid_until, 'YYYY-MM-DD') AS valid_until, f.created_at,
  u.id AS uploader_id, u.first_name AS uploader_first_name, u.last_name AS uploader_last_name,
  u.email AS uploader_email, u.profile_image AS uploader_profile_image`;

/** The live files covering an asset: soonest expiry first, files without expiry last. */
export async function findRegulatoryFilesOfAsset(db: Db, assetId: number): Promise<RegulatoryFileRow[]> {
  const { rows } = await sql<RegulatoryFileRow>`
    SELECT ${SELECT_FILE} FROM regulatory_files f
      JOIN regulatory_file_assets fa ON fa.file_id = f.id
      LEFT JOIN users u ON u.id = f.uploaded_by AND u.deleted_at IS NULL
      WHERE fa.asset_id = ${assetId} AND f.deleted_at IS NULL
      ORDER BY f.valid_until ASC NULLS LAST, f.id ASC`.execute(db);
  return rows;
}

/** One live file, or undefined. */
export async function findRegulatoryFile(db: Db, id: number): Promise<RegulatoryFileRow | undefined> {
  const { rows } = await sql<RegulatoryFileRow>`
    SELECT ${SELECT_FILE} FROM regulatory_files f
      LEFT JOIN users u ON u.id = f.uploaded_by AND u.deleted_at IS NULL
      WHERE f.id = ${id} AND f.deleted_at IS NULL`.execute(db);
  return rows[0];
}

/** Locks a file row for a change (concurrent edits and deletes take turns). */
export async function lockRegulatoryFile(db: Db, id: number): Promise<void> {
  await db.selectFrom('regulatory_files').select('id').where('id', '=', id).forUpdate().execute();
}

/**
 * The assets (not deleted) each file covers: every id (for the editing rule, which needs them
 * all), and those the caller sees with their names (for the answer: no names of assets the caller
 * may not see).
 */
export async function findRegulatoryFileAssets(
  db: Db,
  scope: AssetScope,
  fileIds: number[],
): Promise<Map<number, { all: number[]; visible: Array<{ id: number; name: string }> }>> {
  const out = new Map<number, { all: number[]; visible: Array<{ id: number; name: string }> }>();
  for (const id of fileIds) out.set(id, { all: [], visible: [] });
  if (!fileIds.length) return out;
  const { rows } = await sql<{ file_id: number; id: number; name: string; visible: boolean }>`
    SELECT fa.file_id, a.id, a.name, ${assetVisibleSql(scope, 'a')} AS visible
      FROM regulatory_file_assets fa JOIN assets a ON a.id = fa.asset_id
      WHERE fa.file_id = ANY(${intArray(fileIds)}) AND a.deleted_at IS NULL
      ORDER BY lower(a.name), a.id`.execute(db);
  for (const row of rows) {
    const entry = out.get(row.file_id);
    if (!entry) continue;
    entry.all.push(row.id);
    if (row.visible) entry.visible.push({ id: row.id, name: row.name });
  }
  return out;
}

export async function insertRegulatoryFile(
  db: Db,
  input: {
    clientId: number;
    userId: number;
    name: string;
    kind: string;
    fileKey: string;
    originalFilename: string;
    mimeType: string;
    sizeBytes: number;
    issuedOn: string | null;
    validUntil: string | null;
    assetIds: number[];
  },
): Promise<number> {
  const row = await db
    .insertInto('regulatory_files')
    .values({
      client_id: input.clientId,
      name: input.name,
      kind: input.kind,
      file_key: input.fileKey,
      original_filename: input.originalFilename,
      mime_type: input.mimeType,
      size_bytes: input.sizeBytes,
      issued_on: input.issuedOn,
      valid_until: input.validUntil,
      uploaded_by: input.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('regulatory_file_assets')
    .values(input.assetIds.map((asset_id) => ({ client_id: input.clientId, file_id: row.id, asset_id })))
    .execute();
  return row.id;
}
