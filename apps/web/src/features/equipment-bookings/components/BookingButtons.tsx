import { Button, Group } from '@mantine/core';
import { IconArrowBackUp, IconCalendarPlus, IconClockPlus, IconHandGrab } from '@tabler/icons-react';

export type BookingAction = 'handout' | 'return' | 'extend' | 'reserve';

const ICONS = {
  handout: IconHandGrab,
  return: IconArrowBackUp,
  extend: IconClockPlus,
  reserve: IconCalendarPlus,
} as const;

/** Hand out and Return are the strong actions; Extend and Reserve stay quiet. */
const ORDER: ReadonlyArray<{ action: BookingAction; variant?: 'default' }> = [
  { action: 'handout' },
  { action: 'return' },
  { action: 'extend', variant: 'default' },
  { action: 'reserve', variant: 'default' },
];

/**
 * The booking buttons of an item or a group: Hand out, Return, Extend, Reserve, in that order.
 * `labels` names the actions offered (one without a label is not shown); `onOpen` opens its dialog.
 */
export function BookingButtons({
  size,
  labels,
  onOpen,
}: {
  size: 'xs' | 'sm';
  labels: Partial<Record<BookingAction, string>>;
  onOpen: (action: BookingAction) => void;
}) {
  const iconSize = size === 'xs' ? 14 : 16;
  return (
    <Group gap="xs" wrap="wrap">
      {ORDER.map(({ action, variant }) => {
        const label = labels[action];
        if (!label) return null;
        const Icon = ICONS[action];
        return (
          <Button
            key={action}
            size={size}
            variant={variant}
            leftSection={<Icon size={iconSize} />}
            onClick={() => onOpen(action)}
          >
            {label}
          </Button>
        );
      })}
    </Group>
  );
}
