import { Badge, Button, Checkbox, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { CALENDAR_WEEKLY_EVENTS_MAX, type CalendarItem, weeklySelection } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cardColour, cardStyle } from '../card-colours';
import type { DropPlan } from '../drop-plan';
import { toggleHidden } from '../hidden-state';
import type { TimelineRow } from '../timeline-api';
import { cardLine } from './DailyTimeline';
import type { OpenItem } from './TimelineCard';

/**
 * The drop's question or refusal (001 §4, §8): confirm a reassignment or a move to another
 * workspace, or the info dialog when the person cannot be assigned in the item's workspace.
 * Closing cancels and clears the drag.
 */
export function DropDialog({
  plan,
  busy,
  onConfirm,
  onClose,
}: {
  plan: Extract<DropPlan, { kind: 'confirm' | 'blocked' }> | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const blocked = plan?.kind === 'blocked';
  return (
    <Modal
      opened={plan !== null}
      onClose={onClose}
      centered
      title={t(blocked ? 'calendar-timeline.cannot_reassign' : 'calendar-timeline.please_confirm')}
      data-testid="calendar-drop-dialog"
    >
      {plan && (
        <Stack>
          <Text size="sm" data-testid="calendar-drop-dialog-text">
            {t(`calendar-timeline.${plan.key}`, plan.values as Record<string, string>)}
          </Text>
          <Group justify="flex-end">
            {blocked ? (
              <Button onClick={onClose}>{t('calendar-timeline.ok')}</Button>
            ) : (
              <>
                <Button variant="default" onClick={onClose}>
                  {t('calendar-timeline.cancel')}
                </Button>
                <Button loading={busy} onClick={onConfirm}>
                  {t('calendar-timeline.confirm')}
                </Button>
              </>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/**
 * The weekly 'too much data' dialog (001 §4): more than 200 events in the rows shown. The person
 * unticks rows until the total is at most 200 (Done is disabled until then); cancel hides every row.
 */
export function TooMuchDataDialog({
  opened,
  rows,
  hidden,
  onDone,
  onCancel,
}: {
  opened: boolean;
  rows: TimelineRow[];
  hidden: number[];
  onDone: (hidden: number[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<number[] | null>(null);
  const current = draft ?? hidden;
  const { total, tooMuch } = weeklySelection(rows, current);
  const hiddenSet = new Set(current);
  return (
    <Modal
      opened={opened}
      onClose={() => {
        setDraft(null);
        onCancel();
      }}
      centered
      closeOnClickOutside={false}
      title={t('calendar-timeline.too_much_data')}
    >
      <Stack gap="sm" data-testid="calendar-too-much-data">
        <Text size="sm">{t('calendar-timeline.too_much_data_reduce_selection')}</Text>
        <Group justify="space-between">
          <Text size="sm" fw={600}>
            {t('calendar-timeline.events_selected', { count: total, max: CALENDAR_WEEKLY_EVENTS_MAX })}
          </Text>
          <Badge color={tooMuch ? 'red' : 'teal'}>
            {total} / {CALENDAR_WEEKLY_EVENTS_MAX}
          </Badge>
        </Group>
        <ScrollArea.Autosize mah={320}>
          <Stack gap={6}>
            {rows.map((row) => (
              <Checkbox
                key={row.id}
                checked={!hiddenSet.has(row.id)}
                onChange={(event) => setDraft(toggleHidden(current, row.id, event.currentTarget.checked))}
                label={`${row.name.length > 25 ? `${row.name.slice(0, 25)}…` : row.name} (${row.total_calendar_events})`}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => {
              setDraft(null);
              onCancel();
            }}
          >
            {t('calendar-timeline.cancel')}
          </Button>
          <Button
            disabled={tooMuch}
            onClick={() => {
              setDraft(null);
              onDone(current);
            }}
          >
            {t('calendar-timeline.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The 'view more' list (001 §2): the folded cards or a grouped box's items, under the day they belong to. */
export function ViewMoreModal({
  list,
  kind,
  onClose,
  onOpen,
}: {
  list: { items: CalendarItem[]; title: string } | null;
  kind: 'users' | 'workspaces';
  onClose: () => void;
  onOpen: OpenItem;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={list !== null}
      onClose={onClose}
      centered
      title={list?.title ?? t('calendar-timeline.view_all')}
    >
      <Stack gap={6} data-testid="calendar-view-more-list">
        {list?.items.map((item) => (
          <Button
            key={String(item.id)}
            variant="subtle"
            justify="flex-start"
            h="auto"
            py={6}
            style={{ ...cardStyle(cardColour(item)) }}
            onClick={(event) => onOpen(item, event.currentTarget)}
          >
            <Stack gap={0} align="flex-start">
              <Text size="sm" fw={600}>
                {item.title}
              </Text>
              <Text size="xs" c="dimmed">
                {cardLine(item, kind)}
              </Text>
            </Stack>
          </Button>
        ))}
      </Stack>
    </Modal>
  );
}
