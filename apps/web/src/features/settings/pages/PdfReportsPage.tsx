import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Code,
  Group,
  Skeleton,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconX } from '@tabler/icons-react';
import {
  type Client,
  hasAnyPdfPart,
  PDF_DEFAULT_KEYS,
  PDF_NAME_PARAMS,
  pdfFileNamePreview,
} from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import { AdminSettingsPage } from '../components/AdminSettingsPage';
import { fieldError, SettingsCard, useCardSave, useCardValues } from '../components/SettingsCard';
import { useUpdateClient } from '../settings-api';

type NameParam = (typeof PDF_NAME_PARAMS)[number];

/** /dashboard/settings/pdf-reports (admins): what a PDF report holds by default and its file name. */
export function PdfReportsPage() {
  const { t } = useTranslation();
  return (
    <AdminSettingsPage
      loading={<Skeleton h={300} role="status" aria-busy aria-label={t('settings.loading')} />}
    >
      {(client) => <PdfCard client={client} />}
    </AdminSettingsPage>
  );
}

function PdfCard({ client }: { client: Client }) {
  const { t } = useTranslation();
  const s = client.settings;
  const form = useCardValues({
    pdf_defaults: s.pdf_defaults,
    available_pdf_name_params: s.available_pdf_name_params as NameParam[],
    include_export_subtasks: s.include_export_subtasks,
    include_export_watchers: s.include_export_watchers,
  });
  const update = useUpdateClient(client.id);
  const { saved, failed } = useCardSave();
  const error = fieldError(update.error, t);
  const v = form.values;
  const noneOn = !hasAnyPdfPart(v.pdf_defaults);
  const params = v.available_pdf_name_params;
  const unused = PDF_NAME_PARAMS.filter((p) => !params.includes(p));
  const move = (from: number, to: number) => {
    const next = [...params];
    const [item] = next.splice(from, 1);
    if (item) next.splice(to, 0, item);
    form.set('available_pdf_name_params', next);
  };
  return (
    <SettingsCard
      title={t('settings.pdf_title')}
      dirty={form.dirty}
      saving={update.isPending}
      onReset={form.reset}
      onSave={() => {
        if (noneOn) return;
        update.mutate({ settings: v }, { onSuccess: saved, onError: failed });
      }}
      testId="settings-pdf"
    >
      <Text size="sm" c="dimmed">
        {t('settings.pdf_intro')}
      </Text>
      <Checkbox.Group
        label={t('settings.pdf_parts')}
        value={PDF_DEFAULT_KEYS.filter((key) => v.pdf_defaults[key])}
        onChange={(on) =>
          form.set(
            'pdf_defaults',
            Object.fromEntries(
              PDF_DEFAULT_KEYS.map((key) => [key, on.includes(key)]),
            ) as typeof v.pdf_defaults,
          )
        }
        error={noneOn ? t('settings.pdf_one_needed') : error('pdf_defaults')}
      >
        <Stack gap={6} mt="xs">
          {PDF_DEFAULT_KEYS.map((key) => (
            <Checkbox key={key} value={key} label={t(`settings.pdf.${key}`)} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Stack gap={6}>
        <Text fw={500} size="sm">
          {t('settings.pdf_name_params')}
        </Text>
        {params.length === 0 && (
          <Alert color="gray" p="xs">
            {t('settings.pdf_name_empty')}
          </Alert>
        )}
        <Stack gap={4} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {params.map((param, i) => (
            <Group
              key={param}
              component="li"
              justify="space-between"
              wrap="nowrap"
              data-testid="pdf-name-param"
            >
              <Text size="sm">
                {i + 1}. {t(`settings.pdf_param.${param}`)}
              </Text>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                  aria-label={t('settings.move_up', { name: t(`settings.pdf_param.${param}`) })}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  disabled={i === params.length - 1}
                  onClick={() => move(i, i + 1)}
                  aria-label={t('settings.move_down', { name: t(`settings.pdf_param.${param}`) })}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  onClick={() =>
                    form.set(
                      'available_pdf_name_params',
                      params.filter((p) => p !== param),
                    )
                  }
                  aria-label={t('settings.remove_param', { name: t(`settings.pdf_param.${param}`) })}
                >
                  <IconX size={16} />
                </ActionIcon>
              </Group>
            </Group>
          ))}
        </Stack>
        {unused.length > 0 && (
          <Group gap={6} wrap="wrap">
            {unused.map((param) => (
              <Button
                key={param}
                size="compact-sm"
                variant="light"
                leftSection={<IconPlus size={14} />}
                onClick={() => form.set('available_pdf_name_params', [...params, param])}
              >
                {t(`settings.pdf_param.${param}`)}
              </Button>
            ))}
          </Group>
        )}
        <Text size="sm">
          {t('settings.pdf_name_preview')}{' '}
          <Code data-testid="pdf-name-preview">{pdfFileNamePreview(params)}</Code>
        </Text>
      </Stack>
      <Switch
        label={t('settings.switch.include_export_subtasks')}
        checked={v.include_export_subtasks}
        onChange={(e) => form.set('include_export_subtasks', e.currentTarget.checked)}
      />
      <Switch
        label={t('settings.switch.include_export_watchers')}
        checked={v.include_export_watchers}
        onChange={(e) => form.set('include_export_watchers', e.currentTarget.checked)}
      />
    </SettingsCard>
  );
}
