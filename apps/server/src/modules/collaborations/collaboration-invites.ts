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
import { type Kysely, sql, type Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import type { Auth } from '../../http/authenticate.js';
import { AppError, forbidden, notFound } from '../../http/errors.js';
import { BUDGETS, requireBudget } from '../../http/rate-limit.js';
import { fileUrl } from '../../storage/file-storage.js';
import { loadWorkspaceGrants } from '../access/request-access.js';
import { logActivity } from '../activity/activity-log.js';
import { hashToken, newRawToken } from '../auth/tokens.js';
import { mailLanguage } from '../mail/mail-language.js';
import { enqueueMail } from '../mail/outbox.js';
import { collaborationInviteMail } from '../mail/templates.js';
import { readSettings } from '../workspaces/workspace-queries.js';
import { presentCollaboration } from './collaboration-presenter.js';
import { findCollaborationRow, findOpenInvitation, isOpenInviteTakenError } from './collaboration-queries.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A company an address belongs to, and whether the inviting organisation already works with it. */
type Company = { id: number; name: string; logo: string | null; known: boolean };

/** Where an address stands: no account, or an account with the company it administers (if any). */
type AddressOwner =
  | { kind: 'none' }
  | { kind: 'own_company'; userId: number }
  | { kind: 'admin'; userId: number; client: Company }
  | { kind: 'not_admin'; userId: number; client: Company };

/**
 * Looks an address up in one statement (an unknown address costs the same as a known one): a
 * person of the caller's own organisation, an admin of another company, or a person who does
 * not administer a company. `known`: the inviting organisation has an accepted collaboration
 * with that company (either direction), so it may be named to the inviter.
 */
export async function resolveAddress(db: Db, ownerClientId: number, email: string): Promise<AddressOwner> {
  const { rows } = await sql<{
    user_id: number;
    current_client_id: number;
    client_id: number | null;
    role: 'admin' | 'user' | null;
    name: string | null;
    logo: string | null;
    known: boolean;
  }>`
    SELECT u.id AS user_id, u.client_id AS current_client_id, uc.client_id, uc.role, cl.name, cl.logo,
        EXISTS (
          SELECT 1 FROM collaborations c
            WHERE c.deleted_at IS NULL AND c.invitation_status = 'accepted'
              AND ((c.client_id = ${ownerClientId} AND c.partner_client_id = uc.client_id)
                OR (c.client_id = uc.client_id AND c.partner_client_id = ${ownerClientId}))
        ) AS known
      FROM users u
      LEFT JOIN user_clients uc ON uc.user_id = u.id
      LEFT JOIN clients cl ON cl.id = uc.client_id
      WHERE lower(u.email) = ${email.toLowerCase()} AND u.deleted_at IS NULL
      ORDER BY uc.created_at, uc.client_id`.execute(db);
  const first = rows[0];
  if (!first) return { kind: 'none' };
  const userId = first.user_id;
  const memberships = rows.filter((m) => m.client_id !== null);
  if (memberships.some((m) => m.client_id === ownerClientId)) return { kind: 'own_company', userId };
  const company = (m: (typeof rows)[number]): Company => ({
    id: m.client_id ?? first.current_client_id,
    name: m.name ?? '',
    logo: m.logo,
    known: m.known,
  });
  // The company they work in now first, then any other they administer.
  const admin =
    memberships.find((m) => m.client_id === first.current_client_id && m.role === 'admin') ??
    memberships.find((m) => m.role === 'admin');
  if (admin) return { kind: 'admin', userId, client: company(admin) };
  const current = memberships.find((m) => m.client_id === first.current_client_id) ?? memberships[0];
  return {
    kind: 'not_admin',
    userId,
    client: current ? company(current) : { id: first.current_client_id, name: '', logo: null, known: false },
  };
}

/** Whose address-related calls one budget counts: the person. */
const budgetKey = (auth: Auth) => `user:${auth.userId}`;

/**
 * POST collaboration/check-email: whether an address can be invited. Only a company the
 * organisation already works with is named (and whether the address is its admin); any other
 * address, with an account or without, answers like an unknown one.
 */
export async function checkCollaborationEmail(
  ctx: AppContext,
  auth: Auth,
  email: string,
): Promise<CheckCollaborationEmailResponse> {
  const settings = await readSettings(ctx.db, auth.clientId);
  if (!canInviteCollaborator(auth, settings, 'limited')) throw forbidden('You may not invite collaborators');
  await requireBudget(ctx.db, BUDGETS.addressChecks, budgetKey(auth));
  const found = await resolveAddress(ctx.db, auth.clientId, email);
  if (found.kind === 'own_company') {
    throw new AppError(422, 'own_company_email', 'This address belongs to your own organisation', {
      email: 'own_company_email',
    });
  }
  if ((found.kind === 'admin' || found.kind === 'not_admin') && found.client.known) {
    return {
      client: { name: found.client.name, logo: fileUrl(found.client.logo) },
      is_user_admin: found.kind === 'admin',
    };
  }
  return { client: null, is_user_admin: false };
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
  const [inviter, owner, account] = await Promise.all([
    trx
      .selectFrom('users')
      .select(['first_name', 'last_name', 'email'])
      .where('id', '=', auth.userId)
      .executeTakeFirstOrThrow(),
    trx
      .selectFrom('clients')
      .select(['name', 'settings'])
      .where('id', '=', collaboration.client_id)
      .executeTakeFirstOrThrow(),
    trx
      .selectFrom('users')
      .select(['id', 'language'])
      .where(sql<string>`lower(email)`, '=', collaboration.invited_email.toLowerCase())
      .where('deleted_at', 'is', null)
      .executeTakeFirst(),
  ]);
  const link = `${ctx.config.appUrl}/public/collaboration_action?token=${raw}`;
  const mail = collaborationInviteMail({
    inviterName: fullName(inviter),
    ownerName: owner.name,
    partnerType: collaboration.type,
    accessType: collaboration.access_type,
    acceptUrl: `${link}&action=accept`,
    declineUrl: `${link}&action=decline`,
    // An external address: the inviting organisation's default language (an account: its own).
    language: mailLanguage(account?.language, owner.settings),
  });
  await enqueueMail(trx, {
    // The inviting organisation's outbox shows its admins the links: an address with an account
    // gets its mail without an organisation (its own organisation's outbox shows it), or the
    // inviter could accept for a company that never agreed, and so learn who it is.
    clientId: account ? null : collaboration.client_id,
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
  await requireBudget(ctx.db, BUDGETS.invitations, budgetKey(auth), input.entries.length);

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
        // Told only for a company already worked with; for any other the invitation goes out
        // and the rule is applied when the invitee answers (so inviting is no way to probe).
        else if (found.kind === 'not_admin' && found.client.known) fields[field] = 'not_administrator_email';
        else if (await findOpenInvitation(trx, auth.clientId, email))
          fields[field] = 'collaboration_already_exists';
        seen.add(email);
      }
      const firstKey = Object.values(fields)[0];
      if (firstKey) throw new AppError(422, firstKey, 'Some addresses cannot be invited', fields);

      const created: CollaborationItem[] = [];
      for (const [index, entry] of input.entries.entries()) {
        const found = resolved[index] ?? { kind: 'none' };
        // A company already worked with is the partner at once (it sees the pending invitation);
        // any other is known only once its admin accepts, so nothing here names it to the inviter.
        const knownAdmin = found.kind === 'admin' && found.client.known ? found : null;
        const row = await trx
          .insertInto('collaborations')
          .values({
            client_id: auth.clientId,
            partner_client_id: knownAdmin ? knownAdmin.client.id : null,
            invitee_user_id: knownAdmin ? knownAdmin.userId : null,
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
