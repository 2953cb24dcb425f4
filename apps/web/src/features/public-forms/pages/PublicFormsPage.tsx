import {
  Alert,
  Anchor,
  Breadcrumbs,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconLock, IconQrcode } from '@tabler/icons-react';
import { PUBLIC_FORM_TYPES, type PublicFormType } from '@workbench/domain';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../ui/feedback/EmptyState';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { useAuth } from '../../auth/session-store';
import { useClientSettings } from '../../profiles/profiles-api';
import { SettingsLayout } from '../../settings/components/SettingsLayout';
import { FormEditor } from '../components/FormEditor';
import { LeaveModal } from '../components/UnsavedChangesGuard';
import { usePublicFormConfig } from '../public-forms-api';

/**
 * /dashboard/settings/public-forms (settings tab public-forms; admins): the report forms behind
 * the QR codes of workspaces and assets (and the equipment finder's form when the organisation
 * uses equipment), each edited with a live preview of the phone form. The type is in the URL.
 */
export function PublicFormsPage() {
  return (
    <SettingsLayout>
      <PublicFormsTab />
    </SettingsLayout>
  );
}

function PublicFormsTab() {
  const { t } = useTranslation();
  const isAdmin = useAuth().session?.user.role === 'admin';
  const settings = useClientSettings();
  const [params, setParams] = useSearchParams();
  const types = PUBLIC_FORM_TYPES.filter((type) => type !== 'equipment' || settings?.include_equipment);
  const asked = params.get('type');
  const type: PublicFormType = types.find((x) => x === asked) ?? 'workspace';
  const config = usePublicFormConfig(type, isAdmin);
  const [dirty, setDirty] = useState(false);
  const [switchTo, setSwitchTo] = useState<PublicFormType | null>(null);
  const onDirtyChange = useCallback((value: boolean) => setDirty(value), []);

  const showType = (next: PublicFormType) => {
    setDirty(false);
    setParams(next === 'workspace' ? {} : { type: next }, { replace: true });
  };

  if (!isAdmin) {
    return (
      <EmptyState
        icon={IconLock}
        title={t('public-forms.admins_only_title')}
        text={t('public-forms.admins_only')}
      />
    );
  }

  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Text size="sm" c="dimmed">
          {t('public-forms.settings')}
        </Text>
        <Text size="sm">{t('public-forms.title')}</Text>
      </Breadcrumbs>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('public-forms.title')}
        </Title>
        <Text c="dimmed">{t('public-forms.intro')}</Text>
      </Stack>

      <Group justify="space-between" gap="sm" wrap="wrap">
        {types.length > 1 && (
          <SegmentedControl
            // On a phone the three types share the width and their names wrap (no cut "Equipment").
            maw="100%"
            styles={{ label: { whiteSpace: 'normal', lineHeight: 1.25 } }}
            aria-label={t('public-forms.type_label')}
            data={types.map((value) => ({ value, label: t(`public-forms.types.${value}`) }))}
            value={type}
            onChange={(value) => {
              const next = value as PublicFormType;
              if (dirty) setSwitchTo(next);
              else showType(next);
            }}
          />
        )}
        <Text size="sm" c="dimmed">
          {t(`public-forms.type_hint.${type}`)}
        </Text>
      </Group>

      {type !== 'equipment' && (
        <Alert variant="light" icon={<IconQrcode size={20} />} p="sm">
          <Group gap="xs" wrap="wrap">
            <Text size="sm">{t('public-forms.where_used')}</Text>
            <Anchor component={Link} to="/dashboard/workspaces" size="sm">
              {t('public-forms.to_workspaces')}
            </Anchor>
            {settings?.include_assets && (
              <Anchor component={Link} to="/dashboard/assets" size="sm">
                {t('public-forms.to_assets')}
              </Anchor>
            )}
          </Group>
        </Alert>
      )}

      {config.isPending ? (
        <Stack gap="md" role="status" aria-busy aria-label={t('public-forms.loading')}>
          <Skeleton h={120} radius="md" />
          <Skeleton h={320} radius="md" />
        </Stack>
      ) : config.isError ? (
        <ErrorPanel
          title={t('public-forms.load_failed')}
          error={config.error}
          onRetry={() => config.refetch()}
        />
      ) : (
        <FormEditor key={type} config={config.data} onDirtyChange={onDirtyChange} />
      )}

      <LeaveModal
        opened={switchTo !== null}
        title={t('public-forms.leave_title')}
        onStay={() => setSwitchTo(null)}
        onLeave={() => {
          if (switchTo) showType(switchTo);
          setSwitchTo(null);
        }}
      />
    </Stack>
  );
}
