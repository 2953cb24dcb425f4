import {
  fullName,
  INVITE_TOKEN_TTL_MS,
  type JoinOrganisationInfo,
  type UserRole,
  type WorkspaceRole,
} from '@workbench/domain';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import type { Auth } from '../../http/authenticate.js';
import { AppError } from '../../http/errors.js';
import { fileUrl } from '../../storage/file-storage.js';
import { logActivity } from '../activity/activity-log.js';
import { hashToken, newRawToken } from '../auth/tokens.js';
import { mailLanguage } from '../mail/mail-language.js';
import { enqueueMail } from '../mail/outbox.js';
import { joinOrganisationMail } from '../mail/templates.js';
import { grantWorkspaceRoles } from './user-invite-service.js';

type Trx = Transaction<Database>;

const invalidToken = () =>
  new AppError(400, 'invalid_token', 'This link is invalid, expired or already used');

/**
 * An invitation to a person who has an account in another organisation: they are mailed a link
 * and join (membership, workspace roles) only when they open it. Until then nothing of their
 * account reaches the inviting organisation. An older link of the same invitation stops working.
 */
export async function askToJoin(
  ctx: AppContext,
  trx: Trx,
  auth: Auth,
  person: { userId: number; role: UserRole; email: string },
  placement: { workspaceIds: number[]; workspaceRole: WorkspaceRole },
): Promise<void> {
  await trx
    .updateTable('membership_invites')
    .set({ used_at: new Date() })
    .where('client_id', '=', auth.clientId)
    .where('user_id', '=', person.userId)
    .where('used_at', 'is', null)
    .execute();
  const raw = newRawToken();
  const invite = await trx
    .insertInto('membership_invites')
    .values({
      client_id: auth.clientId,
      user_id: person.userId,
      role: person.role,
      workspace_ids: JSON.stringify(placement.workspaceIds),
      workspace_role: placement.workspaceRole,
      invited_by: auth.userId,
      token_hash: hashToken(raw),
      expires_at: new Date(Date.now() + INVITE_TOKEN_TTL_MS),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const [inviter, client, invitee] = await Promise.all([
    trx
      .selectFrom('users')
      .select(['first_name', 'last_name', 'email'])
      .where('id', '=', auth.userId)
      .executeTakeFirstOrThrow(),
    trx.selectFrom('clients').select('name').where('id', '=', auth.clientId).executeTakeFirstOrThrow(),
    trx.selectFrom('users').select('language').where('id', '=', person.userId).executeTakeFirstOrThrow(),
  ]);
  const mail = joinOrganisationMail(
    fullName(inviter),
    client.name,
    `${ctx.config.appUrl}/public/join_organisation?token=${raw}`,
    mailLanguage(invitee.language, null),
  );
  // No organisation on the mail: the inviting organisation's outbox must not hold the link that
  // would let it join the person without them.
  await enqueueMail(trx, { clientId: null, to: person.email, kind: 'join_organisation', ...mail });
  // The inviting organisation's log names the address it typed, never the person's account.
  await logActivity(trx, {
    clientId: auth.clientId,
    userId: auth.userId,
    entityType: 'membership_invite',
    entityId: invite.id,
    action: 'invited',
    changes: { email: person.email, role: person.role },
  });
}

function openInvite(db: AppContext['db'] | Trx, rawToken: string) {
  return db
    .selectFrom('membership_invites as i')
    .innerJoin('clients as c', 'c.id', 'i.client_id')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .where('i.token_hash', '=', hashToken(rawToken))
    .where('i.used_at', 'is', null)
    .where('i.expires_at', '>', new Date())
    .where('u.deleted_at', 'is', null);
}

/** GET public/join_organisation: which organisation the link invites to, and whom. */
export async function readJoinInvite(ctx: AppContext, rawToken: string): Promise<JoinOrganisationInfo> {
  const row = await openInvite(ctx.db, rawToken).select(['c.name', 'c.logo', 'u.email']).executeTakeFirst();
  if (!row) throw invalidToken();
  return { organisation: { name: row.name, logo: fileUrl(row.logo) }, email: row.email };
}

/**
 * POST public/join_organisation: the person joins with the role and the workspace roles they
 * were invited with (workspaces deleted meanwhile are left out). They keep working where they
 * are; the organisation menu switches to the new one.
 */
export async function joinOrganisation(ctx: AppContext, rawToken: string): Promise<JoinOrganisationInfo> {
  return ctx.db.transaction().execute(async (trx) => {
    // The link is used up in the statement that checks it, so two answers cannot both join.
    const invite = await trx
      .updateTable('membership_invites')
      .set({ used_at: new Date() })
      .where('token_hash', '=', hashToken(rawToken))
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returningAll()
      .executeTakeFirst();
    if (!invite) throw invalidToken();
    const [person, client] = await Promise.all([
      trx
        .selectFrom('users')
        .select('email')
        .where('id', '=', invite.user_id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst(),
      trx
        .selectFrom('clients')
        .select(['name', 'logo'])
        .where('id', '=', invite.client_id)
        .executeTakeFirstOrThrow(),
    ]);
    if (!person) throw invalidToken();
    await trx
      .insertInto('user_clients')
      .values({ user_id: invite.user_id, client_id: invite.client_id, role: invite.role })
      .onConflict((oc) => oc.columns(['user_id', 'client_id']).doNothing())
      .execute();
    const wanted = invite.workspace_ids.filter((id) => Number.isSafeInteger(id));
    const live = wanted.length
      ? await trx
          .selectFrom('workspaces')
          .select('id')
          .where('client_id', '=', invite.client_id)
          .where('id', 'in', wanted)
          .where('deleted_at', 'is', null)
          .execute()
      : [];
    await grantWorkspaceRoles(
      trx,
      invite.client_id,
      [invite.user_id],
      live.map((w) => w.id),
      invite.workspace_role,
    );
    await logActivity(trx, {
      clientId: invite.client_id,
      userId: invite.user_id,
      entityType: 'user',
      entityId: invite.user_id,
      action: 'joined',
      changes: { role: invite.role, workspaceIds: live.map((w) => w.id) },
    });
    return { organisation: { name: client.name, logo: fileUrl(client.logo) }, email: person.email };
  });
}
