import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconInfoCircle } from '@tabler/icons-react';
import type { Equipment } from '@workbench/domain';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { EmptyState } from '../../../ui/feedback/EmptyState';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { errorKeyOf } from '../../../ui/feedback/error-text';
import { useErrorText } from '../../../ui/feedback/use-error-text';
import { useNotify } from '../../../ui/feedback/use-notify';
import { LocationField } from '../../location/LocationField';
import { locationBody, type PickedLocation } from '../../location/location-body';
import { EquipmentForm } from '../components/EquipmentForm';
import { useCreateEquipment, useEquipment, useUpdateEquipment } from '../equipment-api';
import {
  createEquipmentRequestOf,
  type EquipmentFormErrors,
  type EquipmentFormField,
  type EquipmentFormValues,
  emptyEquipmentForm,
  equipmentFormErrorsOf,
  equipmentFormOf,
  updateEquipmentRequestOf,
  validateEquipmentForm,
  withoutFieldErrors,
} from '../form-values';
import { equipmentBackPathOf, equipmentPaths } from '../list-state';

export const idOf = (value: string | undefined) => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Anchor component={Link} to={to} size="sm" data-testid="equipment-back">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {label}
      </Group>
    </Anchor>
  );
}

/** The form state both screens share: values, errors by field, a general error, submit. */
function useFormState(initial: EquipmentFormValues) {
  const [values, setValues] = useState<EquipmentFormValues>(initial);
  const [errors, setErrors] = useState<EquipmentFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const change = (next: EquipmentFormValues, changed: EquipmentFormField) => {
    setValues(next);
    setErrors((current) => withoutFieldErrors(current, changed));
    setFormError(null);
  };
  /** Checks, sends, and shows a refusal on its fields (or under the form). True when saved. */
  const submit = async (send: () => Promise<unknown>): Promise<boolean> => {
    const found = validateEquipmentForm(values);
    setErrors(found);
    if (Object.keys(found).length) return false;
    try {
      await send();
      return true;
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length)
        setErrors(equipmentFormErrorsOf(err.fields));
      else setFormError(errorKeyOf(err));
      return false;
    }
  };
  return { values, setValues, errors, formError, change, submit };
}

function FormShell({
  title,
  back,
  backLabel,
  children,
  onSubmit,
  formError,
  submitLabel,
  pending,
  note,
}: {
  title: string;
  back: string;
  backLabel: string;
  children: ReactNode;
  onSubmit: () => void;
  formError: string | null;
  submitLabel: string;
  pending: boolean;
  note?: ReactNode;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <Stack gap="md" maw={900}>
      <BackLink to={back} label={backLabel} />
      <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Title>
      {note}
      <Paper
        withBorder
        radius="md"
        p={{ base: 'sm', sm: 'lg' }}
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {children}
        {formError && (
          <Text c="red.9" size="sm" mt="md" role="alert">
            {errorText(formError)}
          </Text>
        )}
        <Group justify="flex-end" gap="sm" mt="lg">
          <Button variant="default" component={Link} to={back}>
            {t('equipment.cancel')}
          </Button>
          <Button type="submit" loading={pending} data-testid="equipment-save">
            {submitLabel}
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}

/** /dashboard/equipment/add (001 §2): a new item (stored); saving opens it. */
export function EquipmentAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const notify = useNotify();
  const create = useCreateEquipment();
  const form = useFormState(emptyEquipmentForm());
  const [geoLocation, setGeoLocation] = useState<PickedLocation | null>(null);
  const back = equipmentBackPathOf(location.state);

  const save = async () => {
    let savedId = 0;
    const ok = await form.submit(async () => {
      const saved = await create.mutateAsync({
        ...createEquipmentRequestOf(form.values),
        ...locationBody(null, geoLocation, { key: 'geo_location' }),
      });
      savedId = saved.id;
      notify.ok('equipment.detail.created', { name: saved.title });
    });
    if (ok) navigate(equipmentPaths.detail(savedId), { replace: true, state: { from: back } });
  };

  return (
    <FormShell
      title={t('equipment.form.add_title')}
      back={back}
      backLabel={t('equipment.detail.back')}
      onSubmit={() => void save()}
      formError={form.formError}
      submitLabel={t('equipment.form.create')}
      pending={create.isPending}
    >
      <EquipmentForm values={form.values} onChange={form.change} errors={form.errors} isNew />
      <LocationField value={geoLocation} onChange={setGeoLocation} />
    </FormShell>
  );
}

