import { Alert, Anchor, Button, Card, Group, MultiSelect, Select, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconLock } from '@tabler/icons-react';
import { WORKSPACE_ROLES, type WorkspaceRole } from '@workbench/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../api/client';
import { EmptyState } from '../../../ui/feedback/EmptyState';
import { useErrorText } from '../../../ui/feedback/use-error-text';
import { useNotify } from '../../../ui/feedback/use-notify';
import { emptyUserEntry, NewUserEntries } from '../../../ui/picker/NewUserEntries';
import { cleanEntries, entryErrors, type UserEntry } from '../../../ui/picker/picker-state';
import { useCreateUsers, useJobPositions, useWorkspaceOptions } from '../profiles-api';
import { useProfileAbilities } from '../use-abilities';

/** /dashboard/profiles/new: invite several people by e-mail, with role, job position and workspaces. */
export function InviteUsersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const errorText = useErrorText();
  const abilities = useProfileAbilities();
  const positions = useJobPositions();
  const workspaces = useWorkspaceOptions();
  const create = useCreateUsers();
  const [entries, setEntries] = useState<UserEntry[]>([emptyUserEntry()]);
  const [userRole, setUserRole] = useState<'user' | 'admin'>('user');
  const [jobPosition, setJobPosition] = useState<string | null>(null);
  const [workspaceIds, setWorkspaceIds] = useState<string[]>([]);
  const [workspaceRole, setWorkspaceRole] = useState<WorkspaceRole>('member');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<unknown>(null);

  if (abilities && !abilities.manageUsers) {
    return <EmptyState icon={IconLock} title={t('profiles.invite_title')} text={t('errors.forbidden')} />;
  }

  const fieldError = (index: number, field: string) => {
    const key = fields[`new_users.${index}.${field}`];
    return key ? errorText(key) : undefined;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const local = entryErrors('new_users', entries);
    setFields(local);
    if (Object.keys(local).length) return;
    create.mutate(
      {
        new_users: cleanEntries(entries),
        user_role: userRole,
        job_position_id: jobPosition ? Number(jobPosition) : null,
        ...(workspaceIds.length ? { workspace_ids: workspaceIds.map(Number), role: workspaceRole } : {}),
      },
      {
        onSuccess: (response) => {
          notify.ok('profiles.invited', { n: response.new_users.length + response.asked_to_join.length });
          // People with an account elsewhere join when they open their link; until then they are not listed.
          if (response.asked_to_join.length)
            notify.ok('profiles.asked_to_join', { n: response.asked_to_join.length });
          navigate('/dashboard/profiles');
        },
        onError: (err) => {
          if (err instanceof ApiError && Object.keys(err.fields).length) setFields(err.fields);
          else setMessage(err);
        },
      },
    );
  };

  return (
    <Stack gap="md" maw={900}>
      <Anchor component={Link} to="/dashboard/profiles" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t('profiles.back_to_list')}
        </Group>
      </Anchor>
      <Title order={2}>{t('profiles.invite_title')}</Title>
      <Text c="dimmed" size="sm">
        {t('profiles.invite_text')}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {message !== null && (
            <Alert color="red" icon={<IconAlertCircle size={16} />} role="alert">
              {errorText(message)}
            </Alert>
          )}
          <Card withBorder radius="md" padding="md">
            <Stack gap="sm">
              <Text fw={600}>{t('profiles.people_to_invite')}</Text>
              <NewUserEntries entries={entries} onChange={setEntries} fieldError={fieldError} />
            </Stack>
          </Card>
          <Card withBorder radius="md" padding="md">
            <Stack gap="sm">
              <Group grow align="flex-start" wrap="wrap">
                <Select
                  label={t('profiles.role')}
                  value={userRole}
                  allowDeselect={false}
                  onChange={(value) => value && setUserRole(value as 'user' | 'admin')}
                  data={[
                    { value: 'user', label: t('profiles.roles.user') },
                    { value: 'admin', label: t('profiles.roles.admin'), disabled: !abilities?.grantAdmin },
                  ]}
                  error={fields.user_role ? errorText(fields.user_role) : undefined}
                />
                <Select
                  label={t('profiles.job_position')}
                  placeholder={t('profiles.none')}
                  clearable
                  value={jobPosition}
                  onChange={setJobPosition}
                  data={(positions.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
                  error={fields.job_position_id ? errorText(fields.job_position_id) : undefined}
                />
              </Group>
              <Group grow align="flex-start" wrap="wrap">
                <MultiSelect
                  label={t('profiles.workspaces')}
                  placeholder={workspaceIds.length ? undefined : t('profiles.none')}
                  data={(workspaces.data ?? []).map((w) => ({ value: String(w.id), label: w.name }))}
                  value={workspaceIds}
                  onChange={setWorkspaceIds}
                  searchable
                  clearable
                  nothingFoundMessage={t('profiles.no_results')}
                />
                <Select
                  label={t('profiles.workspace_role')}
                  value={workspaceRole}
                  allowDeselect={false}
                  disabled={!workspaceIds.length}
                  onChange={(value) => value && setWorkspaceRole(value as WorkspaceRole)}
                  data={WORKSPACE_ROLES.map((role) => ({
                    value: role,
                    label: t(`profiles.workspace_roles.${role}`),
                  }))}
                />
              </Group>
            </Stack>
          </Card>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" component={Link} to="/dashboard/profiles">
              {t('profiles.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('profiles.send_invites')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
