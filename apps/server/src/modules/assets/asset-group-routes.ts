import { assetContracts as contracts, readAssetGroupListQuery } from '@workbench/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/contract-route.js';
import {
  addAssetsToGroup,
  assetsShareWorkspace,
  createAssetGroup,
  deleteAssetGroup,
  getAssetGroup,
  listAssetGroups,
  removeAssetsFromGroup,
  updateAssetGroup,
} from './asset-group-service.js';

/** The path of a list call as the web sees it, for the envelope's page links. */
const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? request.url;

/**
 * Asset groups (001 §2 "Assets"; paths the spec leaves out, in its style): everyone reads the
 * groups of the workspaces they see; admins, managers of the group's workspace and the group's
 * managers change them. Static paths (asset/group, asset/group/same_ws) win over asset/:id in
 * Fastify's router whatever the order of registration.
 */
export function assetGroupRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, contracts.groupList, ({ auth, query, request }) =>
    listAssetGroups(ctx, auth, readAssetGroupListQuery(query), pathOf(request)),
  );
  route(app, ctx, contracts.groupCreate, ({ auth, body }) => createAssetGroup(ctx, auth, body));
  route(app, ctx, contracts.groupSameWorkspace, ({ auth, body }) => assetsShareWorkspace(ctx, auth, body));
  route(app, ctx, contracts.groupGet, ({ auth, params }) => getAssetGroup(ctx, auth, params.id));
  route(app, ctx, contracts.groupUpdate, ({ auth, params, body }) =>
    updateAssetGroup(ctx, auth, params.id, body),
  );
  route(app, ctx, contracts.groupRemove, ({ auth, params }) => deleteAssetGroup(ctx, auth, params.id));
  route(app, ctx, contracts.groupAdd, ({ auth, params, body }) =>
    addAssetsToGroup(ctx, auth, params.id, body.asset_ids),
  );
  route(app, ctx, contracts.groupRemoveAssets, ({ auth, params, body }) =>
    removeAssetsFromGroup(ctx, auth, params.id, body.asset_ids),
  );
}
