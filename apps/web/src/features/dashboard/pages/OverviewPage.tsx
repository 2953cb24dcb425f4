import { Anchor, Group, Progress, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCalendarCheck,
  IconCalendarDue,
  IconEye,
  IconThumbDown,
  IconTool,
} from '@tabler/icons-react';
import { DASHBOARD_WEEKS_DEFAULT, type DashboardStatistics } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { EmptyLine, SectionCard, StatCard } from '../../../ui/InfoCards';
import { FigureCard } from '../components/FigureCard';
import { OnboardingBanner } from '../components/OnboardingBanner';
import { WeeklyChart } from '../components/WeeklyChart';
import { useDashboardStatistics } from '../dashboard-api';
import { equipmentLink, issuesLink, percentText } from '../dashboard-view';

const WEEK_CHOICES = [4, 8, 12, 26, 52];

/** /dashboard/overview: the morning look at one's work and, for managers, their workspaces. */
export function OverviewPage() {
  const { t } = useTranslation();
  const [weeks, setWeeks] = useState(DASHBOARD_WEEKS_DEFAULT);
  const stats = useDashboardStatistics(weeks);

  return (
    <Stack gap="lg" maw={1280}>
      <Title order={1} size="h2">
        {t('dashboard.title')}
      </Title>
      <OnboardingBanner />
      {stats.isError && <ErrorPanel error={stats.error} onRetry={() => void stats.refetch()} />}
      {stats.isPending && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          {[1, 2, 3, 4].map((n) => (
            <Skeleton key={n} h={150} radius="md" />
          ))}
        </SimpleGrid>
      )}
      {stats.data && (
        <>
          <section aria-labelledby="my-work">
            <Title order={2} size="h4" mb="sm" id="my-work">
              {t('dashboard.my_work')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: stats.data.mine.in_review ? 4 : 3 }}>
              <FigureCard
                testId="figure-due-today"
                label={t('dashboard.due_today')}
                figure={stats.data.mine.due_today}
                color="orange.8"
                icon={<IconCalendarDue size={22} />}
              />
              <FigureCard
                testId="figure-overdue"
                label={t('dashboard.overdue')}
                figure={stats.data.mine.overdue}
                color="red.8"
                icon={<IconAlertTriangle size={22} />}
              />
              <FigureCard
                testId="figure-declined"
                label={
                  stats.data.mine.in_review
                    ? t('dashboard.declined_managed')
                    : t('dashboard.declined_reported')
                }
                figure={stats.data.mine.declined}
                color="grape.8"
                icon={<IconThumbDown size={22} />}
              />
              {stats.data.mine.in_review && (
                <FigureCard
                  testId="figure-in-review"
                  label={t('dashboard.in_review')}
                  figure={stats.data.mine.in_review}
                  color="blue.8"
                  icon={<IconEye size={22} />}
                />
              )}
            </SimpleGrid>
          </section>
          {stats.data.management && (
            <Management
              data={stats.data.management}
              timeZone={stats.data.time_zone}
              weeks={weeks}
              onWeeks={setWeeks}
            />
          )}
        </>
      )}
    </Stack>
  );
}

