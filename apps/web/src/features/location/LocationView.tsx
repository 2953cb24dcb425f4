import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { formatCoordinates, type Location, locationMapLink } from '@workbench/domain';
import { useTranslation } from 'react-i18next';

/** A location as pages show it: its name, its coordinates and a link to OpenStreetMap. */
export function LocationView({ location, emptyText }: { location: Location | null; emptyText?: string }) {
  const { t } = useTranslation();
  if (!location) {
    return emptyText ? (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    ) : null;
  }
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="location-view">
      <IconMapPin size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {location.location_name}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Text size="xs" c="dimmed" ff="monospace">
            {formatCoordinates(location.lat, location.lng)}
          </Text>
          <Anchor size="xs" href={locationMapLink(location)} target="_blank" rel="noreferrer">
            {t('location.open_map')}
          </Anchor>
        </Group>
      </Stack>
    </Group>
  );
}
