import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Breadcrumbs,
  Button,
  Card,
  Grid,
  Group,
  Menu,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconAlertCircle,
  IconArchive,
  IconArchiveOff,
  IconChevronDown,
  IconEdit,
  IconPlus,
  IconQrcode,
  IconSitemap,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import type { WorkspaceDetail, WorkspacePerson } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { currentLanguage } from '../../../i18n';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { useNotify } from '../../../ui/feedback/use-notify';
import { LocationFact } from '../../location/LocationFact';
import { useMachineTranslation } from '../../translation/use-machine-translation';
import { WorkspaceInfoLinks } from '../../workspace-info/components/WorkspaceInfoLinks';
import { FavoriteButton } from '../components/FavoriteButton';
import { PresenceLogTable, ScanLogTable } from '../components/LogTables';
import { ManagePeopleModal } from '../components/ManagePeopleModal';
import { PresenceButton } from '../components/PresenceButton';
import { QrPrintModal } from '../components/QrPrintModal';
import { RoleBadge } from '../components/RoleBadge';
import { WorkspaceImage } from '../components/WorkspaceImage';
import { translatedText } from '../translated';
import { useDeleteWorkspace, useUpdateWorkspace, useWorkspaceDetail } from '../workspace-api';

/** /dashboard/workspaces/detail/:id and /detail/:parentId/:childId (the child, with a way back to its parent). */
export function WorkspaceDetailPage() {
  const params = useParams();
  const id = Number(params.childId ?? params.id);
  const detail = useWorkspaceDetail(id);
  const { t } = useTranslation();
  if (detail.isPending) return <DetailSkeleton />;
  if (detail.isError)
    return (
      <ErrorPanel title={t('workspaces.load_failed')} error={detail.error} onRetry={() => detail.refetch()} />
    );
  // /detail/{parent}/{child} names the child's real parent; another parent id leads to the right address.
  if (params.parentId && detail.data.parent_id !== Number(params.parentId)) {
    const path = detail.data.parent_id
      ? `/dashboard/workspaces/detail/${detail.data.parent_id}/${id}`
      : `/dashboard/workspaces/detail/${id}`;
    return <Navigate to={path} replace />;
  }
  return <WorkspaceDetailView key={id} workspace={detail.data} />;
}

function DetailSkeleton() {
  return (
    <Stack aria-busy="true">
      <Skeleton h={20} w={240} />
      <Skeleton h={180} radius="md" />
      <Skeleton h={260} radius="md" />
    </Stack>
  );
}

