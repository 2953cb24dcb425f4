import { Button, Group, Loader, NumberInput, Table, Text } from '@mantine/core';
import type { Schedule } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { useErrorText } from '../../../ui/feedback/use-error-text';
import { useNotify } from '../../../ui/feedback/use-notify';
import { useScheduleBudgets, useSetScheduleBudget } from '../editor-api';
import { formatHours } from '../format';
import { SectionCard } from './SectionCard';

type BudgetDraft = { year: number | string; planned_amount: number | string; planned_hours: number | string };
const numberOrNull = (v: number | string) => (typeof v === 'number' ? v : null);

/** Per year: the planned amount and hours, the hours logged on the schedule's issues, what is left; editors set a year's plan. */
export function ScheduleBudgets({ schedule }: { schedule: Schedule }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const errorText = useErrorText();
  const budgets = useScheduleBudgets(schedule.id);
  const setBudget = useSetScheduleBudget(schedule.id);
  const [draft, setDraft] = useState<BudgetDraft>({
    year: new Date().getFullYear(),
    planned_amount: '',
    planned_hours: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const money = (amount: number | null, currency: string) =>
    amount === null
      ? '—'
      : new Intl.NumberFormat(i18n.language, { style: 'currency', currency }).format(amount);
  const hours = (h: number | null) => (h === null ? '—' : formatHours(h, i18n.language));

  const save = () => {
    if (typeof draft.year !== 'number') {
      setErrors({ year: 'required' });
      return;
    }
    setBudget.mutate(
      {
        year: draft.year,
        planned_amount: numberOrNull(draft.planned_amount),
        planned_hours: numberOrNull(draft.planned_hours),
      },
      {
        onSuccess: () => {
          setErrors({});
          notify.ok('schedule-editor.done.budget', { year: draft.year });
        },
        onError: (err) => {
          if (err instanceof ApiError && Object.keys(err.fields).length) setErrors(err.fields);
          else notify.fail(err);
        },
      },
    );
  };
  const fieldError = (field: string) => (errors[field] ? errorText(errors[field]) : undefined);

  return (
    <SectionCard title={t('schedule-editor.budgets.title')} testId="schedule-budgets">
      {budgets.isPending ? (
        <Loader size="sm" />
      ) : budgets.isError ? (
        <ErrorPanel error={budgets.error} onRetry={() => void budgets.refetch()} />
      ) : budgets.data.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('schedule-editor.budgets.none')}
        </Text>
      ) : (
        // On a phone the table scrolls sideways: a keyboard must be able to reach and scroll it.
        <Table.ScrollContainer
          minWidth={560}
          scrollAreaProps={{
            viewportProps: { tabIndex: 0, 'aria-label': t('schedule-editor.budgets.title') },
          }}
        >
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('schedule-editor.budgets.year')}</Table.Th>
                <Table.Th>{t('schedule-editor.budgets.planned_amount')}</Table.Th>
                <Table.Th>{t('schedule-editor.budgets.planned_hours')}</Table.Th>
                <Table.Th>{t('schedule-editor.budgets.actual_hours')}</Table.Th>
                <Table.Th>{t('schedule-editor.budgets.remaining_hours')}</Table.Th>
                <Table.Th>{t('schedule-editor.budgets.issues')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {budgets.data.data.map((b) => (
                <Table.Tr key={b.year}>
                  <Table.Td>{b.year}</Table.Td>
                  <Table.Td>{money(b.planned_amount, b.currency)}</Table.Td>
                  <Table.Td>{hours(b.planned_hours)}</Table.Td>
                  <Table.Td>{hours(b.actual_hours)}</Table.Td>
                  <Table.Td c={b.remaining_hours !== null && b.remaining_hours < 0 ? 'red' : undefined}>
                    {hours(b.remaining_hours)}
                  </Table.Td>
                  <Table.Td>
                    {t('schedule-editor.budgets.issues_count', {
                      created: b.issues_created,
                      completed: b.issues_completed,
                    })}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {schedule.permissions.can_edit && (
        <Group
          gap="sm"
          align="flex-start"
          wrap="wrap"
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <NumberInput
            label={t('schedule-editor.budgets.year')}
            min={2000}
            max={2200}
            allowDecimal={false}
            thousandSeparator=""
            w={110}
            value={draft.year}
            onChange={(v) => setDraft((d) => ({ ...d, year: v }))}
            error={fieldError('year')}
          />
          <NumberInput
            label={t('schedule-editor.budgets.planned_amount')}
            min={0}
            decimalScale={2}
            w={160}
            value={draft.planned_amount}
            onChange={(v) => setDraft((d) => ({ ...d, planned_amount: v }))}
            error={fieldError('planned_amount')}
          />
          <NumberInput
            label={t('schedule-editor.budgets.planned_hours')}
            min={0}
            decimalScale={2}
            w={140}
            value={draft.planned_hours}
            onChange={(v) => setDraft((d) => ({ ...d, planned_hours: v }))}
            error={fieldError('planned_hours')}
          />
          <Button type="submit" variant="light" mt={25} loading={setBudget.isPending}>
            {t('schedule-editor.budgets.set')}
          </Button>
        </Group>
      )}
    </SectionCard>
  );
}
