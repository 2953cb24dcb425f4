import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconArchive,
  IconArchiveOff,
  IconCopy,
  IconPlayerPause,
  IconPlayerPlay,
  IconTrash,
} from '@tabler/icons-react';
import type { Schedule } from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useNotify } from '../../../ui/feedback/use-notify';
import { type ScheduleAction, useDeleteSchedule, useScheduleAction } from '../editor-api';
import { schedulePaths } from '../paths';

/** What an editor can do with the schedule: pause or start again, archive or unarchive, duplicate, delete. */
export function ScheduleActions({ schedule }: { schedule: Schedule }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const action = useScheduleAction(schedule.id);
  const remove = useDeleteSchedule(schedule.id);
  if (!schedule.permissions.can_edit) return null;

  const run = (name: ScheduleAction) =>
    action.mutate(name, {
      onSuccess: (saved) => {
        notify.ok(`schedule-editor.done.${name}`, { title: saved.title });
        if (name === 'duplicate') navigate(schedulePaths.detail(saved.id));
      },
      onError: notify.fail,
    });
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('schedule-editor.delete_title'),
      children: <Text size="sm">{t('schedule-editor.delete_text', { title: schedule.title })}</Text>,
      labels: { confirm: t('schedule-editor.actions.delete'), cancel: t('schedule-editor.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () => {
            notify.ok('schedule-editor.done.delete', { title: schedule.title });
            navigate(schedulePaths.list, { replace: true });
          },
          onError: notify.fail,
        }),
    });
  const busy = (name: ScheduleAction) => action.isPending && action.variables === name;

  return (
    <Group gap="xs" wrap="wrap">
      {!schedule.archived &&
        (schedule.paused ? (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlayerPlay size={14} aria-hidden />}
            loading={busy('unpause')}
            onClick={() => run('unpause')}
          >
            {t('schedule-editor.actions.unpause')}
          </Button>
        ) : (
          <Button
            size="xs"
            variant="light"
            color="yellow"
            leftSection={<IconPlayerPause size={14} aria-hidden />}
            loading={busy('pause')}
            onClick={() => run('pause')}
          >
            {t('schedule-editor.actions.pause')}
          </Button>
        ))}
      <Button
        size="xs"
        variant="default"
        leftSection={
          schedule.archived ? <IconArchiveOff size={14} aria-hidden /> : <IconArchive size={14} aria-hidden />
        }
        loading={busy('archive') || busy('unarchive')}
        onClick={() => run(schedule.archived ? 'unarchive' : 'archive')}
      >
        {t(schedule.archived ? 'schedule-editor.actions.unarchive' : 'schedule-editor.actions.archive')}
      </Button>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconCopy size={14} aria-hidden />}
        loading={busy('duplicate')}
        onClick={() => run('duplicate')}
      >
        {t('schedule-editor.actions.duplicate')}
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        leftSection={<IconTrash size={14} aria-hidden />}
        loading={remove.isPending}
        onClick={confirmDelete}
      >
        {t('schedule-editor.actions.delete')}
      </Button>
    </Group>
  );
}
