import {
  buildPage,
  buildWorkspaceTree,
  canArchiveWorkspace,
  canCreateWorkspace,
  canDeleteWorkspace,
  canEditWorkspace,
  canManageWorkspaceUsers,
  findDoubleRoleList,
  isValidParent,
  locationToColumns,
  readWorkspaceTranslations,
  WORKSPACE_ROLE_LISTS,
  type WorkspaceDetail,
  type WorkspaceFlatItem,
  type WorkspaceItem,
  type WorkspaceListQuery,
  type WorkspaceListResponse,
  type WorkspaceUsersRequest,
  type ZCreateWorkspaceRequestSchema,
  type ZUpdateWorkspaceRequestSchema,
} from '@workbench/domain';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../http/authenticate.js';
import { fieldError, forbidden, notFound } from '../../http/errors.js';
import {
  accessChanged,
  findWorkspaceGrant,
  loadWorkspaceGrants,
  requireWorkspaceGrant,
} from '../access/request-access.js';
import type { WorkspaceGrant } from '../access/workspace-access.js';
import { logActivity } from '../activity/activity-log.js';
import { locationInsertColumns } from '../geocoding/stored-location.js';
import { presentWorkspaceDetail, presentWorkspaceItems } from './workspace-presenter.js';
import {
  findAncestors,
  findChildren,
  findOrganisationTree,
  findSubtreeIds,
  findWorkspaceItemData,
  findWorkspaceListPage,
  readSettings,
} from './workspace-queries.js';

type CreateInput = z.output<typeof ZCreateWorkspaceRequestSchema>;
type UpdateInput = z.output<typeof ZUpdateWorkspaceRequestSchema>;

export async function listWorkspaces(
  ctx: AppContext,
  auth: Auth,
  query: WorkspaceListQuery,
  path: string,
): Promise<WorkspaceListResponse> {
  const grants = await loadWorkspaceGrants(ctx.db, auth);
  const { ids, total } = await findWorkspaceListPage(ctx.db, auth, grants, query);
  const pageGrants = ids.flatMap((id) => {
    const grant = grants.get(id);
    return grant ? [grant] : [];
  });
  const data = await findWorkspaceItemData(ctx.db, auth, pageGrants, !!query.prune_offline);
  const rows = presentWorkspaceItems(auth, pageGrants, data);
  const { page, paginate_by, ...rest } = query;
  return buildPage({ rows, total, page, perPage: paginate_by, path, query: { ...rest, paginate_by } });
}

export async function getWorkspaceDetail(
  ctx: AppContext,
  auth: Auth,
  id: number,
  options: { pruneOffline: boolean },
): Promise<WorkspaceDetail> {
  const visible = await loadWorkspaceGrants(ctx.db, auth);
  const grant = visible.get(id);
  if (!grant) throw notFound('Workspace not found');
  const children = await findChildren(ctx.db, [grant.client_id], [grant.workspace_id], options.pruneOffline);
  const childGrants = children.flatMap((c) => {
    const g = visible.get(c.id);
    return g ? [g] : [];
  });
  const [data, ancestors] = await Promise.all([
    findWorkspaceItemData(ctx.db, auth, [grant, ...childGrants], options.pruneOffline),
    findAncestors(ctx.db, grant.client_id, grant.workspace_id),
  ]);
  const breadcrumbs = ancestors.filter((a) => visible.has(a.id));
  return presentWorkspaceDetail(auth, grant, childGrants, data, breadcrumbs);
}

async function getWorkspaceItem(ctx: AppContext, auth: Auth, id: number): Promise<WorkspaceItem> {
  const grant = await requireWorkspaceGrant(ctx.db, auth, id);
  const data = await findWorkspaceItemData(ctx.db, auth, [grant], true);
  const [item] = presentWorkspaceItems(auth, [grant], data);
  if (!item) throw notFound('Workspace not found');
  return item;
}

