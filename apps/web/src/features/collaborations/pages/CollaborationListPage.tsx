import {
  Anchor,
  Button,
  Card,
  Group,
  MultiSelect,
  Pagination,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconFilterOff, IconPlus, IconSearch, IconUsersGroup } from '@tabler/icons-react';
import {
  COLLABORATION_ACCESS_TYPES,
  COLLABORATION_TYPES,
  type CollaborationItem,
  type CollaborationListFilters,
  INVITATION_STATUSES,
  isCollaborationListFiltered,
} from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../ui/feedback/EmptyState';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { useUrlSearch } from '../../../ui/feedback/use-url-search';
import { useCollaborationList, useWorkspaceOptions } from '../collaborations-api';
import { CollaborationRowMenu } from '../components/CollaborationActions';
import { CollaborationBadges, CompanyLogo, PeopleAvatars } from '../components/CollaborationBadges';
import { InviteCollaboratorsModal } from '../components/InviteCollaboratorsModal';
import { nextListSearch, readListFilters } from '../list-state';
import { useCollaborationRights } from '../use-collaboration-rights';

const SKELETON_ROWS = [1, 2, 3, 4, 5];

/** /dashboard/collaborators: partner companies in both directions, filtered through the URL. */
export function CollaborationListPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const filters = readListFilters(search);
  const list = useCollaborationList(filters);
  const rights = useCollaborationRights();
  const isPhone = useMediaQuery('(max-width: 48em)');
  const [inviteOpened, invite] = useDisclosure(false);
  const filtered = isCollaborationListFiltered(filters);
  const change = (patch: Partial<CollaborationListFilters>) => setSearch(nextListSearch(filters, patch));

  const header = (
    <Group justify="space-between" align="flex-end" mb="md" wrap="wrap" gap="sm">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('collaborations.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('collaborations.subtitle')}
        </Text>
      </div>
      {rights.canInvite && (filtered || (list.data?.total ?? 0) > 0) && (
        <Button leftSection={<IconPlus size={16} />} onClick={invite.open}>
          {t('collaborations.add_a_collaboration')}
        </Button>
      )}
    </Group>
  );

  let content: React.ReactNode;
  if (list.isPending) {
    content = (
      <Stack gap="xs">
        {SKELETON_ROWS.map((row) => (
          <Skeleton key={row} h={56} radius="md" />
        ))}
      </Stack>
    );
  } else if (list.isError) {
    content = (
      <ErrorPanel
        title={t('collaborations.load_error')}
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  } else if (!list.data.data.length) {
    content = (
      <EmptyState
        filtered={filtered}
        noResultsText={t('collaborations.no_results')}
        icon={IconUsersGroup}
        title={t('collaborations.no_collaborations')}
        text={t('collaborations.no_collaborations_text')}
        add={
          rights.canInvite
            ? { label: t('collaborations.add_a_collaboration'), onClick: invite.open }
            : undefined
        }
      />
    );
  } else {
    const rows = list.data.data;
    content = (
      <Stack gap="md">
        {isPhone ? (
          <Stack gap="sm">
            {rows.map((item) => (
              <CollaborationCard key={item.id} item={item} canManage={rights.isAdmin && item.is_owner} />
            ))}
          </Stack>
        ) : (
          <CollaborationTable rows={rows} isAdmin={rights.isAdmin} />
        )}
        {list.data.last_page > 1 && (
          <Group justify="center">
            <Pagination
              total={list.data.last_page}
              value={list.data.current_page}
              onChange={(page) => change({ page })}
              size={isPhone ? 'sm' : 'md'}
            />
          </Group>
        )}
        <Text size="xs" c="dimmed" ta="center">
          {t('collaborations.total', { total: list.data.total })}
        </Text>
      </Stack>
    );
  }

  const showFilters = filtered || (list.data?.data.length ?? 0) > 0 || list.isError;
  return (
    <Stack gap={0} maw={1200} mx="auto">
      {header}
      {showFilters && <FilterBar filters={filters} onChange={change} />}
      {content}
      <InviteCollaboratorsModal opened={inviteOpened} onClose={invite.close} />
    </Stack>
  );
}

function FilterBar({
  filters,
  onChange,
}: {
  filters: CollaborationListFilters;
  onChange: (patch: Partial<CollaborationListFilters>) => void;
}) {
  const { t } = useTranslation();
  const workspaces = useWorkspaceOptions();
  const [text, setText] = useUrlSearch(filters.search, (search) => onChange({ search }));
  const option = (group: string) => (value: string) => ({
    value,
    label: t(`collaborations.${group}.${value}`),
  });
  return (
    <Paper withBorder radius="md" p="sm" mb="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          style={{ flex: '1 1 220px' }}
          leftSection={<IconSearch size={16} />}
          placeholder={t('collaborations.search_placeholder')}
          aria-label={t('collaborations.search_placeholder')}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <Select
          style={{ flex: '1 1 180px' }}
          placeholder={t('collaborations.filters.type')}
          aria-label={t('collaborations.filters.type')}
          data={COLLABORATION_TYPES.map(option('type'))}
          value={filters.type}
          onChange={(v) => onChange({ type: v as CollaborationListFilters['type'] })}
          clearable
        />
        <Select
          style={{ flex: '1 1 180px' }}
          placeholder={t('collaborations.filters.status')}
          aria-label={t('collaborations.filters.status')}
          data={INVITATION_STATUSES.map(option('status'))}
          value={filters.invitation_status}
          onChange={(v) =>
            onChange({ invitation_status: v as CollaborationListFilters['invitation_status'] })
          }
          clearable
        />
        <Select
          style={{ flex: '1 1 180px' }}
          placeholder={t('collaborations.filters.access')}
          aria-label={t('collaborations.filters.access')}
          data={COLLABORATION_ACCESS_TYPES.map(option('access'))}
          value={filters.access_type}
          onChange={(v) => onChange({ access_type: v as CollaborationListFilters['access_type'] })}
          clearable
        />
        {!workspaces.isError && (
          <MultiSelect
            style={{ flex: '1 1 200px' }}
            placeholder={filters.workspaces.length ? undefined : t('collaborations.filters.workspaces')}
            aria-label={t('collaborations.filters.workspaces')}
            data={(workspaces.data ?? []).map((w) => ({ value: String(w.id), label: w.name }))}
            value={filters.workspaces.map(String)}
            onChange={(values) => onChange({ workspaces: values.map(Number) })}
            searchable
            clearable
            maxDropdownHeight={300}
          />
        )}
        {isCollaborationListFiltered(filters) && (
          <Button
            variant="subtle"
            leftSection={<IconFilterOff size={16} />}
            onClick={() => {
              setText('');
              onChange({
                type: null,
                access_type: null,
                invitation_status: null,
                search: '',
                workspaces: [],
              });
            }}
          >
            {t('collaborations.filters.clear')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

function CollaborationTable({ rows, isAdmin }: { rows: CollaborationItem[]; isAdmin: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md">
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('collaborations.columns.company')}</Table.Th>
            <Table.Th>{t('collaborations.columns.details')}</Table.Th>
            <Table.Th>{t('collaborations.columns.people')}</Table.Th>
            <Table.Th>{t('collaborations.columns.workspaces')}</Table.Th>
            <Table.Th w={50} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>
                <CompanyCell item={item} />
              </Table.Td>
              <Table.Td>
                <CollaborationBadges item={item} />
              </Table.Td>
              <Table.Td>
                <PeopleAvatars users={item.users} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{item.workspaces_count}</Text>
              </Table.Td>
              <Table.Td>
                <CollaborationRowMenu item={item} canManage={isAdmin && item.is_owner} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

function CompanyCell({ item }: { item: CollaborationItem }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="nowrap">
      <CompanyLogo logo={item.logo} label={item.label} />
      <div style={{ minWidth: 0 }}>
        <Anchor component={Link} to={`/dashboard/collaborators/detail/${item.id}`} fw={600} lineClamp={1}>
          {item.label}
        </Anchor>
        <Text size="xs" c="dimmed" truncate>
          {item.is_owner ? item.invited_email : t('collaborations.invited_you')}
        </Text>
      </div>
    </Group>
  );
}

function CollaborationCard({ item, canManage }: { item: CollaborationItem; canManage: boolean }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="sm">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <CompanyCell item={item} />
        <CollaborationRowMenu item={item} canManage={canManage} />
      </Group>
      <Stack gap={8} mt="sm">
        <CollaborationBadges item={item} size="xs" />
        <Group justify="space-between">
          <PeopleAvatars users={item.users} max={5} />
          <Text size="xs" c="dimmed">
            {t('collaborations.workspaces_count', { n: item.workspaces_count })}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
