import {
  Anchor,
  Button,
  Card,
  Grid,
  Group,
  Pagination,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconEdit, IconHistory } from '@tabler/icons-react';
import { LANGUAGE_NAMES, type SessionUser } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { useAuth } from '../../auth/session-store';
import { mayRequestLocations, RequestLocationButton } from '../../location-requests/RequestLocationButton';
import { SharedLocationsCard } from '../../location-requests/SharedLocationsCard';
import { NotificationPreferencesCard } from '../../notifications/NotificationPreferencesCard';
import { EditUserModal } from '../components/EditUserModal';
import { ProfileImageUpload } from '../components/ProfileImageUpload';
import { StatusBadge } from '../components/StatusBadge';
import { WorkspaceRolesModal } from '../components/WorkspaceRolesModal';
import { useActivityLog, useProfile, useWorkspaceRoles } from '../profiles-api';
import { useProfileAbilities } from '../use-abilities';

/** /dashboard/profile/detail (own) and /dashboard/profile/detail/:id. */
export function ProfileDetailPage() {
  const params = useParams();
  const requested = params.id && /^\d+$/.test(params.id) ? Number(params.id) : 'me';
  const profile = useProfile(requested);
  const me = useAuth().session?.user;
  const abilities = useProfileAbilities();
  const { t } = useTranslation();

  if (profile.isPending) {
    return (
      <Stack>
        <Skeleton h={160} radius="md" />
        <Skeleton h={220} radius="md" />
      </Stack>
    );
  }
  if (profile.isError)
    return (
      <ErrorPanel
        title={t('profiles.load_failed')}
        error={profile.error}
        onRetry={() => void profile.refetch()}
      />
    );

  const user = profile.data;
  const isSelf = user.id === me?.id;
  const canManage = !isSelf && !!abilities?.manage(user);
  return (
    <ProfileDetail
      user={user}
      isSelf={isSelf}
      canManage={canManage}
      canGrantAdmin={!!abilities?.grantAdmin}
    />
  );
}

function ProfileDetail({
  user,
  isSelf,
  canManage,
  canGrantAdmin,
}: {
  user: SessionUser;
  isSelf: boolean;
  canManage: boolean;
  canGrantAdmin: boolean;
}) {
  const { t } = useTranslation();
  const me = useAuth().session?.user;
  const [editing, setEditing] = useState(false);
  const showPrivate = isSelf || canManage;
  // Location requests (issue 21): admins and managers ask others; the person sees their own.
  const asksLocations = !isSelf && !!me && mayRequestLocations(me) && user.status === 'active';
  const target = isSelf ? 'me' : user.id;
  const rows: Array<[string, string]> = [
    [t('common.email'), user.email],
    [t('profiles.phone'), user.phone || '—'],
    [t('profiles.role'), t(`profiles.roles.${user.role}`)],
    [t('profiles.job_position'), user.job_position?.name ?? '—'],
    [t('common.language'), LANGUAGE_NAMES[user.language]],
    [t('profiles.organisation'), user.client.name],
  ];
  return (
    <Stack gap="md">
      {!isSelf && (
        <Anchor component={Link} to="/dashboard/profiles" size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} />
            {t('profiles.back_to_list')}
          </Group>
        </Anchor>
      )}
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Group align="flex-start" gap="lg" wrap="wrap">
            <ProfileImageUpload user={user} canUpload={isSelf || canManage} />
            <Stack gap={4}>
              <Title order={2}>{user.full_name}</Title>
              <Text c="dimmed">{user.email}</Text>
              <Group gap="xs">
                <StatusBadge status={user.status} />
                <Text size="sm">{t(`profiles.roles.${user.role}`)}</Text>
              </Group>
            </Stack>
          </Group>
          {isSelf && (
            <Button component={Link} to="/dashboard/profile/edit" leftSection={<IconEdit size={16} />}>
              {t('profiles.edit_profile')}
            </Button>
          )}
          <Group gap="xs">
            {asksLocations && <RequestLocationButton userId={user.id} name={user.full_name} />}
            {canManage && (
              <Button leftSection={<IconEdit size={16} />} onClick={() => setEditing(true)}>
                {t('profiles.edit')}
              </Button>
            )}
          </Group>
        </Group>
      </Card>
      <Grid>
        <Grid.Col span={{ base: 12, md: showPrivate ? 6 : 12 }}>
          <Card withBorder radius="md" padding="md" h="100%">
            <Title order={4} mb="sm">
              {t('profiles.details')}
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              {rows.map(([label, value]) => (
                <div key={label}>
                  <Text size="xs" c="dimmed">
                    {label}
                  </Text>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {value}
                  </Text>
                </div>
              ))}
            </SimpleGrid>
          </Card>
        </Grid.Col>
        {showPrivate && (
          <Grid.Col span={{ base: 12, md: 6 }}>
            <WorkspaceRolesCard target={target} isAdmin={user.role === 'admin'} canEdit={canManage} />
          </Grid.Col>
        )}
      </Grid>
      {(isSelf || asksLocations) && <SharedLocationsCard userId={user.id} />}
      {isSelf && <NotificationPreferencesCard />}
      {showPrivate && <ActivityCard target={target} />}
      {canManage && editing && (
        <EditUserModal
          user={user}
          opened={editing}
          onClose={() => setEditing(false)}
          canGrantAdmin={canGrantAdmin}
        />
      )}
    </Stack>
  );
}

