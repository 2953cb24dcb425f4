import { Anchor, Card, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authorizedFetch } from '../../../api/client';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { BUILD_INFO } from '../build-info';
import { SettingsLayout } from '../components/SettingsLayout';

type Licence = { name: string; version: string; license: string; repository: string | null };

/** The bundle's open-source packages, written into the build by vite.config.ts (licenses.json). */
function useLicences() {
  return useQuery({
    queryKey: ['bundle-licences'],
    queryFn: async ({ signal }) => {
      // A static file of our own build, fetched through the client module like every request.
      const response = await authorizedFetch('/licenses.json', { signal });
      if (!response.ok) throw new Error(`licenses.json ${response.status}`);
      return (await response.json()) as Licence[];
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** /dashboard/settings/about: product, version, build, the API docs and the licences. */
export function AboutPage() {
  const { t, i18n } = useTranslation();
  const licences = useLicences();
  const [filter, setFilter] = useState('');
  const shown = (licences.data ?? []).filter((l) =>
    l.name.toLowerCase().includes(filter.trim().toLowerCase()),
  );
  const built = BUILD_INFO.time
    ? new Date(BUILD_INFO.time).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
    : '–';
  return (
    <SettingsLayout>
      <Card withBorder padding="lg" radius="md">
        <Stack gap="xs">
          <Title order={2} size="h4">
            Workbench
          </Title>
          <Text>{t('settings.about_product')}</Text>
          <Table variant="vertical" withTableBorder layout="fixed" data-testid="about-facts">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={140}>{t('settings.about_version')}</Table.Th>
                <Table.Td>{BUILD_INFO.version}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('settings.about_build')}</Table.Th>
                <Table.Td>
                  {BUILD_INFO.commit} · {built}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('settings.about_api')}</Table.Th>
                <Table.Td>
                  <Anchor href="/api/docs" target="_blank" rel="noopener">
                    /api/docs
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Stack>
      </Card>
      <Card withBorder padding="lg" radius="md">
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('settings.licences_title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('settings.licences_intro')}
          </Text>
          {licences.isError ? (
            <ErrorPanel error={licences.error} onRetry={() => licences.refetch()} />
          ) : !licences.data ? (
            <Skeleton h={120} />
          ) : (
            <>
              <TextInput
                label={t('settings.licences_filter')}
                value={filter}
                onChange={(e) => setFilter(e.currentTarget.value)}
                maw={320}
              />
              <Table.ScrollContainer minWidth={320}>
                <Table striped data-testid="licences">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('settings.licences_package')}</Table.Th>
                      <Table.Th>{t('settings.licences_licence')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {shown.map((l) => (
                      <Table.Tr key={`${l.name}@${l.version}`}>
                        <Table.Td>
                          {l.repository ? (
                            <Anchor href={l.repository} target="_blank" rel="noopener noreferrer">
                              {l.name}
                            </Anchor>
                          ) : (
                            l.name
                          )}{' '}
                          <Text span size="xs" c="dimmed">
                            {l.version}
                          </Text>
                        </Table.Td>
                        <Table.Td>{l.license}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Text size="sm" c="dimmed">
                {t('settings.licences_count', { count: licences.data.length })}
              </Text>
            </>
          )}
        </Stack>
      </Card>
    </SettingsLayout>
  );
}
