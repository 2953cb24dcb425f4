import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { DashboardFigure } from '@workbench/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
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
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm" fw={600} c="dimmed">
            {label}
          </Text>
          <Text c={color} aria-hidden>
            {icon}
          </Text>
        </Group>
        <Anchor
          component={Link}
          to={issuesLink(figure.query)}
          fz={32}
          fw={700}
          lh={1.1}
          c={figure.count ? color : 'dimmed'}
          aria-label={t('dashboard.figure_link', { count: figure.count, label })}
        >
          {figure.count}
        </Anchor>
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
          <Text size="sm" c="dimmed">
            {t('dashboard.nothing_here')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
