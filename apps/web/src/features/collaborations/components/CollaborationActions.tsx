import { ActionIcon, Menu } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDots, IconEye, IconMailForward, IconTrash } from '@tabler/icons-react';
import type { CollaborationItem } from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNotify } from '../../../ui/feedback/use-notify';
import { useCollaborationMutations } from '../collaborations-api';

export function useCollaborationCommands(onDeleted?: () => void) {
  const { t } = useTranslation();
  const notify = useNotify();
  const mutations = useCollaborationMutations();
  return {
    reinvite: (item: Pick<CollaborationItem, 'id'>) =>
      mutations.reinvite.mutate(item.id, {
        onSuccess: () => notify.ok('collaborations.reinvite_done'),
        onError: notify.fail,
      }),
    confirmDelete: (item: Pick<CollaborationItem, 'id' | 'label'>) =>
      modals.openConfirmModal({
        title: t('collaborations.delete_title'),
        children: t('collaborations.delete_text', { name: item.label }),
        labels: { confirm: t('collaborations.delete_confirm'), cancel: t('collaborations.cancel') },
        confirmProps: { color: 'red' },
        centered: true,
        onConfirm: () =>
          mutations.remove.mutate(item.id, {
            onSuccess: () => {
              notify.ok('collaborations.deleted');
              onDeleted?.();
            },
            onError: notify.fail,
          }),
      }),
  };
}

/** The row menu: open; for the inviting organisation's admins also re-invite and delete. */
export function CollaborationRowMenu({ item, canManage }: { item: CollaborationItem; canManage: boolean }) {
  const { t } = useTranslation();
  const commands = useCollaborationCommands();
  return (
    <Menu position="bottom-end" withinPortal width={200}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('collaborations.actions.more')}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconEye size={16} />}
          component={Link}
          to={`/dashboard/collaborators/detail/${item.id}`}
        >
          {t('collaborations.actions.open')}
        </Menu.Item>
        {canManage && item.invitation_status !== 'accepted' && (
          <Menu.Item leftSection={<IconMailForward size={16} />} onClick={() => commands.reinvite(item)}>
            {t('collaborations.actions.reinvite')}
          </Menu.Item>
        )}
        {canManage && (
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => commands.confirmDelete(item)}
          >
            {t('collaborations.actions.delete')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
