import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Card,
  Checkbox,
  FileButton,
  Group,
  Image,
  Input,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCamera, IconForms, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import {
  checkFormAnswers,
  type FilledForm,
  FORM_UPLOAD_FILES_MAX,
  type FormAnswers,
  type FormDefinition,
  type FormField,
  type FormPhoto,
  labelIn,
  photoLimitOf,
  textLimitOf,
  tryResolveLanguage,
} from '@workbench/domain';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { useNotify } from '../../../ui/feedback/use-notify';
import {
  type FormOwnerKind,
  useEntityForm,
  useEntityFormActions,
  useUploadFormPhotos,
} from '../dynamic-forms-api';

type Answers = Record<string, FormAnswers[string]>;

/**
 * The dynamic form of an issue or a schedule (issue 22): read by whoever sees it; filled, changed
 * and removed by whoever may edit it (the server says: can_edit). Answers are checked by the same
 * rule the server applies (checkFormAnswers) before they are sent. Nothing shows when the
 * workspace has no form and none was filled.
 */
export function DynamicFormSection({ kind, ownerId }: { kind: FormOwnerKind; ownerId: number }) {
  const { t } = useTranslation();
  const query = useEntityForm(kind, ownerId);
  const [editing, setEditing] = useState(false);
  if (query.isPending) return <Skeleton h={120} radius="md" />;
  if (query.isError)
    return (
      <ErrorPanel
        title={t('dynamic-forms.load_failed')}
        error={query.error}
        onRetry={() => query.refetch()}
      />
    );
  const { form, workspace_form: design, can_edit: canEdit } = query.data;
  if (!form && !design) return null;
  const definition: FormDefinition = form
    ? { title: form.title, fields: form.fields }
    : { title: design?.title ?? {}, fields: design?.fields ?? [] };
  return (
    <Card withBorder radius="md" padding="md" data-testid="dynamic-form">
      <FormBody
        kind={kind}
        ownerId={ownerId}
        form={form}
        definition={definition}
        canEdit={canEdit}
        editing={editing}
        setEditing={setEditing}
      />
    </Card>
  );
}

function FormBody({
  kind,
  ownerId,
  form,
  definition,
  canEdit,
  editing,
  setEditing,
}: {
  kind: FormOwnerKind;
  ownerId: number;
  form: FilledForm | null;
  definition: FormDefinition;
  canEdit: boolean;
  editing: boolean;
  setEditing: (value: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const actions = useEntityFormActions(kind, ownerId);
  const language = tryResolveLanguage(i18n.language) ?? 'en';
  const title = labelIn(definition.title, language, 'en', t('dynamic-forms.title'));
  const remove = () => {
    if (!form || !window.confirm(t('dynamic-forms.remove_confirm'))) return;
    actions.remove.mutate(form.id, {
      onSuccess: () => notify.ok('dynamic-forms.removed'),
      onError: notify.fail,
    });
  };
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <IconForms size={18} />
          <Title order={2} size="h5" style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
        </Group>
        {canEdit && !editing && (
          <Group gap={6}>
            {form && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} />}
                onClick={remove}
                loading={actions.remove.isPending}
              >
                {t('dynamic-forms.remove')}
              </Button>
            )}
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPencil size={14} />}
              onClick={() => setEditing(true)}
            >
              {t(form ? 'dynamic-forms.edit' : 'dynamic-forms.fill')}
            </Button>
          </Group>
        )}
      </Group>
      {editing ? (
        <AnswerEditor
          definition={definition}
          initial={form?.answers ?? {}}
          photos={form?.photos ?? []}
          saving={actions.store.isPending || actions.update.isPending}
          onCancel={() => setEditing(false)}
          onSave={(answers, onFieldErrors) => {
            const done = {
              onSuccess: () => {
                notify.ok('dynamic-forms.saved');
                setEditing(false);
              },
              onError: (error: unknown) => {
                if (error instanceof ApiError && Object.keys(error.fields).some((f) => f.startsWith('form.')))
                  onFieldErrors(
                    Object.fromEntries(
                      Object.entries(error.fields).map(([f, key]) => [f.replace(/^form\./, ''), key]),
                    ),
                  );
                notify.fail(error);
              },
            };
            if (form) actions.update.mutate({ formId: form.id, form: answers }, done);
            else actions.store.mutate(answers, done);
          }}
        />
      ) : form ? (
        <AnswerView definition={definition} answers={form.answers} photos={form.photos} />
      ) : (
        <Text size="sm" c="dimmed">
          {t('dynamic-forms.not_filled')}
        </Text>
      )}
    </Stack>
  );
}

