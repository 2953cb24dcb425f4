import {
  ColorInput,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import {
  type Client,
  type ClientSettings,
  type ClientSettingsPatch,
  ISSUE_STATUSES,
  LANGUAGE_NAMES,
  UI_LANGUAGES,
  type UiLanguage,
} from '@workbench/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { saveColors } from '../../config/colors-store';
import { OdooCard } from '../../integrations/OdooCard';
import { AdminSettingsPage } from '../components/AdminSettingsPage';
import { LogoCard } from '../components/LogoCard';
import { fieldError, SettingsCard, useCardSave, useCardValues } from '../components/SettingsCard';
import { useUpdateClient } from '../settings-api';

type BoolKey = {
  [K in keyof ClientSettings]: ClientSettings[K] extends boolean ? K : never;
}[keyof ClientSettings];

const FEATURE_SWITCHES: BoolKey[] = [
  'include_equipment',
  'include_schedules',
  'include_assets',
  'include_collab',
  'is_equipment_return_strict',
  'edit_workspace',
];
const ISSUE_SWITCHES: BoolKey[] = [
  'is_assignee_mandatory',
  'is_asset_required',
  'member_can_take_over_issue',
  'include_issue_process_number',
  'show_in_review_overdue',
  'attachment_priority',
  'attachment_deadline',
  'attachment_comments',
  'include_export_subtasks',
  'include_export_watchers',
];
const PEOPLE_SWITCHES: BoolKey[] = ['only_admins_see_users', 'limited_collaborator_invites'];
const DISPLAY_KEYS = ['comments', 'history', 'address', 'titles', 'text_templates'] as const;
const MB = 1_000_000;

/** /dashboard/settings/general (admins): the organisation's settings in cards, each saved alone. */
export function GeneralSettingsPage() {
  const { t } = useTranslation();
  return (
    <AdminSettingsPage
      loading={
        <Stack role="status" aria-busy aria-label={t('settings.loading')}>
          <Skeleton h={220} />
          <Skeleton h={220} />
        </Stack>
      }
    >
      {(client) => (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <OrganisationCard client={client} />
          <LogoCard client={client} />
          <SwitchesCard client={client} title={t('settings.features_title')} keys={FEATURE_SWITCHES} />
          <IssueRulesCard client={client} />
          <PeopleCard client={client} />
          <MediaDisplayCard client={client} />
          <PrivacyCard client={client} />
          <OdooCard />
        </SimpleGrid>
      )}
    </AdminSettingsPage>
  );
}

/** PUT client/{id} with one card's part; the card keeps the API's field errors. */
function useSave(client: Client) {
  const update = useUpdateClient(client.id);
  const { saved, failed } = useCardSave();
  const { t } = useTranslation();
  const save = (body: { name?: string; settings?: ClientSettingsPatch }) =>
    update.mutate(body, {
      onSuccess: (next) => {
        saveColors(next.settings.colors);
        saved();
      },
      onError: failed,
    });
  return { save, saving: update.isPending, error: fieldError(update.error, t) };
}

function OrganisationCard({ client }: { client: Client }) {
  const { t } = useTranslation();
  const s = client.settings;
  const form = useCardValues({
    name: client.name,
    time_zone: s.time_zone,
    default_language: s.default_language,
    primary: s.colors.primary,
    secondary: s.colors.secondary,
  });
  const { save, saving, error } = useSave(client);
  const zones = useMemo(() => Intl.supportedValuesOf('timeZone'), []);
  const v = form.values;
  return (
    <SettingsCard
      title={t('settings.organisation_title')}
      dirty={form.dirty}
      saving={saving}
      onReset={form.reset}
      testId="settings-organisation"
      onSave={() =>
        save({
          name: v.name,
          settings: {
            time_zone: v.time_zone,
            default_language: v.default_language,
            colors: { primary: v.primary, secondary: v.secondary },
          },
        })
      }
    >
      <TextInput
        label={t('settings.name')}
        value={v.name}
        onChange={(e) => form.set('name', e.currentTarget.value)}
        error={error('name')}
        required
      />
      <Group grow align="flex-start" wrap="wrap">
        <ColorInput
          label={t('settings.primary_color')}
          value={v.primary}
          format="hex"
          withEyeDropper={false}
          onChange={(value) => form.set('primary', value)}
          error={error('primary')}
          miw={160}
        />
        <ColorInput
          label={t('settings.secondary_color')}
          value={v.secondary}
          format="hex"
          withEyeDropper={false}
          onChange={(value) => form.set('secondary', value)}
          error={error('secondary')}
          miw={160}
        />
      </Group>
      <Select
        label={t('settings.time_zone')}
        value={v.time_zone}
        data={zones.includes(v.time_zone) ? zones : [v.time_zone, ...zones]}
        searchable
        allowDeselect={false}
        onChange={(value) => value && form.set('time_zone', value)}
        error={error('time_zone')}
      />
      <Select
        label={t('settings.default_language')}
        description={t('settings.default_language_hint')}
        value={v.default_language}
        allowDeselect={false}
        data={UI_LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
        onChange={(value) => value && form.set('default_language', value as UiLanguage)}
        error={error('default_language')}
      />
    </SettingsCard>
  );
}

function pick(settings: ClientSettings, keys: BoolKey[]) {
  return Object.fromEntries(keys.map((key) => [key, settings[key]])) as Record<BoolKey, boolean>;
}

function Switches({
  keys,
  values,
  onChange,
  error,
}: {
  keys: BoolKey[];
  values: Partial<Record<string, unknown>>;
  onChange: (key: BoolKey, value: boolean) => void;
  error: (name: string) => string | undefined;
}) {
  const { t } = useTranslation();
  return keys.map((key) => (
    <Switch
      key={key}
      label={t(`settings.switch.${key}`)}
      checked={values[key] === true}
      onChange={(e) => onChange(key, e.currentTarget.checked)}
      error={error(key)}
    />
  ));
}

function SwitchesCard({ client, title, keys }: { client: Client; title: string; keys: BoolKey[] }) {
  const form = useCardValues(pick(client.settings, keys));
  const { save, saving, error } = useSave(client);
  return (
    <SettingsCard
      title={title}
      dirty={form.dirty}
      saving={saving}
      onReset={form.reset}
      onSave={() => save({ settings: form.values })}
      testId="settings-features"
    >
      <Switches keys={keys} values={form.values} onChange={form.set} error={error} />
    </SettingsCard>
  );
}

function IssueRulesCard({ client }: { client: Client }) {
  const { t } = useTranslation();
  const form = useCardValues({
    ...pick(client.settings, ISSUE_SWITCHES),
    archive_issues_statuses: client.settings.archive_issues_statuses,
  });
  const { save, saving, error } = useSave(client);
  return (
    <SettingsCard
      title={t('settings.issues_title')}
      dirty={form.dirty}
      saving={saving}
      onReset={form.reset}
      onSave={() => save({ settings: form.values })}
    >
      <Switches
        keys={ISSUE_SWITCHES}
        values={form.values}
        onChange={(key, value) => form.setValues((v) => ({ ...v, [key]: value }))}
        error={error}
      />
      <MultiSelect
        label={t('settings.archive_issues_statuses')}
        description={t('settings.archive_issues_statuses_hint')}
        data={ISSUE_STATUSES.map((status) => ({
          value: String(status.id),
          label: t(`issues.status.${status.id}`),
        }))}
        value={form.values.archive_issues_statuses.map(String)}
        onChange={(values) => form.set('archive_issues_statuses', values.map(Number))}
        error={error('archive_issues_statuses')}
        clearable
      />
    </SettingsCard>
  );
}

function PeopleCard({ client }: { client: Client }) {
  const { t } = useTranslation();
  const form = useCardValues({
    ...pick(client.settings, PEOPLE_SWITCHES),
    user_management_permission: client.settings.user_management_permission,
  });
  const { save, saving, error } = useSave(client);
  return (
    <SettingsCard
      title={t('settings.people_title')}
      dirty={form.dirty}
      saving={saving}
      onReset={form.reset}
      onSave={() => save({ settings: form.values })}
    >
      <Select
        label={t('settings.user_management_permission')}
        value={form.values.user_management_permission}
        allowDeselect={false}
        data={(['admins', 'manager_admins'] as const).map((value) => ({
          value,
          label: t(`settings.user_management.${value}`),
        }))}
        onChange={(value) =>
          value && form.set('user_management_permission', value as 'admins' | 'manager_admins')
        }
        error={error('user_management_permission')}
      />
      <Switches
        keys={PEOPLE_SWITCHES}
        values={form.values}
        onChange={(key, value) => form.setValues((v) => ({ ...v, [key]: value }))}
        error={error}
      />
    </SettingsCard>
  );
}

function MediaDisplayCard({ client }: { client: Client }) {
  const { t } = useTranslation();
  const form = useCardValues({
    media_mb: Math.round(client.settings.media_max_size / MB),
    display: client.settings.display,
  });
  const { save, saving, error } = useSave(client);
  return (
    <SettingsCard
      title={t('settings.media_display_title')}
      dirty={form.dirty}
      saving={saving}
      onReset={form.reset}
      onSave={() =>
        save({
          settings: { media_max_size: Math.round(form.values.media_mb * MB), display: form.values.display },
        })
      }
    >
      <NumberInput
        label={t('settings.media_max_size')}
        suffix=" MB"
        min={1}
        max={1000}
        value={form.values.media_mb}
        onChange={(value) => form.set('media_mb', typeof value === 'number' ? value : 0)}
        error={error('media_max_size')}
      />
      {DISPLAY_KEYS.map((key) => (
        <Switch
          key={key}
          label={t(`settings.display.${key}`)}
          checked={form.values.display[key]}
          onChange={(e) => {
            const checked = e.currentTarget.checked;
            form.setValues((v) => ({ ...v, display: { ...v.display, [key]: checked } }));
          }}
        />
      ))}
    </SettingsCard>
  );
}

function PrivacyCard({ client }: { client: Client }) {
  const { t } = useTranslation();
  const form = useCardValues({
    required: client.settings.privacy_policy.required,
    url: client.settings.privacy_policy.url ?? '',
  });
  const { save, saving, error } = useSave(client);
  return (
    <SettingsCard
      title={t('settings.privacy_title')}
      dirty={form.dirty}
      saving={saving}
      onReset={form.reset}
      onSave={() =>
        save({
          settings: {
            privacy_policy: { required: form.values.required, url: form.values.url.trim() || null },
          },
        })
      }
    >
      <Switch
        label={t('settings.privacy_required')}
        checked={form.values.required}
        onChange={(e) => form.set('required', e.currentTarget.checked)}
      />
      <TextInput
        label={t('settings.privacy_url')}
        type="url"
        placeholder="https://"
        value={form.values.url}
        onChange={(e) => form.set('url', e.currentTarget.value)}
        error={error('url')}
      />
    </SettingsCard>
  );
}
