import {
  Box,
  Center,
  Group,
  Image,
  Loader,
  NativeSelect,
  Paper,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { LANGUAGE_NAMES, UI_LANGUAGES, type UiLanguage } from '@workbench/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicAccent } from './PublicAccent';

/** The ten languages by their own names, as a native select: a phone shows its own picker. */
export function PublicLanguagePicker({
  language,
  onChange,
  disabled,
}: {
  language: UiLanguage;
  onChange?: (language: UiLanguage) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation(undefined, { lng: language, useSuspense: false });
  return (
    <NativeSelect
      aria-label={t('public-report.language')}
      size="xs"
      w={130}
      value={language}
      disabled={disabled}
      onChange={(event) => onChange?.(event.currentTarget.value as UiLanguage)}
      data={UI_LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
      data-testid="public-language"
    />
  );
}

/** The organisation as the header names it: its logo (when the form shows it) and its name. */
function Organisation({ name, logo }: { name: string; logo: string | null }) {
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      {logo ? (
        <Image src={logo} alt="" h={36} w="auto" maw={96} fit="contain" radius="sm" />
      ) : (
        <ThemeIcon size={36} radius="md" variant="light" aria-hidden>
          <IconBuilding size={20} />
        </ThemeIcon>
      )}
      <Text fw={700} fz="md" lineClamp={2} data-testid="public-organisation">
        {name}
      </Text>
    </Group>
  );
}

/**
 * The frame of the public report pages, phone first: the organisation (logo, name) and the
 * language picker above one card, in the form's accent colour. No product menu, no account.
 */
export function PublicReportLayout({
  organisation,
  logo,
  color,
  language,
  onLanguageChange,
  children,
  preview,
}: {
  organisation: string | null;
  logo: string | null;
  color: string | null;
  language: UiLanguage;
  onLanguageChange?: (language: UiLanguage) => void;
  children: ReactNode;
  /** Inside the configurator: no full-height page. */
  preview?: boolean;
}) {
  return (
    <PublicAccent color={color}>
      <Box mih={preview ? undefined : '100vh'} bg="var(--mantine-color-body)" lang={language}>
        <Box component="header" px={{ base: 'sm', sm: 'md' }} py="sm" maw={640} mx="auto">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            {organisation ? <Organisation name={organisation} logo={logo} /> : <span />}
            <PublicLanguagePicker language={language} onChange={onLanguageChange} />
          </Group>
        </Box>
        <Box component="main" px={{ base: 'xs', sm: 'md' }} pb={preview ? 'md' : 48} maw={640} mx="auto">
          <Paper withBorder shadow="xs" radius="lg" bg="white" p={{ base: 'md', sm: 'xl' }}>
            {children}
          </Paper>
        </Box>
      </Box>
    </PublicAccent>
  );
}

/** While a public page reads its answer. */
export function PublicReportLoading({ language, label }: { language: UiLanguage; label: string }) {
  return (
    <PublicReportLayout organisation={null} logo={null} color={null} language={language}>
      <Center py="xl">
        <Loader aria-label={label} />
      </Center>
    </PublicReportLayout>
  );
}

export function PublicStack({ children }: { children: ReactNode }) {
  return <Stack gap="md">{children}</Stack>;
}