/** The answers, label and value, in the form's order; unanswered ones say so. */
function AnswerView({
  definition,
  answers,
  photos,
}: {
  definition: FormDefinition;
  answers: FormAnswers;
  photos: FormPhoto[];
}) {
  const { t, i18n } = useTranslation();
  const language = tryResolveLanguage(i18n.language) ?? 'en';
  const photoById = new Map(photos.map((p) => [p.id, p]));
  return (
    <Stack gap="xs" data-testid="dynamic-form-answers">
      {definition.fields.map((field) => {
        const value = answers[field.key];
        const empty = value === undefined || value === null || (Array.isArray(value) && !value.length);
        const option = (key: string) =>
          labelIn(field.options?.find((o) => o.key === key)?.label, language, 'en', key);
        let shown: ReactNode;
        if (empty)
          shown = (
            <Text size="sm" c="dimmed">
              {t('dynamic-forms.no_answer')}
            </Text>
          );
        else if (field.kind === 'photo')
          shown = (
            <Group gap="xs">
              {(value as number[]).map((id) => {
                const photo = photoById.get(id);
                return photo?.url ? (
                  <Anchor key={id} href={photo.url} target="_blank" rel="noopener noreferrer">
                    <Image src={photo.url} alt={photo.name} w={88} h={88} radius="sm" fit="cover" />
                  </Anchor>
                ) : null;
              })}
            </Group>
          );
        else {
          const text =
            field.kind === 'yes_no'
              ? t(value ? 'dynamic-forms.yes' : 'dynamic-forms.no')
              : field.kind === 'choice'
                ? option(String(value))
                : field.kind === 'multiple_choice'
                  ? (value as string[]).map(option).join(', ')
                  : field.kind === 'date'
                    ? new Date(`${value}T00:00:00`).toLocaleDateString(i18n.language)
                    : String(value);
          shown = (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {text}
            </Text>
          );
        }
        return (
          <Box key={field.key}>
            <Text size="xs" c="dimmed" fw={600}>
              {labelIn(field.label, language, 'en', field.key)}
            </Text>
            {shown}
          </Box>
        );
      })}
    </Stack>
  );
}

