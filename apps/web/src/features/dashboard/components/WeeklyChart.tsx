import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Anchor, Button, Table } from '@mantine/core';
import type { DashboardWeek } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SectionCard } from '../../../ui/InfoCards';
import { issuesLink, weekRows } from '../dashboard-view';

/** Opened vs completed per ISO week: a bar chart, or the same figures as a table (each opened count a link). */
export function WeeklyChart({ weeks, timeZone }: { weeks: readonly DashboardWeek[]; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const [asTable, setAsTable] = useState(false);
  const rows = weekRows(weeks, i18n.language, timeZone);
  const opened = rows.reduce((sum, r) => sum + r.opened, 0);
  const completed = rows.reduce((sum, r) => sum + r.completed, 0);
  const summary = t('dashboard.chart_summary', { weeks: rows.length, opened, completed });
  return (
    <SectionCard
      order={3}
      title={t('dashboard.chart_title')}
      titleId="weekly-chart-title"
      description={summary}
      actions={
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => setAsTable((v) => !v)}
          aria-pressed={asTable}
        >
          {asTable ? t('dashboard.show_chart') : t('dashboard.show_table')}
        </Button>
      }
    >
      {asTable ? (
        <Table.ScrollContainer minWidth={280}>
          <Table striped aria-labelledby="weekly-chart-title" data-testid="weekly-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dashboard.week')}</Table.Th>
                <Table.Th ta="right">{t('dashboard.opened')}</Table.Th>
                <Table.Th ta="right">{t('dashboard.completed')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.week}>
                  <Table.Td>
                    {row.week} · {row.label}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Anchor component={Link} to={issuesLink(row.opened_query)}>
                      {row.opened}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right">{row.completed}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <div role="img" aria-label={summary} data-testid="weekly-chart">
          <BarChart
            h={240}
            data={rows}
            dataKey="label"
            withLegend
            legendProps={{ verticalAlign: 'bottom' }}
            tickLine="y"
            series={[
              { name: 'opened', label: t('dashboard.opened'), color: 'brand.6' },
              { name: 'completed', label: t('dashboard.completed'), color: 'teal.6' },
            ]}
          />
        </div>
      )}
    </SectionCard>
  );
}
