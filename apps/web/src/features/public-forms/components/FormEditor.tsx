import {
  Box,
  Button,
  Card,
  Checkbox,
  CloseButton,
  ColorInput,
  Group,
  Menu,
  Paper,
  Select,
  Stack,
  Switch,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconChevronDown, IconDeviceFloppy, IconTemplate } from '@tabler/icons-react';
import {
  LANGUAGE_NAMES,
  PUBLIC_ISSUE_FIELDS,
  PUBLIC_STAFF_NAMES,
  PUBLIC_TEXT_MAX,
  PUBLIC_TEXT_TITLE_MAX,
  type PublicFormConfigResponse,
  type PublicFormTemplateKey,
  type PublicFormTexts,
  type PublicIssueField,
  type PublicStaffNames,
  tryResolveLanguage,
  UI_LANGUAGES,
  type UiLanguage,
} from '@workbench/domain';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { useErrorText } from '../../../ui/feedback/use-error-text';
import { useNotify } from '../../../ui/feedback/use-notify';
import { useConfig } from '../../config/use-config';
import { formatDateTime } from '../../issues/issue-helpers';
import { useCategories } from '../../issues/issues-api';
import {
  changeDraft,
  changeText,
  draftOf,
  type FormDraft,
  isDirty,
  previewFormOf,
  requestOf,
  textsOf,
} from '../form-draft';
import { useApplyPublicFormTemplate, usePublicFormTemplates, useSavePublicForm } from '../public-forms-api';
import { FieldList } from './FieldList';
import { FormPreview, PREVIEW_WIDTH } from './FormPreview';
import { UnsavedChangesGuard } from './UnsavedChangesGuard';

const HEX = /^#[0-9a-f]{6}$/i;
/** Wide enough for the editor beside the phone preview (the menu takes 250 px). */
const WIDE = '(min-width: 72em)';

/** One card of the editor, named by its heading. */
function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={id}>
      <Group justify="space-between" gap="xs" mb="sm" wrap="wrap">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Card>
  );
}

/**
 * The configurator of one form type: the draft of the saved form with its sections, the save bar
 * and, beside it on a wide screen (under a tab on a phone), the live preview. Reports whether
 * the draft has unsaved changes (the page asks before switching the type).
 */
