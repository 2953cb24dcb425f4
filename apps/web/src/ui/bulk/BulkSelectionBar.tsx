import { Button, Group, Paper, Text } from '@mantine/core';
import { IconX, type TablerIcon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** One button of the bar; `danger` marks the ones that cannot be undone (delete). */
export type BulkBarAction = {
  key: string;
  label: string;
  icon: TablerIcon;
  onClick: () => void;
  danger?: boolean;
};

/**
 * The bar shown while items of a list are selected: how many, a button to clear the selection,
 * and the list's bulk actions. Nothing while none is selected.
 */
export function BulkSelectionBar({
  count,
  countLabel,
  clearLabel,
  onClear,
  actions,
  testId,
  countTestId,
  extra,
}: {
  count: number;
  countLabel: string;
  clearLabel: string;
  onClear: () => void;
  actions: BulkBarAction[];
  testId: string;
  countTestId?: string;
  /** More controls after the actions (another feature's buttons that open their own dialogs). */
  extra?: ReactNode;
}) {
  if (count === 0) return null;
  return (
    <Paper withBorder radius="md" p="xs" bg="var(--mantine-color-blue-light)" data-testid={testId}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <Text fw={600} size="sm" data-testid={countTestId}>
            {countLabel}
          </Text>
          <Button variant="subtle" size="compact-sm" leftSection={<IconX size={14} />} onClick={onClear}>
            {clearLabel}
          </Button>
        </Group>
        <Group gap={6} wrap="wrap">
          {actions.map(({ key, label, icon: Icon, onClick, danger }) => (
            <Button
              key={key}
              size="compact-sm"
              variant="default"
              color={danger ? 'red' : undefined}
              leftSection={<Icon size={14} />}
              onClick={onClick}
            >
              {label}
            </Button>
          ))}
          {extra}
        </Group>
      </Group>
    </Paper>
  );
}
