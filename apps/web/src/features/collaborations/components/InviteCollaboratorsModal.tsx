import {
  ActionIcon,
  Alert,
  Button,
  Center,
  Group,
  Modal,
  MultiSelect,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { IconAlertCircle, IconCheck, IconMail, IconPlus, IconTrash } from '@tabler/icons-react';
import { type CollaborationType, SUCCESS_MODAL_MS } from '@workbench/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { useErrorText } from '../../../ui/feedback/use-error-text';
import { collaborationsApi, useInvalidateCollaborations, useWorkspaceOptions } from '../collaborations-api';
import {
  checkFromError,
  checkFromResponse,
  emptyEntry,
  entryErrorsFromServer,
  type InviteEntry,
  inviteEntriesPayload,
  isEmailFormatValid,
  validateInviteEntries,
} from '../invite-form';
import { useCollaborationRights } from '../use-collaboration-rights';
import { CompanyLogo } from './CollaborationBadges';

/** The create-and-add-externals modal (000 §2): invite partner companies by e-mail. */
export function InviteCollaboratorsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const rights = useCollaborationRights();
  const workspaces = useWorkspaceOptions();
  const invalidate = useInvalidateCollaborations();
  const nextKey = useRef(1);
  const [collabType, setCollabType] = useState<CollaborationType>('provider');
  const [fullAccess, setFullAccess] = useState(true);
  const [entries, setEntries] = useState<InviteEntry[]>([emptyEntry(0)]);
  const [workspaceIds, setWorkspaceIds] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [formError, setFormError] = useState<unknown>(null);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);

  const multiMode = entries.length > 1;
  const accessDisabled = rights.isAccessChoiceDisabled(multiMode);
  // Without the right to invite with full access, the invitation is limited (000 §5).
  const accessType = rights.canInviteFull && fullAccess ? 'full' : 'limited';

  useEffect(() => {
    if (!opened) return;
    nextKey.current = 1;
    setCollabType('provider');
    setFullAccess(true);
    setEntries([emptyEntry(0)]);
    setWorkspaceIds([]);
    setErrors({});
    setFormError(null);
    setDone(false);
  }, [opened]);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(onClose, SUCCESS_MODAL_MS);
    return () => clearTimeout(timer);
  }, [done, onClose]);

  const update = (key: number, patch: Partial<InviteEntry>) =>
    setEntries((list) => list.map((e) => (e.key === key ? { ...e, ...patch } : e)));

  async function handleCheck(entry: InviteEntry) {
    const email = entry.email.trim();
    if (!email || !isEmailFormatValid(email)) {
      update(entry.key, { check: { state: 'idle' } });
      return;
    }
    update(entry.key, { check: { state: 'checking' } });
    try {
      update(entry.key, { check: checkFromResponse(await collaborationsApi.checkEmail(email)) });
    } catch (error) {
      update(entry.key, { check: checkFromError(error) });
    }
  }

  async function handleSubmit() {
    setFormError(null);
    const local = validateInviteEntries(entries);
    setErrors(local);
    if (Object.keys(local).length) return;
    setSending(true);
    try {
      await collaborationsApi.createMultiple({
        collab_type: collabType,
        access_type: accessType,
        new_collaborations: inviteEntriesPayload(entries),
        workspace_ids: workspaceIds.map(Number),
      });
      await invalidate();
      setDone(true);
    } catch (error) {
      const byEntry = entryErrorsFromServer(error instanceof ApiError ? error.fields : {});
      setErrors(byEntry);
      if (!Object.keys(byEntry).length) setFormError(error);
    } finally {
      setSending(false);
    }
  }

  const workspaceData = (workspaces.data ?? []).map((w) => ({ value: String(w.id), label: w.name }));

  return (
    <Modal opened={opened} onClose={onClose} title={t('collaborations.invite.title')} size="lg" centered>
      {done ? (
        <Center py="xl" data-testid="invite-success">
          <Stack align="center" gap="sm">
            <ThemeIcon size={64} radius="xl" color="teal">
              <IconCheck size={40} />
            </ThemeIcon>
            <Text fw={600}>{t('collaborations.invite.sent')}</Text>
          </Stack>
        </Center>
      ) : (
        <Stack>
          {formError !== null && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {errorText(formError)}
            </Alert>
          )}
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('collaborations.invite.collab_type')}
            </Text>
            <SegmentedControl
              value={collabType}
              onChange={(v) => setCollabType(v as CollaborationType)}
              data={[
                { value: 'provider', label: t('collaborations.type.provider') },
                { value: 'client', label: t('collaborations.type.client') },
              ]}
            />
          </Stack>
          <Switch
            label={t('collaborations.access.full')}
            description={t(
              accessType === 'full'
                ? 'collaborations.invite.access_hint_full'
                : 'collaborations.invite.access_hint_limited',
            )}
            checked={accessType === 'full'}
            disabled={accessDisabled}
            onChange={(e) => setFullAccess(e.currentTarget.checked)}
          />
          {entries.map((entry, index) => (
            <EntryFields
              key={entry.key}
              entry={entry}
              error={errors[index]}
              removable={entries.length > 1}
              onChange={(patch) => update(entry.key, patch)}
              onBlur={() => void handleCheck(entry)}
              onRemove={() => {
                setEntries((list) => list.filter((e) => e.key !== entry.key));
                setErrors({});
              }}
            />
          ))}
          <Group>
            <Button
              variant="subtle"
              leftSection={<IconPlus size={16} />}
              onClick={() => setEntries((list) => [...list, emptyEntry(nextKey.current++)])}
            >
              {t('collaborations.invite.add_entry')}
            </Button>
          </Group>
          {workspaces.isError ? (
            <Text size="sm" c="dimmed">
              {t('collaborations.invite.workspaces_unavailable')}
            </Text>
          ) : (
            <MultiSelect
              label={t('collaborations.invite.workspaces')}
              placeholder={t('collaborations.invite.workspaces_placeholder')}
              data={workspaceData}
              value={workspaceIds}
              onChange={setWorkspaceIds}
              searchable
              clearable
              disabled={workspaces.isPending}
              comboboxProps={{ withinPortal: true }}
              maxDropdownHeight={300}
            />
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('collaborations.cancel')}
            </Button>
            <Button onClick={() => void handleSubmit()} loading={sending}>
              {t('collaborations.invite.send')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function EntryFields({
  entry,
  error,
  removable,
  onChange,
  onBlur,
  onRemove,
}: {
  entry: InviteEntry;
  error: string | undefined;
  removable: boolean;
  onChange: (patch: Partial<InviteEntry>) => void;
  onBlur: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { check } = entry;
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Group align="flex-start" wrap="nowrap" gap="xs">
          <SimpleGrid
            cols={{ base: 1, sm: check.state === 'existing_client' ? 1 : 2 }}
            spacing="xs"
            style={{ flex: 1 }}
          >
            <TextInput
              label={t('collaborations.invite.email')}
              type="email"
              required
              value={entry.email}
              onChange={(e) => onChange({ email: e.currentTarget.value, check: { state: 'idle' } })}
              onBlur={onBlur}
              error={error ? errorText(error) : undefined}
              description={check.state === 'checking' ? t('collaborations.invite.checking') : undefined}
            />
            {check.state !== 'existing_client' && (
              <TextInput
                label={t('collaborations.invite.company_alias')}
                value={entry.company_alias}
                onChange={(e) => onChange({ company_alias: e.currentTarget.value })}
              />
            )}
          </SimpleGrid>
          {removable && (
            <ActionIcon
              variant="subtle"
              color="red"
              mt={26}
              onClick={onRemove}
              aria-label={t('collaborations.invite.remove_entry')}
            >
              <IconTrash size={18} />
            </ActionIcon>
          )}
        </Group>
        {check.state === 'existing_client' && (
          <Group gap="sm" wrap="nowrap">
            <CompanyLogo logo={check.client.logo} label={check.client.name} size={28} />
            <Text size="sm">
              {t('collaborations.invite.existing_client')}: <b>{check.client.name}</b>
            </Text>
          </Group>
        )}
        {check.state === 'not_admin' && (
          <Alert color="orange" variant="light" icon={<IconAlertCircle size={16} />} p="xs">
            {t('errors.not_administrator_email')}
          </Alert>
        )}
        {check.state === 'own_company' && (
          <Alert color="orange" variant="light" icon={<IconAlertCircle size={16} />} p="xs">
            {t('errors.own_company_email')}
          </Alert>
        )}
        {check.state === 'failed' && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={16} />} p="xs">
            <Stack gap={6}>
              <Text size="sm" fw={600}>
                {t('collaborations.invite.check_failed_title')}
              </Text>
              <Text size="sm">{t('collaborations.invite.check_failed_text')}</Text>
              <Group>
                <Button
                  component="a"
                  href={`mailto:${entry.email.trim()}`}
                  size="xs"
                  variant="light"
                  leftSection={<IconMail size={14} />}
                >
                  {t('collaborations.invite.contact_provider')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
