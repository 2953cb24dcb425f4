import { Anchor, Badge, Group, Stack } from '@mantine/core';
import type { DashboardFigure } from '@workbench/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyLine, StatCard } from '../../../ui/InfoCards';
import { issuesLink } from '../dashboard-view';

/** One number of the dashboard, linking to the issue list that counts it, with its first rows. */
export function FigureCard({
  label,
  figure,
  color,
  icon,
  testId,
}: {
  label: string;
  figure: DashboardFigure;
  color: string;
  icon: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <StatCard
      testId={testId}
      label={label}
      icon={icon}
      color={color}
      value={figure.count}
      dim={!figure.count}
      to={issuesLink(figure.query)}
      linkLabel={t('dashboard.figure_link', { count: figure.count, label })}
    >
      {figure.rows.length ? (
        <Stack gap={4}>
          {figure.rows.map((row) => (
            <Group key={row.id} gap={6} wrap="nowrap" miw={0}>
              <Anchor
                component={Link}
                to={`/dashboard/issues/detail/${row.id}`}
                size="sm"
                truncate="end"
                miw={0}
              >
                {row.title}
              </Anchor>
              <Badge size="xs" variant="light" color="gray" style={{ flexShrink: 0 }} maw={120}>
                {row.workspace.name}
              </Badge>
            </Group>
          ))}
          {figure.count > figure.rows.length && (
            <Anchor component={Link} to={issuesLink(figure.query)} size="xs">
              {t('dashboard.show_all', { count: figure.count })}
            </Anchor>
          )}
        </Stack>
      ) : (
        <EmptyLine>{t('dashboard.nothing_here')}</EmptyLine>
      )}
    </StatCard>
  );
}
