import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../api/client';
import { errorKeyOf } from '../../../ui/feedback/error-text';
import { useErrorText } from '../../../ui/feedback/use-error-text';
import { useNotify } from '../../../ui/feedback/use-notify';
import { ScheduleForm } from '../components/ScheduleForm';
import { useCreateSchedule, useSetScheduleEquipments } from '../editor-api';
import {
  clearScheduleDraft,
  isUntouchedScheduleForm,
  loadScheduleDraft,
  saveScheduleDraft,
} from '../form-draft';
import {
  createRequestOf,
  emptyScheduleForm,
  formErrorsOf,
  type ScheduleField,
  type ScheduleFormErrors,
  type ScheduleFormValues,
  validateScheduleForm,
} from '../form-values';
import { schedulePaths } from '../paths';

/**
 * /dashboard/scheduling/add: a new schedule. What is typed is kept for the tab's session (001 §2),
 * so leaving and coming back finds it again. Saving creates it (its first issues follow from the
 * materializer right after) and opens its page, where the next dates and issues show.
 */
export function ScheduleAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const errorText = useErrorText();
  const create = useCreateSchedule();
  const setEquipments = useSetScheduleEquipments();
  const [values, setValues] = useState<ScheduleFormValues>(() => loadScheduleDraft() ?? emptyScheduleForm());
  const [errors, setErrors] = useState<ScheduleFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (isUntouchedScheduleForm(values)) clearScheduleDraft();
    else saveScheduleDraft(values);
  }, [values]);

  const change = (next: ScheduleFormValues, changed: ScheduleField) => {
    setValues(next);
    setErrors(({ [changed]: _, ...rest }) => rest);
    setFormError(null);
  };

  const submit = async () => {
    const found = validateScheduleForm(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      const saved = await create.mutateAsync(createRequestOf(values));
      clearScheduleDraft();
      notify.ok('schedule-editor.done.created', { title: saved.title });
      // The equipment follows a successful create (001 §7 POST schedule/{id}/equipments).
      if (values.equipments.length) {
        try {
          await setEquipments.mutateAsync({ id: saved.id, equipmentIds: values.equipments.map((e) => e.id) });
        } catch (err) {
          notify.failWithTitle(t('equipment-sets.picker.not_saved'), err);
        }
      }
      navigate(schedulePaths.detail(saved.id), { replace: true });
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length) setErrors(formErrorsOf(err.fields));
      else setFormError(errorKeyOf(err));
    }
  };

  return (
    <Stack gap="md" maw={980}>
      <Anchor component={Link} to={schedulePaths.list} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {t('schedule-editor.back')}
        </Group>
      </Anchor>
      <Title order={1} size="h2">
        {t('schedule-editor.add_title')}
      </Title>
      <Paper
        withBorder
        radius="md"
        p={{ base: 'sm', sm: 'lg' }}
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
      >
        <ScheduleForm values={values} onChange={change} errors={errors} />
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
        <Group justify="flex-end" gap="sm" mt="lg">
          {!isUntouchedScheduleForm(values) && (
            <Button
              variant="subtle"
              color="gray"
              mr="auto"
              onClick={() => {
                clearScheduleDraft();
                setValues(emptyScheduleForm());
                setErrors({});
              }}
            >
              {t('schedule-editor.discard_draft')}
            </Button>
          )}
          <Button variant="default" component={Link} to={schedulePaths.list}>
            {t('schedule-editor.cancel')}
          </Button>
          <Button
            type="submit"
            loading={create.isPending || setEquipments.isPending}
            data-testid="schedule-save"
          >
            {t('schedule-editor.create')}
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}
