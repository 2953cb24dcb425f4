import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { ISSUE_COMMENT_MAX, type Issue, type IssueStatusId } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../ui/feedback/use-notify';
import { requestPhotoUpload } from '../../attachments/photo-request';
import { savedMessage } from '../../offline/offline-store';
import {
  actionColor,
  actionFlow,
  actionLabelKey,
  type IssueAction,
  worktimeSubmittable,
} from '../action-flow';
import { formatDateTime, formatDuration, toSeconds } from '../issue-helpers';
import { useIssueActions } from '../issues-api';
import { WorktimeInputs } from './WorktimeInputs';

type Open = { action: IssueAction; flow: 'note' | 'worktime' | 'photo' } | null;

/** The status buttons of 001 §4 with their modals; each posts POST issue/{id}/status. */
export function StatusActions({ issue }: { issue: Issue }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const { status } = useIssueActions(issue.id);
  const [open, setOpen] = useState<Open>(null);

  const send = async (action: IssueAction, extra: { note?: string; worktime_seconds?: number } = {}) => {
    if (action.to_status === null) return;
    try {
      const label = [
        t(actionLabelKey(action)),
        extra.worktime_seconds && formatDuration(extra.worktime_seconds),
      ]
        .filter(Boolean)
        .join(' · ');
      const outcome = await status.mutateAsync({
        body: { status_id: action.to_status as IssueStatusId, ...extra },
        label,
      });
      notify.ok(savedMessage(outcome, 'issues.status_changed'));
      setOpen(null);
    } catch (err) {
      notify.fail(err);
    }
  };

  const press = (action: IssueAction) => {
    const flow = actionFlow(action);
    if (flow === 'none') return;
    // 'Add photo' opens the gallery's file input (within this click, so the browser allows it).
    if (action.kind === 'add_photo' && requestPhotoUpload(issue.id)) return;
    if (flow === 'direct') void send(action);
    else setOpen({ action, flow });
  };

  if (!issue.actions.length) return null;
  return (
    <>
      <Group gap="xs" wrap="wrap" justify="flex-end">
        {issue.actions.map((action) => (
          <Button
            key={action.kind}
            color={actionColor(action)}
            variant={action.color === 'default' ? 'default' : 'filled'}
            disabled={action.disabled || status.isPending}
            loading={
              status.isPending && open === null && status.variables?.body.status_id === action.to_status
            }
            leftSection={action.kind === 'add_photo' ? <IconCamera size={16} /> : undefined}
            onClick={() => press(action)}
          >
            {t(actionLabelKey(action), { date: formatDateTime(action.start_possible_on, i18n.language) })}
          </Button>
        ))}
      </Group>
      {open?.flow === 'note' && (
        <NoteModal
          action={open.action}
          busy={status.isPending}
          onClose={() => setOpen(null)}
          onSubmit={(note) => send(open.action, { note })}
        />
      )}
      {open?.flow === 'worktime' && (
        <WorktimeModal
          action={open.action}
          busy={status.isPending}
          onClose={() => setOpen(null)}
          onSubmit={(seconds) => send(open.action, seconds > 0 ? { worktime_seconds: seconds } : {})}
        />
      )}
      {open?.flow === 'photo' && (
        <PhotoRequiredModal
          onClose={() => setOpen(null)}
          onAddPhoto={
            issue.permissions.can_add_attachments
              ? () => {
                  if (requestPhotoUpload(issue.id)) setOpen(null);
                }
              : undefined
          }
        />
      )}
    </>
  );
}

/** Decline (to 4) and decline review (7 → 6): a note is required. */
function NoteModal({
  action,
  busy,
  onClose,
  onSubmit,
}: {
  action: IssueAction;
  busy: boolean;
  onClose: () => void;
  onSubmit: (note: string) => void;
}) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const title = t(
    action.kind === 'decline_review' ? 'issues.modals.decline_review_title' : 'issues.modals.decline_title',
  );
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <Stack
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!note.trim()) setError(t('errors.note_required'));
          else onSubmit(note.trim());
        }}
      >
        <Text size="sm">
          {t(
            action.kind === 'decline_review'
              ? 'issues.modals.decline_review_text'
              : 'issues.modals.decline_text',
          )}
        </Text>
        <Textarea
          label={t('issues.modals.note')}
          withAsterisk
          autosize
          minRows={3}
          maxLength={ISSUE_COMMENT_MAX}
          value={note}
          onChange={(e) => {
            setNote(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('issues.cancel')}
          </Button>
          <Button type="submit" color="red" loading={busy}>
            {t(actionLabelKey(action))}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The work-time picker: required (must enter time) or suggested (may skip). */
function WorktimeModal({
  action,
  busy,
  onClose,
  onSubmit,
}: {
  action: IssueAction;
  busy: boolean;
  onClose: () => void;
  onSubmit: (seconds: number) => void;
}) {
  const { t } = useTranslation();
  const [hours, setHours] = useState<number | string>(0);
  const [minutes, setMinutes] = useState<number | string>(0);
  const [error, setError] = useState<string | null>(null);
  const seconds = toSeconds(hours, minutes);
  const required = action.worktime_picker === 'required';
  return (
    <Modal opened onClose={onClose} title={t('issues.modals.worktime_title')} centered>
      <Stack
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!worktimeSubmittable(action.worktime_picker, seconds)) setError(t('errors.worktime_required'));
          else onSubmit(seconds);
        }}
      >
        <Text size="sm">
          {t(required ? 'issues.modals.worktime_required' : 'issues.modals.worktime_suggested')}
        </Text>
        <WorktimeInputs
          hours={hours}
          minutes={minutes}
          onHours={(v) => {
            setHours(v);
            setError(null);
          }}
          onMinutes={(v) => {
            setMinutes(v);
            setError(null);
          }}
          autoFocus
        />
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('issues.cancel')}
          </Button>
          {!required && (
            <Button variant="light" onClick={() => onSubmit(0)} loading={busy}>
              {t('issues.modals.skip')}
            </Button>
          )}
          <Button type="submit" color="green" loading={busy}>
            {t(actionLabelKey(action))}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** 001 §4: an attachment is required and the assignee has not uploaded one. */
function PhotoRequiredModal({ onClose, onAddPhoto }: { onClose: () => void; onAddPhoto?: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={t('issues.modals.photo_title')} centered>
      <Stack>
        <Text size="sm">{t('issues.modals.photo_text')}</Text>
        <Group justify="flex-end">
          {onAddPhoto && (
            <Button variant="default" leftSection={<IconCamera size={16} />} onClick={onAddPhoto}>
              {t('issues.actions.add_photo')}
            </Button>
          )}
          <Button onClick={onClose} data-autofocus>
            {t('issues.ok')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
