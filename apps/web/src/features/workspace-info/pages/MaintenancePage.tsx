import { Anchor, Badge, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import {
  ASSET_STATUS_KEYS,
  type AssetStatusId,
  MAINTENANCE_FILES_EXPIRING_DAYS,
  type MaintenanceInfo,
} from '@workbench/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { currentLanguage } from '../../../i18n';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { EmptyLine, SectionCard, SectionLinks, StatCard } from '../../../ui/InfoCards';
import { InfoHeader } from '../components/InfoHeader';
import { formatDay } from '../lease-form';
import { useMaintenanceInfo } from '../workspace-info-api';

const issueListUrl = (query: Record<string, string> | null) =>
  query ? `/dashboard/issues?${new URLSearchParams(query).toString()}` : null;

const STATUS_COLORS: Record<number, string> = { 1: 'teal', 2: 'yellow', 3: 'red', 4: 'gray' };

/** /dashboard/workspaces/maintenance-info/:id: assets, schedules, maintenance issues, expiring files. */
export function MaintenancePage() {
  const id = Number(useParams().id);
  const { t } = useTranslation();
  const info = useMaintenanceInfo(id);
  if (info.isPending)
    return (
      <Stack>
        <Skeleton h={60} />
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {[1, 2, 3, 4].map((n) => (
            <Skeleton key={n} h={90} />
          ))}
        </SimpleGrid>
        <Skeleton h={240} />
      </Stack>
    );
  if (info.isError)
    return (
      <ErrorPanel
        title={t('workspace-info.maintenance_load_failed')}
        error={info.error}
        onRetry={() => info.refetch()}
      />
    );
  return <MaintenanceView info={info.data} />;
}

function MaintenanceView({ info }: { info: MaintenanceInfo }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const notWorking = info.assets ? (info.assets.by_status['3'] ?? 0) + (info.assets.by_status['2'] ?? 0) : 0;
  const q = info.issues.list_queries;
  const overdueUrl = issueListUrl(q.assets_overdue) ?? issueListUrl(q.schedules_overdue);
  const openUrl = issueListUrl(q.assets) ?? issueListUrl(q.schedules);
  const stat = (label: string, value: number, to: string | null) => ({
    label,
    value,
    to,
    dim: !value,
    linkLabel: to ? t('workspace-info.stat_link', { count: value, label }) : undefined,
  });
  return (
    <Stack gap="md">
      <InfoHeader
        workspace={info.workspace}
        title={t('workspace-info.maintenance_title')}
        subtitle={
          info.sub_workspaces
            ? t('workspace-info.with_sub_workspaces', {
                name: info.workspace.name,
                count: info.sub_workspaces,
              })
            : info.workspace.name
        }
      />
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
        {info.assets && (
          <StatCard {...stat(t('workspace-info.stat_assets'), info.assets.total, null)}>
            <Text size="xs" c="dimmed">
              {t('workspace-info.stat_in_maintenance', { count: notWorking })}
            </Text>
          </StatCard>
        )}
        {info.schedules && (
          <StatCard {...stat(t('workspace-info.stat_schedules'), info.schedules.total, null)} />
        )}
        <StatCard {...stat(t('workspace-info.stat_open'), info.issues.open_total, openUrl)} />
        <StatCard
          {...stat(t('workspace-info.stat_overdue'), info.issues.overdue_total, overdueUrl)}
          color={info.issues.overdue_total ? 'red.8' : undefined}
        />
        {info.regulatory_files && (
          <StatCard
            {...stat(t('workspace-info.stat_files'), info.regulatory_files.total, null)}
            color={info.regulatory_files.data.some((f) => f.state === 'expired') ? 'red.8' : undefined}
          />
        )}
      </SimpleGrid>

      <SectionCard
        title={t('workspace-info.issues_title')}
        count={info.issues.open_total}
        actions={
          <SectionLinks
            links={[
              { label: t('workspace-info.view_schedule_issues'), to: issueListUrl(q.schedules) },
              { label: t('workspace-info.view_asset_issues'), to: issueListUrl(q.assets) },
              { label: t('workspace-info.view_overdue'), to: overdueUrl },
            ]}
          />
        }
      >
        <RowList
          empty={info.issues.data.length === 0 && t('workspace-info.no_issues')}
          testId="maintenance-issues"
        >
          {info.issues.data.map((issue) => (
            <Row
              key={issue.id}
              title={issue.title}
              to={`/dashboard/issues/detail/${issue.id}`}
              sub={[issue.workspace.name, issue.asset?.name ?? issue.schedule?.title]
                .filter(Boolean)
                .join(' · ')}
            >
              <Badge variant="light" color="gray" size="sm">
                {t(`issues.status.${issue.status_id}`)}
              </Badge>
              <Text size="sm">
                {issue.due_date
                  ? `${t('workspace-info.col_due')}: ${dateTime.format(new Date(issue.due_date))}`
                  : `${t('workspace-info.col_due')}: —`}
              </Text>
              {issue.overdue && (
                <Badge color="red" variant="light" size="sm">
                  {t('workspace-info.overdue')}
                </Badge>
              )}
            </Row>
          ))}
        </RowList>
      </SectionCard>

      {info.assets && (
        <SectionCard title={t('workspace-info.assets_title')} count={info.assets.total}>
          <RowList
            empty={info.assets.data.length === 0 && t('workspace-info.no_assets')}
            testId="maintenance-assets"
          >
            {info.assets.data.map((asset) => (
              <Row
                key={asset.id}
                title={asset.name}
                to={`/dashboard/assets/detail/${asset.id}`}
                sub={asset.workspace.name}
              >
                <Badge color={STATUS_COLORS[asset.status] ?? 'gray'} variant="light" size="sm">
                  {t(`assets.${ASSET_STATUS_KEYS[asset.status as AssetStatusId]}`)}
                </Badge>
                {asset.open_issues > 0 ? (
                  <Anchor component={Link} to={`/dashboard/issues?asset_ids=${asset.id}`} size="sm">
                    {`${t('workspace-info.col_open_issues')}: ${asset.open_issues}`}
                  </Anchor>
                ) : (
                  <Text size="sm" c="dimmed">
                    {`${t('workspace-info.col_open_issues')}: 0`}
                  </Text>
                )}
              </Row>
            ))}
          </RowList>
        </SectionCard>
      )}

      {info.schedules && (
        <SectionCard title={t('workspace-info.schedules_title')} count={info.schedules.total}>
          <RowList empty={info.schedules.data.length === 0 && t('workspace-info.no_schedules')}>
            {info.schedules.data.map((s) => (
              <Row
                key={s.id}
                title={s.title}
                to={`/dashboard/scheduling/detail/${s.id}`}
                sub={[s.workspace.name, s.assignee?.full_name].filter(Boolean).join(' · ')}
              >
                <Text size="sm">
                  {s.next_date
                    ? t('workspace-info.next_on', { date: dateTime.format(new Date(s.next_date)) })
                    : '—'}
                </Text>
              </Row>
            ))}
          </RowList>
        </SectionCard>
      )}

      {info.regulatory_files && (
        <SectionCard
          title={t('workspace-info.files_title')}
          count={info.regulatory_files.total}
          description={t('workspace-info.files_description', { count: MAINTENANCE_FILES_EXPIRING_DAYS })}
        >
          <RowList empty={info.regulatory_files.data.length === 0 && t('workspace-info.no_expiring_files')}>
            {info.regulatory_files.data.map((f) => (
              <Row
                key={`${f.id}-${f.asset.id}`}
                title={f.name}
                sub={
                  <Anchor component={Link} to={`/dashboard/assets/detail/${f.asset.id}`} size="xs">
                    {f.asset.name}
                  </Anchor>
                }
              >
                <Text size="sm">{formatDay(f.valid_until, language)}</Text>
                <Badge color={f.state === 'expired' ? 'red' : 'yellow'} variant="light" size="sm">
                  {t(`workspace-info.file_${f.state}`)}
                </Badge>
              </Row>
            ))}
          </RowList>
        </SectionCard>
      )}

      {info.equipment && (
        <SectionCard title={t('workspace-info.equipment_title')} count={info.equipment.total}>
          {info.equipment.data.length === 0 ? (
            <EmptyLine>{t('workspace-info.no_equipment')}</EmptyLine>
          ) : (
            <Group gap="xs">
              {info.equipment.data.map((e) => (
                <Anchor
                  key={e.id}
                  component={Link}
                  to={`/dashboard/equipment/detail/${e.id}`}
                  size="sm"
                  maw="100%"
                >
                  <Badge
                    variant="outline"
                    size="lg"
                    maw="100%"
                    style={{ cursor: 'pointer', textTransform: 'none' }}
                  >
                    {e.title}
                  </Badge>
                </Anchor>
              ))}
            </Group>
          )}
        </SectionCard>
      )}
    </Stack>
  );
}

/**
 * A section's rows as a list that fits any width: the name (a link) with its place under it,
 * and the state on the right on a wide screen or under it on a phone; never scrolls sideways.
 */
function RowList({
  empty,
  testId,
  children,
}: {
  empty: string | false;
  testId?: string;
  children: ReactNode;
}) {
  if (empty) return <EmptyLine>{empty}</EmptyLine>;
  return (
    <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} data-testid={testId}>
      {children}
    </Stack>
  );
}

function Row({
  title,
  to,
  sub,
  children,
}: {
  title: string;
  to?: string;
  sub?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Group
      component="li"
      justify="space-between"
      align="flex-start"
      gap={4}
      wrap="wrap"
      py={8}
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Stack gap={0} miw={0} style={{ flex: '1 1 14rem' }}>
        {to ? (
          <Anchor component={Link} to={to} size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Anchor>
        ) : (
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Text>
        )}
        {sub && (
          <Text size="xs" c="dimmed" component="div" style={{ overflowWrap: 'anywhere' }}>
            {sub}
          </Text>
        )}
      </Stack>
      <Group gap={6} wrap="wrap" justify="flex-end" miw={0}>
        {children}
      </Group>
    </Group>
  );
}