function Management({
  data,
  timeZone,
  weeks,
  onWeeks,
}: {
  data: NonNullable<DashboardStatistics['management']>;
  timeZone: string;
  weeks: number;
  onWeeks: (weeks: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const top = data.overdue_by_workspace[0]?.count ?? 0;
  return (
    <section aria-labelledby="management">
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} size="h4" id="management">
          {data.scope === 'organisation' ? t('dashboard.organisation') : t('dashboard.my_workspaces')}
        </Title>
        <Select
          aria-label={t('dashboard.period')}
          size="xs"
          w={160}
          value={String(weeks)}
          allowDeselect={false}
          onChange={(v) => v && onWeeks(Number(v))}
          data={WEEK_CHOICES.map((n) => ({
            value: String(n),
            label: t('dashboard.last_weeks', { count: n }),
          }))}
        />
      </Group>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          <FigureCard
            testId="figure-all-overdue"
            label={t('dashboard.all_overdue')}
            figure={data.overdue}
            color="red.8"
            icon={<IconAlertTriangle size={22} />}
          />
          {data.schedules_on_time && (
            <StatCard
              testId="figure-on-time"
              label={t('dashboard.on_time')}
              icon={<IconCalendarCheck size={22} />}
              color="teal.8"
              dim={data.schedules_on_time.percent === null}
              value={
                data.schedules_on_time.percent === null
                  ? '–'
                  : percentText(data.schedules_on_time.percent, i18n.language)
              }
            >
              <Progress.Root>
                <Progress.Section
                  value={data.schedules_on_time.percent ?? 0}
                  color="teal"
                  aria-label={t('dashboard.on_time')}
                />
              </Progress.Root>
              {data.schedules_on_time.query ? (
                <Anchor component={Link} to={issuesLink(data.schedules_on_time.query)} size="sm">
                  {t('dashboard.on_time_detail', {
                    on_time: data.schedules_on_time.on_time,
                    due: data.schedules_on_time.due,
                  })}
                </Anchor>
              ) : (
                <EmptyLine>
                  {data.schedules_on_time.due
                    ? t('dashboard.on_time_detail', {
                        on_time: data.schedules_on_time.on_time,
                        due: data.schedules_on_time.due,
                      })
                    : t('dashboard.on_time_none')}
                </EmptyLine>
              )}
            </StatCard>
          )}
          {data.equipment_overdue && (
            <StatCard
              testId="figure-equipment"
              label={t('dashboard.equipment_overdue')}
              icon={<IconTool size={22} />}
              color="orange.8"
              dim={!data.equipment_overdue.count}
              value={data.equipment_overdue.count}
              to={equipmentLink(data.equipment_overdue.query)}
              linkLabel={t('dashboard.figure_link', {
                count: data.equipment_overdue.count,
                label: t('dashboard.equipment_overdue'),
              })}
            >
              {data.equipment_overdue.items.length ? (
                data.equipment_overdue.items.map((item) => (
                  <Group key={item.id} gap={6} wrap="nowrap" miw={0}>
                    <Anchor
                      component={Link}
                      to={`/dashboard/equipment/detail/${item.id}`}
                      size="sm"
                      truncate="end"
                    >
                      {item.title}
                    </Anchor>
                    {item.holder && (
                      <Text size="xs" c="dimmed" truncate="end">
                        {item.holder}
                      </Text>
                    )}
                  </Group>
                ))
              ) : (
                <EmptyLine>{t('dashboard.nothing_here')}</EmptyLine>
              )}
            </StatCard>
          )}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <WeeklyChart weeks={data.per_week} timeZone={timeZone} />
          <SectionCard testId="overdue-by-workspace" order={3} title={t('dashboard.overdue_by_workspace')}>
            {data.overdue_by_workspace.length ? (
              <Stack gap="sm">
                {data.overdue_by_workspace.map((row) => (
                  <div key={row.workspace.id}>
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Text size="sm" truncate="end">
                        {row.workspace.name}
                      </Text>
                      <Anchor
                        component={Link}
                        to={issuesLink(row.query)}
                        size="sm"
                        fw={600}
                        aria-label={t('dashboard.figure_link', {
                          count: row.count,
                          label: `${t('dashboard.overdue')}: ${row.workspace.name}`,
                        })}
                      >
                        {row.count}
                      </Anchor>
                    </Group>
                    <Progress.Root size="sm" aria-hidden>
                      <Progress.Section value={top ? (row.count / top) * 100 : 0} color="red" aria-hidden />
                    </Progress.Root>
                  </div>
                ))}
              </Stack>
            ) : (
              <EmptyLine>{t('dashboard.no_overdue')}</EmptyLine>
            )}
          </SectionCard>
        </SimpleGrid>
      </Stack>
    </section>
  );
}
