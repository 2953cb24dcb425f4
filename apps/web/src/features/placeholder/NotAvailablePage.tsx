import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHammer } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The panel a screen shows until the issue that builds it lands: never a blank page. */
export function NotAvailablePage({ section, view }: { section: string; view?: string }) {
  const { t } = useTranslation();
  const sectionName = t(`pages.sections.${section}`);
  const page = view ? `${sectionName} – ${t(`pages.views.${view}`)}` : sectionName;
  return (
    <Center py={64} px="md">
      <Paper withBorder radius="lg" p="xl" maw={560} w="100%" data-testid="not-available">
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconHammer size={30} />
          </ThemeIcon>
          <Title order={2}>{t('pages.not_available_title', { page })}</Title>
          <Text c="dimmed">{t('pages.not_available_text')}</Text>
          <Button component={Link} to="/" variant="light" mt="sm">
            {t('pages.go_home')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