export function FormEditor({
  config,
  onDirtyChange,
}: {
  config: PublicFormConfigResponse;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const errorText = useErrorText();
  const saved = useMemo(() => draftOf(config), [config]);
  const [draft, setDraft] = useState<FormDraft>(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [language, setLanguage] = useState<UiLanguage>(tryResolveLanguage(i18n.language) ?? 'en');
  const [colorText, setColorText] = useState(draft.primary_color ?? '');
  const [tab, setTab] = useState<string | null>('editor');
  const wide = useMediaQuery(WIDE, window.matchMedia(WIDE).matches, { getInitialValueInEffect: false });
  const save = useSavePublicForm(config.type);
  const applyTemplate = useApplyPublicFormTemplate(config.type);
  const templates = usePublicFormTemplates(config.type);
  const client = useConfig(true).data?.client;
  const categories = useCategories().data;
  const dirty = isDirty(draft, saved);

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const reset = (to: FormDraft) => {
    setDraft(to);
    setColorText(to.primary_color ?? '');
    setErrors({});
  };
  const change = (next: FormDraft) => {
    setDraft(next);
    if (Object.keys(errors).length) setErrors({});
  };
  const fieldError = (name: string) => (errors[name] ? errorText(errors[name]) : undefined);

  const onSave = () =>
    save.mutate(requestOf(draft), {
      onSuccess: (answer) => {
        reset(draftOf(answer));
        notify.ok('public-forms.saved');
      },
      onError: (error) => {
        if (error instanceof ApiError && Object.keys(error.fields).length) {
          setErrors(error.fields);
          // A text of another language in error: show that language.
          const textLanguage = Object.keys(error.fields)
            .map((name) => name.match(/^texts\.([a-z]{2})\./)?.[1])
            .find((code) => code && code !== language);
          const other = tryResolveLanguage(textLanguage);
          if (other) setLanguage(other);
        }
        notify.fail(error);
      },
    });

  const presetName = (key: PublicFormTemplateKey) => t(`public-forms.presets.${key}`);
  const confirmPreset = (key: PublicFormTemplateKey) =>
    modals.openConfirmModal({
      title: t('public-forms.presets.confirm_title', { name: presetName(key) }),
      children: (
        <Stack gap="xs">
          <Text size="sm">{t('public-forms.presets.confirm_text')}</Text>
          {dirty && (
            <Text size="sm" fw={600}>
              {t('public-forms.presets.confirm_unsaved')}
            </Text>
          )}
        </Stack>
      ),
      labels: { confirm: t('public-forms.presets.confirm'), cancel: t('public-forms.presets.cancel') },
      onConfirm: () =>
        applyTemplate.mutate(key, {
          onSuccess: (answer) => {
            reset(draftOf(answer));
            notify.ok('public-forms.presets.applied', { name: presetName(key) });
          },
          onError: notify.fail,
        }),
    });

  const texts = textsOf(draft, language);
  const setText = (key: keyof PublicFormTexts, value: string) =>
    change(changeText(draft, language, key, value));
  const customised = (code: UiLanguage) => {
    const own = draft.texts[code];
    return !!own && !!(own.title || own.intro || own.thank_you);
  };
  const isReport = draft.type !== 'equipment';
  const savedText = config.updated_at
    ? t('public-forms.saved_at', { date: formatDateTime(config.updated_at, i18n.language) })
    : t('public-forms.never_saved');

  const editor = (
    <Stack gap="md">
      <Section
        title={t('public-forms.sections.general')}
        action={
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button
                variant="default"
                size="xs"
                leftSection={<IconTemplate size={16} />}
                rightSection={<IconChevronDown size={14} />}
                loading={applyTemplate.isPending}
                disabled={!templates.data}
              >
                {t('public-forms.presets.button')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown aria-label={t('public-forms.presets.menu')}>
              {(templates.data?.data ?? []).map((template) => (
                <Menu.Item key={template.key} onClick={() => confirmPreset(template.key)}>
                  <Text size="sm" fw={600}>
                    {presetName(template.key)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`public-forms.presets.${template.key}_text`)}
                  </Text>
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        }
      >
        <Stack gap="xs">
          <Switch
            label={t('public-forms.enabled')}
            description={t('public-forms.enabled_hint')}
            checked={draft.enabled}
            onChange={(e) => change(changeDraft(draft, { enabled: e.currentTarget.checked }))}
          />
          <Text size="xs" c="dimmed" data-testid="form-saved-at">
            {savedText}
          </Text>
        </Stack>
      </Section>

      <Section title={t('public-forms.sections.fields')}>
        <Text size="sm" c="dimmed" mb="xs">
          {t('public-forms.fields_hint')}
        </Text>
        <FieldList draft={draft} onChange={change} />
      </Section>

      <Section title={t('public-forms.sections.texts')}>
        <Stack gap="sm">
          <Select
            label={t('public-forms.texts_language')}
            description={t('public-forms.texts_hint')}
            data={UI_LANGUAGES.map((code) => ({
              value: code,
              label: customised(code)
                ? `${LANGUAGE_NAMES[code]} · ${t('public-forms.customised')}`
                : LANGUAGE_NAMES[code],
            }))}
            value={language}
            onChange={(v) => v && setLanguage(v as UiLanguage)}
            allowDeselect={false}
            maw={360}
          />
          <Box lang={language}>
            <Stack gap="sm">
              <TextInput
                label={t('public-forms.text_title')}
                placeholder={t('public-forms.product_text')}
                maxLength={PUBLIC_TEXT_TITLE_MAX}
                value={texts.title ?? ''}
                onChange={(e) => setText('title', e.currentTarget.value)}
                error={fieldError(`texts.${language}.title`)}
              />
              <Textarea
                label={t('public-forms.text_intro')}
                placeholder={t('public-forms.product_text')}
                maxLength={PUBLIC_TEXT_MAX}
                autosize
                minRows={2}
                maxRows={8}
                value={texts.intro ?? ''}
                onChange={(e) => setText('intro', e.currentTarget.value)}
                error={fieldError(`texts.${language}.intro`)}
              />
              {isReport && (
                <Textarea
                  label={t('public-forms.text_thank_you')}
                  placeholder={t('public-forms.product_text')}
                  maxLength={PUBLIC_TEXT_MAX}
                  autosize
                  minRows={2}
                  maxRows={8}
                  value={texts.thank_you ?? ''}
                  onChange={(e) => setText('thank_you', e.currentTarget.value)}
                  error={fieldError(`texts.${language}.thank_you`)}
                />
              )}
            </Stack>
          </Box>
        </Stack>
      </Section>

      <Section title={t('public-forms.sections.look')}>
        <Stack gap="sm">
          <Switch
            label={t('public-forms.show_logo')}
            checked={draft.show_logo}
            onChange={(e) => change(changeDraft(draft, { show_logo: e.currentTarget.checked }))}
          />
          <ColorInput
            label={t('public-forms.primary_color')}
            placeholder={t('public-forms.primary_color_placeholder')}
            format="hex"
            value={colorText}
            onChange={(value) => {
              setColorText(value);
              if (value === '' || HEX.test(value))
                change(changeDraft(draft, { primary_color: value || null }));
            }}
            onBlur={() => {
              if (colorText !== '' && !HEX.test(colorText)) setColorText(draft.primary_color ?? '');
            }}
            error={fieldError('primary_color')}
            popoverProps={{ withinPortal: true }}
            maw={360}
            rightSection={
              colorText ? (
                <CloseButton
                  size="sm"
                  aria-label={t('public-forms.primary_color_clear')}
                  onClick={() => {
                    setColorText('');
                    change(changeDraft(draft, { primary_color: null }));
                  }}
                />
              ) : undefined
            }
            rightSectionPointerEvents="all"
          />
        </Stack>
      </Section>

      {isReport && (
        <Section title={t('public-forms.sections.follow')}>
          <Stack gap="sm">
            <Switch
              label={t('public-forms.allow_follow')}
              description={t('public-forms.allow_follow_hint')}
              checked={draft.allow_follow}
              onChange={(e) => change(changeDraft(draft, { allow_follow: e.currentTarget.checked }))}
            />
            <Switch
              label={t('public-forms.allow_comments')}
              description={draft.allow_follow ? undefined : t('public-forms.needs_follow')}
              checked={draft.allow_comments}
              disabled={!draft.allow_follow}
              onChange={(e) => change(changeDraft(draft, { allow_comments: e.currentTarget.checked }))}
            />
            <Switch
              label={t('public-forms.allow_reopen')}
              description={draft.allow_follow ? undefined : t('public-forms.needs_follow')}
              checked={draft.allow_reopen}
              disabled={!draft.allow_follow}
              onChange={(e) => change(changeDraft(draft, { allow_reopen: e.currentTarget.checked }))}
            />
            <Select
              label={t('public-forms.staff_names')}
              data={PUBLIC_STAFF_NAMES.map((value) => ({
                value,
                label: t(`public-forms.staff_name.${value}`),
              }))}
              value={draft.staff_names}
              onChange={(v) => v && change(changeDraft(draft, { staff_names: v as PublicStaffNames }))}
              allowDeselect={false}
              maw={360}
            />
            <Checkbox.Group
              label={t('public-forms.public_fields')}
              description={t('public-forms.public_fields_hint')}
              value={draft.public_fields}
              onChange={(values) =>
                change(changeDraft(draft, { public_fields: values as PublicIssueField[] }))
              }
            >
              <Group gap="md" mt={6}>
                {PUBLIC_ISSUE_FIELDS.map((field) => (
                  <Checkbox key={field} value={field} label={t(`public-forms.public_field.${field}`)} />
                ))}
              </Group>
            </Checkbox.Group>
          </Stack>
        </Section>
      )}
    </Stack>
  );

  const preview = (
    <FormPreview
      draft={draft}
      form={previewFormOf(draft, { logo: client?.logo ?? null }, categories ?? [])}
      organisation={client?.name ?? ''}
      language={language}
      onLanguageChange={setLanguage}
      scroll={wide}
    />
  );

  const saveBar = (
    <Paper
      withBorder
      shadow="md"
      radius="md"
      p="sm"
      style={{ position: 'sticky', bottom: 'var(--mantine-spacing-sm)', zIndex: 5 }}
      data-testid="form-save-bar"
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text
          size="sm"
          fw={dirty ? 600 : undefined}
          c={dirty ? undefined : 'dimmed'}
          role="status"
          visibleFrom={dirty ? undefined : 'sm'}
        >
          {dirty ? t('public-forms.unsaved') : savedText}
        </Text>
        <Group gap="xs" ml="auto">
          {dirty && (
            <Button variant="default" onClick={() => reset(saved)}>
              {t('public-forms.discard')}
            </Button>
          )}
          <Button
            leftSection={<IconDeviceFloppy size={16} />}
            onClick={onSave}
            loading={save.isPending}
            disabled={!dirty}
          >
            {t('public-forms.save')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );

  return (
    <>
      <UnsavedChangesGuard dirty={dirty} />
      {wide ? (
        <Group align="flex-start" gap="lg" wrap="nowrap">
          <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
            {editor}
            {saveBar}
          </Stack>
          <Box w={PREVIEW_WIDTH + 20} style={{ position: 'sticky', top: 76, flexShrink: 0 }}>
            {preview}
          </Box>
        </Group>
      ) : (
        <Stack gap="md">
          <Tabs value={tab} onChange={setTab} keepMounted={false}>
            <Tabs.List grow>
              <Tabs.Tab value="editor">{t('public-forms.editor_tab')}</Tabs.Tab>
              <Tabs.Tab value="preview">{t('public-forms.preview')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="editor" pt="md">
              {editor}
            </Tabs.Panel>
            <Tabs.Panel value="preview" pt="md">
              {preview}
            </Tabs.Panel>
          </Tabs>
          {saveBar}
        </Stack>
      )}
    </>
  );
}
