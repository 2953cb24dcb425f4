import {
  equipmentContracts as contracts,
  equipmentQrTarget,
  readEquipmentListQuery,
} from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/contract-route.js';
import { readsUploadForm, uploadFormOf } from '../attachments/upload-form-hook.js';
import { pathOf } from '../issues/issue-route-common.js';
import { qrCodeImage } from '../workspaces/workspace-logs.js';
import {
  removeEquipmentPicture,
  requireCanChangePictures,
  uploadEquipmentPictures,
} from './equipment-pictures.js';
import {
  addEquipmentToGroup,
  createEquipment,
  deleteEquipment,
  duplicateEquipment,
  equipmentPublicCode,
  getEquipment,
  getEquipmentFilterOptions,
  listEquipment,
  listEquipmentActivity,
  listEquipmentScans,
  multiArchiveEquipment,
  multiDeleteEquipment,
  updateEquipment,
} from './equipment-service.js';

/**
 * Equipment items (001 §7): list, filter options, the item, pictures, copies, bulk actions, logs
 * and the QR code. Availability, return availability and several returns are the bookings'
 * (equipment-booking-routes.ts).
 */
export function equipmentRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, contracts.list, ({ auth, query, request }) =>
    listEquipment(ctx, auth, readEquipmentListQuery(query), pathOf(request)),
  );
  route(app, ctx, contracts.filterOptions, ({ auth }) => getEquipmentFilterOptions(ctx, auth));
  route(app, ctx, contracts.create, ({ auth, body }) => createEquipment(ctx, auth, body));
  route(app, ctx, contracts.get, ({ auth, params }) => getEquipment(ctx, auth, params.id));
  route(app, ctx, contracts.update, ({ auth, params, body }) => updateEquipment(ctx, auth, params.id, body));
  route(app, ctx, contracts.remove, ({ auth, params }) => deleteEquipment(ctx, auth, params.id));
  route(
    app,
    ctx,
    contracts.upload,
    ({ auth, params, request }) => uploadEquipmentPictures(ctx, auth, params.id, uploadFormOf(request)),
    // Refused callers are refused before their files are read.
    { preValidation: readsUploadForm((auth, id) => requireCanChangePictures(ctx, auth, id)) },
  );
  route(app, ctx, contracts.removePicture, ({ auth, params }) =>
    removeEquipmentPicture(ctx, auth, params.id, params.pictureId),
  );
  route(app, ctx, contracts.duplicate, ({ auth, params }) => duplicateEquipment(ctx, auth, params.id));
  route(app, ctx, contracts.addToGroup, ({ auth, body }) =>
    addEquipmentToGroup(ctx, auth, body.equipment_ids, body.group_id),
  );
  route(app, ctx, contracts.multiArchive, ({ auth, body }) =>
    multiArchiveEquipment(ctx, auth, body.equipment_ids),
  );
  route(app, ctx, contracts.multiDelete, ({ auth, body }) =>
    multiDeleteEquipment(ctx, auth, body.equipment_ids),
  );
  route(app, ctx, contracts.activityLog, ({ auth, params, query, request }) =>
    listEquipmentActivity(ctx, auth, params.id, query, pathOf(request)),
  );
  route(app, ctx, contracts.scanLog, ({ auth, params, query, request }) =>
    listEquipmentScans(ctx, auth, params.id, query, pathOf(request)),
  );
  route(app, ctx, contracts.qrCode, async ({ auth, params, query, reply }) => {
    const code = await equipmentPublicCode(ctx, auth, params.id);
    const qr = await qrCodeImage(equipmentQrTarget(ctx.config.appUrl, code), query.format);
    return reply.header('content-type', qr.contentType).header('cache-control', 'no-store').send(qr.body);
  });
}
