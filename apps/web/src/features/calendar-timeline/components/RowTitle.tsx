import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TimelineRow } from '../timeline-api';

/** A row's name and, below it, a person's job position or a workspace's completed items of the period. */
export function RowTitle({ row }: { row: TimelineRow }) {
  const { t } = useTranslation();
  const subtitle =
    row.subtitle ?? (row.statistics ? t('calendar-timeline.completed_of', row.statistics) : null);
  return (
    <>
      <Text size="sm" fw={500} truncate="end" title={row.name}>
        {row.name}
      </Text>
      {subtitle && (
        <Text size="xs" c="dimmed" truncate="end">
          {subtitle}
        </Text>
      )}
    </>
  );
}
