import { Button, Checkbox, Group, Paper, ScrollArea, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  IconArchive,
  IconCheck,
  IconCopy,
  IconTrash,
  IconUserShare,
  type TablerIcon,
} from '@tabler/icons-react';
import { defaultDuplicateTitle, readIssueListQuery, validateDuplicateTitle } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { BulkConfirmModal, BulkResultModal } from '../../../ui/bulk/BulkModals';
import { BulkSelectionBar } from '../../../ui/bulk/BulkSelectionBar';
import { useErrorText } from '../../../ui/feedback/use-error-text';
import { useNotify } from '../../../ui/feedback/use-notify';
import { WorkspaceSelect } from '../../issues/components/WorkspaceSelect';
import { useAssigneeFilterChoices } from '../../issues/issue-list-api';
import { useBulkIssueCalls } from '../bulk-api';
import {
  archiveSummary,
  type BulkAction,
  type BulkSummary,
  deleteSummary,
  duplicateSummary,
  quickCompleteSummary,
  reassignSummary,
  viewAllPath,
} from '../bulk-summary';
import type { IssueSelection } from '../use-issue-selection';

/** The bar's buttons, in their order. */
const actionButtons: Array<[BulkAction, TablerIcon]> = [
  ['quick_complete', IconCheck],
  ['reassign', IconUserShare],
  ['duplicate', IconCopy],
  ['archive', IconArchive],
  ['delete', IconTrash],
];

/**
 * The bulk bar under the filters while issues are selected: count, clear, and the bulk actions
 * (000 §2, §4), each behind a confirm modal; the answer shows as a toast (all went through) or as
 * a warning modal with the counts per reason and 'view all' (000 §8).
 */
export function IssueBulkBar({ selection }: { selection: IssueSelection }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const calls = useBulkIssueCalls();
  const [action, setAction] = useState<BulkAction | null>(null);
  const [result, setResult] = useState<BulkSummary | null>(null);
  const exists = (key: string) => i18n.exists(key);
  const [searchParams, setSearchParams] = useSearchParams();
  const shownIds = readIssueListQuery(searchParams).ids;

  if (selection.count === 0 && !result && !shownIds.length) return null;

  const ids = selection.items.map((i) => i.id);
  const workspaceOf = new Map(selection.items.map((i) => [i.id, i.workspace.id]));

  const finish = (summary: BulkSummary) => {
    setAction(null);
    if (summary.complete) {
      notify.ok(`issue-bulk.success.${summary.action}`, { count: summary.done });
      selection.clear();
    } else {
      setResult(summary);
    }
  };
  const run = async (work: () => Promise<BulkSummary>) => {
    try {
      finish(await work());
    } catch (err) {
      notify.fail(err);
    }
  };

  const pending =
    calls.quickComplete.isPending ||
    calls.archive.isPending ||
    calls.remove.isPending ||
    calls.reassign.isPending ||
    calls.duplicate.isPending;

  return (
    <>
      {shownIds.length > 0 && (
        <Paper withBorder radius="md" p="xs" data-testid="issue-bulk-ids-note">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm">{t('issue-bulk.ids_note', { count: shownIds.length })}</Text>
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => {
                const next = new URLSearchParams(searchParams);
                next.delete('ids');
                next.delete('page');
                setSearchParams(next);
              }}
            >
              {t('issue-bulk.ids_clear')}
            </Button>
          </Group>
        </Paper>
      )}
      <BulkSelectionBar
        count={selection.count}
        countLabel={t('issue-bulk.selected', { count: selection.count })}
        clearLabel={t('issue-bulk.clear')}
        onClear={selection.clear}
        testId="issue-bulk-bar"
        countTestId="issue-bulk-count"
        actions={actionButtons.map(([key, icon]) => ({
          key,
          label: t(`issue-bulk.actions.${key}`),
          icon,
          onClick: () => setAction(key),
          danger: key === 'delete',
        }))}
      />

      {(action === 'quick_complete' || action === 'archive' || action === 'delete') && (
        <ConfirmModal
          action={action}
          count={selection.count}
          pending={pending}
          onClose={() => setAction(null)}
          onConfirm={() =>
            run(async () => {
              if (action === 'quick_complete') {
                return quickCompleteSummary(await calls.quickComplete.mutateAsync(ids), exists);
              }
              if (action === 'archive') return archiveSummary(await calls.archive.mutateAsync(ids), exists);
              return deleteSummary(await calls.remove.mutateAsync(ids), exists);
            })
          }
        />
      )}
      {action === 'reassign' && (
        <ReassignModal
          count={selection.count}
          pending={pending}
          onClose={() => setAction(null)}
          onConfirm={(userId) =>
            run(async () =>
              reassignSummary(await calls.reassign.mutateAsync({ issue_ids: ids, user_id: userId }), (id) =>
                workspaceOf.get(id),
              ),
            )
          }
        />
      )}
      {action === 'duplicate' && (
        <DuplicateModal
          issues={selection.items}
          pending={pending}
          onClose={() => setAction(null)}
          onConfirm={(body) =>
            run(async () => duplicateSummary(await calls.duplicate.mutateAsync(body), exists))
          }
        />
      )}
      {result && (
        <ResultModal
          summary={result}
          onClose={() => setResult(null)}
          onViewAll={() => {
            const path = viewAllPath(result.viewIds);
            setResult(null);
            selection.clear();
            navigate(path);
          }}
        />
      )}
    </>
  );
}

