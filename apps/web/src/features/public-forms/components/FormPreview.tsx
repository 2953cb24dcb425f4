import { Alert, Box, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconEyeOff, IconMapPin } from '@tabler/icons-react';
import { type PublicForm, publicFormText, type UiLanguage } from '@workbench/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicReportLayout } from '../../public-report/components/PublicReportLayout';
import { ReportFormView } from '../../public-report/components/ReportFormView';
import type { FormDraft } from '../form-draft';

/** The width of the phone the preview shows the form on. */
export const PREVIEW_WIDTH = 360;

/** Loads a language's texts (the preview may show another language than the page's). */
function useLanguageLoaded(language: UiLanguage): boolean {
  const { i18n } = useTranslation();
  const [loaded, setLoaded] = useState<string | null>(
    i18n.hasResourceBundle(language, 'translation') ? language : null,
  );
  useEffect(() => {
    let current = true;
    void i18n.loadLanguages(language).then(() => current && setLoaded(language));
    return () => {
      current = false;
    };
  }, [i18n, language]);
  return loaded === language;
}

/**
 * The live preview of the draft on a phone-sized frame: the report form as a visitor will see
 * it (the public report page's own view, in preview mode: nothing is sent), or for equipment
 * the finder's fields.
 */
export function FormPreview({
  draft,
  form,
  organisation,
  language,
  onLanguageChange,
  scroll,
}: {
  draft: FormDraft;
  form: PublicForm;
  organisation: string;
  language: UiLanguage;
  onLanguageChange: (language: UiLanguage) => void;
  /** Beside the editor the frame scrolls on its own, like a phone's screen; under a tab the page scrolls. */
  scroll: boolean;
}) {
  const { t } = useTranslation();
  const loaded = useLanguageLoaded(language);
  const place = t(`public-forms.preview_place.${draft.type}`, { lng: language });
  return (
    <Stack gap="xs" role="region" aria-label={t('public-forms.preview_label')} data-testid="form-preview">
      {!draft.enabled && (
        <Alert variant="light" color="gray" icon={<IconEyeOff size={18} />} p="xs">
          <Text size="sm">{t('public-forms.preview_closed')}</Text>
        </Alert>
      )}
      <Paper
        withBorder
        radius={28}
        p={6}
        shadow="sm"
        w="100%"
        maw={PREVIEW_WIDTH + 14}
        mx="auto"
        bg="var(--mantine-color-default-border)"
      >
        <Box
          style={{ borderRadius: 22, overflow: 'hidden', opacity: draft.enabled ? 1 : 0.6 }}
          bg="var(--mantine-color-body)"
          data-language={language}
          aria-busy={!loaded}
        >
          <Box
            mah={scroll ? 'min(720px, calc(100dvh - 170px))' : undefined}
            style={scroll ? { overflowY: 'auto' } : undefined}
          >
            {!loaded ? (
              <Text size="sm" c="dimmed" p="md">
                {t('public-forms.preview_loading')}
              </Text>
            ) : draft.type === 'equipment' ? (
              <FinderPreview
                form={form}
                organisation={organisation}
                language={language}
                onLanguageChange={onLanguageChange}
                place={place}
              />
            ) : (
              <ReportFormView
                key={language}
                form={form}
                place={{ name: place, organisation, logo: form.logo, kind: draft.type }}
                language={language}
                onLanguageChange={onLanguageChange}
                preview
              />
            )}
          </Box>
        </Box>
      </Paper>
      <Text size="xs" c="dimmed" ta="center">
        {t('public-forms.preview_note')}
      </Text>
    </Stack>
  );
}

/** The equipment finder's form, simply: the fields it shows, in order (the page itself comes with the equipment feature). */
function FinderPreview({
  form,
  organisation,
  language,
  onLanguageChange,
  place,
}: {
  form: PublicForm;
  organisation: string;
  language: UiLanguage;
  onLanguageChange: (language: UiLanguage) => void;
  place: string;
}) {
  const { t } = useTranslation(undefined, { lng: language, useSuspense: false });
  const title = publicFormText(form, language, 'title') ?? t('public-equipment.found_heading');
  const intro = publicFormText(form, language, 'intro') ?? t('public-equipment.found_intro');
  return (
    <PublicReportLayout
      organisation={organisation}
      logo={form.logo}
      color={form.primary_color}
      language={language}
      onLanguageChange={onLanguageChange}
      preview
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {place}
        </Text>
        <Title order={2} size="h3">
          {title}
        </Title>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {intro}
        </Text>
        {form.fields
          .filter((f) => f.visible)
          .map((field) => {
            const common = { required: field.required, readOnly: true, tabIndex: -1 };
            switch (field.key) {
              case 'finder_name':
                return <TextInput key={field.key} {...common} label={t('public-equipment.finder_name')} />;
              case 'finder_contact':
                return (
                  <TextInput
                    key={field.key}
                    {...common}
                    label={t('public-equipment.finder_contact')}
                    description={t('public-equipment.finder_contact_hint')}
                  />
                );
              case 'message':
                return (
                  <Textarea
                    key={field.key}
                    {...common}
                    minRows={3}
                    autosize
                    label={t('public-equipment.message')}
                    placeholder={t('public-equipment.message_placeholder')}
                  />
                );
              case 'location':
                return (
                  <Text key={field.key} size="sm" c="dimmed">
                    <IconMapPin size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} aria-hidden />
                    {t('public-equipment.location_optional')}
                  </Text>
                );
              default:
                return null;
            }
          })}
        <Box
          bg="var(--mantine-primary-color-filled)"
          c="var(--mantine-primary-color-contrast)"
          ta="center"
          py={8}
          style={{ borderRadius: 'var(--mantine-radius-default)' }}
          aria-hidden
        >
          <Text size="sm" fw={600}>
            {t('public-equipment.send_found')}
          </Text>
        </Box>
      </Stack>
    </PublicReportLayout>
  );
}
