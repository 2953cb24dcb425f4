import { ActionIcon, Button } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Removes one row of a repeated field (a time slot, a link). */
export function RemoveRowButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <ActionIcon variant="subtle" color="red" size="lg" mb={2} aria-label={label} onClick={onClick}>
      <IconTrash size={18} aria-hidden />
    </ActionIcon>
  );
}

/** Adds a row to a repeated field. */
export function AddRowButton({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  return (
    <Button
      variant="light"
      size="xs"
      w="fit-content"
      leftSection={<IconPlus size={14} aria-hidden />}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}
