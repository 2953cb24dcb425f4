import { Avatar, Center, Group, Pagination, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { SharedLocationLink } from '../../location-requests/SharedLocationsCard';
import { usePresenceLog, useScanLog } from '../workspace-api';

const SKELETON_ROWS = [1, 2, 3, 4];

function formatDateTime(iso: string, language: string) {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** 3725 seconds → "1 h 2 min". */
export function formatDuration(seconds: number): { hours: number; minutes: number } {
  return { hours: Math.floor(seconds / 3600), minutes: Math.floor((seconds % 3600) / 60) };
}

function LogState({
  loading,
  error,
  empty,
  onRetry,
}: {
  loading: boolean;
  error: unknown;
  empty: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  if (loading)
    return (
      <Stack gap="xs" aria-busy="true">
        {SKELETON_ROWS.map((n) => (
          <Skeleton key={n} h={28} />
        ))}
      </Stack>
    );
  if (error) return <ErrorPanel title={t('workspaces.load_failed')} error={error} onRetry={onRetry} />;
  if (empty)
    return (
      <Center py="lg">
        <Stack align="center" gap={4}>
          <IconHistory size={28} color="var(--mantine-color-dimmed)" />
          <Text c="dimmed">{t('workspaces.no_log_entries')}</Text>
        </Stack>
      </Center>
    );
  return null;
}

export function ScanLogTable({ workspaceId }: { workspaceId: number }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const log = useScanLog(workspaceId, page, true);
  const state = (
    <LogState
      loading={log.isPending}
      error={log.error}
      empty={log.data?.total === 0}
      onRetry={() => log.refetch()}
    />
  );
  if (!log.data || log.data.total === 0) return state;
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={480}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('workspaces.log.time')}</Table.Th>
              <Table.Th>{t('workspaces.log.person')}</Table.Th>
              <Table.Th>{t('workspaces.log.location')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {log.data.data.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{formatDateTime(row.created_at, i18n.language)}</Table.Td>
                <Table.Td>{row.user?.full_name ?? t('workspaces.log.anonymous')}</Table.Td>
                <Table.Td>
                  {row.latitude !== null && row.longitude !== null
                    ? `${row.latitude.toFixed(5)}, ${row.longitude.toFixed(5)}${row.accuracy_m !== null ? ` (±${Math.round(row.accuracy_m)} m)` : ''}`
                    : '–'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {log.data.last_page > 1 && (
        <Pagination total={log.data.last_page} value={page} onChange={setPage} size="sm" />
      )}
    </Stack>
  );
}

export function PresenceLogTable({ workspaceId }: { workspaceId: number }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const log = usePresenceLog(workspaceId, page, true);
  const state = (
    <LogState
      loading={log.isPending}
      error={log.error}
      empty={log.data?.total === 0}
      onRetry={() => log.refetch()}
    />
  );
  if (!log.data || log.data.total === 0) return state;
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={560}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('workspaces.log.person')}</Table.Th>
              <Table.Th>{t('workspaces.log.check_in')}</Table.Th>
              <Table.Th>{t('workspaces.log.check_out')}</Table.Th>
              <Table.Th>{t('workspaces.log.duration')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {log.data.data.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Avatar
                      src={row.user.profile_image}
                      size="sm"
                      radius="xl"
                      name={row.user.full_name}
                      color="initials"
                    />
                    <Text size="sm">{row.user.full_name}</Text>
                  </Group>
                </Table.Td>
                <Table.Td>{formatDateTime(row.started_at, i18n.language)}</Table.Td>
                <Table.Td>
                  {/* A location shared on request (issue 21) is a moment, not a stay: where instead of until. */}
                  {row.source === 'location_request' && row.latitude !== null && row.longitude !== null ? (
                    <SharedLocationLink
                      latitude={row.latitude}
                      longitude={row.longitude}
                      accuracy={row.accuracy_m}
                    />
                  ) : row.ended_at ? (
                    formatDateTime(row.ended_at, i18n.language)
                  ) : (
                    t('workspaces.log.still_here')
                  )}
                </Table.Td>
                <Table.Td>
                  {row.duration_seconds === null
                    ? '–'
                    : t('workspaces.log.duration_value', formatDuration(row.duration_seconds))}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {log.data.last_page > 1 && (
        <Pagination total={log.data.last_page} value={page} onChange={setPage} size="sm" />
      )}
    </Stack>
  );
}
