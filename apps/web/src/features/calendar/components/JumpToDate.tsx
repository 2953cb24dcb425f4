import '@mantine/dates/styles.css';
import { ActionIcon, Popover, Tooltip } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IssueDates } from '../../issues/components/IssueDates';

/**
 * The header's pop-up calendar (001 §2, not in yearly): jumps to the day picked. Days before
 * today cannot be picked (001 §5). Loaded with the first daily or weekly view only.
 */
export function JumpToDate({
  day,
  today,
  onPick,
}: {
  /** The day shown, YYYY-MM-DD. */
  day: string;
  today: string;
  onPick: (day: string) => void;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const label = t('calendar.header.jump_to_date');
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" trapFocus>
      <Popover.Target>
        <Tooltip label={label}>
          <ActionIcon
            variant="default"
            size="input-sm"
            aria-label={label}
            aria-expanded={opened}
            onClick={() => setOpened((o) => !o)}
            data-testid="calendar-jump"
          >
            <IconCalendarEvent size={18} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <IssueDates>
          <DatePicker
            value={day}
            defaultDate={day < today ? today : day}
            minDate={today}
            onChange={(picked) => {
              if (!picked) return;
              onPick(picked.slice(0, 10));
              setOpened(false);
            }}
            aria-label={label}
          />
        </IssueDates>
      </Popover.Dropdown>
    </Popover>
  );
}
