import { ActionIcon, Anchor, Badge, Button, Group, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import {
  IconCamera,
  IconCheckbox,
  IconClock,
  IconMessage,
  IconPlaylistAdd,
  IconProgressCheck,
  IconSquare,
  IconTrash,
} from '@tabler/icons-react';
import { toErrorKey } from '@workbench/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { useErrorText } from '../../../ui/feedback/use-error-text';
import { outbox } from '../offline-store';
import type { ChangeKind } from '../outbox';
import type { ShownChange } from '../use-offline';

const KIND_ICONS: Record<ChangeKind, ReactNode> = {
  status: <IconProgressCheck size={16} />,
  checklist_tick: <IconCheckbox size={16} />,
  checklist_untick: <IconSquare size={16} />,
  checklist_item: <IconPlaylistAdd size={16} />,
  comment: <IconMessage size={16} />,
  photo: <IconCamera size={16} />,
  worktime: <IconClock size={16} />,
};

/**
 * The changes that wait on this device, in the order they will be sent: each with what it is,
 * its issue, and its state. A refused one shows the server's reason with "Try again" and
 * "Drop"; one held behind it says so. Nothing leaves the list unless sent or dropped.
 */
export function PendingChangeList({
  changes,
  onOpenIssue,
}: {
  changes: ShownChange[];
  /** Lists of several issues name each change's issue, a link to it. */
  onOpenIssue?: (issueId: number) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
      {changes.map((change) => (
        <Group
          key={change.id}
          component="li"
          align="flex-start"
          wrap="nowrap"
          gap="sm"
          data-testid="pending-change"
          data-state={change.held ? 'held' : change.state}
        >
          <ThemeIcon variant="light" color={change.state === 'refused' ? 'red' : 'gray'} radius="xl">
            {KIND_ICONS[change.kind]}
          </ThemeIcon>
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Text size="sm" fw={600}>
              {t(`offline.kinds.${change.kind}`)}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} lineClamp={4}>
              {change.detail}
            </Text>
            {onOpenIssue && (
              <Anchor
                component="button"
                type="button"
                size="xs"
                ta="start"
                lineClamp={1}
                onClick={() => onOpenIssue(change.issueId)}
              >
                {change.issueTitle}
              </Anchor>
            )}
            {change.state === 'refused' && change.refusal && (
              <Text size="sm" c="red" role="alert">
                {t('offline.refused', {
                  reason: errorText(
                    new ApiError(change.refusal.status, toErrorKey(change.refusal.key, 'general_error'), ''),
                  ),
                })}
              </Text>
            )}
            {change.held && (
              <Text size="xs" c="dimmed">
                {t('offline.held')}
              </Text>
            )}
            {change.state === 'refused' && (
              <Group gap="xs" mt={4}>
                <Button size="compact-sm" variant="light" onClick={() => void outbox.retry(change.id)}>
                  {t('offline.retry')}
                </Button>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  onClick={() => void outbox.drop(change.id)}
                >
                  {t('offline.drop')}
                </Button>
              </Group>
            )}
          </Stack>
          {change.state === 'waiting' && (
            <Group gap={4} wrap="nowrap">
              <Badge variant="default">
                {t(change.held ? 'offline.state_held' : 'offline.state_waiting')}
              </Badge>
              {change.held && (
                <Tooltip label={t('offline.drop')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('offline.drop')}
                    onClick={() => void outbox.drop(change.id)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          )}
        </Group>
      ))}
    </Stack>
  );
}
