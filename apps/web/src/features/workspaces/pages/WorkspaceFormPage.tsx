import '@mantine/dropzone/styles.css';
import {
  Accordion,
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Group,
  Image,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconAlertCircle, IconPhoto, IconUpload, IconX } from '@tabler/icons-react';
import {
  isValidParent,
  UI_LANGUAGES,
  type UiLanguage,
  WORKSPACE_IMAGE_MAX_BYTES,
  WORKSPACE_IMAGE_TYPES,
  type WorkspaceFlatItem,
} from '@workbench/domain';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { useErrorText } from '../../../ui/feedback/use-error-text';
import { useNotify } from '../../../ui/feedback/use-notify';
import { useAuth } from '../../auth/session-store';
import { WorkspaceFormDesigner } from '../../dynamic-forms/lazy-sections';
import { LocationField } from '../../location/LocationField';
import { locationBody, type PickedLocation } from '../../location/location-body';
import { WorkspaceImage } from '../components/WorkspaceImage';
import {
  emptyFormValues,
  FORM_LIMITS,
  formValuesOf,
  requestOf,
  validateForm,
  type WorkspaceFormValues,
} from '../form-values';
import { workspaceImageError } from '../image-check';
import {
  uploadWorkspaceImage,
  useCreateWorkspace,
  useUpdateWorkspace,
  useWorkspaceDetail,
  useWorkspaceFlat,
} from '../workspace-api';

const TOP_LEVEL = 'top';

/** /dashboard/workspaces/add and /dashboard/workspaces/edit/:id. */
export function WorkspaceFormPage() {
  const { t } = useTranslation();
  const params = useParams();
  const editId = params.id ? Number(params.id) : null;
  const detail = useWorkspaceDetail(editId ?? 0);
  if (editId === null) return <WorkspaceForm editId={null} initial={null} />;
  if (detail.isPending) return <FormSkeleton />;
  if (detail.isError)
    return (
      <ErrorPanel title={t('workspaces.load_failed')} error={detail.error} onRetry={() => detail.refetch()} />
    );
  if (!detail.data.permissions.can_edit) {
    return (
      <Alert color="yellow" icon={<IconAlertCircle size={18} />}>
        {t('errors.forbidden')}
      </Alert>
    );
  }
  return (
    <WorkspaceForm
      key={editId}
      editId={editId}
      initial={{
        values: formValuesOf(detail.data),
        image: detail.data.image,
        location: detail.data.location,
      }}
    />
  );
}

function FormSkeleton() {
  return (
    <Stack aria-busy="true">
      <Skeleton h={36} w={280} />
      <Skeleton h={420} radius="md" />
    </Stack>
  );
}

