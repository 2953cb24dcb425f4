import { readClientSettings } from '@workbench/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { logActivity } from '../activity/activity-log.js';

/** Categories a new organisation starts with, so its first issue form is not empty. */
const STARTER_CATEGORIES = [
  { name: 'Repair', color: '#e8590c' },
  { name: 'Cleaning', color: '#1c7ed6' },
  { name: 'Inspection', color: '#2f9e44' },
];

/**
 * A new organisation and its first admin, as signup and accepting a partner invitation without an
 * account both found one. The caller checks the address first and starts the session itself.
 */
export async function createOrganisationWithAdmin(
  trx: Transaction<Database>,
  input: {
    companyName: string;
    firstName: string;
    lastName: string;
    email: string;
    passwordHash: string;
    language: string;
    /** The organisation's time zone (the browser's at signup); the default when not given. */
    timeZone?: string;
    /** Recorded with the 'signup' entry, e.g. the collaboration that led to it. */
    changes?: Record<string, unknown>;
  },
): Promise<{ clientId: number; userId: number }> {
  const client = await trx
    .insertInto('clients')
    .values({
      name: input.companyName,
      logo: null,
      settings: JSON.stringify(readClientSettings(input.timeZone ? { time_zone: input.timeZone } : {})),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = await trx
    .insertInto('users')
    .values({
      client_id: client.id,
      main_client_id: client.id,
      first_name: input.firstName,
      last_name: input.lastName,
      email: input.email,
      phone: null,
      status: 'active',
      role: 'admin',
      language: input.language,
      profile_image: null,
      job_position_id: null,
      password_hash: input.passwordHash,
      settings: JSON.stringify({}),
      onboarding_progress: JSON.stringify({}),
      privacy_policy_consented_at: null,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('user_clients')
    .values({ user_id: user.id, client_id: client.id, role: 'admin' })
    .execute();
  await trx
    .insertInto('categories')
    .values(STARTER_CATEGORIES.map((c) => ({ ...c, client_id: client.id })))
    .execute();
  await logActivity(trx, {
    clientId: client.id,
    userId: user.id,
    entityType: 'client',
    entityId: client.id,
    action: 'signup',
    ...(input.changes ? { changes: input.changes } : {}),
  });
  return { clientId: client.id, userId: user.id };
}
