import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateExternalHolderRequest,
  type CreateHandoutRequest,
  type CreateReservationRequest,
  type EquipmentAvailability,
  type EquipmentBooking,
  equipmentBookingContracts,
  equipmentContracts,
  equipmentGroupContracts,
  externalHolderContracts,
  type MixHandoutRequest,
  type MultipleReservationRequest,
  type UpdateBookingRequest,
} from '@workbench/domain';
import { call } from '../../api/client';

/**
 * The calls of handing out, returning, extending and reserving (001 §7 "Equipment"): one item,
 * several items and whole groups. Bookings are cached under ['equipment', 'bookings', …] and a
 * group's under ['equipment-groups', …]; every write invalidates ['equipment'] and
 * ['equipment-groups'], so the item pages, the lists and the group pages all refetch.
 */
export const bookingKeys = {
  all: ['equipment', 'bookings'] as const,
  reservations: (id: number) => ['equipment', 'bookings', id, 'reservations'] as const,
  pending: (id: number) => ['equipment', 'bookings', id, 'pending'] as const,
  handouts: (id: number) => ['equipment', 'bookings', id, 'handouts'] as const,
  availability: (ids: readonly number[]) => ['equipment', 'bookings', 'availability', ids] as const,
  returnAvailability: (ids: readonly number[]) =>
    ['equipment', 'bookings', 'return-availability', ids] as const,
  groupReservations: (id: number) => ['equipment-groups', id, 'reservations'] as const,
  groupAvailability: (id: number, kind: GroupAvailabilityKind) =>
    ['equipment-groups', id, 'availability', kind] as const,
  holders: (search: string) => ['external-holders', 'booking-select', search] as const,
};

export type GroupAvailabilityKind = 'availability' | 'reservation' | 'extend';

/** After any booking write: items, their bookings, the lists and the groups show the change. */
function useAfterWrite() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: ['equipment'] });
    void client.invalidateQueries({ queryKey: ['equipment-groups'] });
    void client.invalidateQueries({ queryKey: ['external-holders'] });
  };
}

/** A mutation whose success refreshes everything a booking shows in. */
function useBookingMutation<I, O>(fn: (input: I) => Promise<O>) {
  const afterWrite = useAfterWrite();
  return useMutation({ mutationFn: fn, onSuccess: afterWrite });
}

// --- Reads -------------------------------------------------------------------------------------

export function useReservations(equipmentId: number) {
  return useQuery({
    queryKey: bookingKeys.reservations(equipmentId),
    queryFn: ({ signal }) =>
      call(equipmentBookingContracts.reservations, { params: { id: equipmentId }, signal }),
    staleTime: 0,
  });
}

/** Requests waiting for a decision; asked only of someone who can decide (`enabled`). */
export function usePendingRequests(equipmentId: number, enabled = true) {
  return useQuery({
    queryKey: bookingKeys.pending(equipmentId),
    queryFn: ({ signal }) =>
      call(equipmentBookingContracts.pendingRequests, { params: { id: equipmentId }, signal }),
    enabled,
    staleTime: 0,
  });
}

/** GET equipment/availability: the days each item is held (today to 90 days on). */
export function useAvailability(ids: readonly number[], enabled = true) {
  return useQuery({
    queryKey: bookingKeys.availability(ids),
    queryFn: ({ signal }) => call(equipmentContracts.availability, { query: { ids: ids.join(',') }, signal }),
    enabled: enabled && ids.length > 0,
    staleTime: 0,
  });
}

/** The held days of a group's items: for a handout, a reservation or an extension. */
export function useGroupAvailability(groupId: number, kind: GroupAvailabilityKind, enabled = true) {
  const contract =
    kind === 'reservation'
      ? equipmentGroupContracts.reservationAvailability
      : kind === 'extend'
        ? equipmentGroupContracts.extendAvailability
        : equipmentGroupContracts.availability;
  return useQuery({
    queryKey: bookingKeys.groupAvailability(groupId, kind),
    queryFn: ({ signal }) => call(contract, { params: { id: groupId }, signal }),
    enabled,
    staleTime: 0,
  });
}

/** GET equipment/multiple/return_availability: who may confirm each item's return, and why not. */
export function useReturnAvailability(ids: readonly number[], enabled = true) {
  return useQuery({
    queryKey: bookingKeys.returnAvailability(ids),
    queryFn: ({ signal }) =>
      call(equipmentContracts.returnAvailability, { query: { equipment_ids: ids.join(',') }, signal }),
    enabled: enabled && ids.length > 0,
    staleTime: 0,
  });
}

export function useGroupReservations(groupId: number) {
  return useQuery({
    queryKey: bookingKeys.groupReservations(groupId),
    queryFn: ({ signal }) => call(equipmentGroupContracts.reservations, { params: { id: groupId }, signal }),
    staleTime: 0,
  });
}

/** Several items at once (their type's buffer days and longest reservation), for small selections. */
export function useEquipmentItems(ids: readonly number[], enabled = true) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: ['equipment', 'detail', id],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        call(equipmentContracts.get, { params: { id }, signal }),
      enabled,
      staleTime: 30_000,
    })),
  });
}

