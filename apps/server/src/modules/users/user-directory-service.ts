import {
  buildPage,
  fullName,
  type JobPosition,
  type Person,
  type PickerExternal,
  type PickerQuery,
  type PickerUser,
  type UserListQuery,
  type UserListResponse,
  type UserStatistics,
} from '@workbench/domain';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { fileUrl } from '../../storage/file-storage.js';
import { loadWorkspaceGrants, requireWorkspaceGrant } from '../access/request-access.js';
import { requireUserListAccess } from './user-access.js';
import {
  countUsers,
  isNotInWorkspaces,
  listActivePeople,
  listPeopleWithWorkspaceAccess,
  listPickerExternals,
  listPickerUsers,
  listUsers,
} from './user-list-queries.js';
import { presentUserListItem } from './user-presenter.js';

const API_PATH = '/api/v4';

/** GET users/: the organisation's people, for those who may see the list. */
export async function getUserList(
  ctx: AppContext,
  auth: Auth,
  query: UserListQuery,
): Promise<UserListResponse> {
  await requireUserListAccess(ctx, auth);
  const { rows, total } = await listUsers(ctx.db, auth.clientId, query);
  return buildPage({
    rows: rows.map(presentUserListItem),
    total,
    page: query.page,
    perPage: query.paginate_by,
    path: `${API_PATH}/users`,
    query: {
      search: query.search,
      active: query.active,
      statistics: query.statistics,
      workspace_ids: query.workspace_ids.join(','),
      sort_by: query.sort_by,
      sort_direction: query.sort_direction,
      paginate_by: query.paginate_by,
    },
  });
}

/** Only workspaces the caller can see count for isNotInWorkspace; others are ignored. */
async function visibleWorkspaceIds(ctx: AppContext, auth: Auth, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const grants = await loadWorkspaceGrants(ctx.db, auth);
  return ids.filter((id) => grants.has(id));
}

/**
 * users/filter-mix (the picker's employees tab): the organisation's active and invited people.
 * Any logged-in person of the organisation may pick colleagues (e.g. to assign an issue), so this
 * list is not bound to only_admins_see_users; it shows only names, addresses and pictures.
 */
export async function getPickerUsers(ctx: AppContext, auth: Auth, query: PickerQuery) {
  const workspaceIds = await visibleWorkspaceIds(ctx, auth, query.workspace_ids);
  const { rows, total } = await listPickerUsers(ctx.db, auth.clientId, {
    search: query.search,
    page: query.page,
    perPage: query.paginate_by,
  });
  const data: PickerUser[] = await Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      full_name: fullName(row),
      email: row.email,
      profile_image: fileUrl(row.profile_image),
      isNotInWorkspace: await isNotInWorkspaces(
        ctx.db,
        { userId: row.id, clientId: auth.clientId, role: row.role },
        workspaceIds,
      ),
    })),
  );
  return buildPage({
    rows: data,
    total,
    page: query.page,
    perPage: query.paginate_by,
    path: `${API_PATH}/users/filter-mix`,
    query: {
      search: query.search,
      workspace_ids: query.workspace_ids.join(','),
      paginate_by: query.paginate_by,
    },
  });
}

/** users/filter-mix-collabs (the picker's externals tab): partner people of accepted collaborations. */
export async function getPickerExternals(ctx: AppContext, auth: Auth, query: PickerQuery) {
  const workspaceIds = await visibleWorkspaceIds(ctx, auth, query.workspace_ids);
  const { rows, total } = await listPickerExternals(ctx.db, auth.clientId, {
    search: query.search,
    page: query.page,
    perPage: query.paginate_by,
  });
  const data: PickerExternal[] = await Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      full_name: fullName(row),
      email: row.email,
      profile_image: fileUrl(row.profile_image),
      company: { id: row.company_id, name: row.company_name, logo: fileUrl(row.company_logo) },
      collaboration_id: row.collaboration_id,
      isNotInWorkspace: await isNotInWorkspaces(
        ctx.db,
        { userId: row.id, clientId: row.company_id, role: row.role },
        workspaceIds,
      ),
    })),
  );
  return buildPage({
    rows: data,
    total,
    page: query.page,
    perPage: query.paginate_by,
    path: `${API_PATH}/users/filter-mix-collabs`,
    query: {
      search: query.search,
      workspace_ids: query.workspace_ids.join(','),
      paginate_by: query.paginate_by,
    },
  });
}

/** users/list-by-workspace-access: for anybody who can see the workspace (404 otherwise). */
export async function getPeopleWithWorkspaceAccess(
  ctx: AppContext,
  auth: Auth,
  workspaceId: number,
): Promise<Person[]> {
  const grant = await requireWorkspaceGrant(ctx.db, auth, workspaceId);
  const rows = await listPeopleWithWorkspaceAccess(ctx.db, grant.client_id, workspaceId);
  return rows.map((row) => ({
    id: row.id,
    full_name: fullName(row),
    email: row.email,
    profile_image: fileUrl(row.profile_image),
    role: row.role,
    company:
      row.company_id === auth.clientId
        ? null
        : { id: row.company_id, name: row.company_name, logo: fileUrl(row.company_logo) },
  }));
}

/** users/main_org: the organisation's active people (for pickers and selects). */
export async function getMainOrgPeople(ctx: AppContext, auth: Auth): Promise<Person[]> {
  const rows = await listActivePeople(ctx.db, auth.clientId);
  return rows.map((row) => ({
    id: row.id,
    full_name: fullName(row),
    email: row.email,
    profile_image: fileUrl(row.profile_image),
    role: row.role,
    company: null,
  }));
}

export async function getUserStatistics(ctx: AppContext, auth: Auth): Promise<UserStatistics> {
  await requireUserListAccess(ctx, auth);
  return countUsers(ctx.db, auth.clientId);
}

export function listJobPositions(ctx: AppContext, auth: Auth): Promise<JobPosition[]> {
  return ctx.db
    .selectFrom('job_positions')
    .select(['id', 'name'])
    .where('client_id', '=', auth.clientId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}
