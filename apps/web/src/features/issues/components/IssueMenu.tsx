import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Menu,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconArchive,
  IconArchiveOff,
  IconCheck,
  IconCopy,
  IconDots,
  IconFileTypePdf,
  IconHandGrab,
  IconTrash,
  IconUserShare,
} from '@tabler/icons-react';
import {
  defaultDuplicateTitle,
  duplicateOptionsAvailable,
  type Issue,
  validateDuplicateTitle,
} from '@workbench/domain';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useErrorText } from '../../../ui/feedback/use-error-text';
import { useNotify } from '../../../ui/feedback/use-notify';
import { OdooMenuItem } from '../../integrations/OdooMenuItem';
import { type MenuItemKey, reassignOutcome, visibleMenuItems } from '../action-flow';
import { issuePaths } from '../issue-helpers';
import { useIssueActions, useWorkspacePeople } from '../issues-api';
import { WorkspaceSelect } from './WorkspaceSelect';

type Simple = 'takeover' | 'quickComplete' | 'archive' | 'unarchive' | 'remove';

// The PDF export dialog (features/issue-report), loaded when first opened.
const IssueReportDialog = lazy(() => import('../../issue-report/components/IssueReportDialog'));

/** The issue action menu (000 §2): each item only when the issue's menu flags allow it, each with a confirm modal. */
export function IssueMenu({ issue }: { issue: Issue }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const actions = useIssueActions(issue.id);
  const [dialog, setDialog] = useState<'duplicate' | 'reassign' | 'export_pdf' | null>(null);

  const run = async (kind: Simple) => {
    try {
      if (kind === 'quickComplete') {
        const answer = await actions.quickComplete.mutateAsync(undefined);
        const refused = answer.not_completed.find((n) => n.id === issue.id);
        if (refused) return notify.fail(refused.error);
        return notify.ok('issues.menu.quick_complete_done');
      }
      await actions[kind].mutateAsync(undefined);
      notify.ok(`issues.menu.${kind}_done`);
      if (kind === 'remove')
        navigate(issue.parent_id ? issuePaths.detail(issue.parent_id) : '/dashboard/issues');
    } catch (err) {
      notify.fail(err);
    }
  };

  const confirm = (kind: Simple) =>
    modals.openConfirmModal({
      title: t(`issues.menu.${kind}`),
      centered: true,
      children: <Text size="sm">{t(`issues.menu.${kind}_confirm`)}</Text>,
      labels: { confirm: t(`issues.menu.${kind}`), cancel: t('issues.cancel') },
      confirmProps: { color: kind === 'remove' ? 'red' : undefined },
      onConfirm: () => void run(kind),
    });

  const handlers: Record<MenuItemKey, { icon: typeof IconCopy; onClick?: () => void }> = {
    reassign: { icon: IconUserShare, onClick: () => setDialog('reassign') },
    duplicate: { icon: IconCopy, onClick: () => setDialog('duplicate') },
    export_pdf: { icon: IconFileTypePdf, onClick: () => setDialog('export_pdf') },
    takeover: { icon: IconHandGrab, onClick: () => confirm('takeover') },
    quickComplete: { icon: IconCheck, onClick: () => confirm('quickComplete') },
    archive: { icon: IconArchive, onClick: () => confirm('archive') },
    unarchive: { icon: IconArchiveOff, onClick: () => confirm('unarchive') },
    remove: { icon: IconTrash, onClick: () => confirm('remove') },
  };
  const items = visibleMenuItems(issue.permissions).map((key) => ({
    key,
    ...handlers[key],
    disabled: false,
    color: key === 'remove' ? 'red' : undefined,
  }));
  if (!items.length) return null;
  return (
    <>
      <Menu position="bottom-end" withinPortal closeOnEscape>
        <Menu.Target>
          <ActionIcon variant="default" size="lg" aria-label={t('issues.menu.open')}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {items.map((item) => (
            <Menu.Item
              key={item.key}
              leftSection={<item.icon size={16} />}
              onClick={item.onClick}
              disabled={item.disabled}
              color={item.color}
            >
              {t(`issues.menu.${item.key}`)}
              {item.disabled && (
                <Text span size="xs" c="dimmed" ml={6}>
                  ({t('issues.menu.later')})
                </Text>
              )}
            </Menu.Item>
          ))}
          <OdooMenuItem issue={issue} />
        </Menu.Dropdown>
      </Menu>
      {dialog === 'duplicate' && <DuplicateModal issue={issue} onClose={() => setDialog(null)} />}
      {dialog === 'reassign' && <ReassignModal issue={issue} onClose={() => setDialog(null)} />}
      {dialog === 'export_pdf' && (
        <Suspense fallback={null}>
          <IssueReportDialog issue={issue} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </>
  );
}

/** Duplicate (000 §3 Duplicate payload, §4 "Duplicate", §5 "Duplicate issue"). */
function DuplicateModal({ issue, onClose }: { issue: Issue; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const errorText = useErrorText();
  const { duplicate } = useIssueActions(issue.id);
  const [title, setTitle] = useState(defaultDuplicateTitle(issue.title));
  const [toSubtask, setToSubtask] = useState(false);
  const [workspaceId, setWorkspaceId] = useState<number | null>(issue.workspace_id);
  const [copyUsers, setCopyUsers] = useState(false);
  const [copyComments, setCopyComments] = useState(false);
  const [copyLinks, setCopyLinks] = useState(false);
  const [titleError, setTitleError] = useState<string | null>(null);
  // A sub-issue copy lives in the parent's workspace; else the chosen one decides who can be assigned.
  const target = toSubtask ? issue.workspace_id : workspaceId;
  const people = useWorkspacePeople(target);
  const available = useMemo(
    () =>
      duplicateOptionsAvailable(
        {
          parent_id: issue.parent_id,
          has_comments: issue.number_of_comments > 0,
          assignee_id: issue.assignee_id,
        },
        {
          assignee_is_public: issue.assignee?.is_public_user ?? false,
          available_assignees_ids:
            target === issue.workspace_id
              ? issue.workspace.available_assignees_ids
              : (people.data?.map((u) => u.id) ?? []),
        },
      ),
    [issue, target, people.data],
  );
  useEffect(() => {
    if (!available.copy_involved_users) setCopyUsers(false);
  }, [available.copy_involved_users]);

  const submit = async () => {
    const problem = validateDuplicateTitle(title);
    setTitleError(problem);
    if (problem) return;
    try {
      const answer = await duplicate.mutateAsync({
        title: title.trim(),
        duplicate_to_subtask: toSubtask,
        workspace_id: toSubtask ? null : workspaceId,
        copy_involved_users: copyUsers,
        copy_comments: copyComments,
        copy_links: copyLinks,
      });
      const refused = answer.not_completed[0];
      if (refused) return notify.fail(refused.error);
      const copy = answer.completed[0];
      if (answer.not_assigned.length) notify.warn(t('issues.duplicate.not_assigned'));
      else notify.ok('issues.duplicate.done');
      onClose();
      if (copy)
        navigate(toSubtask ? issuePaths.detail(issue.id, copy.new_id) : issuePaths.detail(copy.new_id));
    } catch (err) {
      notify.fail(err);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('issues.duplicate.title')} centered>
      <Stack>
        <TextInput
          label={t('issues.fields.title')}
          withAsterisk
          value={title}
          maxLength={255}
          onChange={(e) => {
            setTitle(e.currentTarget.value);
            setTitleError(null);
          }}
          error={titleError ? errorText(titleError) : undefined}
          data-autofocus
        />
        {available.duplicate_to_subtask && (
          <Checkbox
            label={t('issues.duplicate.to_subtask')}
            checked={toSubtask}
            onChange={(e) => setToSubtask(e.currentTarget.checked)}
          />
        )}
        <WorkspaceSelect
          label={t('issues.fields.workspace')}
          value={toSubtask ? null : workspaceId}
          onChange={setWorkspaceId}
          disabled={toSubtask}
          placeholder={toSubtask ? t('issues.duplicate.parent_workspace') : t('issues.workspace_placeholder')}
          allowDeselect={false}
        />
        <Checkbox
          label={t('issues.duplicate.copy_involved_users')}
          description={available.copy_involved_users ? undefined : t('issues.duplicate.assignee_unavailable')}
          checked={copyUsers}
          disabled={!available.copy_involved_users}
          onChange={(e) => setCopyUsers(e.currentTarget.checked)}
        />
        {available.copy_comments && (
          <Checkbox
            label={t('issues.duplicate.copy_comments')}
            checked={copyComments}
            onChange={(e) => setCopyComments(e.currentTarget.checked)}
          />
        )}
        <Checkbox
          label={t('issues.duplicate.copy_links')}
          checked={copyLinks}
          onChange={(e) => setCopyLinks(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('issues.cancel')}
          </Button>
          <Button
            onClick={submit}
            loading={duplicate.isPending}
            disabled={!toSubtask && workspaceId === null}
          >
            {t('issues.menu.duplicate')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Reassign (POST issue/multiple/reassign) with the partial-success warning of 000 §8. */
function ReassignModal({ issue, onClose }: { issue: Issue; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { reassign } = useIssueActions(issue.id);
  const people = useWorkspacePeople(issue.workspace_id);
  const [userId, setUserId] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const options = (people.data ?? [])
    .filter((u) => u.id !== issue.assignee_id)
    .map((u) => ({
      value: String(u.id),
      label: u.company ? `${u.full_name} (${u.company.name})` : u.full_name,
    }));

  const submit = async () => {
    if (!userId) return;
    try {
      const answer = await reassign.mutateAsync(Number(userId));
      const outcome = reassignOutcome(issue.id, answer);
      if (outcome === 'done') {
        notify.ok('issues.reassign.done');
        onClose();
      } else setWarning(t(`issues.reassign.${outcome}`));
    } catch (err) {
      notify.fail(err);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('issues.reassign.title')} centered>
      <Stack>
        {warning && (
          <Alert color="yellow" role="alert" title={t('issues.reassign.partial')}>
            {warning}
          </Alert>
        )}
        <Select
          label={t('issues.reassign.person')}
          placeholder={t('issues.assignee_placeholder')}
          data={options}
          value={userId}
          onChange={(v) => {
            setUserId(v);
            setWarning(null);
          }}
          searchable
          nothingFoundMessage={t('issues.no_results')}
          disabled={people.isPending}
          comboboxProps={{ withinPortal: true }}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('issues.cancel')}
          </Button>
          <Button onClick={submit} loading={reassign.isPending} disabled={!userId}>
            {t('issues.menu.reassign')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
