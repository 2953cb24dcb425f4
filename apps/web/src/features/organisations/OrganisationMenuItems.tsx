import { Avatar, Menu, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useNotify } from '../../ui/feedback/use-notify';
import { useMyOrganisations, useSwitchOrganisation } from './organisations-api';

/**
 * The user menu's organisations (issue 21), shown only to people who belong to more than one:
 * the current one ticked, a click on another switches to it and reloads the app's data.
 */
export function OrganisationMenuItems() {
  const { t } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const organisations = useMyOrganisations();
  const switchTo = useSwitchOrganisation(() => navigate('/dashboard', { replace: true }));
  const list = organisations.data?.data ?? [];
  if (list.length < 2) return null;
  return (
    <>
      <Menu.Label>{t('organisations.switch_label')}</Menu.Label>
      {list.map((o) => (
        <Menu.Item
          key={o.id}
          disabled={switchTo.isPending}
          aria-current={o.current ? 'true' : undefined}
          leftSection={
            <Avatar src={o.logo} size={20} radius="sm" color="brand">
              {o.name[0]}
            </Avatar>
          }
          rightSection={o.current ? <IconCheck size={14} aria-label={t('organisations.current')} /> : null}
          onClick={() => {
            if (o.current) return;
            switchTo.mutate(o.id, {
              onSuccess: () => notify.ok('organisations.switched', { name: o.name }),
              onError: notify.fail,
            });
          }}
        >
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {o.name}
          </Text>
        </Menu.Item>
      ))}
      <Menu.Divider />
    </>
  );
}