function WorkspaceDetailView({ workspace }: { workspace: WorkspaceDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const [qrOpen, setQrOpen] = useState(false);
  const [peopleOpen, setPeopleOpen] = useState(false);
  const update = useUpdateWorkspace(workspace.id);
  const remove = useDeleteWorkspace();
  const { permissions } = workspace;
  const translation = useMachineTranslation(
    'workspace',
    workspace.id,
    { name: workspace.name, description: workspace.description },
    workspace.available_translations,
  );
  const name = translation.toggle
    ? (translation.shown.name ?? workspace.name)
    : (translatedText(workspace, 'name', currentLanguage()) ?? workspace.name);
  const description = translation.toggle
    ? translation.shown.description
    : translatedText(workspace, 'description', currentLanguage());

  const toggleArchive = () =>
    update.mutate(
      { archived: !workspace.archived },
      {
        onSuccess: () => notify.ok(workspace.archived ? 'workspaces.unarchived' : 'workspaces.archived_done'),
        onError: notify.fail,
      },
    );

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('workspaces.delete_title'),
      children: <Text size="sm">{t('workspaces.delete_text', { name: workspace.name })}</Text>,
      labels: { confirm: t('workspaces.delete'), cancel: t('workspaces.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(workspace.id, {
          onSuccess: () => {
            notify.ok('workspaces.deleted');
            navigate(
              workspace.breadcrumbs.length
                ? `/dashboard/workspaces/detail/${workspace.parent_id}`
                : '/dashboard/workspaces',
            );
          },
          onError: notify.fail,
        }),
    });

  const childLink = (childId: number) => `/dashboard/workspaces/detail/${workspace.id}/${childId}`;
  const ancestorLink = (ancestorId: number, index: number) => {
    const above = workspace.breadcrumbs[index - 1];
    return above
      ? `/dashboard/workspaces/detail/${above.id}/${ancestorId}`
      : `/dashboard/workspaces/detail/${ancestorId}`;
  };

  return (
    <Stack gap="md">
      <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap' }}>
        <Anchor component={Link} to="/dashboard/workspaces">
          {t('workspaces.title')}
        </Anchor>
        {workspace.breadcrumbs.map((crumb, index) => (
          <Anchor key={crumb.id} component={Link} to={ancestorLink(crumb.id, index)}>
            {crumb.name}
          </Anchor>
        ))}
        <Text>{name}</Text>
      </Breadcrumbs>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Grid gutter="md" align="center">
          <Grid.Col span={{ base: 12, sm: 4, md: 3 }}>
            <WorkspaceImage src={workspace.image} alt={workspace.name} height={150} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 8, md: 9 }}>
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap" align="start">
                <Stack gap={2} miw={0}>
                  <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
                    {name}
                  </Title>
                  {translation.toggle && <div>{translation.toggle}</div>}
                  <Text c="dimmed">{workspace.reference_number || t('workspaces.no_reference')}</Text>
                </Stack>
                <FavoriteButton id={workspace.id} isFavorite={workspace.is_favorite} />
              </Group>
              <Group gap="xs">
                <RoleBadge role={workspace.my_role} />
                {workspace.archived && <Badge color="gray">{t('workspaces.archived_badge')}</Badge>}
                {workspace.my_collaboration && (
                  <Badge color="orange" variant="light">
                    {t('workspaces.shared_by', { name: workspace.my_collaboration.label })}
                  </Badge>
                )}
              </Group>
              <Group gap="xs" mt={4}>
                {!workspace.my_collaboration && !workspace.archived && (
                  <PresenceButton workspaceId={workspace.id} />
                )}
                {permissions.can_edit && (
                  <Button
                    component={Link}
                    to={`/dashboard/workspaces/edit/${workspace.id}`}
                    leftSection={<IconEdit size={16} />}
                    size="sm"
                  >
                    {t('workspaces.edit')}
                  </Button>
                )}
                <Button
                  variant="default"
                  size="sm"
                  leftSection={<IconQrcode size={16} />}
                  onClick={() => setQrOpen(true)}
                >
                  {t('workspaces.qr_print')}
                </Button>
                <WorkspaceInfoLinks
                  workspaceId={workspace.id}
                  role={workspace.my_role}
                  shared={!!workspace.my_collaboration}
                />
                {(permissions.can_edit || permissions.can_archive || permissions.can_delete) && (
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <Button variant="default" size="sm" rightSection={<IconChevronDown size={16} />}>
                        {t('workspaces.more')}
                      </Button>
                    </Menu.Target>
                    <Menu.Dropdown>
                      {permissions.can_edit && !workspace.archived && (
                        <Menu.Item
                          leftSection={<IconPlus size={16} />}
                          component={Link}
                          to={`/dashboard/workspaces/add?parent_id=${workspace.id}`}
                        >
                          {t('workspaces.add_child')}
                        </Menu.Item>
                      )}
                      {permissions.can_archive && (
                        <Menu.Item
                          leftSection={
                            workspace.archived ? <IconArchiveOff size={16} /> : <IconArchive size={16} />
                          }
                          onClick={toggleArchive}
                        >
                          {t(workspace.archived ? 'workspaces.unarchive' : 'workspaces.archive')}
                        </Menu.Item>
                      )}
                      {permissions.can_delete && (
                        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={confirmDelete}>
                          {t('workspaces.delete')}
                        </Menu.Item>
                      )}
                    </Menu.Dropdown>
                  </Menu>
                )}
              </Group>
            </Stack>
          </Grid.Col>
        </Grid>
        {description && (
          <Text mt="md" style={{ whiteSpace: 'pre-wrap' }}>
            {description}
          </Text>
        )}
        {workspace.location && (
          <Stack mt="md">
            <LocationFact location={workspace.location} />
          </Stack>
        )}
      </Paper>

      <Tabs defaultValue="overview" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="overview">{t('workspaces.tabs.overview')}</Tabs.Tab>
          {permissions.can_read_logs && <Tabs.Tab value="presence">{t('workspaces.tabs.presence')}</Tabs.Tab>}
          {permissions.can_read_logs && <Tabs.Tab value="scans">{t('workspaces.tabs.scans')}</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="overview" pt="md">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Paper withBorder radius="md" p="md">
              <Group justify="space-between" mb="sm">
                <Title order={2} size="h4">
                  {t('workspaces.children')}
                </Title>
                {permissions.can_edit && !workspace.archived && (
                  <Button
                    variant="subtle"
                    size="xs"
                    leftSection={<IconPlus size={14} />}
                    component={Link}
                    to={`/dashboard/workspaces/add?parent_id=${workspace.id}`}
                  >
                    {t('workspaces.add_child')}
                  </Button>
                )}
              </Group>
              {workspace.children.length === 0 ? (
                <Group gap="xs" c="dimmed">
                  <IconSitemap size={18} />
                  <Text size="sm">{t('workspaces.no_children')}</Text>
                </Group>
              ) : (
                <Stack gap="xs">
                  {workspace.children.map((child) => (
                    <Card key={child.id} withBorder padding="xs" radius="md">
                      <Group justify="space-between" wrap="nowrap">
                        <Stack gap={0} miw={0}>
                          <Anchor component={Link} to={childLink(child.id)} fw={500} lineClamp={1}>
                            {child.name}
                          </Anchor>
                          <Text size="xs" c="dimmed">
                            {child.reference_number || t('workspaces.no_reference')}
                            {' · '}
                            {t('workspaces.children_count', { value: child.children_count })}
                          </Text>
                        </Stack>
                        {child.archived && (
                          <Badge color="gray" size="sm">
                            {t('workspaces.archived_badge')}
                          </Badge>
                        )}
                      </Group>
                    </Card>
                  ))}
                </Stack>
              )}
            </Paper>

            <Paper withBorder radius="md" p="md">
              <Group justify="space-between" mb="sm">
                <Title order={2} size="h4">
                  {t('workspaces.people')}
                </Title>
                {permissions.can_manage_users && (
                  <Button
                    variant="subtle"
                    size="xs"
                    leftSection={<IconUsers size={14} />}
                    onClick={() => setPeopleOpen(true)}
                  >
                    {t('workspaces.manage_people')}
                  </Button>
                )}
              </Group>
              <Stack gap="sm">
                <PeopleGroup title={t('workspaces.managers')} people={workspace.managers} />
                <PeopleGroup title={t('workspaces.group_managers')} people={workspace.group_managers} />
                <PeopleGroup title={t('workspaces.members')} people={workspace.users} />
              </Stack>
            </Paper>
          </SimpleGrid>

          {workspace.collaborations.length > 0 && (
            <Paper withBorder radius="md" p="md" mt="md">
              <Title order={2} size="h4" mb="sm">
                {t('workspaces.collaborations')}
              </Title>
              <Stack gap="xs">
                {workspace.collaborations.map((c) => (
                  <Group key={c.id} justify="space-between" wrap="wrap">
                    <Group gap="xs" wrap="nowrap">
                      <Avatar src={c.logo} size="sm" radius="md" name={c.label} color="initials" />
                      <Text size="sm" fw={500}>
                        {c.label}
                      </Text>
                    </Group>
                    <Group gap={6}>
                      <Badge variant="light">{t(`workspaces.collab_type.${c.type}`)}</Badge>
                      <Badge variant="outline" color="gray">
                        {t(`workspaces.access.${c.access_type}`)}
                      </Badge>
                      <Text size="xs" c="dimmed">
                        {t('workspaces.collab_people', {
                          value: c.collab_admins.length + c.collab_managers.length + c.members.length,
                        })}
                      </Text>
                    </Group>
                  </Group>
                ))}
              </Stack>
            </Paper>
          )}
        </Tabs.Panel>
        {permissions.can_read_logs && (
          <Tabs.Panel value="presence" pt="md">
            <PresenceLogTable workspaceId={workspace.id} />
          </Tabs.Panel>
        )}
        {permissions.can_read_logs && (
          <Tabs.Panel value="scans" pt="md">
            <ScanLogTable workspaceId={workspace.id} />
          </Tabs.Panel>
        )}
      </Tabs>

      {workspace.archived && (
        <Alert color="gray" icon={<IconAlertCircle size={18} />}>
          {t('workspaces.archived_note')}
        </Alert>
      )}

      <QrPrintModal
        workspace={workspace}
        opened={qrOpen}
        onClose={() => setQrOpen(false)}
        canRegenerate={permissions.can_edit}
      />
      {peopleOpen && <ManagePeopleModal workspace={workspace} opened onClose={() => setPeopleOpen(false)} />}
    </Stack>
  );
}

function PeopleGroup({ title, people }: { title: string; people: WorkspacePerson[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600} c="dimmed">
        {title} ({people.length})
      </Text>
      {people.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('workspaces.nobody')}
        </Text>
      ) : (
        <Group gap="sm">
          {people.map((person) => (
            <Group key={person.id} gap={6} wrap="nowrap">
              <Avatar
                src={person.profile_image}
                size="sm"
                radius="xl"
                name={person.full_name}
                color="initials"
              />
              <Text size="sm">{person.full_name}</Text>
            </Group>
          ))}
        </Group>
      )}
    </Stack>
  );
}
