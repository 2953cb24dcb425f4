import type { ErrorKey } from '@workbench/domain';
import {
  type CheckCollaborationEmailResponse,
  COLLABORATION_INVITE_TTL_MS,
  type CollaborationAccessType,
  type CollaborationItem,
  type CollaborationType,
  canInviteCollaborator,
  canManageWorkspaceUsers,
  fullName,
} from '@workbench/domain';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import type { Auth } from '../../http/authenticate.js';
import { AppError, forbidden, notFound } from '../../http/errors.js';
import { fileUrl } from '../../storage/file-storage.js';
import { loadWorkspaceGrants } from '../access/request-access.js';
import { logActivity } from '../activity/activity-log.js';
import { hashToken, newRawToken } from '../auth/tokens.js';
import { enqueueMail } from '../mail/outbox.js';
import { collaborationInviteMail } from '../mail/templates.js';
import { findUserByEmail } from '../users/user-queries.js';
import { readSettings } from '../workspaces/workspace-queries.js';
import { presentCollaboration } from './collaboration-presenter.js';
import { findCollaborationRow, findOpenInvitation, isOpenInviteTakenError } from './collaboration-queries.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Where an address stands: no account, or an account with the company it administers (if any). */
type AddressOwner =
  | { kind: 'none' }
  | { kind: 'own_company'; userId: number }
  | { kind: 'admin'; userId: number; client: { id: number; name: string; logo: string | null } }
  | { kind: 'not_admin'; userId: number; client: { id: number; name: string; logo: string | null } };

/**
 * Looks an address up: a person of the caller's own organisation, an admin of another company
 * (the company becomes the partner at once), or a person who does not administer a company.
 */
export async function resolveAddress(db: Db, ownerClientId: number, email: string): Promise<AddressOwner> {
  const user = await findUserByEmail(db, email);
  if (!user) return { kind: 'none' };
  const memberships = await db
    .selectFrom('user_clients as uc')
    .innerJoin('clients as cl', 'cl.id', 'uc.client_id')
    .select(['uc.client_id', 'uc.role', 'cl.name', 'cl.logo'])
    .where('uc.user_id', '=', user.id)
    .orderBy('uc.created_at')
    .execute();
  if (memberships.some((m) => m.client_id === ownerClientId)) return { kind: 'own_company', userId: user.id };
  // The company they work in now first, then any other they administer.
  const admin =
    memberships.find((m) => m.client_id === user.client_id && m.role === 'admin') ??
    memberships.find((m) => m.role === 'admin');
  if (admin) {
    return {
      kind: 'admin',
      userId: user.id,
      client: { id: admin.client_id, name: admin.name, logo: admin.logo },
    };
  }
  const current = memberships.find((m) => m.client_id === user.client_id) ?? memberships[0];
  return {
    kind: 'not_admin',
    userId: user.id,
    client: current
      ? { id: current.client_id, name: current.name, logo: current.logo }
      : { id: user.client_id, name: '', logo: null },
  };
}

/** POST collaboration/check-email: who the address belongs to, before inviting it. */
export async function checkCollaborationEmail(
  ctx: AppContext,
  auth: Auth,
  email: string,
): Promise<CheckCollaborationEmailResponse> {
  // Only who may invite learns whom an address belongs to (no probing of other companies).
  const settings = await readSettings(ctx.db, auth.clientId);
  if (!canInviteCollaborator(auth, settings, 'limited')) throw forbidden('You may not invite collaborators');
  const found = await resolveAddress(ctx.db, auth.clientId, email);
  switch (found.kind) {
    case 'none':
      return { id: null, client: null, is_user_admin: false };
    case 'own_company':
      throw new AppError(422, 'own_company_email', 'This address belongs to your own organisation', {
        email: 'own_company_email',
      });
    case 'admin':
    case 'not_admin':
      return {
        id: found.userId,
        client: { ...found.client, logo: fileUrl(found.client.logo) },
        is_user_admin: found.kind === 'admin',
      };
  }
}

/**
 * The workspaces an invitation or a share names: each must be visible to the caller (else 404)
 * and belong to the caller's organisation; a non-admin may share only workspaces they manage.
 */
export async function assertShareableWorkspaces(db: Db, auth: Auth, workspaceIds: number[]): Promise<void> {
  if (!workspaceIds.length) return;
  const grants = await loadWorkspaceGrants(db, auth);
  for (const id of workspaceIds) {
    const grant = grants.get(id);
    if (!grant) throw notFound('Workspace not found');
    if (grant.client_id !== auth.clientId) {
      throw new AppError(422, 'forbidden', "A partner's workspace cannot be shared", {
        workspace_ids: 'forbidden',
      });
    }
    if (!canManageWorkspaceUsers(grant.role)) throw forbidden('You may not share this workspace');
  }
}

