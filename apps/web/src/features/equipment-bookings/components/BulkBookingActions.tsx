import { Button, Group } from '@mantine/core';
import { IconArrowBackUp, IconCalendarPlus, IconHandGrab } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HandoutDialog } from './HandoutDialog';
import { ReserveDialog } from './ReserveDialog';
import { ReturnDialog } from './ReturnDialog';

/**
 * The booking actions of a list selection (001 §2): hand out several items to one holder
 * (mix_handout, each refused one listed), confirm the return of several (multiple/return, after
 * return_availability says which the caller may), and reserve several for one period
 * (multiple_reservation: all or none). `onDone` runs when a dialog closes after a write.
 */
export function BulkBookingActions({ equipmentIds, onDone }: { equipmentIds: number[]; onDone: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'handout' | 'return' | 'reserve' | null>(null);
  const close = () => {
    setOpen(null);
    onDone();
  };
  const none = equipmentIds.length === 0;
  return (
    <>
      <Group gap={6} wrap="wrap">
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconHandGrab size={14} />}
          disabled={none}
          onClick={() => setOpen('handout')}
        >
          {t('equipment-bookings.hand_out')}
        </Button>
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconArrowBackUp size={14} />}
          disabled={none}
          onClick={() => setOpen('return')}
        >
          {t('equipment-bookings.return')}
        </Button>
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconCalendarPlus size={14} />}
          disabled={none}
          onClick={() => setOpen('reserve')}
        >
          {t('equipment-bookings.reserve')}
        </Button>
      </Group>
      {open === 'handout' && (
        <HandoutDialog target={{ kind: 'items', ids: equipmentIds }} canChooseHolder onClose={close} />
      )}
      {open === 'return' && <ReturnDialog equipmentIds={equipmentIds} onClose={close} />}
      {open === 'reserve' && (
        <ReserveDialog target={{ kind: 'items', ids: equipmentIds }} canChooseHolder onClose={close} />
      )}
    </>
  );
}
