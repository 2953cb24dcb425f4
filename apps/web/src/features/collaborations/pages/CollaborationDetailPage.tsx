import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  MultiSelect,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconArrowLeft,
  IconBuilding,
  IconMailForward,
  IconPhotoUp,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { type CollaborationDetail, type CollaborationUser, TEXT_FIELD_MAX } from '@workbench/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { useNotify } from '../../../ui/feedback/use-notify';
import {
  useCollaboration,
  useCollaborationMutations,
  useCollaborationUsers,
  useMainOrgPeople,
  useWorkspaceOptions,
} from '../collaborations-api';
import { useCollaborationCommands } from '../components/CollaborationActions';
import { CollaborationBadges, CompanyLogo } from '../components/CollaborationBadges';

/** /dashboard/collaborators/detail/:id: the company, its shared workspaces and its people. */
export function CollaborationDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const detail = useCollaboration(id);
  const users = useCollaborationUsers(id, detail.isSuccess);

  const back = (
    <Anchor component={Link} to="/dashboard/collaborators" size="sm" mb="sm" display="inline-block">
      <Group gap={4}>
        <IconArrowLeft size={14} />
        {t('collaborations.detail.back')}
      </Group>
    </Anchor>
  );
  if (detail.isPending && Number.isSafeInteger(id) && id > 0) {
    return (
      <Stack maw={1100} mx="auto">
        {back}
        <Skeleton h={140} radius="md" />
        <Skeleton h={220} radius="md" />
      </Stack>
    );
  }
  if (!detail.data) {
    return (
      <Stack maw={1100} mx="auto">
        {back}
        <ErrorPanel
          title={t('collaborations.load_error')}
          error={detail.error ?? new ApiError(404, 'not_found', '')}
          onRetry={() => void detail.refetch()}
        />
      </Stack>
    );
  }
  const item = detail.data;
  return (
    <Stack maw={1100} mx="auto" gap="md">
      <div>{back}</div>
      <HeaderCard item={item} />
      {item.permissions.can_manage && <SettingsCard item={item} />}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <WorkspacesCard item={item} />
        <PeopleCard
          item={item}
          users={users.data}
          loading={users.isPending}
          error={users.error}
          onRetry={() => void users.refetch()}
        />
      </SimpleGrid>
      {item.permissions.can_sync_users && !item.is_owner && item.workspaces.length > 0 && (
        <RolesEditor item={item} users={users.data ?? []} />
      )}
    </Stack>
  );
}

function HeaderCard({ item }: { item: CollaborationDetail }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const mutations = useCollaborationMutations(item.id);
  const notify = useNotify();
  const commands = useCollaborationCommands(() => navigate('/dashboard/collaborators'));
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language);
  const upload = (file: File | null) => {
    if (!file) return;
    mutations.upload.mutate(file, {
      onSuccess: () => notify.ok('collaborations.detail.logo_updated'),
      onError: notify.fail,
    });
  };
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <Stack gap={6} align="center">
            <CompanyLogo logo={item.logo} label={item.label} size={72} />
            {item.permissions.can_manage && (
              <FileButton onChange={upload} accept="image/png,image/jpeg,image/gif">
                {(props) => (
                  <Button
                    {...props}
                    size="compact-xs"
                    variant="subtle"
                    leftSection={<IconPhotoUp size={14} />}
                    loading={mutations.upload.isPending}
                  >
                    {t('collaborations.detail.upload_logo')}
                  </Button>
                )}
              </FileButton>
            )}
          </Stack>
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Title order={1} fz={{ base: 22, sm: 26 }} style={{ wordBreak: 'break-word' }}>
              {item.label}
            </Title>
            <CollaborationBadges item={item} />
            <Stack gap={2} mt={4}>
              {item.is_owner && (
                <Text size="sm">
                  <Text span c="dimmed">
                    {t('collaborations.detail.invited_email')}:
                  </Text>{' '}
                  {item.invited_email}
                </Text>
              )}
              {item.partner && item.is_owner && (
                <Text size="sm">
                  <Text span c="dimmed">
                    {t('collaborations.detail.partner_company')}:
                  </Text>{' '}
                  {item.partner.name}
                </Text>
              )}
              {item.invited_by && (
                <Text size="sm">
                  <Text span c="dimmed">
                    {t('collaborations.detail.invited_by')}:
                  </Text>{' '}
                  {item.invited_by.full_name}
                </Text>
              )}
              <Text size="sm">
                <Text span c="dimmed">
                  {t('collaborations.detail.created')}:
                </Text>{' '}
                {date(item.created_at)}
                {item.responded_at && (
                  <>
                    {' · '}
                    <Text span c="dimmed">
                      {t('collaborations.detail.responded')}:
                    </Text>{' '}
                    {date(item.responded_at)}
                  </>
                )}
              </Text>
            </Stack>
          </Stack>
        </Group>
        {item.permissions.can_manage && (
          <Group gap="xs">
            {item.invitation_status !== 'accepted' && (
              <Button
                variant="light"
                leftSection={<IconMailForward size={16} />}
                onClick={() => commands.reinvite(item)}
              >
                {t('collaborations.actions.reinvite')}
              </Button>
            )}
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => commands.confirmDelete(item)}
            >
              {t('collaborations.actions.delete')}
            </Button>
          </Group>
        )}
      </Group>
    </Paper>
  );
}