/** Visible, not deleted workspaces with their names, for pickers. */
async function visibleWorkspaces(ctx: AppContext, auth: Auth) {
  const grants = await loadWorkspaceGrants(ctx.db, auth);
  if (!grants.size) return { grants, rows: [] };
  const clientIds = [...new Set([...grants.values()].map((g) => g.client_id))];
  const rows = await ctx.db
    .selectFrom('workspaces')
    .select(['id', 'client_id', 'parent_id', 'name', 'reference_number', 'archived_at'])
    .where('client_id', 'in', clientIds)
    .where('id', 'in', [...grants.keys()])
    .where('deleted_at', 'is', null)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
  return { grants, rows: rows.filter((r) => grants.get(r.id)?.client_id === r.client_id) };
}

export async function listWorkspacesClean(ctx: AppContext, auth: Auth) {
  const { rows } = await visibleWorkspaces(ctx, auth);
  return rows.map((r) => ({ id: r.id, name: r.name, parent_id: r.parent_id }));
}

export async function listWorkspacesShort(ctx: AppContext, auth: Auth, search: string) {
  const { rows } = await visibleWorkspaces(ctx, auth);
  const term = search.toLowerCase();
  return rows
    .filter((r) => r.archived_at === null)
    .filter(
      (r) =>
        !term ||
        r.name.toLowerCase().includes(term) ||
        (r.reference_number ?? '').toLowerCase().includes(term),
    )
    .map((r) => ({ id: r.id, name: r.name, reference_number: r.reference_number }));
}

export async function listWorkspacesFlat(ctx: AppContext, auth: Auth): Promise<WorkspaceFlatItem[]> {
  const [{ grants, rows }, settings] = await Promise.all([
    visibleWorkspaces(ctx, auth),
    readSettings(ctx.db, auth.clientId),
  ]);
  return buildWorkspaceTree(rows).map((r) => {
    const role = (grants.get(r.id) as WorkspaceGrant).role;
    return {
      id: r.id,
      parent_id: r.parent_id,
      name: r.name,
      reference_number: r.reference_number,
      archived: r.archived_at !== null,
      depth: r.depth,
      path: r.path,
      my_role: role,
      can_edit: canEditWorkspace(role, settings),
    };
  });
}

/**
 * The parent a workspace may be put under: a visible workspace of the caller's own
 * organisation that the caller may add sub-workspaces to; never itself or a descendant.
 */
async function checkParent(
  ctx: AppContext,
  auth: Auth,
  workspaceId: number | null,
  parentId: number | null,
): Promise<WorkspaceGrant | null> {
  const settings = await readSettings(ctx.db, auth.clientId);
  if (parentId === null) {
    if (!canCreateWorkspace(auth, null, settings)) throw forbidden('Only admins create top-level workspaces');
    return null;
  }
  const grant = await findWorkspaceGrant(ctx.db, auth, parentId);
  if (!grant || grant.client_id !== auth.clientId) {
    throw fieldError('parent_id', 'invalid_parent', 'This workspace cannot be placed there');
  }
  if (!canCreateWorkspace(auth, grant.role, settings)) {
    throw forbidden('You may not add sub-workspaces there');
  }
  if (workspaceId !== null) {
    const tree = await findOrganisationTree(ctx.db, auth.clientId);
    if (!isValidParent(tree, workspaceId, parentId)) {
      throw fieldError('parent_id', 'invalid_parent', 'A workspace cannot be placed under itself');
    }
  }
  return grant;
}

function translationsJson(input: CreateInput['translations']) {
  return JSON.stringify(readWorkspaceTranslations(input ?? {}));
}

export async function createWorkspace(
  ctx: AppContext,
  auth: Auth,
  input: CreateInput,
): Promise<WorkspaceItem> {
  await checkParent(ctx, auth, null, input.parent_id ?? null);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('workspaces')
      .values({
        client_id: auth.clientId,
        parent_id: input.parent_id ?? null,
        name: input.name,
        description: input.description,
        reference_number: input.reference_number,
        image: null,
        translations: translationsJson(input.translations),
        ...locationInsertColumns(input.location),
        archived_at: null,
        deleted_at: null,
        created_by: auth.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    accessChanged(auth);
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: 'workspace',
      entityId: row.id,
      action: 'created',
      changes: input,
    });
    return row.id;
  });
  return getWorkspaceItem(ctx, auth, id);
}

/** A workspace the caller reaches through their own organisation (partners change nothing). */
async function requireOwnGrant(ctx: AppContext, auth: Auth, id: number): Promise<WorkspaceGrant> {
  const grant = await requireWorkspaceGrant(ctx.db, auth, id);
  if (grant.client_id !== auth.clientId) throw forbidden('Partners may not change this workspace');
  return grant;
}

