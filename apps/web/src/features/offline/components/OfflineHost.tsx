import { Button, Drawer, Group, Paper, Portal, Text } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { IconCloudOff, IconCloudUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { relativeTime } from '../../notifications/notification-text';
import { startOfflineSync } from '../offline-sync';
import { useOnline, usePendingChanges } from '../use-offline';
import { PendingChangeList } from './PendingChangeList';

/** When the newest answer in the cache was fetched: the age of what is shown offline. */
function useNewestAnswerTime(active: boolean): number | null {
  const client = useQueryClient();
  const [, setTick] = useState(0);
  const interval = useInterval(() => setTick((n) => n + 1), 30_000);
  useEffect(() => {
    if (!active) return;
    interval.start();
    return interval.stop;
  }, [active, interval.start, interval.stop]);
  if (!active) return null;
  const times = client
    .getQueryCache()
    .getAll()
    .map((q) => q.state.dataUpdatedAt);
  const newest = Math.max(0, ...times);
  return newest > 0 ? newest : null;
}

/**
 * The offline side of the app (issue 24): starts the sync (offline-sync.ts) and shows, at the
 * foot of every page, that the device is offline with the age of what it shows, and how many
 * changes wait or were refused, with the list of them.
 */
export function OfflineHost({ onOpenIssue }: { onOpenIssue: (issueId: number) => void }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const online = useOnline();
  const changes = usePendingChanges();
  const [listOpen, setListOpen] = useState(false);
  const newest = useNewestAnswerTime(!online);

  useEffect(() => startOfflineSync(client, () => undefined), [client]);

  const refused = changes.filter((c) => c.state === 'refused').length;
  const waiting = changes.length - refused;
  if (online && changes.length === 0) return null;
  return (
    <Portal>
      {/* The list covers the page while open (on a phone the whole screen): the bar steps aside. */}
      {!listOpen && (
        <Paper
          role="status"
          aria-live="polite"
          shadow="md"
          radius="md"
          withBorder
          px="md"
          py="xs"
          data-testid="offline-bar"
          style={{
            position: 'fixed',
            insetInline: 0,
            bottom: 12,
            marginInline: 'auto',
            width: 'fit-content',
            maxWidth: 'calc(100vw - 24px)',
            zIndex: 300,
          }}
        >
          <Group gap="sm" wrap="wrap" justify="center">
            {online ? <IconCloudUpload size={18} aria-hidden /> : <IconCloudOff size={18} aria-hidden />}
            {!online && (
              <Text size="sm" fw={600}>
                {newest
                  ? t('offline.offline_since', {
                      age: relativeTime(new Date(newest).toISOString(), i18n.language),
                    })
                  : t('offline.offline')}
              </Text>
            )}
            {waiting > 0 && (
              <Text size="sm" data-testid="offline-waiting">
                {t(online ? 'offline.sending' : 'offline.waiting', { count: waiting })}
              </Text>
            )}
            {refused > 0 && (
              <Text size="sm" c="red" fw={600}>
                {t('offline.refused_count', { count: refused })}
              </Text>
            )}
            {changes.length > 0 && (
              <Button size="compact-sm" variant="light" onClick={() => setListOpen(true)}>
                {t('offline.show')}
              </Button>
            )}
          </Group>
        </Paper>
      )}
      <Drawer
        opened={listOpen}
        onClose={() => setListOpen(false)}
        position="right"
        title={t('offline.list_title')}
      >
        {changes.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('offline.none')}
          </Text>
        ) : (
          <PendingChangeList
            changes={changes}
            onOpenIssue={(id) => {
              setListOpen(false);
              onOpenIssue(id);
            }}
          />
        )}
      </Drawer>
    </Portal>
  );
}
