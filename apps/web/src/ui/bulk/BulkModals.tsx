import { Button, Group, List, Modal, type ModalProps, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The confirmation before a bulk action: what it will do, any fields it needs (`children`), and
 * Cancel / confirm buttons; Cancel is off while the call runs. Mounted only while asked, unless
 * `opened` says otherwise (a modal kept mounted closes with its transition).
 */
export function BulkConfirmModal({
  opened = true,
  title,
  text,
  children,
  size,
  pending,
  onClose,
  onConfirm,
  confirmLabel,
  cancelLabel,
  confirmTestId,
  danger = false,
  disabled = false,
}: {
  opened?: boolean;
  title: string;
  text: string;
  children?: ReactNode;
  size?: ModalProps['size'];
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
  confirmLabel: string;
  cancelLabel: string;
  confirmTestId: string;
  danger?: boolean;
  disabled?: boolean;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size={size}>
      <Stack gap="sm">
        <Text size="sm">{text}</Text>
        {children}
      </Stack>
      <Group justify="flex-end" gap="sm" mt="md">
        <Button variant="default" onClick={onClose} disabled={pending}>
          {cancelLabel}
        </Button>
        <Button
          color={danger ? 'red' : undefined}
          onClick={onConfirm}
          loading={pending}
          disabled={disabled}
          data-testid={confirmTestId}
        >
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}

/** One line of a bulk result: a count with its reason, and optionally what it names (in grey). */
export type BulkResultLine = { key: string; text: string; detail?: string };

/**
 * What a bulk action did when not all of it went through: the count done (when there is one),
 * a line per reason, Close and any further buttons (`children`, e.g. 'view all').
 */
export function BulkResultModal({
  title,
  done,
  lines,
  closeLabel,
  onClose,
  testId,
  children,
}: {
  title: string;
  done?: string;
  lines: BulkResultLine[];
  closeLabel: string;
  onClose: () => void;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <Stack gap="sm" data-testid={testId}>
        {done && <Text size="sm">{done}</Text>}
        <List size="sm" spacing={4}>
          {lines.map((line) => (
            <List.Item key={line.key}>
              {line.text}
              {line.detail !== undefined && (
                <Text size="xs" c="dimmed">
                  {line.detail}
                </Text>
              )}
            </List.Item>
          ))}
        </List>
      </Stack>
      <Group justify="flex-end" gap="sm" mt="md">
        <Button variant="default" onClick={onClose}>
          {closeLabel}
        </Button>
        {children}
      </Group>
    </Modal>
  );
}
