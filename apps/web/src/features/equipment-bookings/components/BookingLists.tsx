import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { EquipmentBooking } from '@workbench/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../ui/feedback/use-notify';
import { useDecideRequest } from '../booking-api';
import { formatDay } from '../booking-days';
import { HolderName, useBufferText } from './BookingFields';

/** "12 Mar 2026 – 15 Mar 2026". */
export function usePeriodText() {
  const { i18n } = useTranslation();
  return (booking: Pick<EquipmentBooking, 'reservation_start_date' | 'return_at'>) => {
    const from = formatDay(booking.reservation_start_date, i18n.language);
    const to = formatDay(booking.return_at, i18n.language);
    return from === to ? from : `${from} – ${to}`;
  };
}

/**
 * The reservations from today on: dates, buffer days ("1 buffer day before"), holder and note,
 * with Change and Cancel for whoever may change them (admin, manager, holder).
 */
export function ReservationList({
  reservations,
  onChange,
  onCancel,
  onHandOut,
  showItem = false,
}: {
  reservations: EquipmentBooking[];
  onChange: (booking: EquipmentBooking) => void;
  onCancel: (booking: EquipmentBooking) => void;
  /** Offered for a reservation whose days hold today: hand out what it kept. */
  onHandOut?: (booking: EquipmentBooking) => void;
  showItem?: boolean;
}) {
  const { t } = useTranslation();
  const period = usePeriodText();
  const bufferText = useBufferText();
  if (reservations.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('equipment-bookings.no_reservations')}
      </Text>
    );
  return (
    <Stack gap="xs" data-testid="reservation-list">
      {reservations.map((r) => {
        const buffers = bufferText(r.buffer_days_reservations.before, r.buffer_days_reservations.after);
        return (
          <Paper key={r.id} withBorder radius="md" p="sm" data-testid="reservation-row">
            <Stack gap={4}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text fw={600} size="sm">
                  {period(r)}
                </Text>
                <Group gap={4}>
                  {r.state === 'pending' && (
                    <Badge size="sm" color="yellow" variant="light">
                      {t('equipment-bookings.waiting_approval')}
                    </Badge>
                  )}
                  {r.currently_active && (
                    <Badge size="sm" color="blue" variant="light">
                      {t('equipment-bookings.active_now')}
                    </Badge>
                  )}
                </Group>
              </Group>
              {showItem && <Text size="sm">{r.equipment_title}</Text>}
              {buffers && (
                <Text size="xs" c="dimmed">
                  {buffers}
                </Text>
              )}
              <Text size="sm" component="div">
                <HolderName holder={r.holder} />
              </Text>
              {r.note && (
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                  {r.note}
                </Text>
              )}
              {(r.can_change || (onHandOut && r.currently_active && r.state === 'active')) && (
                <Group gap="xs" mt={4}>
                  {onHandOut && r.currently_active && r.state === 'active' && (
                    <Button size="compact-sm" variant="light" onClick={() => onHandOut(r)}>
                      {t('equipment-bookings.hand_out')}
                    </Button>
                  )}
                  {r.can_change && (
                    <>
                      <Button size="compact-sm" variant="default" onClick={() => onChange(r)}>
                        {t('equipment-bookings.change')}
                      </Button>
                      <Button size="compact-sm" variant="default" color="red" onClick={() => onCancel(r)}>
                        {t('equipment-bookings.cancel_reservation')}
                      </Button>
                    </>
                  )}
                </Group>
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}

/** Asks before cancelling a reservation. */
export function confirmCancelReservation(
  t: (key: string, values?: Record<string, unknown>) => string,
  periodText: string,
  onConfirm: () => void,
) {
  modals.openConfirmModal({
    title: t('equipment-bookings.cancel_reservation_title'),
    children: (
      <Text size="sm">{t('equipment-bookings.cancel_reservation_text', { period: periodText })}</Text>
    ),
    labels: { confirm: t('equipment-bookings.cancel_reservation'), cancel: t('equipment-bookings.keep') },
    confirmProps: { color: 'red', 'data-testid': 'reservation-cancel-confirm' } as Record<string, unknown>,
    onConfirm,
  });
}

/**
 * Cancelling a reservation from a list: asks first, then cancels with `cancel` (an item's or a
 * group's) and says so in a toast.
 */
export function useConfirmCancelReservation(cancel: UseMutationResult<unknown, Error, number>) {
  const { t } = useTranslation();
  const notify = useNotify();
  const period = usePeriodText();
  return (booking: EquipmentBooking) =>
    confirmCancelReservation(t, period(booking), async () => {
      try {
        await cancel.mutateAsync(booking.id);
        notify.ok('equipment-bookings.reservation_cancelled');
      } catch (err) {
        notify.fail(err);
      }
    });
}

/**
 * One request waiting for a decision: what is asked (handout or reservation), its period and
 * buffer days, the holder, who asked (with `showRequester`), the note; `children` go below (the
 * Accept / Decline buttons).
 */
export function RequestCard({
  request: r,
  showRequester = false,
  children,
}: {
  request: EquipmentBooking;
  showRequester?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const period = usePeriodText();
  const bufferText = useBufferText();
  const buffers =
    r.kind === 'reservation'
      ? bufferText(r.buffer_days_reservations.before, r.buffer_days_reservations.after)
      : '';
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-yellow-light)">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} size="sm">
            {r.kind === 'handout'
              ? t('equipment-bookings.request_handout')
              : t('equipment-bookings.request_reservation')}
          </Text>
          <Text size="sm">{period(r)}</Text>
        </Group>
        {buffers && (
          <Text size="xs" c="dimmed">
            {buffers}
          </Text>
        )}
        <Text size="sm" component="div">
          <HolderName holder={r.holder} />
        </Text>
        {showRequester && r.requested_by && (
          <Text size="xs" c="dimmed">
            {t('equipment-bookings.requested_by', { name: r.requested_by.full_name })}
          </Text>
        )}
        {r.note && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {r.note}
          </Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}

/** A request's Accept and Decline buttons. */
export function DecisionButtons({
  onAnswer,
  accepting,
  declining = false,
  declineDisabled,
}: {
  onAnswer: (accept: boolean) => void;
  /** The Accept button spins. */
  accepting: boolean;
  /** The Decline button spins. */
  declining?: boolean;
  declineDisabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" mt={4}>
      <Button
        size="compact-sm"
        color="teal"
        leftSection={<IconCheck size={14} />}
        loading={accepting}
        onClick={() => onAnswer(true)}
      >
        {t('equipment-bookings.accept')}
      </Button>
      <Button
        size="compact-sm"
        variant="default"
        leftSection={<IconX size={14} />}
        loading={declining}
        disabled={declineDisabled}
        onClick={() => onAnswer(false)}
      >
        {t('equipment-bookings.decline')}
      </Button>
    </Group>
  );
}

/**
 * Requests waiting for a decision (a handout or a reservation asked by someone who does not
 * manage the item, when it needs approval): Accept / Decline for the managers.
 */
export function PendingRequestList({ requests }: { requests: EquipmentBooking[] }) {
  const notify = useNotify();
  const decide = useDecideRequest();
  const answer = async (booking: EquipmentBooking, accept: boolean) => {
    try {
      await decide.mutateAsync({ booking, accept });
      notify.ok(accept ? 'equipment-bookings.request_accepted' : 'equipment-bookings.request_declined');
    } catch (err) {
      notify.fail(err);
    }
  };
  if (requests.length === 0) return null;
  const answering = (r: EquipmentBooking, accept: boolean) =>
    decide.isPending && decide.variables?.booking.id === r.id && decide.variables.accept === accept;
  return (
    <Stack gap="xs" data-testid="pending-requests">
      {requests.map((r) => (
        <RequestCard key={r.id} request={r} showRequester>
          {r.can_decide && (
            <DecisionButtons
              onAnswer={(accept) => void answer(r, accept)}
              accepting={answering(r, true)}
              declining={answering(r, false)}
            />
          )}
        </RequestCard>
      ))}
    </Stack>
  );
}
