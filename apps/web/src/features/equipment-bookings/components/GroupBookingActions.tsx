import { Badge, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { EquipmentBooking, EquipmentGroupDetail } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { useNotify } from '../../../ui/feedback/use-notify';
import { useDecideRequest, useGroupCancelReservation, useGroupReservations } from '../booking-api';
import { formatDay } from '../booking-days';
import { batchOf } from '../booking-target';
import { BookingButtons } from './BookingButtons';
import { DecisionButtons, RequestCard, ReservationList, useConfirmCancelReservation } from './BookingLists';
import { ExtendDialog } from './ExtendDialog';
import { HandoutDialog } from './HandoutDialog';
import { ReserveDialog } from './ReserveDialog';
import { ReturnDialog } from './ReturnDialog';

type Dialog =
  | { kind: 'handout' }
  | { kind: 'return' }
  | { kind: 'extend' }
  | { kind: 'reserve'; editing?: EquipmentBooking; batch?: number[] }
  | null;

/** One line per booking made together (a group's reservation holds one booking per item). */
function firstOfEachBatch(bookings: readonly EquipmentBooking[]): EquipmentBooking[] {
  const seen = new Set<number>();
  return bookings.filter((b) => {
    const batch = b.batch_id ?? b.id;
    if (seen.has(batch)) return false;
    seen.add(batch);
    return true;
  });
}

/**
 * A whole group's bookings for the groups page (001 §2): hand out, return, extend and reserve
 * every item at once (all or none), the group's reservations with change and cancel, and its
 * reservation requests waiting for a manager's Accept / Decline.
 */
export function GroupBookingActions({ group }: { group: EquipmentGroupDetail }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const [dialog, setDialog] = useState<Dialog>(null);
  const reservations = useGroupReservations(group.id);
  const cancelReservation = useConfirmCancelReservation(useGroupCancelReservation(group.id));
  const decide = useDecideRequest();
  const archived = group.status === 'archived';
  const items = group.equipment;
  const issued = items.filter((e) => e.status === 'issued');
  const allStored = items.length > 0 && items.every((e) => e.status === 'stored');
  const anyOverdue = issued.some((e) => e.overdue);
  const earliestReturn =
    issued
      .map((e) => e.return_date)
      .filter((d): d is string => !!d)
      .sort()[0] ?? null;
  const all = reservations.data?.data ?? [];
  const rows = firstOfEachBatch(all.filter((r) => r.state === 'active' || r.state === 'pending'));
  const requests = rows.filter((r) => r.state === 'pending' && r.can_decide);
  const listed = rows.filter((r) => !(r.state === 'pending' && r.can_decide));

  /** Decides every booking of the request's batch (one per item); one already decided with it is fine. */
  const answer = async (booking: EquipmentBooking, accept: boolean) => {
    const batch = all.filter((b) => batchOf(booking, all).includes(b.id) && b.state === 'pending');
    try {
      for (const b of batch) {
        try {
          await decide.mutateAsync({ booking: b, accept });
        } catch (err) {
          if (!(err instanceof ApiError && err.key === 'booking_not_pending')) throw err;
        }
      }
      notify.ok(accept ? 'equipment-bookings.request_accepted' : 'equipment-bookings.request_declined');
    } catch (err) {
      notify.fail(err);
    }
  };

  return (
    <Stack gap="sm" data-testid="group-booking-actions">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="wrap">
          {anyOverdue && (
            <Badge color="red" variant="filled">
              {t('equipment-bookings.overdue')}
            </Badge>
          )}
          {earliestReturn && (
            <Text size="sm" c={anyOverdue ? 'red.9' : 'dimmed'}>
              {t('equipment-bookings.return_on', { day: formatDay(earliestReturn, i18n.language) })}
            </Text>
          )}
        </Group>
        <BookingButtons
          size="xs"
          labels={{
            handout: allStored && !archived ? t('equipment-bookings.hand_out_group') : undefined,
            return: issued.length > 0 ? t('equipment-bookings.return_group') : undefined,
            extend: issued.length > 0 && !archived ? t('equipment-bookings.extend') : undefined,
            reserve: items.length > 0 && !archived ? t('equipment-bookings.reserve_group') : undefined,
          }}
          onOpen={(kind) => setDialog({ kind })}
        />
      </Group>

      {requests.length > 0 && (
        <Stack gap="xs" data-testid="group-pending-requests">
          <Title order={3} size="h5">
            {t('equipment-bookings.pending_requests')}
          </Title>
          {requests.map((r) => (
            <RequestCard key={r.id} request={r}>
              <DecisionButtons
                onAnswer={(accept) => void answer(r, accept)}
                accepting={decide.isPending}
                declineDisabled={decide.isPending}
              />
            </RequestCard>
          ))}
        </Stack>
      )}

      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('equipment-bookings.reservations')}
        </Title>
        {reservations.isPending ? (
          <Loader size="sm" />
        ) : reservations.isError ? (
          <ErrorPanel error={reservations.error} onRetry={() => void reservations.refetch()} />
        ) : (
          <ReservationList
            reservations={listed}
            onChange={(r) => setDialog({ kind: 'reserve', editing: r, batch: batchOf(r, all) })}
            onCancel={cancelReservation}
          />
        )}
      </Stack>

      {dialog?.kind === 'handout' && (
        <HandoutDialog target={{ kind: 'group', group }} canChooseHolder onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'return' && <ReturnDialog group={group} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'extend' && (
        <ExtendDialog group={group} currentReturn={earliestReturn} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'reserve' && (
        <ReserveDialog
          target={{ kind: 'group', group }}
          canChooseHolder
          editing={dialog.editing}
          editingBatch={dialog.batch}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}
