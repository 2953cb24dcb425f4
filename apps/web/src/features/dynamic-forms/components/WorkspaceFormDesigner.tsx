import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Collapse,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconForms,
  IconLanguage,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import {
  FORM_FIELD_KINDS,
  FORM_LONG_TEXT_MAX,
  FORM_MAX_FIELDS,
  FORM_MAX_OPTIONS,
  FORM_PHOTOS_MAX,
  FORM_TEXT_MAX,
  type FormFieldKind,
  type FormLabels,
  isChoiceKind,
  tryResolveLanguage,
  UI_LANGUAGES,
  type UiLanguage,
} from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { useNotify } from '../../../ui/feedback/use-notify';
import {
  type Draft,
  type DraftField,
  definitionOf,
  draftErrors,
  draftOf,
  moveField,
  newField,
  newOption,
} from '../designer-draft';
import { useSaveWorkspaceForm, useWorkspaceForm } from '../dynamic-forms-api';

/**
 * The workspace's dynamic form designer (issue 22), for admins on the workspace's edit page: the
 * form's title and its fields (kind, label per language, required, options of choices, limits),
 * added, reordered and removed; saved with POST workspace/{id}/form. Saving no fields removes it.
 */
export function WorkspaceFormDesigner({ workspaceId }: { workspaceId: number }) {
  const { t } = useTranslation();
  const query = useWorkspaceForm(workspaceId);
  if (query.isPending) return <Skeleton h={160} radius="md" />;
  if (query.isError)
    return (
      <ErrorPanel
        title={t('dynamic-forms.load_failed')}
        error={query.error}
        onRetry={() => query.refetch()}
      />
    );
  const form = query.data.form;
  return (
    <Designer
      key={form?.updated_at ?? 'none'}
      workspaceId={workspaceId}
      initial={draftOf(form ? { title: form.title, fields: form.fields } : null)}
      exists={!!form}
    />
  );
}

