import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { Database } from '../../src/db/schema.js';

/** Changes some of an organisation's settings (only_admins_see_users, user_management_permission, ...). */
export async function setClientSettings(
  db: Kysely<Database>,
  clientId: number,
  patch: Record<string, unknown>,
): Promise<void> {
  const row = await db
    .selectFrom('clients')
    .select('settings')
    .where('id', '=', clientId)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('clients')
    .set({ settings: JSON.stringify({ ...(row.settings as object), ...patch }) })
    .where('id', '=', clientId)
    .execute();
}

/** A real PNG of this size; noisy pixels make it big (they do not compress). */
export function pngImage(width: number, height: number, options: { noisy?: boolean } = {}): Promise<Buffer> {
  if (options.noisy) {
    const raw = Buffer.alloc(width * height * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + ((i * i) % 251)) % 256;
    return sharp(raw, { raw: { width, height, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
  }
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer();
}

export function imageForm(data: Buffer, fileName: string, type: string): FormData {
  const form = new FormData();
  form.append('_method', 'PUT');
  form.append('attachments[0][file]', new Blob([new Uint8Array(data)], { type }), fileName);
  return form;
}

/** An organisation membership of a person in a second organisation. */
export async function addMembership(
  db: Kysely<Database>,
  userId: number,
  clientId: number,
  role: 'admin' | 'user',
): Promise<void> {
  await db.insertInto('user_clients').values({ user_id: userId, client_id: clientId, role }).execute();
}

export async function addJobPosition(db: Kysely<Database>, clientId: number, name: string): Promise<number> {
  const row = await db
    .insertInto('job_positions')
    .values({ client_id: clientId, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An accepted collaboration: `ownerClientId` shares a workspace with `partnerClientId`. */
export async function addAcceptedCollaboration(
  db: Kysely<Database>,
  ownerClientId: number,
  partnerClientId: number,
  workspaceId: number,
  members: Array<{ userId: number; role: 'collab_admin' | 'collab_manager' | 'member' }> = [],
): Promise<number> {
  const row = await db
    .insertInto('collaborations')
    .values({
      client_id: ownerClientId,
      partner_client_id: partnerClientId,
      type: 'provider',
      access_type: 'full',
      invitation_status: 'accepted',
      invited_email: `partner-${partnerClientId}@example.test`,
      company_alias: null,
      invited_by: null,
      invitee_user_id: null,
      logo: null,
      responded_at: new Date(),
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('collaboration_workspaces')
    .values({ client_id: ownerClientId, collaboration_id: row.id, workspace_id: workspaceId })
    .execute();
  if (members.length) {
    await db
      .insertInto('collaboration_users')
      .values(
        members.map((m) => ({
          client_id: ownerClientId,
          collaboration_id: row.id,
          workspace_id: workspaceId,
          user_id: m.userId,
          role: m.role,
        })),
      )
      .execute();
  }
  return row.id;
}
