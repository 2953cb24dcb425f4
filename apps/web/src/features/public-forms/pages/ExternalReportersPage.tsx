import {
  Anchor,
  Badge,
  Box,
  Card,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconLock, IconSearch, IconUserQuestion } from '@tabler/icons-react';
import { type ExternalReporter, isUiLanguage, LANGUAGE_NAMES } from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../ui/feedback/EmptyState';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { useUrlSearch } from '../../../ui/feedback/use-url-search';
import { formatDateTime } from '../../issues/issue-helpers';
import { type ExternalReporterQuery, useExternalReporters } from '../public-forms-api';
import { useCanSeeExternalReporters } from '../use-can-see-reporters';

const PER_PAGE = 20;

/** A tap target of at least 24 px (WCAG 2.2 target size) for the contact links. */
const CONTACT_LINK = { display: 'inline-flex', alignItems: 'center', minHeight: 24 } as const;

function readQuery(params: URLSearchParams): ExternalReporterQuery {
  const page = Number(params.get('page'));
  return {
    search: (params.get('search') ?? '').trim().slice(0, 100),
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
    per_page: PER_PAGE,
  };
}

function queryParams(query: ExternalReporterQuery): Record<string, string> {
  const out: Record<string, string> = {};
  if (query.search) out.search = query.search;
  if (query.page > 1) out.page = String(query.page);
  return out;
}

const languageName = (code: string) => (isUiLanguage(code) ? LANGUAGE_NAMES[code] : code);

/**
 * /dashboard/profiles/external-reporters: the people who reported through the public forms
 * (one per e-mail address), with their report counts; search and page in the URL. A table on
 * wide screens, cards on phones.
 */
export function ExternalReportersPage() {
  const { t, i18n } = useTranslation();
  const allowed = useCanSeeExternalReporters();
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const update = (patch: Partial<ExternalReporterQuery>) =>
    setParams(queryParams({ ...query, page: 1, ...patch }));
  const [searchText, setSearchText] = useUrlSearch(query.search, (search) => update({ search }));
  const list = useExternalReporters(query, allowed === true);
  const date = (iso: string) => formatDateTime(iso, i18n.language);
  const name = (r: ExternalReporter) => r.full_name ?? t('public-forms.reporters.no_name');
  const mailto = (email: string) => (
    <Anchor href={`mailto:${email}`} size="sm" style={{ ...CONTACT_LINK, overflowWrap: 'anywhere' }}>
      {email}
    </Anchor>
  );
  const tel = (phone: string) => (
    <Anchor href={`tel:${phone.replace(/\s+/g, '')}`} size="sm" style={CONTACT_LINK}>
      {phone}
    </Anchor>
  );

  const header = (
    <Stack gap={4}>
      <Anchor component={Link} to="/dashboard/profiles" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {t('public-forms.reporters.back')}
        </Group>
      </Anchor>
      <Title order={1} size="h2">
        {t('public-forms.reporters.title')}
      </Title>
      <Text c="dimmed">{t('public-forms.reporters.intro')}</Text>
    </Stack>
  );

  if (allowed === false) {
    return (
      <Stack gap="md">
        {header}
        <EmptyState
          icon={IconLock}
          title={t('public-forms.reporters.title')}
          text={t('public-forms.reporters.not_allowed')}
        />
      </Stack>
    );
  }

  const page = list.data;
  return (
    <Stack gap="md">
      {header}
      <TextInput
        leftSection={<IconSearch size={16} />}
        aria-label={t('public-forms.reporters.search')}
        placeholder={t('public-forms.reporters.search_placeholder')}
        value={searchText}
        onChange={(e) => setSearchText(e.currentTarget.value)}
        w={{ base: '100%', sm: 320 }}
      />
      {list.isPending ? (
        <Stack gap="xs" role="status" aria-busy aria-label={t('public-forms.loading')}>
          {[1, 2, 3, 4].map((n) => (
            <Skeleton key={n} h={52} radius="md" />
          ))}
        </Stack>
      ) : list.isError && !page ? (
        <ErrorPanel
          title={t('public-forms.reporters.load_failed')}
          error={list.error}
          onRetry={() => list.refetch()}
        />
      ) : page && page.total === 0 ? (
        <EmptyState
          filtered={query.search !== ''}
          noResultsText={t('public-forms.reporters.no_results')}
          clearFilters={{ label: t('public-forms.reporters.clear_search'), onClick: () => setSearchText('') }}
          icon={IconUserQuestion}
          title={t('public-forms.reporters.empty_title')}
          text={t('public-forms.reporters.empty_text')}
        />
      ) : page ? (
        <>
          <Card withBorder padding={0} radius="md" visibleFrom="sm">
            <Table.ScrollContainer minWidth={760}>
              <Table verticalSpacing="sm" highlightOnHover data-testid="external-reporter-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('public-forms.reporters.name')}</Table.Th>
                    <Table.Th>{t('public-forms.reporters.email')}</Table.Th>
                    <Table.Th>{t('public-forms.reporters.phone')}</Table.Th>
                    <Table.Th>{t('public-forms.reporters.language')}</Table.Th>
                    <Table.Th>{t('public-forms.reporters.reports')}</Table.Th>
                    <Table.Th>{t('public-forms.reporters.last_report')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {page.data.map((reporter) => (
                    <Table.Tr key={reporter.id}>
                      <Table.Td>
                        <Text size="sm" fw={600} c={reporter.full_name ? undefined : 'dimmed'}>
                          {name(reporter)}
                        </Text>
                      </Table.Td>
                      <Table.Td>{mailto(reporter.email)}</Table.Td>
                      <Table.Td>{reporter.phone ? tel(reporter.phone) : '—'}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{languageName(reporter.language)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light" size="sm">
                          {reporter.issues_count}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{date(reporter.last_reported_at)}</Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
          <Stack gap="xs" hiddenFrom="sm">
            {page.data.map((reporter) => (
              <Card
                key={reporter.id}
                withBorder
                radius="md"
                padding="sm"
                data-testid="external-reporter-card"
              >
                <Stack gap={2}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text
                      fw={600}
                      c={reporter.full_name ? undefined : 'dimmed'}
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {name(reporter)}
                    </Text>
                    <Badge variant="light" size="sm" style={{ flexShrink: 0 }}>
                      {t('public-forms.reporters.reports_count', { count: reporter.issues_count })}
                    </Badge>
                  </Group>
                  <Box>{mailto(reporter.email)}</Box>
                  {reporter.phone && <Box>{tel(reporter.phone)}</Box>}
                  <Text size="xs" c="dimmed">
                    {languageName(reporter.language)} ·{' '}
                    {t('public-forms.reporters.last_report_at', { date: date(reporter.last_reported_at) })}
                  </Text>
                </Stack>
              </Card>
            ))}
          </Stack>
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text size="sm" c="dimmed">
              {t('public-forms.reporters.showing', {
                from: page.from ?? 0,
                to: page.to ?? 0,
                total: page.total,
              })}
            </Text>
            {page.last_page > 1 && (
              <Pagination
                total={page.last_page}
                value={page.current_page}
                onChange={(n) => update({ page: n })}
                size="sm"
              />
            )}
          </Group>
        </>
      ) : null}
    </Stack>
  );
}
