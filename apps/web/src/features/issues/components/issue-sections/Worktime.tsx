import { Button, Group, Loader, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPlayerPlay, IconPlayerStop, IconPlus } from '@tabler/icons-react';
import type { Issue } from '@workbench/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../../ui/feedback/use-notify';
import { savedMessage } from '../../../offline/offline-store';
import { elapsedSeconds, formatClock, formatDateTime, formatDuration, toSeconds } from '../../issue-helpers';
import { useIssueActions, useTimer, useWorktimeLogs } from '../../issues-api';
import { WorktimeInputs } from '../WorktimeInputs';
import { Section } from './Section';

/** Work time: total, entries, the viewer's timer and a manual entry when work time may be edited. */
export function Worktime({ issue }: { issue: Issue }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const logs = useWorktimeLogs(issue.id);
  const timer = useTimer(issue.id);
  const actions = useIssueActions(issue.id);
  const [now, setNow] = useState(() => new Date());
  const [adding, setAdding] = useState(false);
  const [hours, setHours] = useState<number | string>(0);
  const [minutes, setMinutes] = useState<number | string>(0);
  const [note, setNote] = useState('');
  const running = timer.data?.running ?? false;
  useEffect(() => {
    if (!running) return;
    const handle = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(handle);
  }, [running]);
  const canEdit = issue.permissions.can_edit_worktime;

  const toggle = async () => {
    try {
      await actions.timer.mutateAsync(running ? 'stop' : 'start');
      notify.ok(running ? 'issues.worktime.timer_stopped' : 'issues.worktime.timer_started');
    } catch (err) {
      notify.fail(err);
    }
  };
  const add = async () => {
    const seconds = toSeconds(hours, minutes);
    if (seconds <= 0) return notify.fail('worktime_required');
    try {
      const outcome = await actions.addWorktime.mutateAsync({
        body: { seconds, note: note.trim() || null },
        label: formatDuration(seconds),
      });
      notify.ok(savedMessage(outcome, 'issues.worktime.added'));
      setAdding(false);
      setHours(0);
      setMinutes(0);
      setNote('');
    } catch (err) {
      notify.fail(err);
    }
  };

  return (
    <Section
      title={t('issues.worktime.title')}
      action={
        <Text fw={600} size="sm">
          {formatDuration(logs.data?.worktime_total ?? issue.worktime_total)}
        </Text>
      }
    >
      <Stack gap="sm">
        {(canEdit || running) && (
          <Group gap="xs">
            <Button
              size="xs"
              color={running ? 'red' : 'green'}
              variant="light"
              leftSection={running ? <IconPlayerStop size={14} /> : <IconPlayerPlay size={14} />}
              onClick={toggle}
              loading={actions.timer.isPending}
            >
              {t(running ? 'issues.worktime.stop' : 'issues.worktime.start')}
            </Button>
            {running && (
              <Text size="sm" ff="monospace">
                {formatClock(elapsedSeconds(timer.data?.started_at ?? null, now))}
              </Text>
            )}
            {canEdit && (
              <Button
                size="xs"
                variant="subtle"
                leftSection={<IconPlus size={14} />}
                onClick={() => setAdding(true)}
              >
                {t('issues.worktime.add')}
              </Button>
            )}
          </Group>
        )}
        {logs.isPending && <Loader size="sm" />}
        {logs.data?.data.length === 0 && (
          <Text c="dimmed" size="sm">
            {t('issues.worktime.empty')}
          </Text>
        )}
        {!!logs.data?.data.length && (
          <Table fz="sm" verticalSpacing={4}>
            <Table.Tbody>
              {logs.data.data.map((log) => (
                <Table.Tr key={log.id}>
                  <Table.Td>
                    {log.user?.full_name ?? t('issues.someone')}
                    {log.note && (
                      <Text size="xs" c="dimmed">
                        {log.note}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td c="dimmed">{formatDateTime(log.created_at, i18n.language)}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatDuration(log.seconds)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <Modal opened={adding} onClose={() => setAdding(false)} title={t('issues.worktime.add')} centered>
        <Stack>
          <WorktimeInputs hours={hours} minutes={minutes} onHours={setHours} onMinutes={setMinutes} />
          <TextInput
            label={t('issues.worktime.note')}
            value={note}
            maxLength={255}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAdding(false)}>
              {t('issues.cancel')}
            </Button>
            <Button onClick={add} loading={actions.addWorktime.isPending}>
              {t('issues.save')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Section>
  );
}
