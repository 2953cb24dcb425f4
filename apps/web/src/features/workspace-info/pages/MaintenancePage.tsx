import { Anchor, Badge, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
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
          <Stat
            label={t('workspace-info.stat_assets')}
            value={info.assets.total}
            hint={t('workspace-info.stat_in_maintenance', { count: notWorking })}
          />
        )}
        {info.schedules && <Stat label={t('workspace-info.stat_schedules')} value={info.schedules.total} />}
        <Stat label={t('workspace-info.stat_open')} value={info.issues.open_total} to={openUrl} />
        <Stat
          label={t('workspace-info.stat_overdue')}
          value={info.issues.overdue_total}
          to={overdueUrl}
          color={info.issues.overdue_total ? 'red' : undefined}
        />
        {info.regulatory_files && (
          <Stat
            label={t('workspace-info.stat_files')}
            value={info.regulatory_files.total}
            color={info.regulatory_files.data.some((f) => f.state === 'expired') ? 'red' : undefined}
          />
        )}
      </SimpleGrid>

      <Section
        title={t('workspace-info.issues_title')}
        count={info.issues.open_total}
        links={[
          { label: t('workspace-info.view_schedule_issues'), to: issueListUrl(q.schedules) },
          { label: t('workspace-info.view_asset_issues'), to: issueListUrl(q.assets) },
          { label: t('workspace-info.view_overdue'), to: overdueUrl },
        ]}
      >
        {info.issues.data.length === 0 ? (
          <Empty>{t('workspace-info.no_issues')}</Empty>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('workspace-info.col_issue')}</Table.Th>
                  <Table.Th>{t('workspace-info.col_status')}</Table.Th>
                  <Table.Th>{t('workspace-info.col_due')}</Table.Th>
                  <Table.Th>{t('workspace-info.col_for')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {info.issues.data.map((issue) => (
                  <Table.Tr key={issue.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/dashboard/issues/detail/${issue.id}`} size="sm">
                        {issue.title}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {issue.workspace.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{t(`issues.status.${issue.status_id}`)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Text size="sm">
                          {issue.due_date ? dateTime.format(new Date(issue.due_date)) : '—'}
                        </Text>
                        {issue.overdue && (
                          <Badge color="red" variant="light" size="sm">
                            {t('workspace-info.overdue')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{issue.asset?.name ?? issue.schedule?.title ?? '—'}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>

      {info.assets && (
        <Section title={t('workspace-info.assets_title')} count={info.assets.total}>
          {info.assets.data.length === 0 ? (
            <Empty>{t('workspace-info.no_assets')}</Empty>
          ) : (
            <Table.ScrollContainer minWidth={480}>
              <Table verticalSpacing="xs" striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('workspace-info.col_asset')}</Table.Th>
                    <Table.Th>{t('workspace-info.col_status')}</Table.Th>
                    <Table.Th ta="right">{t('workspace-info.col_open_issues')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {info.assets.data.map((asset) => (
                    <Table.Tr key={asset.id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/dashboard/assets/detail/${asset.id}`} size="sm">
                          {asset.name}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {asset.workspace.name}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Badge color={STATUS_COLORS[asset.status] ?? 'gray'} variant="light" size="sm">
                          {t(`assets.${ASSET_STATUS_KEYS[asset.status as AssetStatusId]}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td ta="right">
                        {asset.open_issues > 0 ? (
                          <Anchor
                            component={Link}
                            to={`/dashboard/issues?asset_ids=${asset.id}`}
                            size="sm"
                            aria-label={t('workspace-info.open_issues_of', {
                              count: asset.open_issues,
                              name: asset.name,
                            })}
                          >
                            {asset.open_issues}
                          </Anchor>
                        ) : (
                          <Text size="sm" c="dimmed">
                            0
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Section>
      )}

      {info.schedules && (
        <Section title={t('workspace-info.schedules_title')} count={info.schedules.total}>
          {info.schedules.data.length === 0 ? (
            <Empty>{t('workspace-info.no_schedules')}</Empty>
          ) : (
            <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {info.schedules.data.map((s) => (
                <Group key={s.id} component="li" justify="space-between" gap="xs" wrap="wrap">
                  <Stack gap={0} miw={0}>
                    <Anchor component={Link} to={`/dashboard/scheduling/detail/${s.id}`} size="sm">
                      {s.title}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {s.workspace.name}
                      {s.assignee ? ` · ${s.assignee.full_name}` : ''}
                    </Text>
                  </Stack>
                  <Text size="sm">
                    {s.next_date
                      ? t('workspace-info.next_on', { date: dateTime.format(new Date(s.next_date)) })
                      : '—'}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
        </Section>
      )}

      {info.regulatory_files && (
        <Section
          title={t('workspace-info.files_title')}
          count={info.regulatory_files.total}
          description={t('workspace-info.files_description', { count: MAINTENANCE_FILES_EXPIRING_DAYS })}
        >
          {info.regulatory_files.data.length === 0 ? (
            <Empty>{t('workspace-info.no_expiring_files')}</Empty>
          ) : (
            <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {info.regulatory_files.data.map((f) => (
                <Group
                  key={`${f.id}-${f.asset.id}`}
                  component="li"
                  justify="space-between"
                  gap="xs"
                  wrap="wrap"
                >
                  <Stack gap={0} miw={0}>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {f.name}
                    </Text>
                    <Anchor component={Link} to={`/dashboard/assets/detail/${f.asset.id}`} size="xs">
                      {f.asset.name}
                    </Anchor>
                  </Stack>
                  <Group gap={6}>
                    <Text size="sm">{formatDay(f.valid_until, language)}</Text>
                    <Badge color={f.state === 'expired' ? 'red' : 'yellow'} variant="light" size="sm">
                      {t(`workspace-info.file_${f.state}`)}
                    </Badge>
                  </Group>
                </Group>
              ))}
            </Stack>
          )}
        </Section>
      )}

      {info.equipment && (
        <Section title={t('workspace-info.equipment_title')} count={info.equipment.total}>
          {info.equipment.data.length === 0 ? (
            <Empty>{t('workspace-info.no_equipment')}</Empty>
          ) : (
            <Group gap="xs">
              {info.equipment.data.map((e) => (
                <Anchor key={e.id} component={Link} to={`/dashboard/equipment/detail/${e.id}`} size="sm">
                  <Badge variant="outline" size="lg" style={{ cursor: 'pointer', textTransform: 'none' }}>
                    {e.title}
                  </Badge>
                </Anchor>
              ))}
            </Group>
          )}
        </Section>
      )}
    </Stack>
  );
}

function Stat({
  label,
  value,
  hint,
  to,
  color,
}: {
  label: string;
  value: number;
  hint?: string;
  to?: string | null;
  color?: string;
}) {
  const body = (
    <>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={28} fw={700} c={color ? `${color}.8` : undefined} lh={1.2}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </>
  );
  return to ? (
    <Card withBorder radius="md" p="sm" component={Link} to={to}>
      {body}
    </Card>
  ) : (
    <Card withBorder radius="md" p="sm">
      {body}
    </Card>
  );
}

function Section({
  title,
  count,
  description,
  links,
  children,
}: {
  title: string;
  count: number;
  description?: string;
  links?: Array<{ label: string; to: string | null }>;
  children: ReactNode;
}) {
  const shown = (links ?? []).filter((l): l is { label: string; to: string } => !!l.to);
  return (
    <Card withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Title order={2} size="h4">
              {title}
            </Title>
            <Badge variant="light" color="gray">
              {count}
            </Badge>
          </Group>
          {shown.length > 0 && (
            <Group gap="sm">
              {shown.map((l) => (
                <Anchor key={l.label} component={Link} to={l.to} size="sm">
                  {l.label}
                </Anchor>
              ))}
            </Group>
          )}
        </Group>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
        {children}
      </Stack>
    </Card>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}
