import { Anchor, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChevronRight, IconListCheck, IconTextRecognition } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TEMPLATE_LIST_DEFAULTS } from '../list-params';
import { useChecklistTemplates } from '../templates-api';

/** /dashboard/templates: the two kinds of templates (001 §2). */
export function TemplatesLandingPage() {
  const { t } = useTranslation();
  const checklists = useChecklistTemplates(TEMPLATE_LIST_DEFAULTS);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('checklist-templates.landing_title')}
      </Title>
      <Text c="dimmed">{t('checklist-templates.landing_text')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} maw={900}>
        <KindCard
          to="/dashboard/templates/checklists"
          icon={<IconListCheck size={28} />}
          title={t('checklist-templates.checklist_templates')}
          text={t('checklist-templates.checklist_templates_text')}
          footer={
            checklists.data ? t('checklist-templates.count', { count: checklists.data.total }) : undefined
          }
        />
        <KindCard
          to="/dashboard/templates/autocomplete"
          icon={<IconTextRecognition size={28} />}
          title={t('checklist-templates.text_templates')}
          text={t('checklist-templates.text_templates_text')}
        />
      </SimpleGrid>
    </Stack>
  );
}

function KindCard({
  to,
  icon,
  title,
  text,
  footer,
}: {
  to: string;
  icon: ReactNode;
  title: string;
  text: string;
  footer?: string;
}) {
  return (
    <Card withBorder radius="md" padding="lg" component={Link} to={to} style={{ textDecoration: 'none' }}>
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon size={52} radius="md" variant="light">
          {icon}
        </ThemeIcon>
        <Stack gap={4} style={{ flex: 1 }}>
          <Group justify="space-between" wrap="nowrap">
            <Anchor component="span" fw={600} size="lg">
              {title}
            </Anchor>
            <IconChevronRight size={18} color="var(--mantine-color-dimmed)" />
          </Group>
          <Text size="sm" c="dimmed">
            {text}
          </Text>
          {footer && (
            <Text size="xs" c="dimmed" mt={4}>
              {footer}
            </Text>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
