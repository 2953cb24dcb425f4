import { Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { addDays, type EquipmentBooking } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import {
  useGroupReserve,
  useGroupUpdateReservation,
  useMultipleReservation,
  useReserve,
  useUpdateReservation,
} from '../booking-api';
import { conflictingTitles, formatDay, heldRanges, latestEnd, startExcluded } from '../booking-days';
import { type BookingTarget, targetWorkspace } from '../booking-target';
import { useBookingTarget } from '../use-booking-target';
import {
  BookingDates,
  DayInput,
  DialogActions,
  DialogError,
  type HolderChoice,
  HolderField,
  holderBody,
  holderOf,
  NoteField,
  useBookingErrorText,
  useBufferText,
  useOrganisationToday,
  useSelfHolder,
} from './BookingFields';

/**
 * Reserve one item, several items (all or none) or a group, or change a reservation: the start
 * and return dates (days held by other bookings, with this one's buffer days, cannot be picked),
 * the buffer days and the type's longest reservation shown, the holder and a note.
 */
export function ReserveDialog({
  target,
  canChooseHolder,
  editing,
  editingBatch = [],
  onClose,
}: {
  target: BookingTarget;
  canChooseHolder: boolean;
  /** Changing this reservation (its dates and note). */
  editing?: EquipmentBooking;
  /** The bookings made with it (a group's), whose days are its own. */
  editingBatch?: number[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const today = useOrganisationToday();
  const self = useSelfHolder();
  const bufferText = useBufferText();
  const bookingError = useBookingErrorText();
  const { ids, items, rules, mayChoose, availability } = useBookingTarget(
    target,
    canChooseHolder,
    'reservation',
  );
  const before = editing ? editing.buffer_days_reservations.before : rules.before;
  const after = editing ? editing.buffer_days_reservations.after : rules.after;

  const ranges = heldRanges(availability?.data, editing ? [editing.id, ...editingBatch] : []);

  const [holder, setHolder] = useState<HolderChoice>(editing ? holderOf(editing.holder) : null);
  const chosen = holder ?? (mayChoose ? null : self);
  const [start, setStart] = useState<string | null>(editing?.reservation_start_date ?? null);
  const [end, setEnd] = useState<string | null>(editing?.return_at ?? null);
  const [note, setNote] = useState(editing?.note ?? '');
  const [errors, setErrors] = useState<{
    holder?: string;
    start?: string;
    end?: string;
    form?: string;
  }>({});

  const lastEnd = start ? latestEnd(start, ranges, after, rules.maxDays) : null;

  const reserveItem = useReserve(target.kind === 'item' ? target.equipment.id : 0);
  const updateItem = useUpdateReservation(target.kind === 'item' ? target.equipment.id : 0);
  const reserveSeveral = useMultipleReservation();
  const reserveGroup = useGroupReserve(target.kind === 'group' ? target.group.id : 0);
  const updateGroup = useGroupUpdateReservation(target.kind === 'group' ? target.group.id : 0);
  const pending = [reserveItem, updateItem, reserveSeveral, reserveGroup, updateGroup].some(
    (m) => m.isPending,
  );

  const submit = async () => {
    const local: typeof errors = {};
    if (!editing && !chosen) local.holder = t('errors.holder_required');
    if (!start) local.start = t('errors.required');
    if (!end) local.end = t('errors.required');
    else if (start && end < start) local.end = t('errors.end_before_start');
    setErrors(local);
    if (Object.keys(local).length || !start || !end) return;
    const dates = { reservation_start_date: start, return_at: end };
    const body = { ...holderBody(chosen), ...dates, note: note.trim() || null };
    try {
      if (editing) {
        const change = { body: { ...dates, note: note.trim() || null }, reservationId: editing.id };
        if (target.kind === 'group') await updateGroup.mutateAsync(change);
        else await updateItem.mutateAsync(change);
      } else if (target.kind === 'item') await reserveItem.mutateAsync(body);
      else if (target.kind === 'group') await reserveGroup.mutateAsync(body);
      else await reserveSeveral.mutateAsync({ ...body, equipment_ids: ids });
      onClose();
    } catch (err) {
      const period = { from: addDays(start, -before), to: addDays(end, after) };
      const conflicts = err instanceof ApiError ? conflictingTitles(ranges, period) : [];
      setErrors({ form: bookingError(err, conflicts) });
    }
  };

  const heading = editing
    ? t('equipment-bookings.change_reservation_title')
    : target.kind === 'item'
      ? t('equipment-bookings.reserve_title', { title: target.equipment.title })
      : target.kind === 'group'
        ? t('equipment-bookings.reserve_group_title', { name: target.group.name })
        : t('equipment-bookings.reserve_several_title', { count: ids.length });
  const buffers = bufferText(before, after);

  return (
    <Modal opened onClose={onClose} title={heading} centered fullScreen={phone} size="md">
      <BookingDates>
        <Stack gap="sm">
          {target.kind === 'items' && (
            <Text size="sm" c="dimmed">
              {t('equipment-bookings.all_or_none')}
            </Text>
          )}
          {items.some((i) => i.requires_approval) && !mayChoose && !editing && (
            <Text size="sm" c="dimmed">
              {t('equipment-bookings.needs_approval')}
            </Text>
          )}
          <HolderField
            value={chosen}
            onChange={setHolder}
            canChoose={mayChoose && !editing}
            workspaceId={targetWorkspace(target)}
            error={errors.holder}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <DayInput
              label={t('equipment-bookings.start_date')}
              value={start}
              onChange={(day) => {
                setStart(day);
                const bound = day ? latestEnd(day, ranges, after, rules.maxDays) : null;
                if (day && end && (end < day || (bound !== null && end > bound))) setEnd(null);
              }}
              minDate={today}
              excludeDate={(day) => startExcluded(day, ranges, before)}
              required
              error={errors.start}
              testId="reserve-start"
            />
            <DayInput
              label={t('equipment-bookings.return_date')}
              value={end}
              onChange={setEnd}
              minDate={start ?? today}
              maxDate={lastEnd ?? undefined}
              required
              error={errors.end}
              testId="reserve-end"
            />
          </SimpleGrid>
          <Stack gap={2}>
            <Text size="sm" c="dimmed" data-testid="reserve-buffer">
              {buffers ? t('equipment-bookings.buffer_info', { buffers }) : t('equipment-bookings.no_buffer')}
            </Text>
            {rules.maxDays !== null && (
              <Text size="sm" c="dimmed">
                {t('equipment-bookings.longest_reservation', { count: rules.maxDays })}
              </Text>
            )}
            {start && lastEnd && (
              <Text size="sm" c="dimmed">
                {t('equipment-bookings.return_by', { day: formatDay(lastEnd, i18n.language) })}
              </Text>
            )}
          </Stack>
          <NoteField value={note} onChange={setNote} />
          <DialogError text={errors.form ?? null} />
          <DialogActions
            label={editing ? t('equipment-bookings.save') : t('equipment-bookings.reserve')}
            pending={pending}
            onCancel={onClose}
            onConfirm={() => void submit()}
            testId="reserve-confirm"
          />
        </Stack>
      </BookingDates>
    </Modal>
  );
}
