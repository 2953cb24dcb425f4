import {
  fullName,
  globalPermissionsFor,
  type SessionUser,
  tryResolveLanguage,
  type WorkspaceRole,
  ZUserSettingsSchema,
} from '@workbench/domain';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.js';
import { fileUrl } from '../../storage/file-storage.js';

type UserRow = Selectable<UsersTable>;

const STATUS_NICE: Record<UserRow['status'], string> = {
  active: 'Active',
  invited: 'Invited',
  paused: 'Paused',
};

/** Builds the session user of 000 §3 (never the row itself: no password hash leaves the server). */
export async function loadSessionUser(
  db: Kysely<Database> | Transaction<Database>,
  userId: number,
): Promise<SessionUser> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  const [client, jobPosition, workspaceRoles] = await Promise.all([
    db
      .selectFrom('clients')
      .select(['id', 'name', 'logo'])
      .where('id', '=', user.client_id)
      .executeTakeFirstOrThrow(),
    user.job_position_id
      ? db
          .selectFrom('job_positions')
          .select(['id', 'name'])
          .where('client_id', '=', user.client_id)
          .where('id', '=', user.job_position_id)
          .executeTakeFirst()
      : undefined,
    db
      .selectFrom('workspace_users')
      .select(['workspace_id', 'role'])
      .where('user_id', '=', user.id)
      .where('client_id', '=', user.client_id)
      .orderBy('workspace_id')
      .execute(),
  ]);
  return presentSessionUser(user, client, jobPosition ?? null, workspaceRoles);
}

/** The presenter: a user row and its relations in, the API shape out (no hashes, no raw row). */
export function presentSessionUser(
  user: UserRow,
  client: { id: number; name: string; logo: string | null },
  jobPosition: { id: number; name: string } | null,
  workspaceRoles: ReadonlyArray<{ workspace_id: number; role: WorkspaceRole }>,
): SessionUser {
  return {
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    full_name: fullName(user),
    email: user.email,
    phone: user.phone,
    client_id: user.client_id,
    main_client_id: user.main_client_id,
    client: { ...client, logo: fileUrl(client.logo) },
    status: user.status,
    status_nice: STATUS_NICE[user.status],
    role: user.role,
    language: tryResolveLanguage(user.language) ?? 'en',
    profile_image: fileUrl(user.profile_image),
    job_position: jobPosition,
    settings: ZUserSettingsSchema.parse(user.settings ?? {}),
    permissions: {
      global: globalPermissionsFor(
        user.role,
        workspaceRoles.map((r) => r.role),
      ),
      workspace: workspaceRoles.map((r) => ({ workspace_id: r.workspace_id, role: r.role })),
    },
    created_at: user.created_at.toISOString(),
    updated_at: user.updated_at.toISOString(),
    deleted_at: user.deleted_at ? user.deleted_at.toISOString() : null,
  };
}
