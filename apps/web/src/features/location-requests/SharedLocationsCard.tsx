import { Anchor, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { mapLinkOf } from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import { ErrorPanel } from '../../ui/feedback/ErrorPanel';
import { useUserPresence } from './location-requests-api';

/** A link to where a presence log entry was shared (OpenStreetMap), with its accuracy. */
export function SharedLocationLink({
  latitude,
  longitude,
  accuracy,
}: {
  latitude: number;
  longitude: number;
  accuracy: number | null;
}) {
  const { t } = useTranslation();
  return (
    <Anchor href={mapLinkOf(latitude, longitude)} target="_blank" rel="noopener noreferrer" size="sm">
      {t('location-requests.shared_location')}
      {accuracy !== null && ` (±${Math.round(accuracy)} m)`}
    </Anchor>
  );
}

/** The person's shared locations (presence logs of source location_request), newest first. */
export function SharedLocationsCard({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation();
  const presence = useUserPresence(userId);
  const rows = (presence.data?.records ?? []).filter(
    (r) => r.source === 'location_request' && r.latitude !== null && r.longitude !== null,
  );
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="shared-locations-title">
      <Stack gap="sm">
        <Group gap="xs">
          <IconMapPin size={20} aria-hidden />
          <Title order={4} id="shared-locations-title">
            {t('location-requests.shared_title')}
          </Title>
        </Group>
        {presence.isPending ? (
          <Skeleton h={60} />
        ) : presence.error ? (
          <ErrorPanel
            title={t('location-requests.load_failed')}
            error={presence.error}
            onRetry={() => presence.refetch()}
          />
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('location-requests.none_shared')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('location-requests.time')}</Table.Th>
                  <Table.Th>{t('location-requests.workspace')}</Table.Th>
                  <Table.Th>{t('location-requests.where')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.slice(0, 20).map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>
                      {new Intl.DateTimeFormat(i18n.language, {
                        dateStyle: 'medium',
                        timeStyle: 'short',
                      }).format(new Date(r.started_at))}
                    </Table.Td>
                    <Table.Td>{r.workspace.name}</Table.Td>
                    <Table.Td>
                      <SharedLocationLink
                        latitude={r.latitude as number}
                        longitude={r.longitude as number}
                        accuracy={r.accuracy_m}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