function WorkspaceRolesCard({
  target,
  isAdmin,
  canEdit,
}: {
  target: number | 'me';
  isAdmin: boolean;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const roles = useWorkspaceRoles(target, true);
  const [editing, setEditing] = useState(false);
  return (
    <Card withBorder radius="md" padding="md" h="100%">
      <Group justify="space-between" mb="sm">
        <Title order={4}>{t('profiles.workspace_roles_title')}</Title>
        {canEdit && typeof target === 'number' && roles.data && (
          <Button size="xs" variant="light" onClick={() => setEditing(true)}>
            {t('profiles.edit_roles')}
          </Button>
        )}
      </Group>
      {editing && typeof target === 'number' && roles.data && (
        <WorkspaceRolesModal
          userId={target}
          current={roles.data}
          opened={editing}
          onClose={() => setEditing(false)}
        />
      )}
      {isAdmin && (
        <Text size="sm" mb="xs">
          {t('profiles.admin_all_workspaces')}
        </Text>
      )}
      {roles.isPending ? (
        <Skeleton h={80} />
      ) : roles.isError ? (
        <ErrorPanel
          title={t('profiles.load_failed')}
          error={roles.error}
          onRetry={() => void roles.refetch()}
        />
      ) : roles.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('profiles.no_workspace_roles')}
        </Text>
      ) : (
        <Table>
          <Table.Tbody>
            {roles.data.map((role) => (
              <Table.Tr key={role.workspace_id}>
                <Table.Td>
                  <Anchor component={Link} to={`/dashboard/workspaces/detail/${role.workspace_id}`} size="sm">
                    {role.workspace_name}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{t(`profiles.workspace_roles.${role.role}`)}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

function ActivityCard({ target }: { target: number | 'me' }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const log = useActivityLog(target, page, true);
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={4} mb="sm">
        {t('profiles.activity')}
      </Title>
      {log.isPending ? (
        <Skeleton h={120} />
      ) : log.isError ? (
        <ErrorPanel title={t('profiles.load_failed')} error={log.error} onRetry={() => void log.refetch()} />
      ) : log.data.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('profiles.no_activity')}
        </Text>
      ) : (
        <Stack gap="md">
          <Timeline bulletSize={22} lineWidth={2}>
            {log.data.data.map((entry) => (
              <Timeline.Item key={entry.id} bullet={<IconHistory size={12} />}>
                <Text size="sm">
                  {t(`profiles.actions.${entry.action}`, { defaultValue: entry.action })}
                  {entry.user && (
                    <Text span c="dimmed" size="sm">
                      {' · '}
                      {entry.user.full_name}
                    </Text>
                  )}
                </Text>
                <Text size="xs" c="dimmed">
                  {new Date(entry.created_at).toLocaleString(i18n.language)}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
          {log.data.last_page > 1 && (
            <Pagination size="sm" total={log.data.last_page} value={page} onChange={setPage} />
          )}
        </Stack>
      )}
    </Card>
  );
}