export async function updateWorkspace(
  ctx: AppContext,
  auth: Auth,
  id: number,
  input: UpdateInput,
): Promise<WorkspaceItem> {
  const grant = await requireOwnGrant(ctx, auth, id);
  const settings = await readSettings(ctx.db, auth.clientId);
  const { archived, ...fields } = input;
  const editsFields = Object.values(fields).some((v) => v !== undefined);
  if (editsFields && !canEditWorkspace(grant.role, settings))
    throw forbidden('You may not edit this workspace');
  if (archived !== undefined && !canArchiveWorkspace(grant.role)) {
    throw forbidden('You may not archive this workspace');
  }
  if (fields.parent_id !== undefined) {
    const current = await ctx.db
      .selectFrom('workspaces')
      .select('parent_id')
      .where('client_id', '=', auth.clientId)
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    if (current.parent_id !== fields.parent_id) await checkParent(ctx, auth, id, fields.parent_id);
  }
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('workspaces')
      .set({
        ...(fields.name !== undefined ? { name: fields.name } : {}),
        ...(fields.description !== undefined ? { description: fields.description } : {}),
        ...(fields.reference_number !== undefined ? { reference_number: fields.reference_number } : {}),
        ...(fields.parent_id !== undefined ? { parent_id: fields.parent_id } : {}),
        ...(fields.translations !== undefined ? { translations: translationsJson(fields.translations) } : {}),
        ...(fields.location !== undefined ? locationToColumns(fields.location) : {}),
        ...(archived === true ? { archived_at: sql<Date>`coalesce(archived_at, now())` } : {}),
        ...(archived === false ? { archived_at: null } : {}),
        updated_at: new Date(),
      })
      .where('client_id', '=', auth.clientId)
      .where('id', '=', id)
      .execute();
    if (fields.parent_id !== undefined) accessChanged(auth);
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: 'workspace',
      entityId: id,
      action: archived === undefined ? 'updated' : archived ? 'archived' : 'unarchived',
      changes: input,
    });
  });
  return getWorkspaceItem(ctx, auth, id);
}

/** Soft-deletes a workspace with everything below it (admins only). */
export async function deleteWorkspace(ctx: AppContext, auth: Auth, id: number): Promise<{ success: true }> {
  const grant = await requireOwnGrant(ctx, auth, id);
  if (!canDeleteWorkspace(grant.role)) throw forbidden('Only admins may delete workspaces');
  await ctx.db.transaction().execute(async (trx) => {
    const ids = await findSubtreeIds(trx, auth.clientId, id);
    await trx
      .updateTable('workspaces')
      .set({ deleted_at: new Date(), updated_at: new Date() })
      .where('client_id', '=', auth.clientId)
      .where('id', 'in', ids)
      .where('deleted_at', 'is', null)
      .execute();
    accessChanged(auth);
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: 'workspace',
      entityId: id,
      action: 'deleted',
      changes: { workspace_ids: ids },
    });
  });
  return { success: true };
}

