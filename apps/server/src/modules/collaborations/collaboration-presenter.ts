import {
  type CollaborationDetail,
  type CollaborationItem,
  type CollaborationUser,
  canManageCollaboration,
  collaborationLabel,
  collaborationTypeSeenBy,
  fullName,
} from '@workbench/domain';
import type { Auth } from '../../http/authenticate.js';
import { fileUrl } from '../../storage/file-storage.js';
import type { CollaborationRow } from './collaboration-queries.js';

type Person = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  profile_image: string | null;
};

/** The collaborator item of 000 §3 as the caller's organisation sees it (type flipped for the partner). */
export function presentCollaboration(
  row: CollaborationRow,
  viewerClientId: number,
  people: Person[],
): CollaborationItem {
  const isOwner = row.client_id === viewerClientId;
  return {
    id: row.id,
    // The owner sees the logo it chose, else the partner's; the partner sees the owner's.
    logo: isOwner ? fileUrl(row.logo ?? row.partner_logo) : fileUrl(row.owner_logo),
    label: collaborationLabel({
      isOwner,
      companyAlias: row.company_alias,
      partnerName: row.partner_name,
      ownerName: row.owner_name,
      invitedEmail: row.invited_email,
    }),
    type: collaborationTypeSeenBy(row.type, isOwner),
    access_type: row.access_type,
    invitation_status: row.invitation_status,
    invited_email: row.invited_email,
    is_owner: isOwner,
    partner:
      row.partner_client_id !== null && row.partner_name !== null
        ? { id: row.partner_client_id, name: row.partner_name, logo: fileUrl(row.partner_logo) }
        : null,
    users: people.map((p) => ({
      id: p.id,
      full_name: fullName(p),
      profile_image: fileUrl(p.profile_image),
    })),
    workspaces_count: row.workspaces_count,
    created_at: row.created_at.toISOString(),
  };
}

export function presentCollaborationDetail(
  row: CollaborationRow,
  auth: Pick<Auth, 'clientId' | 'role'>,
  people: Person[],
  workspaces: Array<{ id: number; name: string }>,
  invitedBy: { id: number; first_name: string; last_name: string; email: string } | null,
): CollaborationDetail {
  const isOwner = row.client_id === auth.clientId;
  const canManage = canManageCollaboration(auth, row);
  const isPartnerAdmin =
    auth.role === 'admin' && row.partner_client_id === auth.clientId && row.invitation_status === 'accepted';
  return {
    ...presentCollaboration(row, auth.clientId, people),
    company_alias: isOwner ? row.company_alias : null,
    owner: { id: row.client_id, name: row.owner_name, logo: fileUrl(row.owner_logo) },
    workspaces: workspaces.map((w) => ({ id: w.id, name: w.name })),
    // Who invited is the owner's business: the partner sees it only once they accepted.
    invited_by:
      invitedBy && (isOwner || row.invitation_status === 'accepted')
        ? { id: invitedBy.id, full_name: fullName(invitedBy) }
        : null,
    responded_at: row.responded_at ? row.responded_at.toISOString() : null,
    permissions: { can_manage: canManage, can_sync_users: canManage || isPartnerAdmin },
  };
}

export function presentCollaborationUsers(
  rows: Array<
    Omit<Person, 'id'> & {
      user_id: number;
      workspace_id: number;
      workspace_name: string;
      role: 'collab_admin' | 'collab_manager' | 'member';
    }
  >,
): CollaborationUser[] {
  const byUser = new Map<number, CollaborationUser>();
  for (const row of rows) {
    let user = byUser.get(row.user_id);
    if (!user) {
      user = {
        id: row.user_id,
        full_name: fullName(row),
        email: row.email,
        profile_image: fileUrl(row.profile_image),
        workspaces: [],
      };
      byUser.set(row.user_id, user);
    }
    user.workspaces.push({
      workspace_id: row.workspace_id,
      workspace_name: row.workspace_name,
      role: row.role,
    });
  }
  return [...byUser.values()];
}
