import { Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { addDays, type EquipmentBooking, type EquipmentGroupDetail } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { useAvailability, useGroupAvailability, useGroupExtend, useUpdateHandout } from '../booking-api';
import { conflictingTitles, formatDay, heldRanges, isHeld, latestExtension } from '../booking-days';
import {
  BookingDates,
  DayInput,
  DialogActions,
  DialogError,
  useBookingErrorText,
  useOrganisationToday,
} from './BookingFields';

/**
 * A later return date for a handout of one item, or for a group's handouts (all or none). The
 * new date is today or later; days another booking holds after the handout cannot be picked
 * (extend_availability for a group, availability for an item).
 */
export function ExtendDialog({
  handout,
  group,
  currentReturn,
  onClose,
}: {
  /** One item's handout… */
  handout?: EquipmentBooking;
  /** …or a group's. */
  group?: EquipmentGroupDetail;
  /** The return date now (a group's: the earliest of its items). */
  currentReturn: string | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const today = useOrganisationToday();
  const bookingError = useBookingErrorText();
  const itemAvailability = useAvailability(handout ? [handout.equipment_id] : [], !!handout);
  const groupAvailability = useGroupAvailability(group?.id ?? 0, 'extend', !!group);
  const availability = group ? groupAvailability.data : itemAvailability.data;
  const ranges = heldRanges(availability?.data, handout ? [handout.id] : []);
  const from = currentReturn && currentReturn > today ? currentReturn : today;
  const latest = latestExtension(from, ranges);
  const [returnAt, setReturnAt] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const updateHandout = useUpdateHandout(handout?.equipment_id ?? 0);
  const groupExtend = useGroupExtend(group?.id ?? 0);
  const pending = updateHandout.isPending || groupExtend.isPending;

  const submit = async () => {
    if (!returnAt) {
      setError(t('errors.return_date_required'));
      return;
    }
    setError(null);
    try {
      if (handout) await updateHandout.mutateAsync({ handoutId: handout.id, body: { return_at: returnAt } });
      else await groupExtend.mutateAsync(returnAt);
      onClose();
    } catch (err) {
      const conflicts =
        err instanceof ApiError ? conflictingTitles(ranges, { from: addDays(from, 1), to: returnAt }) : [];
      setError(bookingError(err, conflicts));
    }
  };

  const title = group
    ? t('equipment-bookings.extend_group_title', { name: group.name })
    : t('equipment-bookings.extend_title', { title: handout?.equipment_title ?? '' });

  return (
    <Modal opened onClose={onClose} title={title} centered fullScreen={phone} size="sm">
      <BookingDates>
        <Stack gap="sm">
          {currentReturn && (
            <Text size="sm">
              {t('equipment-bookings.current_return', { day: formatDay(currentReturn, i18n.language) })}
            </Text>
          )}
          <DayInput
            label={t('equipment-bookings.new_return_date')}
            value={returnAt}
            onChange={setReturnAt}
            minDate={today}
            maxDate={latest ?? undefined}
            excludeDate={(day) => isHeld(day, ranges)}
            required
            description={
              latest
                ? t('equipment-bookings.free_until', { day: formatDay(latest, i18n.language) })
                : undefined
            }
            testId="extend-return-date"
          />
          <DialogError text={error} />
          <DialogActions
            label={t('equipment-bookings.extend')}
            pending={pending}
            onCancel={onClose}
            onConfirm={() => void submit()}
            testId="extend-confirm"
          />
        </Stack>
      </BookingDates>
    </Modal>
  );
}