/** A fresh one-time token (only its hash is stored) and the invitation mail with both links. */
export async function sendCollaborationInvite(
  ctx: AppContext,
  trx: Transaction<Database>,
  auth: Auth,
  collaboration: {
    id: number;
    client_id: number;
    invited_email: string;
    type: CollaborationType;
    access_type: CollaborationAccessType;
  },
): Promise<void> {
  // Older links of this invitation stop working.
  await trx
    .updateTable('collaboration_tokens')
    .set({ used_at: new Date() })
    .where('collaboration_id', '=', collaboration.id)
    .where('client_id', '=', collaboration.client_id)
    .where('used_at', 'is', null)
    .execute();
  const raw = newRawToken();
  await trx
    .insertInto('collaboration_tokens')
    .values({
      client_id: collaboration.client_id,
      collaboration_id: collaboration.id,
      token_hash: hashToken(raw),
      expires_at: new Date(Date.now() + COLLABORATION_INVITE_TTL_MS),
    })
    .execute();
  const [inviter, owner] = await Promise.all([
    trx
      .selectFrom('users')
      .select(['first_name', 'last_name', 'email'])
      .where('id', '=', auth.userId)
      .executeTakeFirstOrThrow(),
    trx
      .selectFrom('clients')
      .select('name')
      .where('id', '=', collaboration.client_id)
      .executeTakeFirstOrThrow(),
  ]);
  const link = `${ctx.config.appUrl}/public/collaboration_action?token=${raw}`;
  const mail = collaborationInviteMail({
    inviterName: fullName(inviter),
    ownerName: owner.name,
    partnerType: collaboration.type,
    accessType: collaboration.access_type,
    acceptUrl: `${link}&action=accept`,
    declineUrl: `${link}&action=decline`,
  });
  await enqueueMail(trx, {
    clientId: collaboration.client_id,
    to: collaboration.invited_email,
    kind: 'collaboration_invite',
    ...mail,
  });
}

type NewEntry = { email: string; company_alias?: string };

/**
 * POST collaboration and collaboration/create-multiple: every entry is checked first (duplicate
 * in the form, own organisation, a non-admin's address, an open invitation); nothing is created
 * when any fails, and the answer names each failing entry's field.
 */
export async function createCollaborations(
  ctx: AppContext,
  auth: Auth,
  input: {
    collab_type: CollaborationType;
    access_type: CollaborationAccessType;
    entries: NewEntry[];
    workspace_ids?: number[];
  },
  fieldOf: (index: number) => string,
): Promise<CollaborationItem[]> {
  const settings = await readSettings(ctx.db, auth.clientId);
  if (!canInviteCollaborator(auth, settings, input.access_type)) {
    throw forbidden(
      settings.include_collab ? 'You may not invite with this access' : 'Collaborations are switched off',
    );
  }
  const workspaceIds = [...new Set(input.workspace_ids ?? [])];
  await assertShareableWorkspaces(ctx.db, auth, workspaceIds);

  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const fields: Record<string, ErrorKey> = {};
      const seen = new Set<string>();
      const resolved: AddressOwner[] = [];
      for (const [index, entry] of input.entries.entries()) {
        const field = fieldOf(index);
        const email = entry.email.toLowerCase();
        const found = await resolveAddress(trx, auth.clientId, email);
        resolved.push(found);
        if (seen.has(email)) fields[field] = 'email_already_added';
        else if (found.kind === 'own_company') fields[field] = 'own_company_email';
        else if (found.kind === 'not_admin') fields[field] = 'not_administrator_email';
        else if (await findOpenInvitation(trx, auth.clientId, email))
          fields[field] = 'collaboration_already_exists';
        seen.add(email);
      }
      const firstKey = Object.values(fields)[0];
      if (firstKey) throw new AppError(422, firstKey, 'Some addresses cannot be invited', fields);

      const created: CollaborationItem[] = [];
      for (const [index, entry] of input.entries.entries()) {
        const found = resolved[index] ?? { kind: 'none' };
        const row = await trx
          .insertInto('collaborations')
          .values({
            client_id: auth.clientId,
            partner_client_id: found.kind === 'admin' ? found.client.id : null,
            invitee_user_id: found.kind === 'admin' ? found.userId : null,
            type: input.collab_type,
            access_type: input.access_type,
            invited_email: entry.email.toLowerCase(),
            company_alias: entry.company_alias?.trim() || null,
            invited_by: auth.userId,
            logo: null,
            responded_at: null,
            deleted_at: null,
          })
          .returning(['id', 'client_id', 'invited_email', 'type', 'access_type'])
          .executeTakeFirstOrThrow();
        if (workspaceIds.length) {
          await trx
            .insertInto('collaboration_workspaces')
            .values(
              workspaceIds.map((workspace_id) => ({
                client_id: auth.clientId,
                collaboration_id: row.id,
                workspace_id,
              })),
            )
            .execute();
        }
        await sendCollaborationInvite(ctx, trx, auth, row);
        await logActivity(trx, {
          clientId: auth.clientId,
          userId: auth.userId,
          entityType: 'collaboration',
          entityId: row.id,
          action: 'invited',
          changes: { email: row.invited_email, type: row.type, access_type: row.access_type, workspaceIds },
        });
        const full = await findCollaborationRow(trx, auth.clientId, row.id);
        if (full) created.push(presentCollaboration(full, auth.clientId, []));
      }
      return created;
    });
  } catch (err) {
    // The same address invited twice at once: the unique index refuses the second.
    if (isOpenInviteTakenError(err)) {
      throw new AppError(422, 'collaboration_already_exists', 'This address is already invited', {
        [fieldOf(0)]: 'collaboration_already_exists',
      });
    }
    throw err;
  }
}
