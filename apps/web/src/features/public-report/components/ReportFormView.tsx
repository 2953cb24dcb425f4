import {
  Alert,
  Button,
  Checkbox,
  Image,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  checkPublicReport,
  EMAIL_MAX,
  EMAIL_PATTERN,
  ISSUE_DESCRIPTION_MAX,
  ISSUE_TITLE_MAX,
  issuePriorityName,
  PRIORITIES,
  PUBLIC_NAME_MAX,
  PUBLIC_PHONE_MAX,
  type PublicForm,
  type PublicFormFieldKey,
  publicFormText,
  type UiLanguage,
} from '@workbench/domain';
import { type FormEvent, type ReactNode, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PhotoPicker } from './PhotoPicker';
import { PublicReportLayout } from './PublicReportLayout';

/** What the visitor typed into a report form (the photos go beside it). */
export type ReportFormValues = {
  title: string;
  description: string;
  category_id: number | null;
  priority_id: number | null;
  reporter_name: string;
  reporter_email: string;
  reporter_phone: string;
  /** E-mails about the report (asked when the form offers following and an address is typed). */
  follow: boolean;
  /** The honeypot: people never see it, so it stays empty. */
  website: string;
};

export const emptyReportValues: ReportFormValues = {
  title: '',
  description: '',
  category_id: null,
  priority_id: null,
  reporter_name: '',
  reporter_email: '',
  reporter_phone: '',
  follow: true,
  website: '',
};

export type ReportPlace = {
  name: string;
  organisation: string;
  logo: string | null;
  kind: 'workspace' | 'asset';
};

/** The form's own checks before sending (the server checks the same again): field → error key. */
export function checkReportValues(form: PublicForm, values: ReportFormValues, files: number) {
  // The server's rule (packages/domain), so the form asks for exactly what the server requires.
  // Texts as the server reads them: trimmed, empty is absent.
  const text = (value: string) => value.trim() || null;
  const errors: Record<string, string> = checkPublicReport(form, {
    title: text(values.title),
    description: text(values.description),
    category_id: values.category_id,
    priority_id: values.priority_id,
    reporter_name: text(values.reporter_name),
    reporter_email: text(values.reporter_email),
    reporter_phone: text(values.reporter_phone),
    files,
  });
  const email = values.reporter_email.trim();
  if (email && !EMAIL_PATTERN.test(email)) errors.reporter_email = 'invalid_email';
  return errors;
}

/**
 * The public report form (000 §2 /public/report, /public/asset/report), built from the
 * organisation's form: its fields in their order with their required marks, its texts in the
 * page's language (else the product's own), its logo and colour. Pure: it sends nothing itself
 * (onSubmit gets the values and the photos, big photos already made smaller), so the settings'
 * live preview shows the very same form (preview: inputs work, sending is off).
 */
