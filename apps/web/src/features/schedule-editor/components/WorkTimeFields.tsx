import { Group, NumberInput, Radio, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { DateInput, TimeInput } from '@mantine/dates';
import { SCHEDULE_RESCHEDULE_MODES, SCHEDULE_TIME_SLOTS_MAX } from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from './field-props';
import { AddRowButton, RemoveRowButton } from './RowButtons';

const LIMIT_UNITS = ['minutes', 'hours', 'days'] as const;

/**
 * Work hours, time slots, the completion time limit (on the detail page its own section sets it:
 * withTimeLimit false), the seasonal break and the reschedule mode.
 */
export function WorkTimeFields({
  values,
  set,
  fieldError,
  readOnly,
  withTimeLimit,
}: FieldProps & { withTimeLimit: boolean }) {
  const { t } = useTranslation();
  const slots = values.time_slots;
  const limit = values.time_limits.completion;
  const isBreak = values.seasonal_break_type === 'YES';
  const setSlot = (index: number, part: 'start' | 'end', time: string) =>
    set(
      'time_slots',
      slots.map((s, i) => (i === index ? { ...s, [part]: time } : s)),
    );

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <TimeInput
          label={t('schedule-editor.fields.work_hours_start')}
          value={values.work_hours_start}
          onChange={(e) => set('work_hours_start', e.currentTarget.value)}
          error={fieldError('work_hours_start')}
          readOnly={readOnly}
        />
        <TimeInput
          label={t('schedule-editor.fields.work_hours_end')}
          value={values.work_hours_end}
          onChange={(e) => set('work_hours_end', e.currentTarget.value)}
          error={fieldError('work_hours_end')}
          readOnly={readOnly}
        />
      </SimpleGrid>

      <Stack gap={6}>
        <Text size="sm" fw={500}>
          {t('schedule-editor.fields.time_slots')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('schedule-editor.time_slots_hint')}
        </Text>
        {slots.map((slot, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
          <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
            <TimeInput
              label={t('schedule-editor.slot_start', { n: index + 1 })}
              value={slot.start}
              onChange={(e) => setSlot(index, 'start', e.currentTarget.value)}
              readOnly={readOnly}
            />
            <TimeInput
              label={t('schedule-editor.slot_end', { n: index + 1 })}
              value={slot.end}
              onChange={(e) => setSlot(index, 'end', e.currentTarget.value)}
              readOnly={readOnly}
            />
            {!readOnly && (
              <RemoveRowButton
                label={t('schedule-editor.remove_slot', { n: index + 1 })}
                onClick={() =>
                  set(
                    'time_slots',
                    slots.filter((_, i) => i !== index),
                  )
                }
              />
            )}
          </Group>
        ))}
        {fieldError('time_slots') && (
          <Text size="xs" c="red" role="alert">
            {fieldError('time_slots')}
          </Text>
        )}
        {!readOnly && slots.length < SCHEDULE_TIME_SLOTS_MAX && (
          <AddRowButton
            onClick={() =>
              set('time_slots', [...slots, { start: values.work_hours_start, end: values.work_hours_end }])
            }
          >
            {t('schedule-editor.add_slot')}
          </AddRowButton>
        )}
      </Stack>

      {withTimeLimit && (
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Switch
            label={t('schedule-editor.fields.time_limit')}
            checked={limit !== null}
            onChange={(e) =>
              !readOnly &&
              set('time_limits', { completion: e.currentTarget.checked ? { value: 1, unit: 'days' } : null })
            }
            disabled={readOnly}
          />
          {limit && (
            <>
              <NumberInput
                aria-label={t('schedule-editor.fields.time_limit_value')}
                min={1}
                max={999}
                allowDecimal={false}
                w={100}
                value={limit.value}
                onChange={(v) =>
                  set('time_limits', { completion: { ...limit, value: typeof v === 'number' ? v : 0 } })
                }
                readOnly={readOnly}
              />
              <Select
                aria-label={t('schedule-editor.fields.time_limit_unit')}
                w={140}
                data={LIMIT_UNITS.map((u) => ({ value: u, label: t(`schedule-editor.units.${u}`) }))}
                value={limit.unit}
                onChange={(v) =>
                  v &&
                  set('time_limits', { completion: { ...limit, unit: v as (typeof LIMIT_UNITS)[number] } })
                }
                allowDeselect={false}
                readOnly={readOnly}
                comboboxProps={{ withinPortal: true }}
              />
            </>
          )}
        </Group>
      )}
      {withTimeLimit && (
        <Text size="xs" c={fieldError('time_limits') ? 'red' : 'dimmed'}>
          {fieldError('time_limits') ??
            t(limit ? 'schedule-editor.time_limit_on' : 'schedule-editor.time_limit_off')}
        </Text>
      )}

      <Stack gap="xs">
        <Switch
          label={t('schedule-editor.fields.seasonal_break')}
          checked={isBreak}
          onChange={(e) => !readOnly && set('seasonal_break_type', e.currentTarget.checked ? 'YES' : 'NO')}
          disabled={readOnly}
          data-testid="schedule-break"
        />
        {isBreak && (
          <Group gap="sm" align="flex-end" wrap="wrap">
            <DateInput
              label={t('schedule-editor.fields.break_start')}
              value={values.seasonal_break_start}
              onChange={(v) => set('seasonal_break_start', v)}
              valueFormat="DD.MM.YYYY"
              error={fieldError('seasonal_break_start')}
              readOnly={readOnly}
              w={170}
            />
            <DateInput
              label={t('schedule-editor.fields.break_end')}
              value={values.seasonal_break_end}
              onChange={(v) => set('seasonal_break_end', v)}
              valueFormat="DD.MM.YYYY"
              error={fieldError('seasonal_break_end')}
              readOnly={readOnly}
              w={170}
            />
            <Switch
              label={t('schedule-editor.fields.break_yearly')}
              checked={values.seasonal_break_yearly}
              onChange={(e) => !readOnly && set('seasonal_break_yearly', e.currentTarget.checked)}
              disabled={readOnly}
              mb={8}
            />
          </Group>
        )}
      </Stack>

      <Radio.Group
        label={t('schedule-editor.fields.reschedule_mode')}
        value={values.reschedule_mode}
        onChange={(v) => !readOnly && set('reschedule_mode', v as (typeof SCHEDULE_RESCHEDULE_MODES)[number])}
        error={fieldError('reschedule_mode')}
      >
        <Stack gap="xs" mt={6}>
          {SCHEDULE_RESCHEDULE_MODES.map((mode) => (
            <Radio
              key={mode}
              value={mode}
              label={t(`schedule-editor.reschedule.${mode}`)}
              description={t(`schedule-editor.reschedule.${mode}_hint`)}
              disabled={readOnly}
            />
          ))}
        </Stack>
      </Radio.Group>
    </Stack>
  );
}
