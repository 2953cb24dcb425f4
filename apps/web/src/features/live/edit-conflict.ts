import type { LiveChange } from '@workbench/domain';

/**
 * Issue actions that leave what the edit form shows as it was (comments, time, the timer,
 * alarms): someone else doing them while you edit is no conflict.
 */
const ACTIONS_BESIDE_THE_FORM = new Set([
  'commented',
  'attachment_commented',
  'worktime_logged',
  'timer_started',
  'timer_stopped',
  'presence_alarm',
  'declined_notification_sent',
  'favorited',
  'unfavorited',
]);

/** Whether a live change is someone else's edit of the issue open in the form. */
export function isOthersEdit(
  change: Pick<LiveChange, 'entity_type' | 'entity_id' | 'action' | 'actor_id'>,
  issueId: number,
  myUserId: number | null,
): boolean {
  return (
    change.entity_type === 'issue' &&
    change.entity_id === issueId &&
    change.actor_id !== myUserId &&
    !ACTIONS_BESIDE_THE_FORM.has(change.action)
  );
}
