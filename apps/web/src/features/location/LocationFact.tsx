import { Box, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Location } from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import { startConfigQuery } from '../config/use-config';
import { LocationView } from './LocationView';

/**
 * A detail page's location, under a small label like the page's other facts; nothing when there
 * is none. `issue`: shown only while include_issue_address (settings.display.address) is on.
 */
export function LocationFact({ location, issue = false }: { location: Location | null; issue?: boolean }) {
  const { t } = useTranslation();
  const config = useQuery(startConfigQuery);
  const addressOn = config.data?.client?.settings.display.address ?? true;
  if (!location || (issue && !addressOn)) return null;
  return (
    <Box>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {t('location.title')}
      </Text>
      <Box mt={2}>
        <LocationView location={location} />
      </Box>
    </Box>
  );
}
