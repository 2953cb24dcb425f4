import {
  IconArchive,
  IconCopy,
  IconPlayerPause,
  IconPlayerPlay,
  IconTrash,
  IconUserShare,
  type TablerIcon,
} from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BulkConfirmModal, BulkResultModal } from '../../../ui/bulk/BulkModals';
import { BulkSelectionBar } from '../../../ui/bulk/BulkSelectionBar';
import { useNotify } from '../../../ui/feedback/use-notify';
import type { PickerPerson } from '../../../ui/picker/picker-state';
import { type ScheduleBulkAction, type ScheduleBulkSummary, scheduleBulkSummary } from '../bulk-result';
import { type ScheduleBulkResult, useReassignSchedules, useScheduleAction } from '../schedules-api';
import type { ScheduleSelection } from '../use-schedule-selection';

// The picker is a large modal used only on 'Reassign': loaded then.
const PeoplePicker = lazy(() =>
  import('../../../ui/picker/PeoplePicker').then((m) => ({ default: m.PeoplePicker })),
);

type ConfirmedAction = Exclude<ScheduleBulkAction, 'reassign' | 'unarchive'>;
const ACTIONS: Array<{ key: ConfirmedAction; icon: TablerIcon; danger?: boolean }> = [
  { key: 'pause', icon: IconPlayerPause },
  { key: 'unpause', icon: IconPlayerPlay },
  { key: 'archive', icon: IconArchive },
  { key: 'duplicate', icon: IconCopy },
  { key: 'delete', icon: IconTrash, danger: true },
];

/** The one workspace all picked schedules are in (the picker then offers its people), else undefined. */
export function sharedWorkspace(items: ReadonlyArray<{ workspace_id: number }>): number | undefined {
  const ids = new Set(items.map((s) => s.workspace_id));
  return ids.size === 1 ? [...ids][0] : undefined;
}

/**
 * The bar over the list while schedules are selected (001 §2): pause, start again, archive,
 * duplicate and delete, each behind a confirmation, and reassign through the people picker of
 * their workspace (POST schedule/multiple/reassign). Everything done: a toast; some refused: a
 * modal with the count done and the refused schedules by reason (they stay selected).
 */
export function ScheduleBulkBar({ selection }: { selection: ScheduleSelection }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const action = useScheduleAction();
  const reassign = useReassignSchedules();
  const [confirming, setConfirming] = useState<ConfirmedAction | null>(null);
  const [picking, setPicking] = useState(false);
  const [result, setResult] = useState<ScheduleBulkSummary | null>(null);

  const finish = (which: ScheduleBulkAction, answer: ScheduleBulkResult) => {
    const titles = new Map(selection.items.map((s) => [s.id, s.title]));
    const summary = scheduleBulkSummary(
      which,
      answer,
      (id) => titles.get(id),
      (key) => i18n.exists(key),
    );
    selection.keepOnly(summary.refusedIds);
    if (summary.complete) notify.ok(`schedules.bulk.success.${which}`, { count: summary.done });
    else setResult(summary);
  };
  const run = async (which: ConfirmedAction) => {
    try {
      const answer = await action.mutateAsync({ action: which, ids: selection.items.map((s) => s.id) });
      setConfirming(null);
      finish(which, answer);
    } catch (err) {
      notify.fail(err);
    }
  };
  const runReassign = async (people: PickerPerson[]) => {
    setPicking(false);
    try {
      const answer = await reassign.mutateAsync({
        schedule_ids: selection.items.map((s) => s.id),
        assignee_id: people[0]?.id ?? null,
      });
      finish('reassign', answer);
    } catch (err) {
      notify.fail(err);
    }
  };

  return (
    <>
      <BulkSelectionBar
        count={selection.count}
        countLabel={t('schedules.bulk.selected', { count: selection.count })}
        clearLabel={t('schedules.bulk.clear')}
        onClear={selection.clear}
        testId="schedule-bulk-bar"
        actions={[
          ...ACTIONS.map(({ key, icon, danger }) => ({
            key,
            label: t(`schedules.bulk.${key}`),
            icon,
            danger,
            onClick: () => setConfirming(key),
          })),
          {
            key: 'reassign',
            label: t('schedules.bulk.reassign'),
            icon: IconUserShare,
            onClick: () => setPicking(true),
          },
        ]}
      />
      {/* Kept mounted so that it closes with its transition. */}
      <BulkConfirmModal
        opened={confirming !== null}
        title={confirming ? t(`schedules.bulk.confirm_title.${confirming}`) : ''}
        text={confirming ? t(`schedules.bulk.confirm_text.${confirming}`, { count: selection.count }) : ''}
        pending={action.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={() => confirming && void run(confirming)}
        confirmLabel={confirming ? t(`schedules.bulk.${confirming}`) : ''}
        cancelLabel={t('schedules.cancel')}
        confirmTestId="schedule-bulk-confirm"
        danger={confirming === 'delete'}
      />
      {picking && (
        <Suspense fallback={null}>
          <PeoplePicker
            opened
            mode="single"
            workspaceId={sharedWorkspace(selection.items)}
            allowExternals={false}
            onClose={() => setPicking(false)}
            onDone={(people) => void runReassign(people)}
          />
        </Suspense>
      )}
      {result && (
        <BulkResultModal
          title={t(`schedules.bulk.result_title.${result.action}`)}
          done={t('schedules.bulk.done', { count: result.done })}
          lines={result.lines.map((line) => ({
            key: line.reasonKey,
            text: t('schedules.bulk.not_done', { count: line.count, reason: t(line.reasonKey) }),
            detail: line.titles.join(', '),
          }))}
          closeLabel={t('schedules.close')}
          onClose={() => setResult(null)}
          testId="schedule-bulk-result"
        />
      )}
    </>
  );
}