function ConfirmModal({
  action,
  count,
  pending,
  onClose,
  onConfirm,
}: {
  action: 'quick_complete' | 'archive' | 'delete';
  count: number;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <BulkConfirmModal
      title={t(`issue-bulk.confirm.${action}.title`)}
      text={t(`issue-bulk.confirm.${action}.text`, { count })}
      pending={pending}
      onClose={onClose}
      onConfirm={onConfirm}
      confirmLabel={t(`issue-bulk.actions.${action}`)}
      cancelLabel={t('issue-bulk.cancel')}
      confirmTestId="issue-bulk-confirm"
      danger={action === 'delete'}
    />
  );
}

function ReassignModal({
  count,
  pending,
  onClose,
  onConfirm,
}: {
  count: number;
  pending: boolean;
  onClose: () => void;
  onConfirm: (userId: number) => void;
}) {
  const { t } = useTranslation();
  const people = useAssigneeFilterChoices();
  const [userId, setUserId] = useState<string | null>(null);
  return (
    <BulkConfirmModal
      title={t('issue-bulk.confirm.reassign.title')}
      text={t('issue-bulk.confirm.reassign.text', { count })}
      pending={pending}
      onClose={onClose}
      onConfirm={() => userId && onConfirm(Number(userId))}
      confirmLabel={t('issue-bulk.actions.reassign')}
      cancelLabel={t('issue-bulk.cancel')}
      confirmTestId="issue-bulk-confirm"
      disabled={!userId}
    >
      <Select
        label={t('issue-bulk.person')}
        placeholder={t('issue-bulk.person_placeholder')}
        data={(people.data ?? []).map((p) => ({ value: String(p.id), label: p.full_name || p.email }))}
        value={userId}
        onChange={setUserId}
        searchable
        nothingFoundMessage={t('issue-bulk.nothing_found')}
        disabled={people.isPending}
        error={people.isError ? t('errors.general_error') : undefined}
        comboboxProps={{ withinPortal: true }}
        data-testid="issue-bulk-person"
      />
    </BulkConfirmModal>
  );
}

type DuplicateBody = {
  update_titles: boolean;
  workspace_id: number;
  copy_involved_users: boolean;
  copy_comments: boolean;
  issues: Array<{ id: number; title?: string }>;
};

