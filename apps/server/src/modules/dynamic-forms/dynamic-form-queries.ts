import type { FormAnswers, FormDefinition } from '@workbench/domain';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

export type Db = Kysely<Database> | Transaction<Database>;

/** A filled form (of an issue or a schedule) as read, with who changed it last. */
export type FilledFormRow = {
  id: number;
  client_id: number;
  issue_id: number | null;
  schedule_id: number | null;
  definition: FormDefinition;
  answers: FormAnswers;
  updated_by: { id: number; first_name: string; last_name: string; email: string } | null;
  created_at: Date;
  updated_at: Date;
};

export type WorkspaceFormRow = {
  id: number;
  client_id: number;
  workspace_id: number;
  definition: FormDefinition;
  updated_by: FilledFormRow['updated_by'];
  updated_at: Date;
};

const person = (alias: string) =>
  sql<FilledFormRow['updated_by']>`CASE WHEN ${sql.ref(`${alias}.id`)} IS NULL THEN NULL ELSE
    jsonb_build_object('id', ${sql.ref(`${alias}.id`)}, 'first_name', ${sql.ref(`${alias}.first_name`)},
      'last_name', ${sql.ref(`${alias}.last_name`)}, 'email', ${sql.ref(`${alias}.email`)}) END`;

export async function findWorkspaceForm(db: Db, workspaceId: number): Promise<WorkspaceFormRow | undefined> {
  const { rows } = await sql<WorkspaceFormRow>`
    SELECT f.id, f.client_id, f.workspace_id, f.definition, f.updated_at, ${person('u')} AS updated_by
    FROM workspace_forms f LEFT JOIN users u ON u.id = f.updated_by
    WHERE f.workspace_id = ${workspaceId}`.execute(db);
  return rows[0];
}

/** The filled form of an issue or a schedule, by its owner's id or by the form's own id. */
export async function findFilledForm(
  db: Db,
  table: 'issue_forms' | 'schedule_forms',
  where: { ownerId: number } | { formId: number },
): Promise<FilledFormRow | undefined> {
  const owner = table === 'issue_forms' ? sql`f.issue_id` : sql`f.schedule_id`;
  const condition = 'ownerId' in where ? sql`${owner} = ${where.ownerId}` : sql`f.id = ${where.formId}`;
  const { rows } = await sql<FilledFormRow>`
    SELECT f.id, f.client_id, ${table === 'issue_forms' ? sql`f.issue_id` : sql`NULL::integer`} AS issue_id,
      ${table === 'schedule_forms' ? sql`f.schedule_id` : sql`NULL::integer`} AS schedule_id,
      f.definition, f.answers, f.created_at, f.updated_at, ${person('u')} AS updated_by
    FROM ${sql.table(table)} f LEFT JOIN users u ON u.id = f.updated_by
    WHERE ${condition}`.execute(db);
  return rows[0];
}

/** The owner (issue or schedule) of a form id, for the routes that name the form. */
export async function findFormOwner(
  db: Db,
  table: 'issue_forms' | 'schedule_forms',
  formId: number,
): Promise<number | undefined> {
  const owner = table === 'issue_forms' ? sql`issue_id` : sql`schedule_id`;
  const { rows } = await sql<{ owner_id: number }>`
    SELECT ${owner} AS owner_id FROM ${sql.table(table)} WHERE id = ${formId}`.execute(db);
  return rows[0]?.owner_id;
}

export type FormUploadRow = { id: number; file_key: string; file_name: string };

export async function findUploads(db: Db, ids: readonly number[]): Promise<FormUploadRow[]> {
  if (!ids.length) return [];
  return db
    .selectFrom('form_uploads')
    .select(['id', 'file_key', 'file_name'])
    .where('id', 'in', [...ids])
    .orderBy('id')
    .execute();
}

/** Of these ids, the uploads the caller made in their organisation that no answer uses yet. */
export async function findOwnFreshUploads(
  db: Db,
  clientId: number,
  userId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .selectFrom('form_uploads')
    .select('id')
    .where('id', 'in', [...ids])
    .where('client_id', '=', clientId)
    .where('uploaded_by', '=', userId)
    .where('linked_at', 'is', null)
    .execute();
  return new Set(rows.map((r) => r.id));
}

export async function linkUploads(db: Db, ids: readonly number[], now: Date): Promise<void> {
  if (!ids.length) return;
  await db
    .updateTable('form_uploads')
    .set({ linked_at: now })
    .where('id', 'in', [...ids])
    .execute();
}