/** The owner's admins rename the partner for themselves and choose the access. */
function SettingsCard({ item }: { item: CollaborationDetail }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const mutations = useCollaborationMutations(item.id);
  const [alias, setAlias] = useState(item.company_alias ?? '');
  useEffect(() => setAlias(item.company_alias ?? ''), [item.company_alias]);
  const save = (body: { company_alias?: string | null; access_type?: 'full' | 'limited' }) =>
    mutations.update.mutate(body, {
      onSuccess: () => notify.ok('collaborations.detail.saved'),
      onError: notify.fail,
    });
  return (
    <Paper withBorder radius="md" p="md">
      <Group align="flex-end" wrap="wrap" gap="md">
        <TextInput
          style={{ flex: '1 1 240px' }}
          label={t('collaborations.detail.alias')}
          value={alias}
          maxLength={TEXT_FIELD_MAX}
          onChange={(e) => setAlias(e.currentTarget.value)}
        />
        <Button
          variant="default"
          onClick={() => save({ company_alias: alias.trim() || null })}
          disabled={alias.trim() === (item.company_alias ?? '')}
          loading={mutations.update.isPending}
        >
          {t('collaborations.detail.save')}
        </Button>
        <Switch
          label={t('collaborations.access.full')}
          description={t(
            item.access_type === 'full'
              ? 'collaborations.invite.access_hint_full'
              : 'collaborations.invite.access_hint_limited',
          )}
          checked={item.access_type === 'full'}
          onChange={(e) => save({ access_type: e.currentTarget.checked ? 'full' : 'limited' })}
          style={{ flex: '1 1 260px' }}
        />
      </Group>
    </Paper>
  );
}

function WorkspacesCard({ item }: { item: CollaborationDetail }) {
  const { t } = useTranslation();
  const mutations = useCollaborationMutations(item.id);
  const options = useWorkspaceOptions();
  const [adding, setAdding] = useState<string[]>([]);
  const shared = new Set(item.workspaces.map((w) => w.id));
  const notify = useNotify();
  const confirmRemove = (workspace: { id: number; name: string }) =>
    modals.openConfirmModal({
      title: t('collaborations.detail.remove_title', { name: workspace.name }),
      children: t('collaborations.detail.remove_text'),
      labels: { confirm: t('collaborations.detail.remove_access'), cancel: t('collaborations.cancel') },
      confirmProps: { color: 'red' },
      centered: true,
      onConfirm: () => mutations.removeWorkspaces.mutate([workspace.id], { onError: notify.fail }),
    });
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={3} fz="lg" mb="sm">
        {t('collaborations.detail.shared_workspaces')}
      </Title>
      {item.workspaces.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('collaborations.detail.no_workspaces')}
        </Text>
      ) : (
        <Stack gap={6}>
          {item.workspaces.map((workspace) => (
            <Group key={workspace.id} justify="space-between" wrap="nowrap">
              <Group gap="xs" wrap="nowrap">
                <IconBuilding size={16} color="var(--mantine-color-dimmed)" />
                <Text size="sm">{workspace.name}</Text>
              </Group>
              {item.permissions.can_manage && (
                <Tooltip label={t('collaborations.detail.remove_access')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => confirmRemove(workspace)}
                    aria-label={t('collaborations.detail.remove_access')}
                  >
                    <IconX size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          ))}
        </Stack>
      )}
      {item.permissions.can_manage && !options.isError && (
        <Group align="flex-end" mt="md" wrap="nowrap" gap="xs">
          <MultiSelect
            style={{ flex: 1 }}
            label={t('collaborations.detail.add_workspaces')}
            data={(options.data ?? [])
              .filter((w) => !shared.has(w.id))
              .map((w) => ({ value: String(w.id), label: w.name }))}
            value={adding}
            onChange={setAdding}
            searchable
            clearable
            maxDropdownHeight={300}
          />
          <Button
            disabled={!adding.length}
            loading={mutations.addWorkspaces.isPending}
            onClick={() =>
              mutations.addWorkspaces.mutate(adding.map(Number), {
                onSuccess: () => setAdding([]),
                onError: notify.fail,
              })
            }
          >
            {t('collaborations.detail.add')}
          </Button>
        </Group>
      )}
    </Card>
  );
}