/** Replaces the given role lists of a workspace with people of the owner organisation. */
export async function setWorkspaceUsers(
  ctx: AppContext,
  auth: Auth,
  id: number,
  input: WorkspaceUsersRequest,
): Promise<WorkspaceItem> {
  const grant = await requireOwnGrant(ctx, auth, id);
  if (!canManageWorkspaceUsers(grant.role))
    throw forbidden('You may not manage the people of this workspace');
  const double = findDoubleRoleList(input);
  if (double) throw fieldError(double, 'invalid_format', 'A person can have only one role in a workspace');
  const lists = (Object.keys(WORKSPACE_ROLE_LISTS) as Array<keyof WorkspaceUsersRequest>).filter(
    (list) => input[list] !== undefined,
  );
  const named = [...new Set(lists.flatMap((list) => input[list] ?? []))];
  if (named.length) {
    const members = await ctx.db
      .selectFrom('user_clients as uc')
      .innerJoin('users as u', 'u.id', 'uc.user_id')
      .select('uc.user_id')
      .where('uc.client_id', '=', auth.clientId)
      .where('uc.user_id', 'in', named)
      .where('u.deleted_at', 'is', null)
      .where('u.status', 'in', ['active', 'invited'])
      .execute();
    const known = new Set(members.map((m) => m.user_id));
    for (const list of lists) {
      const index = (input[list] ?? []).findIndex((userId) => !known.has(userId));
      if (index >= 0) {
        throw fieldError(`${list}.${index}`, 'not_found', 'This person is not part of your organisation');
      }
    }
  }
  await ctx.db.transaction().execute(async (trx) => {
    accessChanged(auth);
    for (const list of lists) {
      const role = WORKSPACE_ROLE_LISTS[list];
      const wanted = [...new Set(input[list] ?? [])];
      // Whoever held this role and is no longer named loses it.
      let removal = trx
        .deleteFrom('workspace_users')
        .where('client_id', '=', auth.clientId)
        .where('workspace_id', '=', id)
        .where('role', '=', role);
      if (wanted.length) removal = removal.where('user_id', 'not in', wanted);
      await removal.execute();
      if (wanted.length) {
        await trx
          .insertInto('workspace_users')
          .values(
            wanted.map((userId) => ({ client_id: auth.clientId, workspace_id: id, user_id: userId, role })),
          )
          .onConflict((oc) => oc.columns(['workspace_id', 'user_id']).doUpdateSet({ role }))
          .execute();
      }
    }
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: 'workspace',
      entityId: id,
      action: 'users_changed',
      changes: input,
    });
  });
  return getWorkspaceItem(ctx, auth, id);
}

export async function setFavorite(
  ctx: AppContext,
  auth: Auth,
  id: number,
  favorite: boolean,
): Promise<WorkspaceItem> {
  await requireWorkspaceGrant(ctx.db, auth, id);
  await ctx.db.transaction().execute(async (trx) => {
    if (favorite) {
      await trx
        .insertInto('workspace_favorites')
        .values({ client_id: auth.clientId, user_id: auth.userId, workspace_id: id })
        .onConflict((oc) => oc.columns(['user_id', 'workspace_id']).doNothing())
        .execute();
    } else {
      await trx
        .deleteFrom('workspace_favorites')
        .where('client_id', '=', auth.clientId)
        .where('user_id', '=', auth.userId)
        .where('workspace_id', '=', id)
        .execute();
    }
    await logActivity(trx, {
      clientId: auth.clientId,
      userId: auth.userId,
      entityType: 'workspace',
      entityId: id,
      action: favorite ? 'favorited' : 'unfavorited',
    });
  });
  return getWorkspaceItem(ctx, auth, id);
}

/** Sets a workspace's image (already checked and resized); the old file goes afterwards. */
export async function setWorkspaceImage(
  ctx: AppContext,
  auth: Auth,
  id: number,
  image: { data: Buffer; ext: string },
  key: string,
): Promise<WorkspaceItem> {
  const grant = await requireOwnGrant(ctx, auth, id);
  const settings = await readSettings(ctx.db, auth.clientId);
  if (!canEditWorkspace(grant.role, settings)) throw forbidden('You may not edit this workspace');
  await ctx.storage.put(key, image.data);
  let previous: string | null = null;
  try {
    previous = await ctx.db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('workspaces')
        .select('image')
        .where('client_id', '=', auth.clientId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('workspaces')
        .set({ image: key, updated_at: new Date() })
        .where('client_id', '=', auth.clientId)
        .where('id', '=', id)
        .execute();
      await logActivity(trx, {
        clientId: auth.clientId,
        userId: auth.userId,
        entityType: 'workspace',
        entityId: id,
        action: 'image_changed',
      });
      return current.image;
    });
  } catch (err) {
    await ctx.storage.remove(key);
    throw err;
  }
  if (previous) await ctx.storage.remove(previous).catch(() => undefined);
  return getWorkspaceItem(ctx, auth, id);
}

/** Checks the caller may change the image before the upload is read. */
export async function assertCanEditWorkspace(ctx: AppContext, auth: Auth, id: number): Promise<void> {
  const grant = await requireOwnGrant(ctx, auth, id);
  const settings = await readSettings(ctx.db, auth.clientId);
  if (!canEditWorkspace(grant.role, settings)) throw forbidden('You may not edit this workspace');
}
