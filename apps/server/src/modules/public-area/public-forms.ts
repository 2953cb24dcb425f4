import {
  defaultPublicForm,
  isVisibleField,
  normalisePublicForm,
  type PublicForm,
  type PublicFormConfig,
  type PublicFormType,
  ZPublicFormRequestSchema,
} from '@workbench/domain';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { fileUrl } from '../../storage/file-storage.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * An organisation's form of a type (the configurator's), with when it was saved: the default
 * form until an admin saves one. A saved form is read through the request schema and
 * normalisePublicForm again, so a form saved by an older version is whole for this one.
 */
export async function readPublicFormConfig(
  db: Db,
  clientId: number,
  type: PublicFormType,
): Promise<{ form: PublicFormConfig; updatedAt: Date | null }> {
  const row = await db
    .selectFrom('public_forms')
    .select(['config', 'updated_at'])
    .where('client_id', '=', clientId)
    .where('type', '=', type)
    .executeTakeFirst();
  if (!row) return { form: defaultPublicForm(type), updatedAt: null };
  const parsed = ZPublicFormRequestSchema.safeParse(row.config);
  if (!parsed.success) return { form: defaultPublicForm(type), updatedAt: row.updated_at };
  return { form: normalisePublicForm(type, parsed.data), updatedAt: row.updated_at };
}

/**
 * What a public page gets of a form: fields, texts, looks and switches, the organisation's logo
 * when the form shows it, and the categories when the form offers the category field.
 */
export async function publicFormOf(
  db: Db,
  clientId: number,
  form: PublicFormConfig,
  logoKey: string | null,
): Promise<PublicForm> {
  const categories = isVisibleField(form, 'category_id')
    ? await db
        .selectFrom('categories')
        .select(['id', 'name'])
        .where('client_id', '=', clientId)
        .orderBy('name')
        .orderBy('id')
        .execute()
    : [];
  return {
    enabled: form.enabled,
    fields: form.fields,
    texts: form.texts,
    logo: form.show_logo ? fileUrl(logoKey) : null,
    primary_color: form.primary_color,
    allow_follow: form.allow_follow,
    categories,
  };
}

/** readPublicFormConfig and publicFormOf in one: the form a public page of the organisation shows. */
export async function readPublicForm(
  db: Db,
  clientId: number,
  type: PublicFormType,
  logoKey: string | null,
): Promise<PublicForm> {
  const { form } = await readPublicFormConfig(db, clientId, type);
  return publicFormOf(db, clientId, form, logoKey);
}
