import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  Group,
  Menu,
  MultiSelect,
  Pagination,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconArchive,
  IconArchiveOff,
  IconDots,
  IconMailForward,
  IconSearch,
  IconSortAscending,
  IconSortDescending,
  IconUserPlus,
  IconUserQuestion,
  IconUsers,
  IconUsersPlus,
} from '@tabler/icons-react';
import type { UserListItem } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../ui/feedback/EmptyState';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { useNotify } from '../../../ui/feedback/use-notify';
import { useUrlSearch } from '../../../ui/feedback/use-url-search';
import { PeoplePicker } from '../../../ui/picker/PeoplePicker';
import type { PickerPerson } from '../../../ui/picker/picker-state';
import { useAuth } from '../../auth/session-store';
import { useCanSeeExternalReporters } from '../../public-forms/use-can-see-reporters';
import { StatusBadge } from '../components/StatusBadge';
import { UserAvatar } from '../components/UserAvatar';
import {
  changeProfileListParams,
  isFiltered,
  PROFILE_PAGE_SIZES,
  type ProfileListParams,
  parseProfileListParams,
  profileListSearch,
} from '../list-params';
import { useArchiveUsers, useProfileList, useResendInvite, useWorkspaceOptions } from '../profiles-api';
import { useProfileAbilities } from '../use-abilities';

const SKELETON_ROWS = [1, 2, 3, 4, 5];

