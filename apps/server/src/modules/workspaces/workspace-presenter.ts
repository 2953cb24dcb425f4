import {
  type AccessRole,
  type ClientSettings,
  canArchiveWorkspace,
  canDeleteWorkspace,
  canEditWorkspace,
  canManageWorkspaceUsers,
  canReadWorkspaceLogs,
  fullName,
  locationFromColumns,
  readWorkspaceTranslations,
  type WorkspaceCollaboration,
  type WorkspaceDetail,
  type WorkspaceItem,
  type WorkspacePermissions,
  type WorkspacePerson,
} from '@workbench/domain';
import type { Auth } from '../../http/authenticate.js';
import { fileUrl } from '../../storage/file-storage.js';
import type { WorkspaceGrant } from '../access/workspace-access.js';
import type { SharingRow, WorkspaceItemData, WorkspacePersonRow, WorkspaceRow } from './workspace-queries.js';

type Caller = Pick<Auth, 'userId' | 'clientId' | 'role'>;

/** What the caller may do with a workspace, from their role on it (packages/domain rules). */
export function workspacePermissions(
  role: AccessRole,
  settings: Pick<ClientSettings, 'edit_workspace'>,
): WorkspacePermissions {
  return {
    can_edit: canEditWorkspace(role, settings),
    can_manage_users: canManageWorkspaceUsers(role),
    can_archive: canArchiveWorkspace(role),
    can_delete: canDeleteWorkspace(role),
    can_read_logs: canReadWorkspaceLogs(role),
  };
}

function presentPerson(
  row: Pick<WorkspacePersonRow, 'user_id' | 'first_name' | 'last_name' | 'email' | 'profile_image'>,
): WorkspacePerson {
  return {
    id: row.user_id,
    full_name: fullName(row),
    profile_image: fileUrl(row.profile_image),
  };
}

/** The other side's view of the type: the partner sees what the owner is to them. */
function typeSeenBy(row: SharingRow, caller: Caller): 'client' | 'provider' {
  if (row.client_id === caller.clientId) return row.type;
  return row.type === 'client' ? 'provider' : 'client';
}

function presentSharing(
  row: SharingRow,
  caller: Caller,
  people: Array<{ workspace_id: number; collaboration_id: number; user_id: number; role: string }>,
): WorkspaceCollaboration {
  const ids = (role: string) => [
    ...new Set(
      people
        .filter(
          (p) =>
            p.workspace_id === row.workspace_id &&
            p.collaboration_id === row.collaboration_id &&
            p.role === role,
        )
        .map((p) => p.user_id),
    ),
  ];
  const isOwner = row.client_id === caller.clientId;
  return {
    id: row.collaboration_id,
    // The owner names the partner (alias, company, address); the partner sees the owner's company.
    label: isOwner ? (row.company_alias ?? row.partner_name ?? row.invited_email) : row.owner_name,
    logo: isOwner ? (fileUrl(row.logo) ?? fileUrl(row.partner_logo)) : fileUrl(row.owner_logo),
    type: typeSeenBy(row, caller),
    access_type: row.access_type,
    collab_admins: ids('collab_admin'),
    collab_managers: ids('collab_manager'),
    members: ids('member'),
  };
}

function presentOne(
  row: WorkspaceRow,
  grant: WorkspaceGrant,
  caller: Caller,
  data: WorkspaceItemData,
): Omit<WorkspaceItem, 'children'> {
  const people = data.people.filter((p) => p.workspace_id === row.id);
  const idsOf = (role: WorkspacePersonRow['role']) =>
    people.filter((p) => p.role === role).map((p) => p.user_id);
  const sharing = data.sharing.sharing
    .filter((s) => s.workspace_id === row.id)
    // A partner sees only its own collaboration, never the owner's other partners.
    .filter((s) => grant.collaboration_id === null || s.collaboration_id === grant.collaboration_id)
    .map((s) => presentSharing(s, caller, data.sharing.people));
  return {
    id: row.id,
    parent_id: row.parent_id,
    name: row.name,
    description: row.description,
    reference_number: row.reference_number,
    image: fileUrl(row.image),
    is_favorite: data.favorites.has(row.id),
    archived: row.archived_at !== null,
    deleted: row.deleted_at !== null,
    managers_ids: idsOf('manager'),
    group_managers_ids: idsOf('group_manager'),
    admins_ids: data.admins.get(row.client_id) ?? [],
    users_ids: idsOf('member'),
    children_count: data.childCounts.get(row.id) ?? 0,
    available_translations: readWorkspaceTranslations(row.translations),
    my_role: grant.role,
    permissions: workspacePermissions(grant.role, data.settings),
    collaborations: sharing,
    my_collaboration: grant.collaboration_id
      ? (sharing.find((s) => s.id === grant.collaboration_id) ?? null)
      : null,
    location: locationFromColumns(row),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Workspace items of the list (children left empty), in the order of the grants given. */
export function presentWorkspaceItems(
  caller: Caller,
  grants: WorkspaceGrant[],
  data: WorkspaceItemData,
): WorkspaceItem[] {
  return grants.flatMap((grant) => {
    const row = data.rows.get(grant.workspace_id);
    return row ? [{ ...presentOne(row, grant, caller, data), children: [] }] : [];
  });
}

/**
 * One workspace with its direct children (those the caller sees, `childGrants`), its ancestors
 * (those the caller sees) and its people.
 */
export function presentWorkspaceDetail(
  caller: Caller,
  grant: WorkspaceGrant,
  childGrants: WorkspaceGrant[],
  data: WorkspaceItemData,
  breadcrumbs: Array<{ id: number; name: string }>,
): WorkspaceDetail {
  const row = data.rows.get(grant.workspace_id);
  if (!row) throw new Error('workspace vanished');
  const people = data.people.filter((p) => p.workspace_id === row.id);
  const byRole = (role: WorkspacePersonRow['role']) =>
    people.filter((p) => p.role === role).map(presentPerson);
  return {
    ...presentOne(row, grant, caller, data),
    children: childGrants.flatMap((g) => {
      const child = data.rows.get(g.workspace_id);
      return child ? [presentOne(child, g, caller, data)] : [];
    }),
    breadcrumbs,
    managers: byRole('manager'),
    group_managers: byRole('group_manager'),
    users: byRole('member'),
  };
}

export { presentPerson };
