import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { LANGUAGE_NAMES, type SessionUser, UI_LANGUAGES, type UiLanguage } from '@workbench/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { useErrorText } from '../../../ui/feedback/use-error-text';
import { useNotify } from '../../../ui/feedback/use-notify';
import { useJobPositions, useUpdateUser } from '../profiles-api';

/** A user manager edits a colleague: names, phone, role, job position, language. */
export function EditUserModal({
  user,
  opened,
  onClose,
  canGrantAdmin,
}: {
  user: SessionUser;
  opened: boolean;
  onClose: () => void;
  canGrantAdmin: boolean;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const errorText = useErrorText();
  const update = useUpdateUser(user.id);
  const positions = useJobPositions();
  const [firstName, setFirstName] = useState(user.first_name);
  const [lastName, setLastName] = useState(user.last_name);
  const [phone, setPhone] = useState(user.phone ?? '');
  const [role, setRole] = useState(user.role);
  const [jobPosition, setJobPosition] = useState<string | null>(
    user.job_position ? String(user.job_position.id) : null,
  );
  const [language, setLanguage] = useState<UiLanguage>(user.language);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<unknown>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFields({});
    setMessage(null);
    update.mutate(
      {
        first_name: firstName,
        last_name: lastName,
        phone: phone.trim() || null,
        language,
        ...(role !== user.role ? { role } : {}),
        job_position_id: jobPosition ? Number(jobPosition) : null,
      },
      {
        onSuccess: () => {
          notify.ok('profiles.saved');
          onClose();
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
    <Modal opened={opened} onClose={onClose} title={t('profiles.edit_person', { name: user.full_name })}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {message !== null && (
            <Alert color="red" icon={<IconAlertCircle size={16} />}>
              {errorText(message)}
            </Alert>
          )}
          <Group grow align="flex-start">
            <TextInput
              label={t('common.first_name')}
              required
              value={firstName}
              onChange={(e) => setFirstName(e.currentTarget.value)}
              error={error('first_name')}
            />
            <TextInput
              label={t('common.last_name')}
              required
              value={lastName}
              onChange={(e) => setLastName(e.currentTarget.value)}
              error={error('last_name')}
            />
          </Group>
          <TextInput
            label={t('profiles.phone')}
            value={phone}
            onChange={(e) => setPhone(e.currentTarget.value)}
            error={error('phone')}
          />
          <Select
            label={t('profiles.role')}
            value={role}
            allowDeselect={false}
            onChange={(value) => value && setRole(value as 'admin' | 'user')}
            data={[
              { value: 'user', label: t('profiles.roles.user') },
              { value: 'admin', label: t('profiles.roles.admin'), disabled: !canGrantAdmin },
            ]}
            error={error('role')}
          />
          <Select
            label={t('profiles.job_position')}
            placeholder={t('profiles.none')}
            clearable
            value={jobPosition}
            onChange={setJobPosition}
            data={(positions.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
            error={error('job_position_id')}
          />
          <Select
            label={t('common.language')}
            value={language}
            allowDeselect={false}
            onChange={(value) => value && setLanguage(value as UiLanguage)}
            data={UI_LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
            error={error('language')}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('profiles.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t('profiles.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