export function ProfileListPage() {
  const { t } = useTranslation();
  const [query, setQuery] = useSearchParams();
  const params = parseProfileListParams(query);
  const abilities = useProfileAbilities();
  const myId = useAuth().session?.user.id;
  const canAct = (user: UserListItem) => user.id !== myId && !!abilities?.manage(user);
  const list = useProfileList(params, abilities?.seeList !== false);
  const workspaces = useWorkspaceOptions();
  const notify = useNotify();
  const [pickerOpened, setPickerOpened] = useState(false);
  const seesReporters = useCanSeeExternalReporters();

  const apply = (patch: Partial<ProfileListParams>) =>
    setQuery(profileListSearch(changeProfileListParams(params, patch)));
  const [searchInput, setSearchInput] = useUrlSearch(params.search, (search) => apply({ search }));

  if (abilities && !abilities.seeList) {
    return <EmptyState icon={IconUsers} title={t('profiles.title')} text={t('profiles.list_hidden')} />;
  }

  const singleWorkspace = params.workspace_ids.length === 1 ? params.workspace_ids[0] : undefined;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2}>{t('profiles.title')}</Title>
        <Group gap="xs">
          {seesReporters && (
            <Button
              component={Link}
              to="/dashboard/profiles/external-reporters"
              variant="subtle"
              leftSection={<IconUserQuestion size={16} />}
            >
              {t('public-forms.reporters.link')}
            </Button>
          )}
          <Button
            variant="default"
            leftSection={<IconUsersPlus size={16} />}
            onClick={() => setPickerOpened(true)}
          >
            {singleWorkspace !== undefined ? t('profiles.add_to_workspace') : t('profiles.pick_people')}
          </Button>
          {abilities?.manageUsers && (
            <Button component={Link} to="/dashboard/profiles/new" leftSection={<IconUserPlus size={16} />}>
              {t('profiles.invite')}
            </Button>
          )}
        </Group>
      </Group>

      <Card withBorder padding="sm" radius="md">
        <Group gap="sm" wrap="wrap" align="flex-end">
          <TextInput
            style={{ flex: '2 1 220px' }}
            leftSection={<IconSearch size={16} />}
            label={t('profiles.search')}
            placeholder={t('profiles.search_placeholder')}
            value={searchInput}
            onChange={(e) => setSearchInput(e.currentTarget.value)}
          />
          <MultiSelect
            style={{ flex: '2 1 220px' }}
            label={t('profiles.workspaces')}
            placeholder={params.workspace_ids.length ? undefined : t('profiles.all_workspaces')}
            data={(workspaces.data ?? []).map((w) => ({ value: String(w.id), label: w.name }))}
            value={params.workspace_ids.map(String)}
            onChange={(values) => apply({ workspace_ids: values.map(Number) })}
            searchable
            clearable
            nothingFoundMessage={workspaces.isError ? t('errors.general_error') : t('profiles.no_results')}
          />
          <SegmentedControl
            aria-label={t('profiles.status_filter')}
            value={params.active || 'all'}
            onChange={(value) => apply({ active: value === 'all' ? '' : (value as '1' | '0') })}
            data={[
              { value: 'all', label: t('profiles.filter_all') },
              { value: '1', label: t('profiles.filter_active') },
              { value: '0', label: t('profiles.filter_inactive') },
            ]}
          />
          <Group gap={4} wrap="nowrap">
            <Select
              w={150}
              label={t('profiles.sort_by')}
              value={params.sort_by}
              allowDeselect={false}
              onChange={(value) => value && apply({ sort_by: value as ProfileListParams['sort_by'] })}
              data={[
                { value: 'name', label: t('profiles.sort_name') },
                { value: 'created', label: t('profiles.sort_created') },
                { value: 'updated', label: t('profiles.sort_updated') },
              ]}
            />
            <Tooltip label={t(`profiles.direction_${params.sort_direction}`)}>
              <ActionIcon
                size={36}
                variant="default"
                aria-label={t(`profiles.direction_${params.sort_direction}`)}
                onClick={() => apply({ sort_direction: params.sort_direction === 'asc' ? 'desc' : 'asc' })}
              >
                {params.sort_direction === 'asc' ? (
                  <IconSortAscending size={18} />
                ) : (
                  <IconSortDescending size={18} />
                )}
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
      </Card>

      {list.isPending ? (
        <Stack gap="xs">
          {SKELETON_ROWS.map((row) => (
            <Skeleton key={row} h={52} radius="md" />
          ))}
        </Stack>
      ) : list.isError ? (
        <ErrorPanel
          title={t('profiles.load_failed')}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.data.length === 0 ? (
        <EmptyState
          filtered={isFiltered(params)}
          noResultsText={t('profiles.no_results')}
          icon={IconUsers}
          title={t('profiles.empty_title')}
          text={t('profiles.empty_text')}
          add={
            abilities?.manageUsers
              ? { label: t('profiles.invite'), to: '/dashboard/profiles/new' }
              : undefined
          }
        />
      ) : (
        <>
          <Card withBorder padding={0} radius="md" visibleFrom="sm">
            <Table verticalSpacing="xs" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('profiles.name')}</Table.Th>
                  <Table.Th>{t('common.email')}</Table.Th>
                  <Table.Th>{t('profiles.role')}</Table.Th>
                  <Table.Th>{t('profiles.status_label')}</Table.Th>
                  <Table.Th>{t('profiles.job_position')}</Table.Th>
                  <Table.Th w={48} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.data.map((user) => (
                  <Table.Tr key={user.id}>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <UserAvatar person={user} size={34} />
                        <Anchor
                          component={Link}
                          to={`/dashboard/profile/detail/${user.id}`}
                          fw={500}
                          size="sm"
                        >
                          {user.full_name}
                        </Anchor>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed">
                        {user.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{t(`profiles.roles.${user.role}`)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge status={user.status} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{user.job_position?.name ?? '—'}</Text>
                    </Table.Td>
                    <Table.Td>{canAct(user) && <UserActions user={user} />}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
          <Stack gap="xs" hiddenFrom="sm">
            {list.data.data.map((user) => (
              <Card key={user.id} withBorder padding="sm" radius="md">
                <Group wrap="nowrap" gap="sm" align="flex-start">
                  <UserAvatar person={user} size={40} />
                  <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                    <Anchor component={Link} to={`/dashboard/profile/detail/${user.id}`} fw={600} truncate>
                      {user.full_name}
                    </Anchor>
                    <Text size="xs" c="dimmed" truncate>
                      {user.email}
                    </Text>
                    <Group gap={6} mt={4}>
                      <StatusBadge status={user.status} />
                      <Text size="xs">{t(`profiles.roles.${user.role}`)}</Text>
                      {user.job_position && (
                        <Text size="xs" c="dimmed">
                          · {user.job_position.name}
                        </Text>
                      )}
                    </Group>
                  </Stack>
                  {canAct(user) && <UserActions user={user} />}
                </Group>
              </Card>
            ))}
          </Stack>
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {t('profiles.showing', {
                  from: list.data.from ?? 0,
                  to: list.data.to ?? 0,
                  total: list.data.total,
                })}
              </Text>
              <Select
                w={90}
                size="xs"
                aria-label={t('profiles.per_page')}
                value={String(params.paginate_by)}
                allowDeselect={false}
                onChange={(value) => value && apply({ paginate_by: Number(value) })}
                data={PROFILE_PAGE_SIZES.map((n) => String(n))}
              />
            </Group>
            <Pagination
              total={list.data.last_page}
              value={params.page}
              onChange={(page) => apply({ page })}
              size="sm"
            />
          </Group>
        </>
      )}

      <PeoplePicker
        opened={pickerOpened}
        onClose={() => setPickerOpened(false)}
        mode="multi"
        workspaceId={singleWorkspace}
        onDone={(people: PickerPerson[]) => {
          notify.ok('profiles.picked', { n: people.length });
          void list.refetch();
        }}
      />
    </Stack>
  );
}

/** Resend invite, archive and unarchive, each behind a confirm modal. */
function UserActions({ user }: { user: UserListItem }) {
  const { t } = useTranslation();
  const resend = useResendInvite();
  const archive = useArchiveUsers(true);
  const unarchive = useArchiveUsers(false);
  const notify = useNotify();
  const confirm = (kind: 'resend' | 'archive' | 'unarchive', run: () => Promise<unknown>) =>
    modals.openConfirmModal({
      title: t(`profiles.confirm_${kind}_title`),
      children: <Text size="sm">{t(`profiles.confirm_${kind}_text`, { name: user.full_name })}</Text>,
      labels: { confirm: t(`profiles.action_${kind}`), cancel: t('profiles.cancel') },
      confirmProps: { color: kind === 'archive' ? 'red' : undefined },
      onConfirm: () =>
        void run().then(() => notify.ok(`profiles.done_${kind}`, { name: user.full_name }), notify.fail),
    });
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('profiles.actions_for', { name: user.full_name })}
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {user.status === 'invited' && (
          <Menu.Item
            leftSection={<IconMailForward size={16} />}
            onClick={() => confirm('resend', () => resend.mutateAsync(user.id))}
          >
            {t('profiles.action_resend')}
          </Menu.Item>
        )}
        {user.status === 'paused' ? (
          <Menu.Item
            leftSection={<IconArchiveOff size={16} />}
            onClick={() => confirm('unarchive', () => unarchive.mutateAsync([user.id]))}
          >
            {t('profiles.action_unarchive')}
          </Menu.Item>
        ) : (
          <Menu.Item
            color="red"
            leftSection={<IconArchive size={16} />}
            onClick={() => confirm('archive', () => archive.mutateAsync([user.id]))}
          >
            {t('profiles.action_archive')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
