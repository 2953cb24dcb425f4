import { Button, Group, NumberInput, Select, Switch, Text } from '@mantine/core';
import type { Schedule, ScheduleTimeLimits as TimeLimits } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../ui/feedback/use-notify';
import { useSetScheduleTimeLimits } from '../editor-api';
import { SectionCard } from './SectionCard';

const UNITS = ['minutes', 'hours', 'days'] as const;

/** How long after its start each new issue is due (none: at the end of its work hours or slot). */
export function ScheduleTimeLimits({ schedule }: { schedule: Schedule }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const save = useSetScheduleTimeLimits(schedule.id);
  const [limits, setLimits] = useState<TimeLimits>(schedule.time_limits);
  const completion = limits.completion;
  const canEdit = schedule.permissions.can_edit && !schedule.archived;
  const changed = JSON.stringify(limits) !== JSON.stringify(schedule.time_limits);

  return (
    <SectionCard title={t('schedule-editor.time_limits.title')} testId="schedule-time-limits">
      <Group gap="sm" align="center" wrap="wrap">
        <Switch
          label={t('schedule-editor.fields.time_limit')}
          checked={completion !== null}
          onChange={(e) =>
            setLimits({ completion: e.currentTarget.checked ? { value: 1, unit: 'days' } : null })
          }
          disabled={!canEdit}
        />
        {completion && (
          <>
            <NumberInput
              aria-label={t('schedule-editor.fields.time_limit_value')}
              min={1}
              max={999}
              allowDecimal={false}
              w={100}
              value={completion.value}
              onChange={(v) =>
                setLimits({ completion: { ...completion, value: typeof v === 'number' ? v : 1 } })
              }
              readOnly={!canEdit}
            />
            <Select
              aria-label={t('schedule-editor.fields.time_limit_unit')}
              w={140}
              data={UNITS.map((u) => ({ value: u, label: t(`schedule-editor.units.${u}`) }))}
              value={completion.unit}
              onChange={(v) =>
                v && setLimits({ completion: { ...completion, unit: v as (typeof UNITS)[number] } })
              }
              allowDeselect={false}
              readOnly={!canEdit}
              comboboxProps={{ withinPortal: true }}
            />
          </>
        )}
        {canEdit && changed && (
          <Button
            size="xs"
            loading={save.isPending}
            onClick={() =>
              save.mutate(limits, {
                onSuccess: () => notify.ok('schedule-editor.done.time_limits'),
                onError: notify.fail,
              })
            }
          >
            {t('schedule-editor.save')}
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {t(completion ? 'schedule-editor.time_limit_on' : 'schedule-editor.time_limit_off')}
      </Text>
    </SectionCard>
  );
}
