import { Button, Center, Group, List, Loader, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { EquipmentBooking, EquipmentBulkResult, EquipmentGroupDetail } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../ui/feedback/use-error-text';
import { useGroupReturn, useMultipleReturn, useReturnAvailability, useReturnHandout } from '../booking-api';
import { BulkResultList, DialogError, HolderName } from './BookingFields';

/**
 * Confirm a return: one item's handout, several items or a group's. For several, the list says
 * for each item whether the caller may confirm its return and why not (return_availability: not
 * handed out, or the strict return setting lets only the holder or a manager).
 */
export function ReturnDialog({
  handout,
  equipmentIds,
  group,
  onClose,
}: {
  handout?: EquipmentBooking;
  equipmentIds?: number[];
  group?: EquipmentGroupDetail;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const ids = group ? group.equipment.map((e) => e.id) : (equipmentIds ?? []);
  const several = !handout;
  const check = useReturnAvailability(ids, several);
  const one = useReturnHandout(handout?.equipment_id ?? 0);
  const many = useMultipleReturn();
  const whole = useGroupReturn(group?.id ?? 0);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<EquipmentBulkResult | null>(null);
  const pending = one.isPending || many.isPending || whole.isPending;
  const rows = check.data?.data ?? [];
  const returnable = rows.filter((r) => r.can_return).map((r) => r.equipment_id);
  const titles = new Map(rows.map((r) => [r.equipment_id, r.title]));

  const submit = async () => {
    setError(null);
    try {
      if (handout) {
        await one.mutateAsync(handout.id);
        onClose();
        return;
      }
      const answer = group ? await whole.mutateAsync() : await many.mutateAsync(returnable);
      if (answer.not_done.length === 0) onClose();
      else setResult(answer);
    } catch (err) {
      setError(errorText(err));
    }
  };

  const title = group
    ? t('equipment-bookings.return_group_title', { name: group.name })
    : handout
      ? t('equipment-bookings.return_title', { title: handout.equipment_title })
      : t('equipment-bookings.return_several_title', { count: ids.length });

  return (
    <Modal opened onClose={onClose} title={title} centered size="md">
      {result ? (
        <Stack>
          <BulkResultList result={result} titleOf={(id) => titles.get(id) ?? `#${id}`} />
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('equipment-bookings.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          {handout ? (
            <Text size="sm" component="div">
              {t('equipment-bookings.return_confirm')} <HolderName holder={handout.holder} />
            </Text>
          ) : check.isPending ? (
            <Center py="md">
              <Loader size="sm" />
            </Center>
          ) : (
            <List spacing={4} size="sm" center data-testid="return-availability">
              {rows.map((row) => (
                <List.Item
                  key={row.equipment_id}
                  icon={
                    <ThemeIcon size={18} radius="xl" color={row.can_return ? 'teal' : 'red'} variant="light">
                      {row.can_return ? <IconCheck size={12} aria-hidden /> : <IconX size={12} aria-hidden />}
                    </ThemeIcon>
                  }
                >
                  <Text span size="sm" fw={500}>
                    {row.title}
                  </Text>
                  {row.handout?.holder && (
                    <Text span size="sm" c="dimmed">
                      {' '}
                      — {row.handout.holder.full_name}
                    </Text>
                  )}
                  {!row.can_return && (
                    <Text size="xs" c="red.9">
                      {t('equipment-bookings.cannot_return', {
                        reason: errorText(row.reason ?? 'forbidden'),
                      })}
                    </Text>
                  )}
                </List.Item>
              ))}
            </List>
          )}
          {check.isError && <DialogError text={errorText(check.error)} />}
          <DialogError text={error} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={pending}>
              {t('equipment-bookings.cancel')}
            </Button>
            <Button
              onClick={() => void submit()}
              loading={pending}
              disabled={several && (check.isPending || returnable.length === 0)}
              data-testid="return-confirm"
            >
              {several && returnable.length > 0
                ? t('equipment-bookings.return_count', { count: returnable.length })
                : t('equipment-bookings.return')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
