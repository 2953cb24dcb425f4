import { Anchor, Button, Center, Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { Schedule } from '@workbench/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { errorKeyOf } from '../../../ui/feedback/error-text';
import { useErrorText } from '../../../ui/feedback/use-error-text';
import { useNotify } from '../../../ui/feedback/use-notify';
import { DynamicFormSection } from '../../dynamic-forms/lazy-sections';
import { mergeEdits } from '../../live/merge-edits';
import { ScheduleActions } from '../components/ScheduleActions';
import { ScheduleActivity } from '../components/ScheduleActivity';
import { ScheduleBudgets } from '../components/ScheduleBudgets';
import { ScheduleDecision } from '../components/ScheduleDecision';
import { ScheduleForm } from '../components/ScheduleForm';
import { ScheduleLatestIssues } from '../components/ScheduleLatestIssues';
import { ScheduleFuturePreview, ScheduleNextDates } from '../components/ScheduleNextDates';
import { ScheduleStatusBadge } from '../components/ScheduleStatusBadge';
import { ScheduleTimeLimits } from '../components/ScheduleTimeLimits';
import { useSchedule, useSetScheduleEquipments, useUpdateSchedule } from '../editor-api';
import {
  equipmentChangeOf,
  formErrorsOf,
  type ScheduleField,
  type ScheduleFormErrors,
  type ScheduleFormValues,
  scheduleFormOf,
  updateRequestOf,
  validateScheduleForm,
} from '../form-values';
import { schedulePaths } from '../paths';

/** /dashboard/scheduling/detail/:id: the schedule's form, state and actions, and its sections. */
export function ScheduleDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const schedule = useSchedule(valid ? id : 0);

  const back = (
    <Anchor component={Link} to={schedulePaths.list} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {t('schedule-editor.back')}
      </Group>
    </Anchor>
  );
  if (!valid || (schedule.error instanceof ApiError && schedule.error.status === 404))
    return (
      <Stack gap="md">
        {back}
        <Title order={1} size="h2">
          {t('schedule-editor.not_found')}
        </Title>
      </Stack>
    );
  if (schedule.isError)
    return (
      <Stack gap="md">
        {back}
        <ErrorPanel error={schedule.error} onRetry={() => void schedule.refetch()} />
      </Stack>
    );
  if (schedule.isPending)
    return (
      <Center py="xl">
        <Loader aria-label={t('schedule-editor.loading')} />
      </Center>
    );
  return (
    <Stack gap="md">
      {back}
      <ScheduleDetail key={schedule.data.id} schedule={schedule.data} />
    </Stack>
  );
}

function ScheduleDetail({ schedule }: { schedule: Schedule }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const errorText = useErrorText();
  const update = useUpdateSchedule(schedule.id);
  const saved = useMemo(() => scheduleFormOf(schedule), [schedule]);
  const [values, setValues] = useState<ScheduleFormValues>(saved);
  const [errors, setErrors] = useState<ScheduleFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const setEquipments = useSetScheduleEquipments();
  const changes = updateRequestOf(saved, values);
  const equipmentChange = equipmentChangeOf(saved, values);
  const isDirty = Object.keys(changes).length > 0 || equipmentChange !== null;
  const canEdit = schedule.permissions.can_edit && !schedule.archived;

  // The schedule changed elsewhere (an action, a section, another tab, someone else live): the
  // fields not edited here show it, the edited ones keep the edit (so a save does not undo theirs).
  const [shown, setShown] = useState(saved);
  if (shown !== saved) {
    setShown(saved);
    setValues((current) => mergeEdits(shown, saved, current));
  }

  const change = (next: ScheduleFormValues, changed: ScheduleField) => {
    setValues(next);
    setErrors(({ [changed]: _, ...rest }) => rest);
    setFormError(null);
  };
  const submit = async () => {
    const found = validateScheduleForm(values);
    setErrors(found);
    if (Object.keys(found).length || !isDirty) return;
    try {
      let answer = Object.keys(changes).length ? await update.mutateAsync(changes) : schedule;
      // The equipment follows the saved schedule (001 §7 POST schedule/{id}/equipments).
      if (equipmentChange !== null) {
        try {
          answer = await setEquipments.mutateAsync({ id: schedule.id, equipmentIds: equipmentChange });
        } catch (err) {
          if (answer !== schedule) setValues({ ...scheduleFormOf(answer), equipments: values.equipments });
          const fields = err instanceof ApiError ? formErrorsOf(err.fields) : {};
          if ('equipment_ids' in fields)
            setErrors({ equipments: (fields as Record<string, string>).equipment_ids });
          else setFormError(errorKeyOf(err));
          return;
        }
      }
      setValues(scheduleFormOf(answer));
      notify.ok('schedule-editor.done.saved', { title: answer.title });
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length) setErrors(formErrorsOf(err.fields));
      else setFormError(errorKeyOf(err));
    }
  };
  const savedPeople = [
    ...(schedule.assignee ? [schedule.assignee] : []),
    ...schedule.watchers,
    ...schedule.replacements,
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={4}>
          <Group gap="sm" wrap="wrap">
            <Title order={1} size="h2">
              {schedule.title}
            </Title>
            <ScheduleStatusBadge status={schedule.status} />
          </Group>
          <Text size="sm" c="dimmed">
            {t('schedule-editor.statistics', schedule.statistics)}
          </Text>
        </Stack>
        <ScheduleActions schedule={schedule} />
      </Group>
      <ScheduleDecision schedule={schedule} />
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Paper
            withBorder
            radius="md"
            p={{ base: 'sm', sm: 'lg' }}
            component="form"
            aria-label={t('schedule-editor.form_label')}
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
            noValidate
          >
            <ScheduleForm
              values={values}
              onChange={change}
              errors={errors}
              readOnly={!canEdit}
              savedPeople={savedPeople}
              savedNames={{
                categories: [...(schedule.category ? [schedule.category] : []), ...schedule.categories],
                checklist_templates: schedule.checklist_templates,
              }}
              withTimeLimit={false}
            />
            {Object.keys(errors).length > 0 && (
              <Text c="red" size="sm" mt="md" role="alert">
                {t('schedule-editor.fix_fields')}
              </Text>
            )}
            {formError && (
              <Text c="red" size="sm" mt="md" role="alert">
                {errorText(formError)}
              </Text>
            )}
            {canEdit && (
              <Group justify="flex-end" gap="sm" mt="lg">
                {isDirty && (
                  <Button
                    variant="default"
                    onClick={() => {
                      setValues(saved);
                      setErrors({});
                    }}
                  >
                    {t('schedule-editor.discard')}
                  </Button>
                )}
                <Button
                  type="submit"
                  loading={update.isPending || setEquipments.isPending}
                  disabled={!isDirty}
                  data-testid="schedule-save"
                >
                  {t('schedule-editor.save')}
                </Button>
              </Group>
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="md">
            <ScheduleLatestIssues schedule={schedule} />
            <ScheduleNextDates schedule={schedule} />
            <ScheduleFuturePreview schedule={schedule} />
            <ScheduleTimeLimits key={JSON.stringify(schedule.time_limits)} schedule={schedule} />
            <DynamicFormSection kind="schedule" ownerId={schedule.id} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <ScheduleBudgets schedule={schedule} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <ScheduleActivity schedule={schedule} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
