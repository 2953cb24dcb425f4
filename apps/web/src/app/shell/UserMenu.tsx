import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconKey, IconLogout, IconSettings, IconUser } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { authApi } from '../../features/auth/auth-api';
import { sessionStore } from '../../features/auth/session-store';
import { resetColors } from '../../features/config/colors-store';
import { OrganisationMenuItems } from '../../features/organisations/OrganisationMenuItems';

function initials(user: SessionUser) {
  return (
    `${user.first_name[0] ?? ''}${user.last_name[0] ?? ''}`.toUpperCase() || user.email[0]?.toUpperCase()
  );
}

export function UserMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const logout = async () => {
    // Revoke the token on the server; the local session is cleared whatever the answer.
    await authApi.logout().catch(() => undefined);
    sessionStore.loggedOut();
    queryClient.clear();
    resetColors();
    navigate('/', { replace: true });
  };

  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        {/* Named by its content, so the name holds what it shows (speech input finds it too). */}
        <UnstyledButton>
          <VisuallyHidden>{t('shell.user_menu')}</VisuallyHidden>
          <Group gap={8} wrap="nowrap">
            <Avatar src={user.profile_image} radius="xl" size={34} color="brand">
              {initials(user)}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="sm" truncate maw={160}>
              {user.full_name}
            </Text>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {user.full_name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <OrganisationMenuItems />
        <Menu.Item component={Link} to="/dashboard/profile/detail" leftSection={<IconUser size={16} />}>
          {t('shell.my_profile')}
        </Menu.Item>
        <Menu.Item component={Link} to="/change-password" leftSection={<IconKey size={16} />}>
          {t('shell.change_password')}
        </Menu.Item>
        <Menu.Item component={Link} to="/dashboard/settings" leftSection={<IconSettings size={16} />}>
          {t('shell.settings')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
          {t('shell.log_out')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
