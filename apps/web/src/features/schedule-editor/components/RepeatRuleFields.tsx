import { Chip, Group, NumberInput, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { SCHEDULE_END_TYPES, SCHEDULE_REPEAT_UNITS } from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import { mondayFirst, weekdayNames } from '../../schedules/repeat-summary';
import type { ScheduleFormValues } from '../form-values';
import type { FieldProps } from './field-props';

const WEEKS_OF_MONTH = [1, 2, 3, 4, -1] as const;
const ALL_DAYS = mondayFirst([0, 1, 2, 3, 4, 5, 6]);

/**
 * The repeat rule (001 §2 "Scheduling"): start day, unit and interval, weekdays as chips (0 =
 * Sunday), for months the week of the month ("the first Monday"), exclude weekends, and the end
 * (never, after N issues, on a day).
 */
export function RepeatRuleFields({ values, set, fieldError, readOnly }: FieldProps) {
  const { t, i18n } = useTranslation();
  const names = weekdayNames(i18n.language, 'short');
  const { repeat_every: every, end } = values;
  const setEvery = (next: Partial<ScheduleFormValues['repeat_every']>) =>
    set('repeat_every', { ...every, ...next });
  const weekdaysApply = every.type === 'days' || every.type === 'weeks' || every.type === 'months';

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <DateInput
          label={t('schedule-editor.fields.start_date')}
          value={values.start_date || null}
          onChange={(v) => set('start_date', v ?? '')}
          valueFormat="DD.MM.YYYY"
          withAsterisk={!readOnly}
          error={fieldError('start_date')}
          readOnly={readOnly}
          data-testid="schedule-start-date"
        />
        <NumberInput
          label={t('schedule-editor.fields.repeat_value')}
          min={1}
          max={999}
          allowDecimal={false}
          value={every.value}
          onChange={(v) => setEvery({ value: typeof v === 'number' ? v : Number(v) || 0 })}
          error={fieldError('repeat_every')}
          readOnly={readOnly}
        />
        <Select
          label={t('schedule-editor.fields.repeat_unit')}
          data={SCHEDULE_REPEAT_UNITS.map((u) => ({ value: u, label: t(`schedule-editor.units.${u}`) }))}
          value={every.type}
          onChange={(v) => v && setEvery({ type: v as (typeof SCHEDULE_REPEAT_UNITS)[number] })}
          allowDeselect={false}
          readOnly={readOnly}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      {weekdaysApply && (
        <Stack gap={4}>
          <Text size="sm" fw={500} id="schedule-weekdays-label">
            {t('schedule-editor.fields.repeat_on')}
          </Text>
          <Chip.Group
            multiple
            value={values.repeat_on.map(String)}
            onChange={(v) => !readOnly && set('repeat_on', v.map(Number))}
          >
            <Group gap={6} role="group" aria-labelledby="schedule-weekdays-label">
              {ALL_DAYS.map((day) => (
                <Chip key={day} value={String(day)} size="sm" disabled={readOnly}>
                  {names[day]}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          {fieldError('repeat_on') && (
            <Text size="xs" c="red" role="alert">
              {fieldError('repeat_on')}
            </Text>
          )}
        </Stack>
      )}
      <Group gap="xl" align="flex-end" wrap="wrap">
        {every.type === 'months' && values.repeat_on.length > 0 && (
          <Select
            label={t('schedule-editor.fields.week_of_month')}
            placeholder={t('schedule-editor.week_of_month.any')}
            data={WEEKS_OF_MONTH.map((w) => ({
              value: String(w),
              label: t(`schedule-editor.week_of_month.${w === -1 ? 'last' : w}`),
            }))}
            value={values.repeat_week_of_month === null ? null : String(values.repeat_week_of_month)}
            onChange={(v) => set('repeat_week_of_month', v === null ? null : Number(v))}
            clearable
            error={fieldError('repeat_week_of_month')}
            readOnly={readOnly}
            comboboxProps={{ withinPortal: true }}
            w={200}
          />
        )}
        <Switch
          label={t('schedule-editor.fields.exclude_weekends')}
          checked={every.exclude_weekends}
          onChange={(e) => !readOnly && setEvery({ exclude_weekends: e.currentTarget.checked })}
          disabled={readOnly}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label={t('schedule-editor.fields.end')}
          data={SCHEDULE_END_TYPES.map((e) => ({ value: e, label: t(`schedule-editor.end.${e}`) }))}
          value={end.type}
          onChange={(v) => {
            if (v === 'NEVER') set('end', { type: 'NEVER', value: null });
            if (v === 'AFTER') set('end', { type: 'AFTER', value: 10 });
            if (v === 'ON') set('end', { type: 'ON', value: null });
          }}
          allowDeselect={false}
          error={end.type === 'NEVER' ? fieldError('end') : undefined}
          readOnly={readOnly}
          comboboxProps={{ withinPortal: true }}
        />
        {end.type === 'AFTER' && (
          <NumberInput
            label={t('schedule-editor.fields.end_after')}
            min={1}
            allowDecimal={false}
            value={typeof end.value === 'number' ? end.value : ''}
            onChange={(v) => set('end', { type: 'AFTER', value: typeof v === 'number' ? v : null })}
            error={fieldError('end')}
            readOnly={readOnly}
          />
        )}
        {end.type === 'ON' && (
          <DateInput
            label={t('schedule-editor.fields.end_on')}
            value={typeof end.value === 'string' ? end.value : null}
            onChange={(v) => set('end', { type: 'ON', value: v })}
            valueFormat="DD.MM.YYYY"
            error={fieldError('end')}
            readOnly={readOnly}
          />
        )}
      </SimpleGrid>
    </Stack>
  );
}
