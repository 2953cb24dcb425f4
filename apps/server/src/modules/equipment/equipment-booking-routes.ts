import { equipmentBookingContracts, equipmentContracts, equipmentGroupContracts } from '@workbench/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/contract-route.js';
import {
  createHandout,
  decideHandout,
  extendHandouts,
  listHandouts,
  mixHandout,
  multipleReturn,
  returnAvailability,
  returnHandout,
  updateHandout,
} from './equipment-booking-service.js';
import {
  cancelGroupReservation,
  extendGroupHandout,
  groupAvailability,
  groupExtendAvailability,
  groupHandout,
  groupMultipleReservation,
  groupReservations,
  groupReserve,
  returnGroup,
  returnGroups,
  updateGroupReservation,
} from './equipment-group-booking-service.js';
import {
  cancelReservation,
  cancelReservations,
  decideReservation,
  equipmentAvailability,
  listPendingRequests,
  listReservations,
  multipleReservation,
  reserve,
  updateReservation,
} from './equipment-reservation-service.js';

/** Handouts and reservations of one item, several items and groups (001 §4, §7). */
export function equipmentBookingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const items = equipmentContracts;
  route(app, ctx, items.availability, ({ auth, query }) => equipmentAvailability(ctx, auth, query));
  route(app, ctx, items.returnAvailability, ({ auth, query }) =>
    returnAvailability(ctx, auth, [...(query.equipment_ids ?? []), ...(query['equipment_ids[]'] ?? [])]),
  );
  route(app, ctx, items.multipleReturn, ({ auth, body }) => multipleReturn(ctx, auth, body.equipment_ids));

  const c = equipmentBookingContracts;
  route(app, ctx, c.handouts, ({ auth, params }) => listHandouts(ctx, auth, params.id));
  route(app, ctx, c.handout, ({ auth, params, body }) => createHandout(ctx, auth, params.id, body));
  route(app, ctx, c.updateHandout, ({ auth, params, body }) =>
    updateHandout(ctx, auth, params.id, params.handoutId, body),
  );
  route(app, ctx, c.returnHandout, ({ auth, params }) =>
    returnHandout(ctx, auth, params.id, params.handoutId),
  );
  route(app, ctx, c.extend, ({ auth, body }) => extendHandouts(ctx, auth, body));
  route(app, ctx, c.decideHandout, ({ auth, params }) =>
    decideHandout(ctx, auth, params.equipmentId, params.handoutId, params.action),
  );
  route(app, ctx, c.mixHandout, ({ auth, body }) => mixHandout(ctx, auth, body));
  route(app, ctx, c.reservations, ({ auth, params }) => listReservations(ctx, auth, params.id));
  route(app, ctx, c.reserve, ({ auth, params, body }) => reserve(ctx, auth, params.id, body));
  route(app, ctx, c.updateReservation, ({ auth, params, body }) =>
    updateReservation(ctx, auth, params.id, params.reservationId, body),
  );
  route(app, ctx, c.cancelReservation, ({ auth, params }) =>
    cancelReservation(ctx, auth, params.id, params.reservationId),
  );
  route(app, ctx, c.pendingRequests, ({ auth, params }) => listPendingRequests(ctx, auth, params.id));
  route(app, ctx, c.bufferAccept, ({ auth, params }) => decideReservation(ctx, auth, params.id, true));
  route(app, ctx, c.bufferDecline, ({ auth, params }) => decideReservation(ctx, auth, params.id, false));
  route(app, ctx, c.multipleReservation, ({ auth, body }) => multipleReservation(ctx, auth, body));
  route(app, ctx, c.cancelReservations, ({ auth, body }) =>
    cancelReservations(ctx, auth, body.reservation_ids),
  );

  const g = equipmentGroupContracts;
  route(app, ctx, g.handout, ({ auth, params, body }) => groupHandout(ctx, auth, params.id, body));
  route(app, ctx, g.extendHandout, ({ auth, params, body }) =>
    extendGroupHandout(ctx, auth, params.id, body),
  );
  route(app, ctx, g.returnGroup, ({ auth, params }) => returnGroup(ctx, auth, params.id));
  route(app, ctx, g.multipleReturn, ({ auth, body }) => returnGroups(ctx, auth, body.group_ids));
  route(app, ctx, g.availability, ({ auth, params, query }) =>
    groupAvailability(ctx, auth, params.id, query),
  );
  route(app, ctx, g.reservationAvailability, ({ auth, params, query }) =>
    groupAvailability(ctx, auth, params.id, query),
  );
  route(app, ctx, g.extendAvailability, ({ auth, params, query }) =>
    groupExtendAvailability(ctx, auth, params.id, query),
  );
  route(app, ctx, g.reservations, ({ auth, params }) => groupReservations(ctx, auth, params.id));
  route(app, ctx, g.reserve, ({ auth, params, body }) => groupReserve(ctx, auth, params.id, body));
  route(app, ctx, g.updateReservation, ({ auth, params, body }) =>
    updateGroupReservation(ctx, auth, params.id, params.reservationId, body),
  );
  route(app, ctx, g.cancelReservation, ({ auth, params }) =>
    cancelGroupReservation(ctx, auth, params.id, params.reservationId),
  );
  route(app, ctx, g.multipleReservation, ({ auth, body }) => groupMultipleReservation(ctx, auth, body));
}
