import { Alert, Badge, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { type CalendarItem, PRIORITIES } from '@workbench/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { itemWhen } from '../yearly-cells';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children || '—'}</Text>
    </Stack>
  );
}

/**
 * A schedule's prepared task (status 0) shown read only (001 §4): a preview of an issue the
 * schedule will create, so nothing here can be changed or opened as an issue yet.
 */
export function PreparedTaskModal({
  item,
  timeZone,
  onClose,
}: {
  item: CalendarItem | null;
  timeZone: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const priority = PRIORITIES.find((p) => p.id === item?.priority_id)?.name;
  const when = (seconds: number | null) =>
    seconds === null ? '' : itemWhen({ start_date: seconds, due_date: null }, i18n.language, timeZone);
  return (
    <Modal
      opened={item !== null}
      onClose={onClose}
      title={item?.title}
      size="md"
      data-testid="prepared-task-modal"
    >
      {item && (
        <Stack gap="sm">
          <Badge color="gray" variant="light" leftSection={<IconLock size={12} />} w="fit-content">
            {t('calendar.display.PREPARED')}
          </Badge>
          <Alert color="gray" variant="light" p="xs">
            <Text size="sm">{t('calendar.prepared.read_only')}</Text>
          </Alert>
          <SimpleGrid cols={2} spacing="sm">
            <Field label={t('calendar.prepared.start')}>{when(item.start_date)}</Field>
            <Field label={t('calendar.prepared.due')}>{when(item.due_date)}</Field>
            <Field label={t('calendar.prepared.workspace')}>{item.workspace.name}</Field>
            <Field label={t('calendar.prepared.assignee')}>{item.assignee?.full_name}</Field>
            <Field label={t('calendar.prepared.category')}>{item.category?.name}</Field>
            <Field label={t('calendar.prepared.priority')}>
              {priority ? t(`issues.priority.${priority}`) : ''}
            </Field>
          </SimpleGrid>
          {item.description && <Field label={t('calendar.prepared.description')}>{item.description}</Field>}
        </Stack>
      )}
    </Modal>
  );
}
