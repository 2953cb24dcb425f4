import { Group, NumberInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Hours (0–24) and minutes (0–59) of work time, side by side: the status picker and a new entry. */
export function WorktimeInputs({
  hours,
  minutes,
  onHours,
  onMinutes,
  autoFocus = false,
}: {
  hours: number | string;
  minutes: number | string;
  onHours: (value: number | string) => void;
  onMinutes: (value: number | string) => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Group grow>
      <NumberInput
        label={t('issues.worktime.hours')}
        min={0}
        max={24}
        allowDecimal={false}
        value={hours}
        onChange={onHours}
        data-autofocus={autoFocus || undefined}
      />
      <NumberInput
        label={t('issues.worktime.minutes')}
        min={0}
        max={59}
        allowDecimal={false}
        value={minutes}
        onChange={onMinutes}
      />
    </Group>
  );
}