/** The external holders matching a search (the holder select of the handout and reserve dialogs). */
export function useExternalHolderOptions(search: string, enabled = true) {
  return useQuery({
    queryKey: bookingKeys.holders(search),
    queryFn: ({ signal }) =>
      call(externalHolderContracts.list, {
        query: { search, status: 'active', paginate_by: '20', page: '1' },
        signal,
      }),
    enabled,
    staleTime: 10_000,
  });
}

export function useCreateExternalHolder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateExternalHolderRequest) => call(externalHolderContracts.create, { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['external-holders'] }),
  });
}

// --- One item ------------------------------------------------------------------------------------

export function useHandout(equipmentId: number) {
  return useBookingMutation((body: CreateHandoutRequest) =>
    call(equipmentBookingContracts.handout, { params: { id: equipmentId }, body }),
  );
}

/** A new return date or note of a handout (the extension of one item). */
export function useUpdateHandout(equipmentId: number) {
  return useBookingMutation(({ handoutId, body }: { handoutId: number; body: UpdateBookingRequest }) =>
    call(equipmentBookingContracts.updateHandout, { params: { id: equipmentId, handoutId }, body }),
  );
}

/** Ends a handout (the item is back), or withdraws a handout request. */
export function useReturnHandout(equipmentId: number) {
  return useBookingMutation((handoutId: number) =>
    call(equipmentBookingContracts.returnHandout, { params: { id: equipmentId, handoutId } }),
  );
}

export function useReserve(equipmentId: number) {
  return useBookingMutation((body: CreateReservationRequest) =>
    call(equipmentBookingContracts.reserve, { params: { id: equipmentId }, body }),
  );
}

export function useUpdateReservation(equipmentId: number) {
  return useBookingMutation(
    ({ reservationId, body }: { reservationId: number; body: UpdateBookingRequest }) =>
      call(equipmentBookingContracts.updateReservation, {
        params: { id: equipmentId, reservationId },
        body,
      }),
  );
}

export function useCancelReservation(equipmentId: number) {
  return useBookingMutation((reservationId: number) =>
    call(equipmentBookingContracts.cancelReservation, { params: { id: equipmentId, reservationId } }),
  );
}

/** Accept or decline a pending request: a handout's approve/decline, a reservation's buffer_accept/decline. */
export function useDecideRequest() {
  return useBookingMutation(({ booking, accept }: { booking: EquipmentBooking; accept: boolean }) =>
    booking.kind === 'handout'
      ? call(equipmentBookingContracts.decideHandout, {
          params: {
            equipmentId: booking.equipment_id,
            handoutId: booking.id,
            action: accept ? 'approve' : 'decline',
          },
        })
      : call(accept ? equipmentBookingContracts.bufferAccept : equipmentBookingContracts.bufferDecline, {
          params: { id: booking.id },
        }),
  );
}

// --- Several items -----------------------------------------------------------------------------

export function useExtendHandouts() {
  return useBookingMutation((body: { handout_ids: number[]; return_at: string }) =>
    call(equipmentBookingContracts.extend, { body }),
  );
}

export function useMixHandout() {
  return useBookingMutation((body: MixHandoutRequest) =>
    call(equipmentBookingContracts.mixHandout, { body }),
  );
}

export function useMultipleReturn() {
  return useBookingMutation((ids: number[]) =>
    call(equipmentContracts.multipleReturn, { body: { equipment_ids: ids } }),
  );
}

export function useMultipleReservation() {
  return useBookingMutation((body: MultipleReservationRequest) =>
    call(equipmentBookingContracts.multipleReservation, { body }),
  );
}

// --- Groups --------------------------------------------------------------------------------------

export function useGroupHandout(groupId: number) {
  return useBookingMutation((body: CreateHandoutRequest) =>
    call(equipmentGroupContracts.handout, { params: { id: groupId }, body }),
  );
}

export function useGroupExtend(groupId: number) {
  return useBookingMutation((returnAt: string) =>
    call(equipmentGroupContracts.extendHandout, { params: { id: groupId }, body: { return_at: returnAt } }),
  );
}

export function useGroupReturn(groupId: number) {
  return useBookingMutation(() => call(equipmentGroupContracts.returnGroup, { params: { id: groupId } }));
}

export function useGroupReserve(groupId: number) {
  return useBookingMutation((body: CreateReservationRequest) =>
    call(equipmentGroupContracts.reserve, { params: { id: groupId }, body }),
  );
}

export function useGroupUpdateReservation(groupId: number) {
  return useBookingMutation(
    ({ reservationId, body }: { reservationId: number; body: UpdateBookingRequest }) =>
      call(equipmentGroupContracts.updateReservation, { params: { id: groupId, reservationId }, body }),
  );
}

export function useGroupCancelReservation(groupId: number) {
  return useBookingMutation((reservationId: number) =>
    call(equipmentGroupContracts.cancelReservation, { params: { id: groupId, reservationId } }),
  );
}

export type { EquipmentAvailability };
