import type { FormDefinition } from '@workbench/domain';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context.js';
import type { Database } from '../db/schema.js';
import { newFileKey } from '../storage/file-storage.js';
import { findDemoClientId } from './demo.js';
import { drawnPicture } from './demo-assets.js';

/** The demo's dynamic form (issue 22): Building A's boiler inspection, in English and German. */
export const DEMO_BOILER_FORM: FormDefinition = {
  title: { en: 'Boiler inspection', de: 'Kesselprüfung' },
  fields: [
    {
      key: 'pressure',
      kind: 'number',
      label: { en: 'Water pressure (bar)', de: 'Wasserdruck (bar)' },
      required: true,
      min: 0,
      max: 6,
    },
    { key: 'leak', kind: 'yes_no', label: { en: 'Leak found', de: 'Leck gefunden' }, required: true },
    {
      key: 'condition',
      kind: 'choice',
      label: { en: 'Burner condition', de: 'Zustand des Brenners' },
      required: true,
      options: [
        { key: 'good', label: { en: 'Good', de: 'Gut' } },
        { key: 'worn', label: { en: 'Worn', de: 'Abgenutzt' } },
        { key: 'replace', label: { en: 'Replace', de: 'Austauschen' } },
      ],
    },
    {
      key: 'parts',
      kind: 'multiple_choice',
      label: { en: 'Parts replaced', de: 'Ersetzte Teile' },
      required: false,
      options: [
        { key: 'filter', label: { en: 'Filter', de: 'Filter' } },
        { key: 'seal', label: { en: 'Seal', de: 'Dichtung' } },
        { key: 'valve', label: { en: 'Valve', de: 'Ventil' } },
      ],
    },
    {
      key: 'next_service',
      kind: 'date',
      label: { en: 'Next service', de: 'Nächste Wartung' },
      required: false,
    },
    { key: 'notes', kind: 'long_text', label: { en: 'Notes', de: 'Notizen' }, required: false },
    {
      key: 'photo',
      kind: 'photo',
      label: { en: 'Photo of the gauge', de: 'Foto des Manometers' },
      required: false,
    },
  ],
};

/**
 * Building A gets the boiler inspection form, and "Service the air conditioning" (Anna's, in
 * Building A) carries it filled in with a photo. Does nothing when Building A has a form.
 */
export async function seedDemoDynamicForms(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  now = new Date(),
): Promise<void> {
  const db: Kysely<Database> = ctx.db;
  const clientId = await findDemoClientId(db);
  if (!clientId) return;
  const building = await db
    .selectFrom('workspaces')
    .select('id')
    .where('client_id', '=', clientId)
    .where('name', '=', 'Building A')
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!building) return;
  if (
    await db
      .selectFrom('workspace_forms')
      .select('id')
      .where('workspace_id', '=', building.id)
      .executeTakeFirst()
  )
    return;
  const people = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', 'in', ['admin@demo.test', 'anna@demo.test'])
    .execute();
  const admin = people.find((p) => p.email === 'admin@demo.test')?.id ?? null;
  const anna = people.find((p) => p.email === 'anna@demo.test')?.id ?? null;
  const issue = await db
    .selectFrom('issues')
    .select('id')
    .where('client_id', '=', clientId)
    .where('workspace_id', '=', building.id)
    .where('title', '=', 'Service the air conditioning')
    .executeTakeFirst();
  const photo = await drawnPicture('1.8 bar', '#8a9bb0');
  const key = newFileKey(clientId, 'form-photos', 'jpg');
  await ctx.storage.put(key, photo);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('workspace_forms')
      .values({
        client_id: clientId,
        workspace_id: building.id,
        definition: JSON.stringify(DEMO_BOILER_FORM),
        updated_by: admin,
        created_at: now,
        updated_at: now,
      })
      .execute();
    if (!issue) return;
    const upload = await trx
      .insertInto('form_uploads')
      .values({
        client_id: clientId,
        uploaded_by: anna,
        file_key: key,
        file_name: 'gauge.jpg',
        mime_type: 'image/jpeg',
        size_bytes: photo.length,
        linked_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const nextService = new Date(now.getTime() + 180 * 86_400_000).toISOString().slice(0, 10);
    await trx
      .insertInto('issue_forms')
      .values({
        client_id: clientId,
        issue_id: issue.id,
        definition: JSON.stringify(DEMO_BOILER_FORM),
        answers: JSON.stringify({
          pressure: 1.8,
          leak: false,
          condition: 'worn',
          parts: ['filter', 'seal'],
          next_service: nextService,
          notes: 'Burner nozzle shows wear; order a replacement before winter.',
          photo: [upload.id],
        }),
        created_by: anna,
        updated_by: anna,
        created_at: now,
        updated_at: now,
      })
      .execute();
  });
}
