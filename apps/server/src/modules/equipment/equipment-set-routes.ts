import {
  equipmentGroupContracts as groups,
  externalHolderContracts as holders,
  readEquipmentGroupListQuery,
  readEquipmentTypeListQuery,
  readExternalHolderListQuery,
  equipmentTypeContracts as types,
} from '@workbench/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/contract-route.js';
import {
  changeEquipmentGroupStatus,
  createEquipmentGroup,
  deleteEquipmentGroup,
  equipmentShareWorkspace,
  getEquipmentGroup,
  listEquipmentGroups,
  ungroupEquipmentGroup,
  updateEquipmentGroup,
} from './equipment-group-service.js';
import {
  createEquipmentType,
  deleteEquipmentType,
  getEquipmentType,
  listEquipmentTypes,
  updateEquipmentType,
} from './equipment-type-service.js';
import {
  createExternalHolder,
  deleteExternalHolder,
  getExternalHolder,
  listExternalHolders,
  updateExternalHolder,
} from './external-holder-service.js';

/** The path of a list call as the web sees it, for the envelope's page links. */
const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? request.url;

/**
 * Equipment groups (without their bookings), types and external holders (001 §3, §7). Types and
 * external holders are read by every person of the organisation; admins and workspace managers
 * change them (equipment-set-rules). Static paths (equipment/group/same_ws) win over the
 * parametric ones in Fastify's router whatever the order of registration.
 */
export function equipmentSetRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, types.list, ({ auth, query, request }) =>
    listEquipmentTypes(ctx, auth, readEquipmentTypeListQuery(query), pathOf(request)),
  );
  route(app, ctx, types.create, ({ auth, body }) => createEquipmentType(ctx, auth, body));
  route(app, ctx, types.get, ({ auth, params }) => getEquipmentType(ctx, auth, params.id));
  route(app, ctx, types.update, ({ auth, params, body }) => updateEquipmentType(ctx, auth, params.id, body));
  route(app, ctx, types.remove, ({ auth, params }) => deleteEquipmentType(ctx, auth, params.id));

  route(app, ctx, holders.list, ({ auth, query, request }) =>
    listExternalHolders(ctx, auth, readExternalHolderListQuery(query), pathOf(request)),
  );
  route(app, ctx, holders.create, ({ auth, body }) => createExternalHolder(ctx, auth, body));
  route(app, ctx, holders.get, ({ auth, params }) => getExternalHolder(ctx, auth, params.id));
  route(app, ctx, holders.update, ({ auth, params, body }) =>
    updateExternalHolder(ctx, auth, params.id, body),
  );
  route(app, ctx, holders.remove, ({ auth, params }) => deleteExternalHolder(ctx, auth, params.id));

  route(app, ctx, groups.list, ({ auth, query, request }) =>
    listEquipmentGroups(ctx, auth, readEquipmentGroupListQuery(query), pathOf(request)),
  );
  route(app, ctx, groups.create, ({ auth, body }) => createEquipmentGroup(ctx, auth, body));
  route(app, ctx, groups.sameWorkspace, ({ auth, body }) => equipmentShareWorkspace(ctx, auth, body));
  route(app, ctx, groups.get, ({ auth, params }) => getEquipmentGroup(ctx, auth, params.id));
  route(app, ctx, groups.update, ({ auth, params, body }) =>
    updateEquipmentGroup(ctx, auth, params.id, body),
  );
  route(app, ctx, groups.remove, ({ auth, params }) => deleteEquipmentGroup(ctx, auth, params.id));
  route(app, ctx, groups.ungroup, ({ auth, params }) => ungroupEquipmentGroup(ctx, auth, params.id));
  route(app, ctx, groups.action, ({ auth, params }) =>
    changeEquipmentGroupStatus(ctx, auth, params.groupId, params.action),
  );
}