export function ReportFormView({
  form,
  place,
  language,
  onLanguageChange,
  preview,
  submitting,
  errors,
  onSubmit,
  picture,
  alert,
}: {
  form: PublicForm;
  place: ReportPlace;
  language: UiLanguage;
  onLanguageChange?: (language: UiLanguage) => void;
  preview?: boolean;
  submitting?: boolean;
  /** Field errors by field name (error keys, as a 422 names them). */
  errors?: Record<string, string>;
  onSubmit?: (values: ReportFormValues, files: File[]) => void;
  /** An asset's picture. */
  picture?: string | null;
  /** A failure of the last sending that names no field, shown above the button. */
  alert?: ReactNode;
}) {
  const { t, i18n } = useTranslation(undefined, { lng: language, useSuspense: false });
  const [values, setValues] = useState<ReportFormValues>(emptyReportValues);
  const [files, setFiles] = useState<File[]>([]);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const [preparing, setPreparing] = useState(false);
  const ids = useId();

  const shown = form.fields.filter((f) => f.visible);
  const fieldOf = (key: PublicFormFieldKey) => shown.find((f) => f.key === key);
  const title = publicFormText(form, language, 'title') ?? t('public-report.default_title');
  const intro = publicFormText(form, language, 'intro') ?? t('public-report.default_intro');
  const allErrors = { ...localErrors, ...(errors ?? {}) };
  const errorOf = (key: string) => {
    const error = allErrors[key];
    if (!error) return undefined;
    const textKey = `errors.${error}`;
    return i18n.exists(textKey, { lng: language }) ? t(textKey) : t('errors.general_error');
  };
  const set = <K extends keyof ReportFormValues>(key: K, value: ReportFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (localErrors[key]) setLocalErrors(({ [key]: _, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (preview || submitting || !onSubmit) return;
    const found = checkReportValues(form, values, files.length);
    setLocalErrors(found);
    if (Object.keys(found).length) {
      // The first field in error takes the focus, so a screen reader hears what to fix.
      const first = shown.find((f) => found[f.key]);
      if (first) document.getElementById(`${ids}-${first.key}`)?.focus();
      return;
    }
    onSubmit(values, files);
  };

  const priorities = useMemo(
    () => PRIORITIES.map((p) => ({ value: String(p.id), label: issuePriorityName(language, p.id) })),
    [language],
  );
  const followShown = form.allow_follow && !!fieldOf('reporter_email') && !!values.reporter_email.trim();

  const control = (key: PublicFormFieldKey): ReactNode => {
    const field = fieldOf(key);
    if (!field) return null;
    const common = {
      id: `${ids}-${key}`,
      required: field.required,
      error: errorOf(key),
    };
    switch (key) {
      case 'title':
        return (
          <TextInput
            key={key}
            {...common}
            label={t('public-report.field_title')}
            placeholder={t('public-report.field_title_placeholder')}
            maxLength={ISSUE_TITLE_MAX}
            value={values.title}
            onChange={(e) => set('title', e.currentTarget.value)}
            data-testid="report-title"
          />
        );
      case 'description':
        return (
          <Textarea
            key={key}
            {...common}
            label={t('public-report.field_description')}
            placeholder={t('public-report.field_description_placeholder')}
            maxLength={ISSUE_DESCRIPTION_MAX}
            autosize
            minRows={3}
            maxRows={10}
            value={values.description}
            onChange={(e) => set('description', e.currentTarget.value)}
            data-testid="report-description"
          />
        );
      case 'attachments':
        return (
          <PhotoPicker
            key={key}
            files={files}
            onChange={(next) => {
              setFiles(next);
              if (localErrors.attachments) setLocalErrors(({ attachments: _, ...rest }) => rest);
            }}
            t={t}
            label={t('public-report.field_photos')}
            required={field.required}
            error={errorOf('attachments')}
            buttonId={`${ids}-attachments`}
            testId="report-photo"
            onBusy={setPreparing}
          />
        );
      case 'category_id':
        return (
          <NativeSelect
            key={key}
            {...common}
            label={t('public-report.field_category')}
            value={values.category_id === null ? '' : String(values.category_id)}
            onChange={(e) => set('category_id', e.currentTarget.value ? Number(e.currentTarget.value) : null)}
            data={[
              { value: '', label: t('public-report.choose') },
              ...form.categories.map((c) => ({ value: String(c.id), label: c.name })),
            ]}
          />
        );
      case 'priority_id':
        return (
          <NativeSelect
            key={key}
            {...common}
            label={t('public-report.field_priority')}
            value={values.priority_id === null ? '' : String(values.priority_id)}
            onChange={(e) => set('priority_id', e.currentTarget.value ? Number(e.currentTarget.value) : null)}
            data={[{ value: '', label: t('public-report.choose') }, ...priorities]}
          />
        );
      case 'reporter_name':
        return (
          <TextInput
            key={key}
            {...common}
            label={t('public-report.field_name')}
            autoComplete="name"
            maxLength={PUBLIC_NAME_MAX}
            value={values.reporter_name}
            onChange={(e) => set('reporter_name', e.currentTarget.value)}
          />
        );
      case 'reporter_email':
        return (
          <TextInput
            key={key}
            {...common}
            type="email"
            inputMode="email"
            label={t('public-report.field_email')}
            description={form.allow_follow ? t('public-report.field_email_hint') : undefined}
            autoComplete="email"
            maxLength={EMAIL_MAX}
            value={values.reporter_email}
            onChange={(e) => set('reporter_email', e.currentTarget.value)}
            data-testid="report-email"
          />
        );
      case 'reporter_phone':
        return (
          <TextInput
            key={key}
            {...common}
            type="tel"
            inputMode="tel"
            label={t('public-report.field_phone')}
            autoComplete="tel"
            maxLength={PUBLIC_PHONE_MAX}
            value={values.reporter_phone}
            onChange={(e) => set('reporter_phone', e.currentTarget.value)}
          />
        );
      default:
        return null;
    }
  };

  return (
    <PublicReportLayout
      organisation={place.organisation}
      logo={form.logo}
      color={form.primary_color}
      language={language}
      onLanguageChange={onLanguageChange}
      preview={preview}
    >
      <form onSubmit={submit} noValidate aria-labelledby={`${ids}-heading`} data-testid="report-form">
        <Stack gap="md">
          <Stack gap={6}>
            <Text size="sm" c="dimmed" fw={500} data-testid="report-place">
              {place.kind === 'asset'
                ? t('public-report.place_asset', { name: place.name })
                : t('public-report.place_workspace', { name: place.name })}
            </Text>
            {picture && <Image src={picture} alt={place.name} radius="md" mah={180} fit="contain" />}
            <Title order={1} fz={{ base: 22, sm: 26 }} id={`${ids}-heading`}>
              {title}
            </Title>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {intro}
            </Text>
          </Stack>
          {!form.enabled && (
            <Alert color="orange" role="status">
              {t('public-report.form_disabled')}
            </Alert>
          )}
          {shown.map((f) => control(f.key))}
          {followShown && (
            <Checkbox
              label={t('public-report.follow')}
              checked={values.follow}
              onChange={(e) => set('follow', e.currentTarget.checked)}
              data-testid="report-follow"
            />
          )}
          {/* The honeypot: off-screen and out of the tab order; a robot that fills it is refused. */}
          <div
            aria-hidden="true"
            style={{
              position: 'absolute',
              left: '-10000px',
              top: 'auto',
              width: 1,
              height: 1,
              overflow: 'hidden',
            }}
          >
            <label htmlFor={`${ids}-website`}>Website</label>
            <input
              id={`${ids}-website`}
              type="text"
              name="website"
              tabIndex={-1}
              autoComplete="off"
              value={values.website}
              onChange={(e) => set('website', e.currentTarget.value)}
            />
          </div>
          {alert}
          <Button
            type="submit"
            size="md"
            fullWidth
            loading={submitting}
            disabled={preview || !form.enabled || preparing}
            data-testid="report-submit"
          >
            {t('public-report.send')}
          </Button>
          {form.fields.some((f) => f.visible && f.required) && (
            <Text size="xs" c="dimmed" ta="center">
              {t('public-report.required_note')}
            </Text>
          )}
          {preview && (
            <Text size="xs" c="dimmed" ta="center">
              {t('public-report.preview_note')}
            </Text>
          )}
        </Stack>
      </form>
    </PublicReportLayout>
  );
}
