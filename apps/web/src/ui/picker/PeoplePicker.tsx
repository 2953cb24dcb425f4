import {
  ActionIcon,
  Alert,
  Avatar,
  Box,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Modal,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  ThemeIcon,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useViewportSize } from '@mantine/hooks';
import {
  IconAlertCircle,
  IconCheck,
  IconPlus,
  IconSearch,
  IconTrash,
  IconUserPlus,
} from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CreateMultipleUsersResponse,
  canInviteCollaborator,
  collaborationContracts,
  isAccessChoiceDisabled,
  PICKER_REOPEN_DELAY_MS,
  readClientSettings,
  SEARCH_DEBOUNCE_MS,
  SUCCESS_MODAL_MS,
} from '@workbench/domain';
import { type FormEvent, useEffect, useId, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../api/client';
import { useAuth } from '../../features/auth/session-store';
import { useClientSettings, useCreateUsers } from '../../features/profiles/profiles-api';
import { useProfileAbilities } from '../../features/profiles/use-abilities';
import { useErrorText } from '../feedback/use-error-text';
import { emptyUserEntry, NewUserEntries } from './NewUserEntries';
import { useAddToWorkspace, usePickerPeople } from './picker-api';
import {
  type CollaboratorEntry,
  cleanEntries,
  doneOutcome,
  entryErrors,
  initialPickerState,
  type PickerMode,
  type PickerPerson,
  peopleToAdd,
  pickerListHeight,
  pickerReducer,
  type UserEntry,
} from './picker-state';

export type PeoplePickerProps = {
  opened: boolean;
  onClose: () => void;
  onDone: (selected: PickerPerson[]) => void;
  mode: PickerMode;
  workspaceId?: number;
  selected?: PickerPerson[];
  allowExternals?: boolean;
};

const emptyCollaborator = (): CollaboratorEntry => ({ email: '', company_alias: '' });

/** The user/collaborator picker modal (000 §2, §4): employees and externals, with its create-and-add steps. */
export function PeoplePicker(props: PeoplePickerProps) {
  const { opened, onClose, onDone, mode, workspaceId, allowExternals = true } = props;
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(pickerReducer, initialPickerState(mode, props.selected));
  const [searchInput, setSearchInput] = useState('');
  // Both tabs filter the one list below, which is what they control.
  const listId = useId();
  const [search] = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const { height } = useViewportSize();
  const abilities = useProfileAbilities();
  const user = useAuth().session?.user;
  const settings = useClientSettings() ?? readClientSettings({});
  const people = usePickerPeople(state.tab, search, workspaceId, opened && state.step === 'list');

  // Each opening starts from the caller's selection (read when it opens, not on every render).
  const selectedRef = useRef(props.selected);
  selectedRef.current = props.selected;
  useEffect(() => {
    if (opened) {
      dispatch({ type: 'reset', selected: selectedRef.current ?? [] });
      setSearchInput('');
    }
  }, [opened]);

  // Success tick: closes after 800 ms; the list reopens 500 ms later (000 §2, §4).
  useEffect(() => {
    if (state.step !== 'addSuccess') return;
    const timer = window.setTimeout(() => dispatch({ type: 'successClosed' }), SUCCESS_MODAL_MS);
    return () => window.clearTimeout(timer);
  }, [state.step]);
  useEffect(() => {
    if (!state.hidden) return;
    const timer = window.setTimeout(() => dispatch({ type: 'reopen' }), PICKER_REOPEN_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [state.hidden]);

  const outcome = doneOutcome(state.selected, workspaceId);
  const handleDone = () => {
    if (outcome === 'addToWorkspace' && peopleToAdd(state.selected).length) {
      dispatch({ type: 'confirmAddToWorkspace' });
      return;
    }
    if (outcome === 'disabled') return;
    onDone(state.selected);
    onClose();
  };

  const canInviteExternals =
    !!user &&
    (canInviteCollaborator(user, settings, 'full') || canInviteCollaborator(user, settings, 'limited'));

  const titles = {
    list: t('profiles.picker.title'),
    addUser: t('profiles.picker.add_user_title'),
    addCollaborator: t('profiles.picker.add_collaborator_title'),
    addToWorkspace: t('profiles.picker.add_to_workspace_title'),
    addSuccess: t('profiles.picker.success_title'),
  };

  return (
    <Modal
      opened={opened && !state.hidden}
      onClose={onClose}
      title={titles[state.step]}
      size="lg"
      fullScreen={height > 0 && window.innerWidth < 576}
    >
      {state.step === 'list' && (
        <Stack gap="sm">
          {allowExternals && (
            <Tabs
              value={state.tab}
              onChange={(tab) => tab && dispatch({ type: 'tab', tab: tab as 'employees' })}
            >
              <Tabs.List grow>
                <Tabs.Tab value="employees" aria-controls={listId}>
                  {t('profiles.picker.employees')}
                </Tabs.Tab>
                <Tabs.Tab value="externals" aria-controls={listId}>
                  {t('profiles.picker.externals')}
                </Tabs.Tab>
              </Tabs.List>
            </Tabs>
          )}
          <TextInput
            leftSection={<IconSearch size={16} />}
            placeholder={t('profiles.picker.search')}
            aria-label={t('profiles.picker.search')}
            value={searchInput}
            onChange={(e) => setSearchInput(e.currentTarget.value)}
          />
          <Box
            id={listId}
            style={{
              overflowY: 'auto',
              overflowX: 'hidden',
              height: pickerListHeight(height),
              maxHeight: pickerListHeight(height) ?? '50vh',
            }}
            onScroll={(event) => {
              const el = event.currentTarget;
              // Near the bottom: the next page appends (000 §3).
              if (
                el.scrollTop + el.clientHeight >= el.scrollHeight - 40 &&
                people.hasNextPage &&
                !people.isFetchingNextPage
              ) {
                void people.fetchNextPage();
              }
            }}
          >
            {people.isPending ? (
              <Center py="lg">
                <Loader size="sm" />
              </Center>
            ) : people.isError ? (
              <Alert color="red" icon={<IconAlertCircle size={16} />}>
                {t('errors.general_error')}
              </Alert>
            ) : people.people.length === 0 ? (
              <Text c="dimmed" ta="center" py="lg">
                {search ? t('profiles.no_results') : t('profiles.picker.nobody')}
              </Text>
            ) : (
              <Stack gap={2} role="listbox" aria-multiselectable={mode === 'multi'}>
                {people.people.map((person) => {
                  const isSelected = state.selected.some((p) => p.id === person.id);
                  return (
                    <UnstyledButton
                      key={person.id}
                      role="option"
                      aria-selected={isSelected}
                      onClick={() => dispatch({ type: 'toggle', person })}
                      p={8}
                      style={{
                        borderRadius: 8,
                        background: isSelected ? 'var(--mantine-color-brand-light)' : undefined,
                      }}
                    >
                      <Group wrap="nowrap" gap="sm">
                        <Checkbox checked={isSelected} readOnly tabIndex={-1} aria-hidden />
                        <Avatar src={person.profile_image} radius="xl" size={34} color="brand">
                          {person.full_name[0]?.toUpperCase()}
                        </Avatar>
                        <div style={{ flex: 1, minWidth: 0 }}>
                          <Text size="sm" fw={500} truncate>
                            {person.full_name}
                          </Text>
                          <Text size="xs" c="dimmed" truncate>
                            {person.company ? `${person.company.name} · ${person.email}` : person.email}
                          </Text>
                        </div>
                        {workspaceId !== undefined && person.isNotInWorkspace && (
                          <Text size="xs" c="orange" ta="right" maw={110} style={{ flexShrink: 0 }}>
                            {t('profiles.picker.not_in_workspace')}
                          </Text>
                        )}
                      </Group>
                    </UnstyledButton>
                  );
                })}
                {people.isFetchingNextPage && (
                  <Center py="xs">
                    <Loader size="xs" />
                  </Center>
                )}
              </Stack>
            )}
          </Box>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Group gap="xs">
              {state.tab === 'employees' && abilities?.manageUsers && (
                <Button
                  variant="subtle"
                  leftSection={<IconUserPlus size={16} />}
                  onClick={() => dispatch({ type: 'openAddUser' })}
                >
                  {t('profiles.picker.new_user')}
                </Button>
              )}
              {state.tab === 'externals' && canInviteExternals && (
                <Button
                  variant="subtle"
                  leftSection={<IconUserPlus size={16} />}
                  onClick={() => dispatch({ type: 'openAddCollaborator' })}
                >
                  {t('profiles.picker.new_external')}
                </Button>
              )}
            </Group>
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {t('profiles.picker.selected_count', { n: state.selected.length })}
              </Text>
              <Button variant="default" onClick={onClose}>
                {t('profiles.cancel')}
              </Button>
              <Button onClick={handleDone} disabled={outcome === 'disabled'}>
                {t('profiles.picker.done')}
              </Button>
            </Group>
          </Group>
        </Stack>
      )}

      {state.step === 'addUser' && (
        <AddUsersStep
          workspaceId={workspaceId}
          onBack={() => dispatch({ type: 'back' })}
          onCreated={(created) =>
            dispatch({
              type: 'created',
              people: created.new_users.map((u) => ({
                id: u.id,
                full_name: u.full_name,
                email: u.email,
                profile_image: u.profile_image,
                isNotInWorkspace: false,
              })),
            })
          }
        />
      )}

      {state.step === 'addCollaborator' && (
        <AddCollaboratorsStep
          workspaceId={workspaceId}
          accessChoiceDisabled={!user || isAccessChoiceDisabled(user, settings, mode === 'multi')}
          onBack={() => dispatch({ type: 'back' })}
          onCreated={() => dispatch({ type: 'created', people: [] })}
        />
      )}

      {state.step === 'addToWorkspace' && workspaceId !== undefined && (
        <AddToWorkspaceStep
          workspaceId={workspaceId}
          userIds={peopleToAdd(state.selected)}
          onBack={() => dispatch({ type: 'back' })}
          onAdded={() => dispatch({ type: 'addedToWorkspace' })}
        />
      )}

      {state.step === 'addSuccess' && (
        <Center py="xl">
          <Stack align="center" gap="xs">
            <ThemeIcon size={64} radius="xl" color="green" aria-label={t('profiles.picker.success_title')}>
              <IconCheck size={36} />
            </ThemeIcon>
            <Text fw={500}>{t('profiles.picker.success_text')}</Text>
          </Stack>
        </Center>
      )}
    </Modal>
  );
}

/** The server's error: per-entry field keys, or one message. */
function useEntryServerErrors() {
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<unknown>(null);
  return {
    fields,
    message,
    clear: () => {
      setFields({});
      setMessage(null);
    },
    fromError: (err: unknown) => {
      if (err instanceof ApiError && Object.keys(err.fields).length) setFields(err.fields);
      else setMessage(err);
    },
    setFields,
  };
}

function AddUsersStep({
  workspaceId,
  onBack,
  onCreated,
}: {
  workspaceId?: number;
  onBack: () => void;
  onCreated: (response: CreateMultipleUsersResponse) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [entries, setEntries] = useState<UserEntry[]>([emptyUserEntry()]);
  const errors = useEntryServerErrors();
  const create = useCreateUsers();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    errors.clear();
    const local = entryErrors('new_users', entries);
    if (Object.keys(local).length) return errors.setFields(local);
    create.mutate(
      {
        new_users: cleanEntries(entries),
        ...(workspaceId !== undefined ? { workspace_ids: [workspaceId] } : {}),
      },
      { onSuccess: onCreated, onError: errors.fromError },
    );
  };
  const fieldError = (index: number, field: string) => {
    const key = errors.fields[`new_users.${index}.${field}`];
    return key ? errorText(key) : undefined;
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {errors.message !== null && (
          <Alert color="red" icon={<IconAlertCircle size={16} />}>
            {errorText(errors.message)}
          </Alert>
        )}
        <NewUserEntries entries={entries} onChange={setEntries} fieldError={fieldError} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onBack}>
            {t('profiles.back')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('profiles.picker.create_and_add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AddCollaboratorsStep({
  workspaceId,
  accessChoiceDisabled,
  onBack,
  onCreated,
}: {
  workspaceId?: number;
  accessChoiceDisabled: boolean;
  onBack: () => void;
  onCreated: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [entries, setEntries] = useState<CollaboratorEntry[]>([emptyCollaborator()]);
  const [limited, setLimited] = useState(false);
  const errors = useEntryServerErrors();
  const create = useMutation({
    mutationFn: () =>
      call(collaborationContracts.createMultiple, {
        body: {
          collab_type: 'provider',
          access_type: limited ? 'limited' : 'full',
          new_collaborations: cleanEntries(entries),
          ...(workspaceId !== undefined ? { workspace_ids: [workspaceId] } : {}),
        },
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['users'] });
      onCreated();
    },
    onError: errors.fromError,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    errors.clear();
    const local = entryErrors('new_collaborations', entries);
    if (Object.keys(local).length) return errors.setFields(local);
    create.mutate();
  };
  const update = (index: number, field: keyof CollaboratorEntry, value: string) =>
    setEntries((all) => all.map((e, i) => (i === index ? { ...e, [field]: value } : e)));
  const fieldError = (index: number, field: string) => {
    const key = errors.fields[`new_collaborations.${index}.${field}`];
    return key ? errorText(key) : undefined;
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {errors.message !== null && (
          <Alert color="red" icon={<IconAlertCircle size={16} />}>
            {errorText(errors.message)}
          </Alert>
        )}
        {entries.map((entry, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id; their order is their identity
          <Group key={index} align="flex-start" gap="xs" wrap="wrap">
            <TextInput
              style={{ flex: '2 1 200px' }}
              label={t('common.email')}
              required
              type="email"
              value={entry.email}
              onChange={(e) => update(index, 'email', e.currentTarget.value)}
              error={fieldError(index, 'email')}
            />
            <TextInput
              style={{ flex: '1 1 160px' }}
              label={t('profiles.picker.company_alias')}
              value={entry.company_alias}
              onChange={(e) => update(index, 'company_alias', e.currentTarget.value)}
              error={fieldError(index, 'company_alias')}
            />
            {entries.length > 1 && (
              <ActionIcon
                mt={28}
                variant="subtle"
                color="red"
                aria-label={t('profiles.remove_entry')}
                onClick={() => setEntries((all) => all.filter((_, i) => i !== index))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
        ))}
        <Button
          variant="subtle"
          leftSection={<IconPlus size={16} />}
          onClick={() => setEntries((all) => [...all, emptyCollaborator()])}
          w="fit-content"
        >
          {t('profiles.add_entry')}
        </Button>
        <Switch
          label={t('profiles.picker.limited_access')}
          description={t('profiles.picker.limited_access_hint')}
          checked={limited}
          disabled={accessChoiceDisabled}
          onChange={(e) => setLimited(e.currentTarget.checked)}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onBack}>
            {t('profiles.back')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('profiles.picker.invite_and_add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AddToWorkspaceStep({
  workspaceId,
  userIds,
  onBack,
  onAdded,
}: {
  workspaceId: number;
  userIds: number[];
  onBack: () => void;
  onAdded: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const add = useAddToWorkspace(workspaceId);
  return (
    <Stack gap="md">
      <Text>{t('profiles.picker.add_to_workspace_question', { n: userIds.length })}</Text>
      {add.isError && (
        <Alert color="red" icon={<IconAlertCircle size={16} />}>
          {errorText(add.error)}
        </Alert>
      )}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onBack}>
          {t('profiles.cancel')}
        </Button>
        <Button onClick={() => add.mutate(userIds, { onSuccess: onAdded })} loading={add.isPending}>
          {t('profiles.picker.add_confirm')}
        </Button>
      </Group>
    </Stack>
  );
}
