import { publicEquipmentContracts as contracts } from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/contract-route.js';
import {
  extendHandoutByToken,
  getExtendableHandout,
  getPublicEquipment,
  reportFound,
} from './public-equipment-service.js';

/** The public equipment pages (001 §2): a finder's view and report, the holder's extend link. */
export function publicEquipmentRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, contracts.extendHandout, ({ query, request }) =>
    getExtendableHandout(ctx, request, query.token),
  );
  route(app, ctx, contracts.extend, ({ body, request }) => extendHandoutByToken(ctx, request, body));
  route(app, ctx, contracts.get, ({ params, request }) =>
    getPublicEquipment(ctx, request, 'equipment', params.id),
  );
  route(app, ctx, contracts.getGroup, ({ params, request }) =>
    getPublicEquipment(ctx, request, 'equipment_group', params.id),
  );
  route(app, ctx, contracts.found, ({ params, body, request }) =>
    reportFound(ctx, request, 'equipment', params.id, body),
  );
  route(app, ctx, contracts.foundGroup, ({ params, body, request }) =>
    reportFound(ctx, request, 'equipment_group', params.id, body),
  );
}
