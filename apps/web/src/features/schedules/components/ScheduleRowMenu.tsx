import { ActionIcon, Menu, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconArchive,
  IconArchiveOff,
  IconCopy,
  IconDots,
  IconExternalLink,
  IconPlayerPause,
  IconPlayerPlay,
  IconTrash,
  type TablerIcon,
} from '@tabler/icons-react';
import type { Schedule } from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNotify } from '../../../ui/feedback/use-notify';
import { schedulePaths } from '../list-state';
import { type ScheduleRowAction, useScheduleAction } from '../schedules-api';

/** The actions one schedule offers now: pause or start again, archive or unarchive, duplicate, delete. */
export function rowActionsOf(
  schedule: Pick<Schedule, 'paused' | 'archived' | 'permissions'>,
): ScheduleRowAction[] {
  if (!schedule.permissions.can_edit) return [];
  if (schedule.archived) return ['unarchive', 'duplicate', 'delete'];
  return [schedule.paused ? 'unpause' : 'pause', 'archive', 'duplicate', 'delete'];
}

const ICONS: Record<ScheduleRowAction, TablerIcon> = {
  pause: IconPlayerPause,
  unpause: IconPlayerPlay,
  archive: IconArchive,
  unarchive: IconArchiveOff,
  duplicate: IconCopy,
  delete: IconTrash,
};

/** A card's or row's menu (001 §2): open, and the actions the person may take, delete behind a confirmation. */
export function ScheduleRowMenu({ schedule }: { schedule: Schedule }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const action = useScheduleAction();

  const run = async (which: ScheduleRowAction) => {
    const result = await action.mutateAsync({ action: which, ids: [schedule.id] });
    const refused = result.failed[0];
    if (refused) notify.fail(refused.error);
    else notify.ok(`schedules.bulk.success.${which}`, { count: 1 });
  };
  const choose = (which: ScheduleRowAction) => {
    if (which !== 'delete') return void run(which);
    modals.openConfirmModal({
      title: t('schedules.delete_one.title'),
      children: <Text size="sm">{t('schedules.delete_one.text', { title: schedule.title })}</Text>,
      labels: { confirm: t('schedules.menu.delete'), cancel: t('schedules.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'schedule-delete-confirm' } as Record<string, unknown>,
      onConfirm: () => void run('delete'),
    });
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('schedules.menu.actions_for', { title: schedule.title })}
          data-testid="schedule-menu"
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          component={Link}
          to={schedulePaths.detail(schedule.id)}
          leftSection={<IconExternalLink size={16} />}
        >
          {t('schedules.menu.open')}
        </Menu.Item>
        {rowActionsOf(schedule).map((which) => {
          const Icon = ICONS[which];
          return (
            <Menu.Item
              key={which}
              color={which === 'delete' ? 'red' : undefined}
              leftSection={<Icon size={16} />}
              onClick={() => choose(which)}
            >
              {t(`schedules.menu.${which}`)}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