function Designer({
  workspaceId,
  initial,
  exists,
}: {
  workspaceId: number;
  initial: Draft;
  exists: boolean;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const save = useSaveWorkspaceForm(workspaceId);
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [dirty, setDirty] = useState(false);
  const change = (next: Draft) => {
    setDraft(next);
    setDirty(true);
  };
  const setField = (index: number, patch: Partial<DraftField>) =>
    change({ ...draft, fields: draft.fields.map((f, n) => (n === index ? { ...f, ...patch } : f)) });

  const submit = (fields = draft.fields) => {
    const next = { ...draft, fields };
    const found = draftErrors(next);
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate(definitionOf(next), {
      onSuccess: () => {
        notify.ok(fields.length ? 'dynamic-forms.designer.saved' : 'dynamic-forms.designer.removed');
        setDirty(false);
      },
      onError: (error) => {
        if (error instanceof ApiError) setErrors(error.fields);
        notify.fail(error);
      },
    });
  };
  const errorOf = (path: string) => (errors[path] ? t(`errors.${errors[path]}`) : undefined);

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="form-designer">
      <Stack gap="md">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap={6} wrap="nowrap">
            <IconForms size={20} />
            <Title order={2} size="h4">
              {t('dynamic-forms.designer.title')}
            </Title>
          </Group>
          {exists && (
            <Badge variant="light" color="teal">
              {t('dynamic-forms.designer.active')}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('dynamic-forms.designer.hint')}
        </Text>
        <LabelsInput
          label={t('dynamic-forms.designer.form_title')}
          value={draft.title}
          onChange={(title) => change({ ...draft, title })}
          testId="form-title"
        />
        {draft.fields.length === 0 && (
          <Alert color="gray" variant="light">
            {t('dynamic-forms.designer.empty')}
          </Alert>
        )}
        {draft.fields.map((field, index) => (
          <FieldCard
            key={field.uid}
            field={field}
            index={index}
            count={draft.fields.length}
            errorOf={(part) => errorOf(`fields.${index}.${part}`)}
            onChange={(patch) => setField(index, patch)}
            onMove={(by) => change({ ...draft, fields: moveField(draft.fields, index, by) })}
            onRemove={() => change({ ...draft, fields: draft.fields.filter((_, n) => n !== index) })}
          />
        ))}
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            disabled={draft.fields.length >= FORM_MAX_FIELDS}
            onClick={() => change({ ...draft, fields: [...draft.fields, newField()] })}
            data-testid="form-add-field"
          >
            {t('dynamic-forms.designer.add_field')}
          </Button>
          <Group gap="sm">
            {exists && (
              <Button
                variant="subtle"
                color="red"
                onClick={() => {
                  if (window.confirm(t('dynamic-forms.designer.remove_confirm'))) submit([]);
                }}
              >
                {t('dynamic-forms.designer.remove')}
              </Button>
            )}
            <Button
              onClick={() => submit()}
              loading={save.isPending}
              disabled={!dirty}
              data-testid="form-save"
            >
              {t('dynamic-forms.designer.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}

function FieldCard({
  field,
  index,
  count,
  errorOf,
  onChange,
  onMove,
  onRemove,
}: {
  field: DraftField;
  index: number;
  count: number;
  errorOf: (part: string) => string | undefined;
  onChange: (patch: Partial<DraftField>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const kinds = FORM_FIELD_KINDS.map((kind) => ({ value: kind, label: t(`dynamic-forms.kinds.${kind}`) }));
  const setKind = (kind: FormFieldKind) =>
    onChange({ kind, options: isChoiceKind(kind) && !field.options.length ? [newOption()] : field.options });
  const optionErrors = Array.from({ length: field.options.length }, (_, o) => errorOf(`options.${o}.label`));
  return (
    <Paper withBorder radius="sm" p="sm" data-testid="form-field">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" fw={600}>
            {t('dynamic-forms.designer.field_n', { n: index + 1 })}
          </Text>
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              aria-label={t('dynamic-forms.designer.move_up')}
              disabled={index === 0}
              onClick={() => onMove(-1)}
            >
              <IconArrowUp size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={t('dynamic-forms.designer.move_down')}
              disabled={index === count - 1}
              onClick={() => onMove(1)}
            >
              <IconArrowDown size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('dynamic-forms.designer.remove_field')}
              onClick={onRemove}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <LabelsInput
            label={t('dynamic-forms.designer.label')}
            value={field.label}
            onChange={(label) => onChange({ label })}
            error={errorOf('label') ?? errorOf('key')}
            testId={`field-label-${index}`}
          />
          <Select
            label={t('dynamic-forms.designer.kind')}
            data={kinds}
            value={field.kind}
            allowDeselect={false}
            onChange={(v) => v && setKind(v as FormFieldKind)}
            comboboxProps={{ withinPortal: true }}
            data-testid={`field-kind-${index}`}
          />
        </SimpleGrid>
        <Group gap="md" wrap="wrap" align="flex-end">
          <Switch
            label={t('dynamic-forms.designer.required')}
            checked={field.required}
            onChange={(e) => onChange({ required: e.currentTarget.checked })}
          />
          {(field.kind === 'text' || field.kind === 'long_text') && (
            <NumberInput
              size="xs"
              w={160}
              label={t('dynamic-forms.designer.max_length')}
              min={1}
              max={field.kind === 'text' ? FORM_TEXT_MAX : FORM_LONG_TEXT_MAX}
              placeholder={String(field.kind === 'text' ? FORM_TEXT_MAX : FORM_LONG_TEXT_MAX)}
              value={field.max_length ?? ''}
              onChange={(v) => onChange({ max_length: typeof v === 'number' ? v : undefined })}
            />
          )}
          {field.kind === 'number' && (
            <>
              <NumberInput
                size="xs"
                w={120}
                label={t('dynamic-forms.designer.min')}
                value={field.min ?? ''}
                onChange={(v) => onChange({ min: typeof v === 'number' ? v : undefined })}
              />
              <NumberInput
                size="xs"
                w={120}
                label={t('dynamic-forms.designer.max')}
                value={field.max ?? ''}
                error={errorOf('max')}
                onChange={(v) => onChange({ max: typeof v === 'number' ? v : undefined })}
              />
            </>
          )}
          {field.kind === 'photo' && (
            <NumberInput
              size="xs"
              w={160}
              label={t('dynamic-forms.designer.max_photos')}
              min={1}
              max={FORM_PHOTOS_MAX}
              placeholder="5"
              value={field.max_photos ?? ''}
              onChange={(v) => onChange({ max_photos: typeof v === 'number' ? v : undefined })}
            />
          )}
        </Group>
        {isChoiceKind(field.kind) && (
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t('dynamic-forms.designer.options')}
            </Text>
            {errorOf('options') && (
              <Text size="xs" c="red">
                {errorOf('options')}
              </Text>
            )}
            {field.options.map((option, o) => (
              <Group key={option.uid} gap="xs" wrap="nowrap" align="flex-start">
                <div style={{ flex: 1, minWidth: 0 }}>
                  <LabelsInput
                    label={t('dynamic-forms.designer.option_n', { n: o + 1 })}
                    value={option.label}
                    error={optionErrors[o]}
                    onChange={(label) =>
                      onChange({ options: field.options.map((x, n) => (n === o ? { ...x, label } : x)) })
                    }
                    testId={`option-label-${index}-${o}`}
                    compact
                  />
                </div>
                <ActionIcon
                  mt={26}
                  variant="subtle"
                  color="red"
                  aria-label={t('dynamic-forms.designer.remove_option')}
                  onClick={() => onChange({ options: field.options.filter((_, n) => n !== o) })}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              </Group>
            ))}
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconPlus size={14} />}
              style={{ alignSelf: 'flex-start' }}
              disabled={field.options.length >= FORM_MAX_OPTIONS}
              onClick={() => onChange({ options: [...field.options, newOption()] })}
              data-testid={`option-add-${index}`}
            >
              {t('dynamic-forms.designer.add_option')}
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * A text in the organisation's languages: the reader's language first, the others behind a
 * toggle (a label shows in the reader's language, else the default, else English, else any).
 */
function LabelsInput({
  label,
  value,
  onChange,
  error,
  testId,
  compact = false,
}: {
  label: string;
  value: FormLabels;
  onChange: (value: FormLabels) => void;
  error?: string | undefined;
  testId?: string;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const primary: UiLanguage = tryResolveLanguage(i18n.language) ?? 'en';
  const others = UI_LANGUAGES.filter((l) => l !== primary);
  const filled = others.filter((l) => value[l]?.trim()).length;
  const set = (lang: UiLanguage, text: string) => onChange({ ...value, [lang]: text });
  return (
    <Stack gap={4}>
      <TextInput
        size={compact ? 'xs' : 'sm'}
        label={`${label} (${primary.toUpperCase()})`}
        value={value[primary] ?? ''}
        onChange={(e) => set(primary, e.currentTarget.value)}
        error={error}
        maxLength={255}
        data-testid={testId}
        rightSection={
          <ActionIcon
            variant={open ? 'light' : 'subtle'}
            size="sm"
            aria-label={t('dynamic-forms.designer.translations')}
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
          >
            <IconLanguage size={14} />
          </ActionIcon>
        }
        description={filled ? t('dynamic-forms.designer.translated', { count: filled }) : undefined}
      />
      <Collapse in={open}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6}>
          {others.map((lang) => (
            <TextInput
              key={lang}
              size="xs"
              label={lang.toUpperCase()}
              value={value[lang] ?? ''}
              maxLength={255}
              onChange={(e) => set(lang, e.currentTarget.value)}
            />
          ))}
        </SimpleGrid>
      </Collapse>
    </Stack>
  );
}
