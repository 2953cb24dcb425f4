import { Group, NumberInput, Stack, Switch, Text } from '@mantine/core';
import { PRESENCE_ALARM_RULES, type PresenceAlarmRuleName } from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from './field-props';

/**
 * Presence alarms (001 §3 "Schedule"): on or off, and each of the four rules (earlier / later
 * than the start, earlier / later than the end) with its own toggle and tolerance.
 */
export function PresenceAlarmFields({ values, set, fieldError, readOnly }: FieldProps) {
  const { t } = useTranslation();
  const alarm = values.presence_alarm;
  const setRule = (name: PresenceAlarmRuleName, next: Partial<(typeof alarm)[PresenceAlarmRuleName]>) =>
    set('presence_alarm', { ...alarm, [name]: { ...alarm[name], ...next } });

  return (
    <Stack gap="sm">
      <Switch
        label={t('schedule-editor.fields.presence_alarm')}
        description={t('schedule-editor.presence_alarm_hint')}
        checked={values.presence_alarm_enabled}
        onChange={(e) => !readOnly && set('presence_alarm_enabled', e.currentTarget.checked)}
        disabled={readOnly}
      />
      {values.presence_alarm_enabled &&
        PRESENCE_ALARM_RULES.map((name) => {
          const rule = alarm[name];
          const label = t(`schedule-editor.alarm.${name}`);
          return (
            <Group key={name} gap="sm" align="center" wrap="wrap" pl="md">
              <Switch
                label={label}
                checked={rule.enabled}
                onChange={(e) => !readOnly && setRule(name, { enabled: e.currentTarget.checked })}
                disabled={readOnly}
                w={{ base: '100%', sm: 260 }}
              />
              <NumberInput
                aria-label={`${label}: ${t('schedule-editor.alarm.hours')}`}
                suffix={` ${t('schedule-editor.alarm.hours_short')}`}
                min={0}
                max={99}
                allowDecimal={false}
                w={90}
                value={rule.hours}
                onChange={(v) => setRule(name, { hours: typeof v === 'number' ? v : 0 })}
                disabled={!rule.enabled}
                readOnly={readOnly}
              />
              <NumberInput
                aria-label={`${label}: ${t('schedule-editor.alarm.minutes')}`}
                suffix={` ${t('schedule-editor.alarm.minutes_short')}`}
                min={0}
                max={59}
                allowDecimal={false}
                w={90}
                value={rule.minutes}
                onChange={(v) => setRule(name, { minutes: typeof v === 'number' ? v : 0 })}
                disabled={!rule.enabled}
                readOnly={readOnly}
              />
            </Group>
          );
        })}
      {fieldError('presence_alarm') && (
        <Text size="xs" c="red" role="alert">
          {fieldError('presence_alarm')}
        </Text>
      )}
    </Stack>
  );
}
