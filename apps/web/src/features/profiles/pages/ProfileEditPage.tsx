import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import {
  LANGUAGE_NAMES,
  PHONE_MAX,
  type SessionUser,
  TEXT_FIELD_MAX,
  UI_LANGUAGES,
  type UiLanguage,
} from '@workbench/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../api/client';
import { changeLanguage } from '../../../i18n';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { useErrorText } from '../../../ui/feedback/use-error-text';
import { useNotify } from '../../../ui/feedback/use-notify';
import { CalendarFeedCard } from '../components/CalendarFeedCard';
import { useProfile, useUpdateUser } from '../profiles-api';

/** /dashboard/profile/edit: own names, phone, language and list settings. */
export function ProfileEditPage() {
  const profile = useProfile('me');
  const { t } = useTranslation();
  if (profile.isPending) return <Skeleton h={420} radius="md" />;
  if (profile.isError)
    return (
      <ErrorPanel
        title={t('profiles.load_failed')}
        error={profile.error}
        onRetry={() => void profile.refetch()}
      />
    );
  return <ProfileEditForm user={profile.data} />;
}

function ProfileEditForm({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const errorText = useErrorText();
  const update = useUpdateUser('me');
  const [firstName, setFirstName] = useState(user.first_name);
  const [lastName, setLastName] = useState(user.last_name);
  const [phone, setPhone] = useState(user.phone ?? '');
  const [language, setLanguage] = useState<UiLanguage>(user.language);
  const [onlyMine, setOnlyMine] = useState(user.settings.only_my_issues);
  const [direction, setDirection] = useState(user.settings.sort_direction);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<unknown>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFields({});
    setMessage(null);
    const local: Record<string, string> = {};
    if (!firstName.trim()) local.first_name = 'required';
    if (!lastName.trim()) local.last_name = 'required';
    if (Object.keys(local).length) return setFields(local);
    update.mutate(
      {
        first_name: firstName,
        last_name: lastName,
        phone: phone.trim() || null,
        language,
        settings: { only_my_issues: onlyMine, sort_direction: direction },
      },
      {
        onSuccess: async (saved) => {
          if (saved.language !== user.language) await changeLanguage(saved.language);
          notify.ok('profiles.saved');
          navigate('/dashboard/profile/detail');
        },
        onError: (err) => {
          if (err instanceof ApiError && Object.keys(err.fields).length) setFields(err.fields);
          else setMessage(err);
        },
      },
    );
  };
  const error = (field: string) => (fields[field] ? errorText(fields[field]) : undefined);

  return (
    <Stack gap="md" maw={640}>
      <Anchor component={Link} to="/dashboard/profile/detail" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t('profiles.back_to_profile')}
        </Group>
      </Anchor>
      <Title order={2}>{t('profiles.edit_profile')}</Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {message !== null && (
            <Alert color="red" icon={<IconAlertCircle size={16} />} role="alert">
              {errorText(message)}
            </Alert>
          )}
          <Card withBorder radius="md" padding="md">
            <Stack gap="sm">
              <Group grow align="flex-start" wrap="wrap">
                <TextInput
                  label={t('common.first_name')}
                  required
                  maxLength={TEXT_FIELD_MAX}
                  value={firstName}
                  onChange={(e) => setFirstName(e.currentTarget.value)}
                  error={error('first_name')}
                />
                <TextInput
                  label={t('common.last_name')}
                  required
                  maxLength={TEXT_FIELD_MAX}
                  value={lastName}
                  onChange={(e) => setLastName(e.currentTarget.value)}
                  error={error('last_name')}
                />
              </Group>
              <TextInput label={t('common.email')} value={user.email} disabled />
              <TextInput
                label={t('profiles.phone')}
                maxLength={PHONE_MAX}
                value={phone}
                onChange={(e) => setPhone(e.currentTarget.value)}
                error={error('phone')}
              />
              <Select
                label={t('common.language')}
                value={language}
                allowDeselect={false}
                onChange={(value) => value && setLanguage(value as UiLanguage)}
                data={UI_LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
                error={error('language')}
              />
            </Stack>
          </Card>
          <Card withBorder radius="md" padding="md">
            <Stack gap="sm">
              <Text fw={600}>{t('profiles.list_settings')}</Text>
              <Switch
                label={t('profiles.only_my_issues')}
                description={t('profiles.only_my_issues_hint')}
                checked={onlyMine}
                onChange={(e) => setOnlyMine(e.currentTarget.checked)}
              />
              <div>
                <Text size="sm" mb={4}>
                  {t('profiles.default_sort')}
                </Text>
                <SegmentedControl
                  value={direction}
                  onChange={(value) => setDirection(value as 'asc' | 'desc')}
                  data={[
                    { value: 'desc', label: t('profiles.direction_desc') },
                    { value: 'asc', label: t('profiles.direction_asc') },
                  ]}
                />
              </div>
            </Stack>
          </Card>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" component={Link} to="/dashboard/profile/detail">
              {t('profiles.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t('profiles.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      <CalendarFeedCard />
    </Stack>
  );
}
