import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { EquipmentBooking, EquipmentBulkResult } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { useGroupHandout, useHandout, useMixHandout } from '../booking-api';
import { conflictingTitles, formatDay, heldRanges, isHeld, latestEnd } from '../booking-days';
import { type BookingTarget, targetWorkspace } from '../booking-target';
import { useBookingTarget } from '../use-booking-target';
import {
  BookingDates,
  BulkResultList,
  DayInput,
  DialogActions,
  DialogError,
  type HolderChoice,
  HolderField,
  holderBody,
  holderOf,
  NoteField,
  useBookingErrorText,
  useOrganisationToday,
  useSelfHolder,
} from './BookingFields';

/**
 * Hand out one item, several items (mix_handout) or a whole group: the holder (a person or an
 * external holder), the return date (prefilled with the type's default; required when the type
 * sets none: 'Return date is mandatory.') and a note. Days held by other bookings cannot be
 * picked as the return date.
 */
export function HandoutDialog({
  target,
  canChooseHolder,
  reservation,
  onClose,
  titleOf,
}: {
  target: BookingTarget;
  /** Managers hand out to anyone; others ask for themselves. */
  canChooseHolder: boolean;
  /** Handing out what this reservation kept: its holder and return date. */
  reservation?: EquipmentBooking;
  onClose: () => void;
  titleOf?: (id: number) => string;
}) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const today = useOrganisationToday();
  const self = useSelfHolder();
  const { ids, items, rules, mayChoose, rulesKnown, availability } = useBookingTarget(
    target,
    canChooseHolder,
    'availability',
  );
  const ranges = heldRanges(availability?.data, reservation ? [reservation.id] : []);
  const lastDay = latestEnd(today, ranges, 0, null);

  const [holder, setHolder] = useState<HolderChoice>(reservation ? holderOf(reservation.holder) : null);
  const chosen = holder ?? (mayChoose ? null : self);
  const [returnAt, setReturnAt] = useState<string | null>(reservation?.return_at ?? null);
  const [note, setNote] = useState(reservation?.note ?? '');
  const [errors, setErrors] = useState<{ holder?: string; return_at?: string; form?: string }>({});
  const [result, setResult] = useState<EquipmentBulkResult | null>(null);
  const bookingError = useBookingErrorText();

  const effectiveReturn = returnAt ?? (rulesKnown ? rules.defaultReturn : null);
  const dateRequired = rulesKnown && rules.needsDate;

  const itemHandout = useHandout(target.kind === 'item' ? target.equipment.id : 0);
  const mix = useMixHandout();
  const groupHandout = useGroupHandout(target.kind === 'group' ? target.group.id : 0);
  const pending = itemHandout.isPending || mix.isPending || groupHandout.isPending;

  const titles = new Map([
    ...(availability?.data ?? []).map((a) => [a.equipment_id, a.title] as const),
    ...items.map((i) => [i.id, i.title] as const),
  ]);
  const titleFor = (id: number) => titles.get(id) ?? titleOf?.(id) ?? `#${id}`;

  const submit = async () => {
    const local: typeof errors = {};
    if (!chosen) local.holder = t('errors.holder_required');
    if (dateRequired && !returnAt) local.return_at = t('errors.return_date_required');
    setErrors(local);
    if (Object.keys(local).length) return;
    const body = {
      ...holderBody(chosen),
      return_at: returnAt ?? undefined,
      note: note.trim() || null,
      ...(reservation ? { reservation_id: reservation.id } : {}),
    };
    try {
      if (target.kind === 'item') {
        await itemHandout.mutateAsync(body);
        onClose();
      } else if (target.kind === 'group') {
        await groupHandout.mutateAsync(body);
        onClose();
      } else {
        setResult(await mix.mutateAsync({ ...body, equipment_ids: ids }));
      }
    } catch (err) {
      if (err instanceof ApiError && err.key === 'return_date_required') {
        setErrors({ return_at: t('errors.return_date_required') });
        return;
      }
      const until = effectiveReturn ?? today;
      setErrors({ form: bookingError(err, conflictingTitles(ranges, { from: today, to: until })) });
    }
  };

  const heading =
    target.kind === 'item'
      ? t('equipment-bookings.handout_title', { title: target.equipment.title })
      : target.kind === 'group'
        ? t('equipment-bookings.handout_group_title', { name: target.group.name })
        : t('equipment-bookings.handout_several_title', { count: ids.length });

  return (
    <Modal opened onClose={onClose} title={heading} centered fullScreen={phone} size="md">
      {result ? (
        <Stack>
          <BulkResultList result={result} titleOf={titleFor} />
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('equipment-bookings.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <BookingDates>
          <Stack gap="sm">
            {items.some((i) => i.requires_approval) && !mayChoose && (
              <Text size="sm" c="dimmed">
                {t('equipment-bookings.needs_approval')}
              </Text>
            )}
            <HolderField
              value={chosen}
              onChange={setHolder}
              canChoose={mayChoose && !reservation}
              workspaceId={targetWorkspace(target)}
              error={errors.holder}
            />
            <DayInput
              label={t('equipment-bookings.return_date')}
              value={returnAt ?? (rulesKnown ? rules.defaultReturn : null)}
              onChange={setReturnAt}
              minDate={today}
              maxDate={lastDay ?? undefined}
              excludeDate={(day) => isHeld(day, ranges)}
              required={dateRequired}
              error={errors.return_at}
              description={
                rulesKnown && rules.defaultReturn && !returnAt
                  ? t('equipment-bookings.default_return_hint')
                  : lastDay
                    ? t('equipment-bookings.free_until', { day: formatDay(lastDay, i18n.language) })
                    : undefined
              }
              testId="handout-return-date"
            />
            <NoteField value={note} onChange={setNote} />
            <DialogError text={errors.form ?? null} />
            <DialogActions
              label={t('equipment-bookings.hand_out')}
              pending={pending}
              onCancel={onClose}
              onConfirm={() => void submit()}
              testId="handout-confirm"
            />
          </Stack>
        </BookingDates>
      )}
    </Modal>
  );
}