/** /dashboard/equipment/edit/{id} (001 §2, §6): the item's fields for who may edit it; saving opens it. */
export function EquipmentEditPage() {
  const { t } = useTranslation();
  const id = idOf(useParams().id);
  const item = useEquipment(id);
  const location = useLocation();
  const back = id ? equipmentPaths.detail(id) : equipmentPaths.list;

  const notFound = id === null || (item.error instanceof ApiError && item.error.status === 404);
  if (notFound) {
    return (
      <Stack>
        <BackLink to={equipmentPaths.list} label={t('equipment.detail.back')} />
        <EmptyState
          icon={IconInfoCircle}
          title={t('equipment.detail.not_found_title')}
          text={t('equipment.detail.not_found_text')}
        />
      </Stack>
    );
  }
  if (item.isPending) {
    return (
      <Stack gap="md" maw={900} role="status" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton h={20} w={120} />
        <Skeleton h={36} w={320} />
        <Skeleton h={480} radius="md" />
      </Stack>
    );
  }
  if (item.isError) {
    return (
      <Stack>
        <BackLink to={back} label={t('equipment.form.back_to_item')} />
        <ErrorPanel
          title={t('equipment.detail.load_failed')}
          error={item.error}
          onRetry={() => item.refetch()}
        />
      </Stack>
    );
  }
  return <EditForm key={item.data.id} item={item.data} back={back} origin={location.state} />;
}

function EditForm({ item, back, origin }: { item: Equipment; back: string; origin: unknown }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const update = useUpdateEquipment(item.id);
  const saved = equipmentFormOf(item);
  const form = useFormState(saved);
  const [geoLocation, setGeoLocation] = useState(item.geo_location);

  if (!item.can_edit) {
    return (
      <Stack gap="md" maw={900}>
        <BackLink to={back} label={t('equipment.form.back_to_item')} />
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {item.title}
        </Title>
        <Alert
          color="gray"
          variant="light"
          icon={<IconInfoCircle size={18} />}
          data-testid="equipment-read-only"
        >
          {item.status === 'archived'
            ? t('equipment.detail.archived_note')
            : t('equipment.detail.read_only_note')}
        </Alert>
      </Stack>
    );
  }

  const save = async () => {
    const changes = {
      ...updateEquipmentRequestOf(saved, form.values),
      ...locationBody(item.geo_location, geoLocation, { key: 'geo_location' }),
    };
    const ok = await form.submit(async () => {
      if (Object.keys(changes).length === 0) return;
      const answer = await update.mutateAsync(changes);
      notify.ok('equipment.detail.saved', { name: answer.title });
    });
    if (ok) navigate(equipmentPaths.detail(item.id), { replace: true, state: origin });
  };

  return (
    <FormShell
      title={t('equipment.form.edit_title', { name: item.title })}
      back={back}
      backLabel={t('equipment.form.back_to_item')}
      onSubmit={() => void save()}
      formError={form.formError}
      submitLabel={t('equipment.form.save')}
      pending={update.isPending}
    >
      <EquipmentForm
        values={form.values}
        onChange={form.change}
        errors={form.errors}
        isNew={false}
        current={{ type: item.type, group: item.group }}
      />
      <LocationField value={geoLocation} onChange={setGeoLocation} />
    </FormShell>
  );
}
