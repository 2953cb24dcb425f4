import { ActionIcon, Group, Select, Tooltip } from '@mantine/core';
import { IconSortAscending, IconSortDescending } from '@tabler/icons-react';

/**
 * The sort field select of a list with the button beside it that flips the direction.
 * With `showLabel` the field's label stands above the select (for filter rows with labels);
 * otherwise it is the select's accessible name only.
 */
export function ListSortControl<Field extends string>({
  label,
  showLabel = false,
  value,
  options,
  onChange,
  width,
  direction,
  ascendingLabel,
  descendingLabel,
  toggleLabel,
  onToggleDirection,
}: {
  label: string;
  showLabel?: boolean;
  value: Field;
  options: Array<{ value: Field; label: string }>;
  onChange: (field: Field) => void;
  width: number;
  direction: 'asc' | 'desc';
  ascendingLabel: string;
  descendingLabel: string;
  toggleLabel: string;
  onToggleDirection: () => void;
}) {
  return (
    <Group gap={4} wrap="nowrap" align={showLabel ? 'end' : undefined}>
      <Select
        label={showLabel ? label : undefined}
        aria-label={showLabel ? undefined : label}
        value={value}
        onChange={(v) => v && onChange(v as Field)}
        data={options}
        allowDeselect={false}
        w={width}
      />
      <Tooltip label={direction === 'asc' ? ascendingLabel : descendingLabel}>
        <ActionIcon variant="default" size="input-sm" aria-label={toggleLabel} onClick={onToggleDirection}>
          {direction === 'asc' ? <IconSortAscending size={18} /> : <IconSortDescending size={18} />}
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