/** The inputs of each field by its kind, with the rule's errors under each. */
function AnswerEditor({
  definition,
  initial,
  photos,
  saving,
  onCancel,
  onSave,
}: {
  definition: FormDefinition;
  initial: FormAnswers;
  photos: FormPhoto[];
  saving: boolean;
  onCancel: () => void;
  onSave: (answers: Answers, onFieldErrors: (errors: Record<string, string>) => void) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = tryResolveLanguage(i18n.language) ?? 'en';
  const [answers, setAnswers] = useState<Answers>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [known, setKnown] = useState<FormPhoto[]>(photos);
  const set = (key: string, value: Answers[string]) => {
    setAnswers((a) => ({ ...a, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkFormAnswers(definition, answers);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    onSave(check.answers, setErrors);
  };
  const errorOf = (key: string) => (errors[key] ? t(`errors.${errors[key]}`) : undefined);
  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack gap="sm">
        {definition.fields.map((field) => (
          <FieldInput
            key={field.key}
            field={field}
            label={labelIn(field.label, language, 'en', field.key)}
            optionLabel={(labels, key) => labelIn(labels, language, 'en', key)}
            value={answers[field.key] ?? null}
            error={errorOf(field.key)}
            onChange={(value) => set(field.key, value)}
            photos={known}
            onPhotos={(added) => setKnown((k) => [...k, ...added])}
          />
        ))}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('dynamic-forms.cancel')}
          </Button>
          <Button type="submit" loading={saving} data-testid="dynamic-form-save">
            {t('dynamic-forms.save')}
          </Button>
        </Group>
      </Stack>
    </Box>
  );
}

function FieldInput({
  field,
  label,
  optionLabel,
  value,
  error,
  onChange,
  photos,
  onPhotos,
}: {
  field: FormField;
  label: string;
  optionLabel: (labels: FormField['label'], key: string) => string;
  value: Answers[string];
  error: string | undefined;
  onChange: (value: Answers[string]) => void;
  photos: FormPhoto[];
  onPhotos: (added: FormPhoto[]) => void;
}) {
  const { t } = useTranslation();
  const common = { label, required: field.required, error };
  const options = (field.options ?? []).map((o) => ({ value: o.key, label: optionLabel(o.label, o.key) }));
  switch (field.kind) {
    case 'text':
      return (
        <TextInput
          {...common}
          maxLength={textLimitOf(field)}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'long_text':
      return (
        <Textarea
          {...common}
          autosize
          minRows={2}
          maxRows={10}
          maxLength={textLimitOf(field)}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          min={field.min}
          max={field.max}
          value={typeof value === 'number' || typeof value === 'string' ? value : ''}
          onChange={(v) => onChange(v === '' ? null : v)}
          description={
            field.min !== undefined || field.max !== undefined
              ? t('dynamic-forms.range', { min: field.min ?? '…', max: field.max ?? '…' })
              : undefined
          }
        />
      );
    case 'date':
      return (
        <TextInput
          {...common}
          type="date"
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.currentTarget.value || null)}
        />
      );
    case 'yes_no':
      return (
        <Radio.Group
          {...common}
          value={value === true ? 'yes' : value === false ? 'no' : null}
          onChange={(v) => onChange(v === 'yes')}
        >
          <Group gap="md" mt={4}>
            <Radio value="yes" label={t('dynamic-forms.yes')} />
            <Radio value="no" label={t('dynamic-forms.no')} />
          </Group>
        </Radio.Group>
      );
    case 'choice':
      return (
        <Select
          {...common}
          data={options}
          clearable
          searchable={options.length > 8}
          value={typeof value === 'string' ? value : null}
          onChange={(v) => onChange(v)}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'multiple_choice':
      return (
        <Checkbox.Group
          {...common}
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={onChange}
        >
          <Stack gap={6} mt={4}>
            {options.map((o) => (
              <Checkbox key={o.value} value={o.value} label={o.label} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'photo':
      return (
        <PhotoInput
          field={field}
          {...common}
          ids={Array.isArray(value) ? (value as number[]) : []}
          onChange={onChange}
          photos={photos}
          onPhotos={onPhotos}
        />
      );
  }
}

/** A photo answer: the chosen photos (removable) and an upload button (POST forms/upload_attachments). */
function PhotoInput({
  field,
  label,
  required,
  error,
  ids,
  onChange,
  photos,
  onPhotos,
}: {
  field: FormField;
  label: string;
  required: boolean;
  error: string | undefined;
  ids: number[];
  onChange: (value: number[]) => void;
  photos: FormPhoto[];
  onPhotos: (added: FormPhoto[]) => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const upload = useUploadFormPhotos();
  const limit = photoLimitOf(field);
  const byId = new Map(photos.map((p) => [p.id, p]));
  const add = (files: File[]) => {
    const room = Math.min(limit - ids.length, FORM_UPLOAD_FILES_MAX);
    if (!files.length || room <= 0) return;
    upload.mutate(files.slice(0, room), {
      onSuccess: (answer) => {
        onPhotos(answer.data);
        onChange([...ids, ...answer.data.map((p) => p.id)]);
      },
      onError: notify.fail,
    });
  };
  return (
    <Input.Wrapper
      label={label}
      required={required}
      error={error}
      description={t('dynamic-forms.photos_limit', { count: limit })}
    >
      <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs" mt={4}>
        {ids.map((id) => {
          const photo = byId.get(id);
          return (
            <Box key={id} pos="relative">
              {photo?.url ? (
                <Image src={photo.url} alt={photo.name} h={80} radius="sm" fit="cover" />
              ) : (
                <Skeleton h={80} radius="sm" />
              )}
              <ActionIcon
                size="sm"
                color="red"
                variant="filled"
                pos="absolute"
                top={4}
                right={4}
                aria-label={t('dynamic-forms.remove_photo')}
                onClick={() => onChange(ids.filter((i) => i !== id))}
              >
                <IconX size={12} />
              </ActionIcon>
            </Box>
          );
        })}
      </SimpleGrid>
      {ids.length < limit && (
        <FileButton onChange={add} accept="image/png,image/jpeg,image/gif" multiple>
          {(props) => (
            <Button
              {...props}
              mt="xs"
              size="xs"
              variant="default"
              leftSection={<IconCamera size={14} />}
              loading={upload.isPending}
              data-testid={`dynamic-form-photo-${field.key}`}
            >
              {t('dynamic-forms.add_photos')}
            </Button>
          )}
        </FileButton>
      )}
    </Input.Wrapper>
  );
}
