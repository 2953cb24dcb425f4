import {
  Box,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import type { CalendarFilters, CalendarItem } from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { useYearlyCellItems } from '../calendar-api';
import { calendarLinks, monthTitle } from '../calendar-state';
import { isPreparedTask, itemColor, itemWhen, shortTitle } from '../yearly-cells';
import type { YearlyCellRef } from './YearlyGrid';

function ItemRow({
  item,
  timeZone,
  onPrepared,
}: {
  item: CalendarItem;
  timeZone: string;
  onPrepared: (item: CalendarItem) => void;
}) {
  const { t, i18n } = useTranslation();
  const prepared = isPreparedTask(item);
  const { text, cut } = shortTitle(item.title);
  const kind = prepared ? t('calendar.display.PREPARED') : t(`calendar.display.${item.displayType}`);
  const body = (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Box
        aria-hidden
        mt={5}
        w={10}
        h={10}
        style={{
          borderRadius: 3,
          flexShrink: 0,
          background: `var(--mantine-color-${itemColor(item)}-filled)`,
        }}
      />
      <Box style={{ minWidth: 0 }}>
        <Tooltip label={item.title} disabled={!cut} multiline maw={320}>
          <Text size="sm" fw={500}>
            {text}
          </Text>
        </Tooltip>
        <Text size="xs" c="dimmed">
          {[itemWhen(item, i18n.language, timeZone), kind, item.assignee?.full_name]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </Box>
    </Group>
  );
  const style = { display: 'block', padding: '6px 8px', borderRadius: 'var(--mantine-radius-sm)' };
  return prepared ? (
    <UnstyledButton style={style} onClick={() => onPrepared(item)} data-testid="yearly-cell-item">
      {body}
    </UnstyledButton>
  ) : (
    <UnstyledButton
      component={Link}
      to={calendarLinks.issue(Number(item.id))}
      style={style}
      data-testid="yearly-cell-item"
    >
      {body}
    </UnstyledButton>
  );
}

/**
 * The 'view more' pop-up of a yearly cell (001 §2): every item of one schedule's month (GET
 * calendar/yearly/events, 150 a page), under the month and year; an issue opens its page, a
 * prepared task its read-only view.
 */
export function YearlyCellModal({
  cell,
  year,
  filters,
  timeZone,
  onClose,
  onPrepared,
}: {
  cell: YearlyCellRef | null;
  year: number;
  filters: CalendarFilters;
  timeZone: string;
  onClose: () => void;
  onPrepared: (item: CalendarItem) => void;
}) {
  const { t, i18n } = useTranslation();
  const items = useYearlyCellItems(cell ? { ...cell, year } : null, filters);
  const pages = items.data?.pages ?? [];
  const list = pages.flatMap((page) => page.data);
  const total = pages[0]?.total ?? 0;
  return (
    <Modal
      opened={cell !== null}
      onClose={onClose}
      title={
        cell && (
          <Stack gap={0}>
            <Text fw={650}>{monthTitle(cell.month, year, i18n.language)}</Text>
            <Text size="sm" c="dimmed">
              {cell.scheduleTitle}
            </Text>
          </Stack>
        )
      }
      size="md"
      data-testid="yearly-cell-modal"
    >
      {items.isPending && cell && (
        <Center py="md" role="status" aria-label={t('calendar.loading')}>
          <Loader size="sm" />
        </Center>
      )}
      {items.isError && <ErrorPanel error={items.error} onRetry={() => items.refetch()} />}
      {items.data && (
        <Stack gap={2}>
          <Text size="xs" c="dimmed" mb={4}>
            {t('calendar.yearly.items_count', { count: total })}
          </Text>
          {list.map((item) => (
            <ItemRow key={String(item.id)} item={item} timeZone={timeZone} onPrepared={onPrepared} />
          ))}
          {list.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('calendar.no_available_data')}
            </Text>
          )}
          {items.hasNextPage && (
            <Button
              variant="light"
              size="xs"
              mt="xs"
              loading={items.isFetchingNextPage}
              onClick={() => items.fetchNextPage()}
            >
              {t('calendar.load_more')}
            </Button>
          )}
        </Stack>
      )}
    </Modal>
  );
}