function DuplicateModal({
  issues,
  pending,
  onClose,
  onConfirm,
}: {
  issues: IssueSelection['items'];
  pending: boolean;
  onClose: () => void;
  onConfirm: (body: DuplicateBody) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [workspaceId, setWorkspaceId] = useState<number | null>(null);
  const [updateTitles, setUpdateTitles] = useState(false);
  const [copyUsers, setCopyUsers] = useState(false);
  const [copyComments, setCopyComments] = useState(false);
  const [titles, setTitles] = useState<Record<number, string>>(() =>
    Object.fromEntries(issues.map((i) => [i.id, defaultDuplicateTitle(i.title)])),
  );
  const [tried, setTried] = useState(false);
  const titleError = (id: number) => (updateTitles ? validateDuplicateTitle(titles[id] ?? '') : null);
  const valid = workspaceId !== null && issues.every((i) => titleError(i.id) === null);

  const submit = () => {
    setTried(true);
    if (!valid || workspaceId === null) return;
    onConfirm({
      update_titles: updateTitles,
      workspace_id: workspaceId,
      copy_involved_users: copyUsers,
      copy_comments: copyComments,
      issues: issues.map((i) => (updateTitles ? { id: i.id, title: titles[i.id] ?? '' } : { id: i.id })),
    });
  };

  return (
    <BulkConfirmModal
      title={t('issue-bulk.confirm.duplicate.title')}
      text={t('issue-bulk.confirm.duplicate.text', { count: issues.length })}
      size="lg"
      pending={pending}
      onClose={onClose}
      onConfirm={submit}
      confirmLabel={t('issue-bulk.actions.duplicate')}
      cancelLabel={t('issue-bulk.cancel')}
      confirmTestId="issue-bulk-confirm"
      disabled={tried && !valid}
    >
      <WorkspaceSelect
        label={t('issue-bulk.workspace')}
        placeholder={t('issue-bulk.workspace_placeholder')}
        value={workspaceId}
        onChange={setWorkspaceId}
        required
        error={tried && workspaceId === null ? t('issue-bulk.workspace_required') : undefined}
        data-testid="issue-bulk-workspace"
      />
      <Checkbox
        label={t('issue-bulk.update_titles')}
        checked={updateTitles}
        onChange={(e) => setUpdateTitles(e.currentTarget.checked)}
      />
      {updateTitles && (
        <ScrollArea.Autosize mah={240} offsetScrollbars>
          <Stack gap={6}>
            {issues.map((issue) => {
              const error = titleError(issue.id);
              return (
                <TextInput
                  key={issue.id}
                  aria-label={t('issue-bulk.new_title_of', { title: issue.title })}
                  value={titles[issue.id] ?? ''}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    setTitles((current) => ({ ...current, [issue.id]: value }));
                  }}
                  error={error ? errorText(error) : undefined}
                />
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
      )}
      <Checkbox
        label={t('issue-bulk.copy_involved_users')}
        checked={copyUsers}
        onChange={(e) => setCopyUsers(e.currentTarget.checked)}
      />
      <Checkbox
        label={t('issue-bulk.copy_comments')}
        checked={copyComments}
        onChange={(e) => setCopyComments(e.currentTarget.checked)}
      />
    </BulkConfirmModal>
  );
}

function ResultModal({
  summary,
  onClose,
  onViewAll,
}: {
  summary: BulkSummary;
  onClose: () => void;
  onViewAll: () => void;
}) {
  const { t } = useTranslation();
  return (
    <BulkResultModal
      title={t(`issue-bulk.result.title.${summary.action}`)}
      // A duplicate's lines say themselves what was made.
      done={
        summary.action !== 'duplicate'
          ? t(`issue-bulk.result.done.${summary.action}`, { count: summary.done })
          : undefined
      }
      lines={summary.lines.map((line) => ({
        key: `${line.key}:${line.reasonKey ?? ''}`,
        text: t(line.key, { count: line.count, reason: line.reasonKey ? t(line.reasonKey) : '' }),
      }))}
      closeLabel={t('issue-bulk.close')}
      onClose={onClose}
      testId="issue-bulk-result"
    >
      {summary.viewIds.length > 0 && (
        <Button onClick={onViewAll} data-testid="issue-bulk-view-all">
          {t('issue-bulk.view_all')}
        </Button>
      )}
    </BulkResultModal>
  );
}