function PeopleCard({
  item,
  users,
  loading,
  error,
  onRetry,
}: {
  item: CollaborationDetail;
  users: CollaborationUser[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={3} fz="lg" mb="sm">
        {t('collaborations.detail.people')}
      </Title>
      {loading ? (
        <Skeleton h={80} />
      ) : error ? (
        <ErrorPanel error={error} onRetry={onRetry} />
      ) : !users?.length ? (
        <Text c="dimmed" size="sm">
          {t(item.is_owner ? 'collaborations.detail.no_people' : 'collaborations.detail.no_people_partner')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table verticalSpacing={6}>
            <Table.Tbody>
              {users.map((user) => (
                <Table.Tr key={user.id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {user.full_name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {user.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={4}>
                      {user.workspaces.map((w) => (
                        <Group key={w.workspace_id} gap={6} wrap="nowrap">
                          <Text size="xs" c="dimmed">
                            {w.workspace_name}
                          </Text>
                          <Badge size="xs" variant="light">
                            {t(`collaborations.roles.${w.role}`)}
                          </Badge>
                        </Group>
                      ))}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

const ROLE_LISTS = [
  ['collab_admins', 'collab_admin'],
  ['collab_managers', 'collab_manager'],
  ['members', 'member'],
] as const;

/** Partner admins choose which of their people work in each shared workspace, and how (sync_users). */
function RolesEditor({ item, users }: { item: CollaborationDetail; users: CollaborationUser[] }) {
  const { t } = useTranslation();
  const people = useMainOrgPeople(true);
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={3} fz="lg">
        {t('collaborations.detail.edit_roles')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('collaborations.detail.edit_roles_text')}
      </Text>
      {people.isError ? (
        <Text size="sm" c="dimmed">
          {t('collaborations.detail.people_unavailable')}
        </Text>
      ) : (
        <Stack gap="md">
          {item.workspaces.map((workspace) => (
            <WorkspaceRoles
              key={workspace.id}
              item={item}
              workspace={workspace}
              users={users}
              options={(people.data ?? []).map((p) => ({ value: String(p.id), label: p.full_name }))}
              loading={people.isPending}
            />
          ))}
        </Stack>
      )}
    </Card>
  );
}

function WorkspaceRoles({
  item,
  workspace,
  users,
  options,
  loading,
}: {
  item: CollaborationDetail;
  workspace: { id: number; name: string };
  users: CollaborationUser[];
  options: Array<{ value: string; label: string }>;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const mutations = useCollaborationMutations(item.id);
  const current = (role: string) =>
    users
      .filter((u) => u.workspaces.some((w) => w.workspace_id === workspace.id && w.role === role))
      .map((u) => String(u.id));
  const initial = () => Object.fromEntries(ROLE_LISTS.map(([list, role]) => [list, current(role)]));
  const [value, setValue] = useState<Record<string, string[]>>(initial);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the server's answer changes
  useEffect(() => setValue(initial()), [users]);
  return (
    <Paper withBorder radius="md" p="sm">
      <Text fw={600} size="sm" mb="xs">
        {workspace.name}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {ROLE_LISTS.map(([list, role]) => (
          <MultiSelect
            key={list}
            label={t(`collaborations.roles.${role}`)}
            data={options}
            value={value[list] ?? []}
            onChange={(ids) => setValue((v) => ({ ...v, [list]: ids }))}
            searchable
            disabled={loading}
            maxDropdownHeight={300}
          />
        ))}
      </SimpleGrid>
      <Group justify="flex-end" mt="sm">
        <Button
          size="xs"
          loading={mutations.syncUsers.isPending}
          onClick={() =>
            mutations.syncUsers.mutate(
              {
                workspaceId: workspace.id,
                body: Object.fromEntries(ROLE_LISTS.map(([list]) => [list, (value[list] ?? []).map(Number)])),
              },
              {
                onSuccess: () => notify.ok('collaborations.detail.roles_saved'),
                onError: notify.fail,
              },
            )
          }
        >
          {t('collaborations.detail.save')}
        </Button>
      </Group>
    </Paper>
  );
}
