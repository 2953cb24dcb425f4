import type { ErrorKey } from '@workbench/domain';
import {
  type CollaborationActionInfo,
  type CollaborationActionRequest,
  type CollaborationActionResponse,
  collaborationTypeSeenBy,
} from '@workbench/domain';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import { fileUrl } from '../../storage/file-storage.js';
import { logActivity } from '../activity/activity-log.js';
import { startSession } from '../auth/auth-service.js';
import { hashPassword } from '../auth/passwords.js';
import { hashToken } from '../auth/tokens.js';
import { createOrganisationWithAdmin } from '../clients/create-organisation.js';
import { findUserByEmail, isEmailTakenError } from '../users/user-queries.js';
import { resolveAddress } from './collaboration-invites.js';

/**
 * The public invitation page (/public/collaboration_action): the invitee reads what they are
 * invited to, then accepts (creating their company when the address has no account) or declines.
 */

const invalidToken = () =>
  new AppError(400, 'invalid_token', 'This link is invalid, expired or already used');
const notPending = () => new AppError(409, 'invitation_not_pending', 'This invitation was already answered');

export async function readCollaborationInvite(
  ctx: AppContext,
  rawToken: string,
): Promise<CollaborationActionInfo> {
  const row = await ctx.db
    .selectFrom('collaboration_tokens as t')
    .innerJoin('collaborations as c', (j) =>
      j.onRef('c.id', '=', 't.collaboration_id').onRef('c.client_id', '=', 't.client_id'),
    )
    .innerJoin('clients as o', 'o.id', 'c.client_id')
    .select([
      'c.invitation_status',
      'c.type',
      'c.access_type',
      'c.invited_email',
      'c.invitee_user_id',
      'o.name as owner_name',
      'o.logo as owner_logo',
    ])
    .where('t.token_hash', '=', hashToken(rawToken))
    .where('t.used_at', 'is', null)
    .where('t.expires_at', '>', new Date())
    .where('c.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw invalidToken();
  const user = await findUserByEmail(ctx.db, row.invited_email);
  return {
    status: row.invitation_status,
    owner: { name: row.owner_name, logo: fileUrl(row.owner_logo) },
    // The invitee is the partner: they see what the owner is to them.
    type: collaborationTypeSeenBy(row.type, false),
    access_type: row.access_type,
    invited_email: row.invited_email,
    needs_account: !user,
  };
}

export async function answerCollaborationInvite(
  ctx: AppContext,
  input: CollaborationActionRequest,
): Promise<CollaborationActionResponse> {
  // Hash before the transaction (slow on purpose); only used when a company is created.
  const passwordHash =
    input.action === 'accept' && input.password ? await hashPassword(input.password) : null;
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      // The token is consumed in the same statement that checks it, so two answers cannot both use it.
      const token = await trx
        .updateTable('collaboration_tokens')
        .set({ used_at: new Date() })
        .where('token_hash', '=', hashToken(input.token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', new Date())
        .returning(['collaboration_id', 'client_id'])
        .executeTakeFirst();
      if (!token) throw invalidToken();
      const collab = await trx
        .selectFrom('collaborations')
        .selectAll()
        .where('id', '=', token.collaboration_id)
        .where('client_id', '=', token.client_id)
        .where('deleted_at', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      if (!collab) throw invalidToken();
      if (collab.invitation_status !== 'pending') throw notPending();
      const now = new Date();

      if (input.action === 'decline') {
        await trx
          .updateTable('collaborations')
          .set({ invitation_status: 'declined', responded_at: now, updated_at: now })
          .where('id', '=', collab.id)
          .execute();
        await logActivity(trx, {
          clientId: collab.client_id,
          userId: null,
          entityType: 'collaboration',
          entityId: collab.id,
          action: 'declined',
        });
        return { status: 'declined' as const };
      }

      const address = await resolveAddress(trx, collab.client_id, collab.invited_email);
      if (address.kind === 'own_company') {
        throw new AppError(422, 'own_company_email', 'This address belongs to the inviting organisation');
      }
      if (address.kind === 'not_admin') {
        throw new AppError(422, 'not_administrator_email', 'Only a company administrator can accept');
      }
      if (address.kind === 'admin') {
        // An existing company: the invitation it was sent to, or the one its admin runs now.
        const partnerClientId = collab.partner_client_id ?? address.client.id;
        await trx
          .updateTable('collaborations')
          .set({
            invitation_status: 'accepted',
            partner_client_id: partnerClientId,
            invitee_user_id: address.userId,
            responded_at: now,
            updated_at: now,
          })
          .where('id', '=', collab.id)
          .execute();
        await logActivity(trx, {
          clientId: collab.client_id,
          userId: null,
          entityType: 'collaboration',
          entityId: collab.id,
          action: 'accepted',
          changes: { partner_client_id: partnerClientId },
        });
        return { status: 'accepted' as const };
      }

      // No account yet: the invitee founds their company and becomes its admin.
      const fields: Record<string, ErrorKey> = {};
      const companyName = input.company_name?.trim() ?? '';
      if (!companyName) fields.company_name = 'required';
      else if (companyName.length < 2) fields.company_name = 'too_short';
      if (!passwordHash) fields.password = 'required';
      const firstKey = Object.values(fields)[0];
      // A missing password is already in `fields`; testing it here narrows the hash for TypeScript.
      if (firstKey || !passwordHash) {
        throw new AppError(422, firstKey ?? 'required', 'Some fields are not valid', fields);
      }
      const { clientId, userId } = await createOrganisationWithAdmin(trx, {
        companyName,
        firstName: input.first_name?.trim() ?? '',
        lastName: input.last_name?.trim() ?? '',
        email: collab.invited_email,
        passwordHash,
        language: input.language ?? 'en',
        changes: { collaboration_id: collab.id },
      });
      await trx
        .updateTable('collaborations')
        .set({
          invitation_status: 'accepted',
          partner_client_id: clientId,
          invitee_user_id: userId,
          responded_at: now,
          updated_at: now,
        })
        .where('id', '=', collab.id)
        .execute();
      await logActivity(trx, {
        clientId: collab.client_id,
        userId: null,
        entityType: 'collaboration',
        entityId: collab.id,
        action: 'accepted',
        changes: { partner_client_id: clientId },
      });
      return {
        status: 'accepted' as const,
        login: await startSession(trx, { id: userId, client_id: clientId }, false),
      };
    });
  } catch (err) {
    // The address got an account at the same moment: nothing was written.
    if (isEmailTakenError(err)) {
      throw new AppError(409, 'user_already_exists', 'A user with this address already exists');
    }
    throw err;
  }
}
