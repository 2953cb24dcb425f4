import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconUserQuestion, IconX } from '@tabler/icons-react';
import { ISSUE_DESCRIPTION_MAX, type Schedule } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../ui/feedback/use-error-text';
import { useNotify } from '../../../ui/feedback/use-notify';
import { useScheduleDecision } from '../editor-api';

/**
 * The assignee's decision (000 §4 "Assignee decision on a scheduled task"): accept, or decline
 * with a note that says why. Shown to the assignee only (permissions.can_decide); the answer
 * given stays visible to everyone.
 */
export function ScheduleDecision({ schedule }: { schedule: Schedule }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const errorText = useErrorText();
  const decide = useScheduleDecision(schedule.id);
  const [declining, setDeclining] = useState(false);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<unknown>(null);
  const status = schedule.assignee_status;
  if (!schedule.assignee) return null;
  const canDecide = schedule.permissions.can_decide;

  const send = (status_id: 4 | 5) => {
    if (status_id === 4 && !note.trim()) {
      setNoteError('note_required');
      return;
    }
    decide.mutate(
      { status_id, note: status_id === 4 ? note.trim() : null },
      {
        onSuccess: () => {
          setDeclining(false);
          setNote('');
          notify.ok(status_id === 5 ? 'schedule-editor.done.accepted' : 'schedule-editor.done.declined');
        },
        onError: (err) => {
          if (status_id === 4) setNoteError(err);
          else notify.fail(err);
        },
      },
    );
  };

  const stateText =
    status === 5
      ? t('schedule-editor.decision.accepted', { name: schedule.assignee.full_name })
      : status === 4
        ? t('schedule-editor.decision.declined', { name: schedule.assignee.full_name })
        : t('schedule-editor.decision.pending', { name: schedule.assignee.full_name });

  return (
    <Alert
      variant="light"
      color={status === 5 ? 'teal' : status === 4 ? 'red' : 'blue'}
      icon={<IconUserQuestion size={18} aria-hidden />}
      data-testid="schedule-decision"
    >
      <Stack gap="xs">
        <Text size="sm">{stateText}</Text>
        {status === 4 && schedule.assignee_note && (
          <Text size="sm" c="dimmed">
            {t('schedule-editor.decision.note', { note: schedule.assignee_note })}
          </Text>
        )}
        {canDecide && (
          <Group gap="xs">
            {status !== 5 && (
              <Button
                size="xs"
                color="teal"
                leftSection={<IconCheck size={14} aria-hidden />}
                loading={decide.isPending && decide.variables?.status_id === 5}
                onClick={() => send(5)}
              >
                {t('schedule-editor.decision.accept')}
              </Button>
            )}
            {status !== 4 && (
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconX size={14} aria-hidden />}
                onClick={() => setDeclining(true)}
              >
                {t('schedule-editor.decision.decline')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
      <Modal
        opened={declining}
        onClose={() => setDeclining(false)}
        title={t('schedule-editor.decision.decline_title')}
      >
        <Stack gap="sm">
          <Textarea
            label={t('schedule-editor.decision.note_label')}
            withAsterisk
            autosize
            minRows={3}
            maxLength={ISSUE_DESCRIPTION_MAX}
            value={note}
            onChange={(e) => {
              setNote(e.currentTarget.value);
              setNoteError(null);
            }}
            error={noteError ? errorText(noteError) : undefined}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setDeclining(false)}>
              {t('schedule-editor.cancel')}
            </Button>
            <Button color="red" loading={decide.isPending} onClick={() => send(4)}>
              {t('schedule-editor.decision.decline')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Alert>
  );
}