function WorkspaceForm({
  editId,
  initial,
}: {
  editId: number | null;
  initial: { values: WorkspaceFormValues; image: string | null; location?: PickedLocation | null } | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const errorText = useErrorText();
  const [searchParams] = useSearchParams();
  const user = useAuth().session?.user;
  const isAdmin = user?.role === 'admin';
  const presetParent = Number(searchParams.get('parent_id')) || null;
  const [values, setValues] = useState<WorkspaceFormValues>(initial?.values ?? emptyFormValues(presetParent));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<unknown>(null);
  const [location, setLocation] = useState(initial?.location ?? null);
  const [file, setFile] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const flat = useWorkspaceFlat();
  const create = useCreateWorkspace();
  const update = useUpdateWorkspace(editId ?? 0);

  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const set = <K extends keyof WorkspaceFormValues>(key: K, value: WorkspaceFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => {
      const { [key]: _, ...rest } = e;
      return rest;
    });
  };
  const setTranslation = (field: 'name' | 'description', lang: UiLanguage, text: string) =>
    setValues((v) => ({
      ...v,
      translations: { ...v.translations, [field]: { ...v.translations[field], [lang]: text } },
    }));

  const initialParent = initial?.values.parent_id ?? null;
  const parentOptions = useMemo(() => {
    const options = parentChoices(flat.data ?? [], editId, isAdmin, t);
    // A parent the person cannot see (a manager of a sub-workspace) stays as it is.
    if (initialParent !== null && flat.data && !flat.data.some((w) => w.id === initialParent)) {
      options.unshift({
        value: String(initialParent),
        label: t('workspaces.parent_unchanged'),
        disabled: false,
      });
    }
    return options;
  }, [flat.data, editId, isAdmin, t, initialParent]);
  const fieldError = (field: string) => (errors[field] ? errorText(errors[field]) : undefined);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateForm(values);
    if (!isAdmin && values.parent_id === null) found.parent_id = 'required';
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length) return;
    setSaving(true);
    let savedId = editId;
    try {
      const body = { ...requestOf(values), ...locationBody(initial?.location ?? null, location) };
      const saved = editId === null ? await create.mutateAsync(body) : await update.mutateAsync(body);
      savedId = saved.id;
      if (file) await uploadWorkspaceImage(saved.id, file);
      notify.ok('workspaces.saved');
      navigate(`/dashboard/workspaces/detail/${saved.id}`);
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length) setErrors(err.fields);
      else setFormError(err);
      // The workspace was created but its image was refused: go on editing the saved one.
      if (editId === null && savedId !== null)
        navigate(`/dashboard/workspaces/edit/${savedId}`, { replace: true });
    } finally {
      setSaving(false);
    }
  };

  const title = t(editId === null ? 'workspaces.add_title' : 'workspaces.edit_title');
  return (
    <Stack gap="md" maw={860}>
      <Breadcrumbs>
        <Anchor component={Link} to="/dashboard/workspaces">
          {t('workspaces.title')}
        </Anchor>
        {editId !== null && (
          <Anchor component={Link} to={`/dashboard/workspaces/detail/${editId}`}>
            {initial?.values.name}
          </Anchor>
        )}
        <Text>{title}</Text>
      </Breadcrumbs>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Paper
        withBorder
        radius="md"
        p={{ base: 'md', sm: 'lg' }}
        component="form"
        onSubmit={handleSubmit}
        noValidate
      >
        <Stack gap="md">
          {formError !== null && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {errorText(formError)}
            </Alert>
          )}
          <TextInput
            label={t('workspaces.fields.name')}
            required
            value={values.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={fieldError('name')}
            description={t('workspaces.counter', { value: values.name.length, max: FORM_LIMITS.name })}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            autoFocus={editId === null}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('workspaces.fields.reference_number')}
              value={values.reference_number}
              onChange={(e) => set('reference_number', e.currentTarget.value)}
              error={fieldError('reference_number')}
            />
            <Select
              label={t('workspaces.fields.parent')}
              placeholder={t('workspaces.parent_placeholder')}
              required={!isAdmin}
              data={parentOptions}
              value={values.parent_id === null ? (isAdmin ? TOP_LEVEL : null) : String(values.parent_id)}
              onChange={(v) => set('parent_id', v === null || v === TOP_LEVEL ? null : Number(v))}
              searchable
              nothingFoundMessage={t('workspaces.no_results')}
              error={fieldError('parent_id')}
              disabled={flat.isPending}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
          <Textarea
            label={t('workspaces.fields.description')}
            value={values.description}
            onChange={(e) => set('description', e.currentTarget.value)}
            error={fieldError('description')}
            autosize
            minRows={3}
            maxRows={12}
            description={t('workspaces.counter', {
              value: values.description.length,
              max: FORM_LIMITS.description,
            })}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          <LocationField value={location} onChange={setLocation} error={fieldError('location')} />

          <Stack gap={6}>
            <Text fw={500} size="sm">
              {t('workspaces.fields.image')}
            </Text>
            <Group align="stretch" wrap="wrap" gap="md">
              <div style={{ width: 200 }}>
                {preview ? (
                  <Image src={preview} alt={t('workspaces.image_preview')} h={130} radius="md" fit="cover" />
                ) : (
                  <WorkspaceImage
                    src={initial?.image ?? null}
                    alt={t('workspaces.image_preview')}
                    height={130}
                  />
                )}
              </div>
              <Dropzone
                onDrop={(files) => {
                  const picked = files[0];
                  if (!picked) return;
                  const problem = workspaceImageError(picked);
                  setErrors((e) => {
                    const { image: _, ...rest } = e;
                    return problem ? { ...rest, image: problem } : rest;
                  });
                  if (!problem) setFile(picked);
                }}
                onReject={(rejections) => {
                  const code = rejections[0]?.errors[0]?.code;
                  setErrors((e) => ({
                    ...e,
                    image: code === 'file-too-large' ? 'file_too_big' : 'file_type_not_allowed',
                  }));
                }}
                maxSize={WORKSPACE_IMAGE_MAX_BYTES}
                accept={[...WORKSPACE_IMAGE_TYPES]}
                multiple={false}
                style={{ flex: 1, minWidth: 220 }}
                aria-label={t('workspaces.fields.image')}
                inputProps={{ 'aria-label': t('workspaces.fields.image') }}
              >
                <Group justify="center" gap="sm" mih={100} style={{ pointerEvents: 'none' }}>
                  <Dropzone.Accept>
                    <IconUpload size={36} />
                  </Dropzone.Accept>
                  <Dropzone.Reject>
                    <IconX size={36} />
                  </Dropzone.Reject>
                  <Dropzone.Idle>
                    <IconPhoto size={36} color="var(--mantine-color-dimmed)" />
                  </Dropzone.Idle>
                  <Stack gap={2}>
                    <Text size="sm">{t('workspaces.image_drop')}</Text>
                    <Text size="xs" c="dimmed">
                      {t('workspaces.image_hint')}
                    </Text>
                  </Stack>
                </Group>
              </Dropzone>
            </Group>
            {errors.image && (
              <Text size="sm" c="red" role="alert">
                {errorText(errors.image)}
              </Text>
            )}
          </Stack>

          <Accordion variant="contained" defaultValue={hasTranslations(values) ? 'translations' : null}>
            <Accordion.Item value="translations">
              <Accordion.Control>{t('workspaces.translations')}</Accordion.Control>
              <Accordion.Panel>
                <Stack gap="sm">
                  <Text size="sm" c="dimmed">
                    {t('workspaces.translations_hint')}
                  </Text>
                  {UI_LANGUAGES.map((lang) => (
                    <SimpleGrid key={lang} cols={{ base: 1, sm: 2 }} spacing="sm">
                      <TextInput
                        label={`${t('workspaces.fields.name')} (${lang.toUpperCase()})`}
                        value={values.translations.name[lang] ?? ''}
                        onChange={(e) => setTranslation('name', lang, e.currentTarget.value)}
                        error={fieldError(`translations.name.${lang}`)}
                      />
                      <Textarea
                        label={`${t('workspaces.fields.description')} (${lang.toUpperCase()})`}
                        value={values.translations.description[lang] ?? ''}
                        onChange={(e) => setTranslation('description', lang, e.currentTarget.value)}
                        error={fieldError(`translations.description.${lang}`)}
                        autosize
                        minRows={1}
                        maxRows={6}
                      />
                    </SimpleGrid>
                  ))}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          </Accordion>

          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              component={Link}
              to={editId === null ? '/dashboard/workspaces' : `/dashboard/workspaces/detail/${editId}`}
            >
              {t('workspaces.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('workspaces.save')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {editId !== null && isAdmin && <WorkspaceFormDesigner workspaceId={editId} />}
    </Stack>
  );
}

function hasTranslations(values: WorkspaceFormValues): boolean {
  return [...Object.values(values.translations.name), ...Object.values(values.translations.description)].some(
    Boolean,
  );
}

/**
 * Parent choices as an indented tree. Disabled: the workspace itself and everything below it
 * (isValidParent), and workspaces the person may not add to. Top level only for admins.
 */
function parentChoices(
  flat: WorkspaceFlatItem[],
  editId: number | null,
  isAdmin: boolean,
  t: (key: string) => string,
) {
  const options = flat.map((w) => ({
    value: String(w.id),
    label: `${'\u2003'.repeat(w.depth)}${w.name}`,
    disabled: !w.can_edit || !isValidParent(flat, editId, w.id),
  }));
  return isAdmin ? [{ value: TOP_LEVEL, label: t('workspaces.top_level') }, ...options] : options;
}
