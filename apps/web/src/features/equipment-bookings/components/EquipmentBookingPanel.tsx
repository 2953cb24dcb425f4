import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendarTime } from '@tabler/icons-react';
import type { Equipment, EquipmentBooking } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { useNotify } from '../../../ui/feedback/use-notify';
import { useCancelReservation, usePendingRequests, useReservations, useReturnHandout } from '../booking-api';
import { formatDay } from '../booking-days';
import { BookingButtons } from './BookingButtons';
import { HolderName } from './BookingFields';
import { PendingRequestList, ReservationList, useConfirmCancelReservation } from './BookingLists';
import { ExtendDialog } from './ExtendDialog';
import { HandoutDialog } from './HandoutDialog';
import { ReserveDialog } from './ReserveDialog';
import { ReturnDialog } from './ReturnDialog';

type Dialog =
  | { kind: 'handout'; reservation?: EquipmentBooking }
  | { kind: 'return' }
  | { kind: 'extend' }
  | { kind: 'reserve'; editing?: EquipmentBooking }
  | null;

/**
 * The item detail page's bookings (001 §2): who has it now (holder, since, return date, overdue,
 * note), Hand out / Return / Extend / Reserve as the item's answer allows, the reservations from
 * today on, and the requests waiting for the managers' decision.
 */
export function EquipmentBookingPanel({ equipment }: { equipment: Equipment }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const [dialog, setDialog] = useState<Dialog>(null);
  const reservations = useReservations(equipment.id);
  const pending = usePendingRequests(equipment.id, equipment.can_manage);
  const cancelReservation = useConfirmCancelReservation(useCancelReservation(equipment.id));
  const withdraw = useReturnHandout(equipment.id);
  const handout = equipment.handout;
  const archived = equipment.status === 'archived';
  const handedOut = handout?.state === 'active';
  const canHandOut = equipment.status === 'stored' && equipment.can_book;
  const canReturn = equipment.status === 'issued' && equipment.can_return && handedOut;
  const canExtend = handedOut && handout.can_change && !archived;
  const canReserve = equipment.can_book && !archived;
  const requests = (pending.data?.data ?? []).filter((r) => r.state === 'pending');
  // A request the caller decides shows once, among the requests above.
  const deciding = new Set(requests.filter((r) => r.can_decide).map((r) => r.id));
  const reservationRows = (reservations.data?.data ?? []).filter(
    (r) => (r.state === 'pending' || r.state === 'active') && !deciding.has(r.id),
  );

  const withdrawRequest = async () => {
    if (!handout) return;
    try {
      await withdraw.mutateAsync(handout.id);
      notify.ok('equipment-bookings.request_withdrawn');
    } catch (err) {
      notify.fail(err);
    }
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid="equipment-booking-panel">
      <Stack gap="md">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={2} size="h4">
            {t('equipment-bookings.panel_title')}
          </Title>
          <BookingButtons
            size="sm"
            labels={{
              handout: canHandOut ? t('equipment-bookings.hand_out') : undefined,
              return: canReturn ? t('equipment-bookings.return') : undefined,
              extend: canExtend ? t('equipment-bookings.extend') : undefined,
              reserve: canReserve ? t('equipment-bookings.reserve') : undefined,
            }}
            onOpen={(kind) => setDialog({ kind })}
          />
        </Group>

        <section aria-label={t('equipment-bookings.current_handout')}>
          {handout ? (
            <Stack gap={4} data-testid="current-handout">
              <Group gap="xs" wrap="wrap">
                <Text size="sm" c="dimmed">
                  {handout.state === 'pending'
                    ? t('equipment-bookings.requested_for')
                    : t('equipment-bookings.handed_out_to')}
                </Text>
                <HolderName holder={handout.holder} />
                {handout.state === 'pending' && (
                  <Badge color="yellow" variant="light">
                    {t('equipment-bookings.waiting_approval')}
                  </Badge>
                )}
                {handout.overdue && (
                  <Badge color="red" variant="filled" data-testid="overdue-badge">
                    {t('equipment-bookings.overdue')}
                  </Badge>
                )}
              </Group>
              <Group gap="lg" wrap="wrap">
                <Text size="sm">
                  {t('equipment-bookings.since', {
                    day: formatDay(handout.reservation_start_date, i18n.language),
                  })}
                </Text>
                <Text
                  size="sm"
                  c={handout.overdue ? 'red.9' : undefined}
                  fw={handout.overdue ? 600 : undefined}
                >
                  {t('equipment-bookings.return_on', { day: formatDay(handout.return_at, i18n.language) })}
                </Text>
              </Group>
              {handout.note && (
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                  {handout.note}
                </Text>
              )}
              {handout.state === 'pending' && handout.can_change && !handout.can_decide && (
                <Button
                  size="compact-sm"
                  variant="default"
                  style={{ alignSelf: 'flex-start' }}
                  loading={withdraw.isPending}
                  onClick={() => void withdrawRequest()}
                >
                  {t('equipment-bookings.withdraw_request')}
                </Button>
              )}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed" data-testid="current-handout">
              {archived ? t('equipment-bookings.archived') : t('equipment-bookings.in_storage')}
            </Text>
          )}
        </section>

        {equipment.can_manage && (pending.isPending || requests.length > 0 || pending.isError) && (
          <Stack gap="xs">
            <Title order={3} size="h5">
              {t('equipment-bookings.pending_requests')}
            </Title>
            {pending.isPending ? (
              <Loader size="sm" />
            ) : pending.isError ? (
              <ErrorPanel error={pending.error} onRetry={() => void pending.refetch()} />
            ) : (
              <PendingRequestList requests={requests} />
            )}
          </Stack>
        )}

        <Stack gap="xs">
          <Group gap="xs">
            <IconCalendarTime size={18} aria-hidden />
            <Title order={3} size="h5">
              {t('equipment-bookings.reservations')}
            </Title>
          </Group>
          {reservations.isPending ? (
            <Loader size="sm" />
          ) : reservations.isError ? (
            <ErrorPanel error={reservations.error} onRetry={() => void reservations.refetch()} />
          ) : (
            <ReservationList
              reservations={reservationRows}
              onChange={(r) => setDialog({ kind: 'reserve', editing: r })}
              onCancel={cancelReservation}
              onHandOut={canHandOut ? (r) => setDialog({ kind: 'handout', reservation: r }) : undefined}
            />
          )}
        </Stack>

        {archived && (
          <Alert color="gray" p="xs">
            {t('equipment-bookings.archived_hint')}
          </Alert>
        )}
      </Stack>

      {dialog?.kind === 'handout' && (
        <HandoutDialog
          target={{ kind: 'item', equipment }}
          canChooseHolder={equipment.can_manage}
          reservation={dialog.reservation}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'return' && handout && (
        <ReturnDialog handout={handout} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'extend' && handout && (
        <ExtendDialog handout={handout} currentReturn={handout.return_at} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'reserve' && (
        <ReserveDialog
          target={{ kind: 'item', equipment }}
          canChooseHolder={equipment.can_manage}
          editing={dialog.editing}
          onClose={() => setDialog(null)}
        />
      )}
    </Paper>
  );
}
