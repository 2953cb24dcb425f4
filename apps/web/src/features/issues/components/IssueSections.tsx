import {
  ActionIcon,
  Anchor,
  Avatar,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Loader,
  Modal,
  MultiSelect,
  NumberInput,
  Pagination,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  IconExternalLink,
  IconPaperclip,
  IconPlayerPlay,
  IconPlayerStop,
  IconPlus,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { ISSUE_COMMENT_MAX, type Issue } from '@workbench/domain';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TextareaWithTemplates } from '../../../ui/text-templates/TextareaWithTemplates';
import { postCommentWithFiles, UploadError } from '../../attachments/attachments-api';
import { AttachmentLink } from '../../attachments/components/AttachmentLink';
import { useUploadFlow } from '../../attachments/components/UploadOutcome';
import {
  elapsedSeconds,
  formatClock,
  formatDateTime,
  formatDuration,
  issuePaths,
  normalizeUrl,
  statusColor,
  toSeconds,
} from '../issue-helpers';
import {
  useActivity,
  useComments,
  useInvalidateIssues,
  useIssueActions,
  useTimer,
  useWorkspacePeople,
  useWorktimeLogs,
} from '../issues-api';
import { useNotify } from '../use-notify';

export function Section({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h5">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Card>
  );
}

const statusName = (t: (k: string) => string, id: number) => t(`issues.status.${id}`);

/** Sub-issues with the open count and 'add sub-issue' (only for top-level issues). */
export function SubIssues({ issue }: { issue: Issue }) {
  const { t } = useTranslation();
  const canAdd = issue.permissions.can_create_subissue && issue.parent_id === null && !issue.archived;
  return (
    <Section
      title={t('issues.subissues.title', { open: issue.open_subtasks_count, total: issue.children.length })}
      action={
        canAdd && (
          <Button
            component={Link}
            to={issuePaths.add({ parentId: issue.id })}
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
          >
            {t('issues.subissues.add')}
          </Button>
        )
      }
    >
      {issue.children.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('issues.subissues.empty')}
        </Text>
      ) : (
        <Stack gap={6}>
          {issue.children.map((child) => (
            <Group key={child.id} justify="space-between" wrap="nowrap">
              <Anchor component={Link} to={issuePaths.detail(issue.id, child.id)} size="sm" lineClamp={1}>
                {child.title}
              </Anchor>
              <Badge color={statusColor(child.status_id)} variant="light" style={{ flexShrink: 0 }}>
                {statusName(t, child.status_id)}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </Section>
  );
}

/** Watchers, editable through the people who can work in the workspace (PUT issue/{id}/watchers). */
export function Watchers({ issue }: { issue: Issue }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState<string[]>([]);
  const people = useWorkspacePeople(editing ? issue.workspace_id : null);
  const { watchers } = useIssueActions(issue.id);
  const open = () => {
    setValue(issue.watchers.map((w) => String(w.id)));
    setEditing(true);
  };
  const save = async () => {
    try {
      await watchers.mutateAsync(value.map(Number));
      notify.ok('issues.watchers.saved');
      setEditing(false);
    } catch (err) {
      notify.fail(err);
    }
  };
  const options = [
    ...(people.data ?? []).map((p) => ({ value: String(p.id), label: p.full_name })),
    // Watchers who no longer work there stay choosable (to be removed).
    ...issue.watchers
      .filter((w) => !people.data?.some((p) => p.id === w.id))
      .map((w) => ({ value: String(w.id), label: w.full_name })),
  ];
  return (
    <Section
      title={t('issues.watchers.title')}
      action={
        issue.permissions.can_edit && (
          <Button size="xs" variant="subtle" onClick={open}>
            {t('issues.edit')}
          </Button>
        )
      }
    >
      {issue.watchers.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('issues.watchers.empty')}
        </Text>
      ) : (
        <Group gap="xs">
          {issue.watchers.map((w) => (
            <Group key={w.id} gap={6} wrap="nowrap">
              <Avatar src={w.profile_image} size="sm" radius="xl" name={w.full_name} />
              <Text size="sm">{w.full_name}</Text>
            </Group>
          ))}
        </Group>
      )}
      <Modal opened={editing} onClose={() => setEditing(false)} title={t('issues.watchers.edit')} centered>
        <Stack>
          <MultiSelect
            label={t('issues.watchers.title')}
            data={options}
            value={value}
            onChange={setValue}
            searchable
            clearable
            disabled={people.isPending}
            nothingFoundMessage={t('issues.no_results')}
            comboboxProps={{ withinPortal: true }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEditing(false)}>
              {t('issues.cancel')}
            </Button>
            <Button onClick={save} loading={watchers.isPending}>
              {t('issues.save')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Section>
  );
}

/** Links (add / remove when the issue may be edited). */
export function Links({ issue }: { issue: Issue }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { addLink, removeLink } = useIssueActions(issue.id);
  const [url, setUrl] = useState('');
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const canEdit = issue.permissions.can_edit;
  const add = async () => {
    if (!url.trim()) return setError(t('errors.required'));
    try {
      await addLink.mutateAsync({ url: normalizeUrl(url), title: title.trim() || null });
      setUrl('');
      setTitle('');
      notify.ok('issues.links.added');
    } catch (err) {
      const fields = (err as { fields?: Record<string, string> }).fields;
      if (fields?.url) setError(t(`errors.${fields.url}`));
      else notify.fail(err);
    }
  };
  const remove = async (linkId: number) => {
    try {
      await removeLink.mutateAsync(linkId);
      notify.ok('issues.links.removed');
    } catch (err) {
      notify.fail(err);
    }
  };
  return (
    <Section title={t('issues.links.title')}>
      <Stack gap="xs">
        {issue.links.length === 0 && (
          <Text c="dimmed" size="sm">
            {t('issues.links.empty')}
          </Text>
        )}
        {issue.links.map((link) => (
          <Group key={link.id} justify="space-between" wrap="nowrap">
            <Anchor href={link.url} target="_blank" rel="noopener noreferrer" size="sm" lineClamp={1}>
              <IconExternalLink size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} />
              {link.title || link.url}
            </Anchor>
            {canEdit && (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('issues.links.remove')}
                onClick={() => remove(link.id)}
                loading={removeLink.isPending && removeLink.variables === link.id}
              >
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
        ))}
        {canEdit && (
          <Stack
            gap={6}
            component="form"
            onSubmit={(e) => {
              e.preventDefault();
              void add();
            }}
          >
            <TextInput
              size="xs"
              placeholder="https://…"
              aria-label={t('issues.links.url')}
              value={url}
              onChange={(e) => {
                setUrl(e.currentTarget.value);
                setError(null);
              }}
              error={error}
            />
            <Group gap={6} wrap="nowrap">
              <TextInput
                size="xs"
                style={{ flex: 1 }}
                placeholder={t('issues.links.link_title')}
                aria-label={t('issues.links.link_title')}
                value={title}
                maxLength={255}
                onChange={(e) => setTitle(e.currentTarget.value)}
              />
              <Button size="xs" type="submit" loading={addLink.isPending}>
                {t('issues.links.add')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Section>
  );
}

/** Comments: the list (oldest first, paged) and a new one (trimmed, not empty; allowed on archived issues). */
export function Comments({ issue }: { issue: Issue }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const [page, setPage] = useState(1);
  const comments = useComments(issue.id, page);
  const { comment } = useIssueActions(issue.id);
  const invalidate = useInvalidateIssues();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Files go with the comment, after the same checks as the gallery's (type, size, rescaling).
  const [files, setFiles] = useState<File[]>([]);
  const [sendingFiles, setSendingFiles] = useState(false);
  const upload = useUploadFlow({
    existingBytes: files.reduce((sum, f) => sum + f.size, 0),
    onAccepted: (accepted) => setFiles((all) => [...all, ...accepted.map((a) => a.file)]),
  });
  const send = async () => {
    if (!text.trim()) return setError(t('errors.required'));
    try {
      if (files.length) {
        setSendingFiles(true);
        await postCommentWithFiles(issue.id, text.trim(), files).finally(() => setSendingFiles(false));
        await invalidate();
        setFiles([]);
      } else {
        await comment.mutateAsync(text.trim());
      }
      setText('');
      notify.ok('issues.comments.added');
      if (comments.data) setPage(Math.max(1, Math.ceil((comments.data.total + 1) / comments.data.per_page)));
    } catch (err) {
      // The server reads the content: a file it refuses is listed like the browser's refusals.
      if (err instanceof UploadError && err.files.length)
        upload.showRefused(err.files.map((f) => ({ name: f.name, reason: f.key })));
      else notify.fail(err);
    }
  };
  return (
    <Section title={t('issues.comments.title', { count: issue.number_of_comments })}>
      <Stack gap="sm">
        {comments.isPending && <Loader size="sm" />}
        {comments.isError && (
          <Group gap="xs">
            <Text size="sm" c="red">
              {t('errors.general_error')}
            </Text>
            <Button size="xs" variant="subtle" onClick={() => comments.refetch()}>
              {t('common.retry')}
            </Button>
          </Group>
        )}
        {comments.data?.data.length === 0 && (
          <Text c="dimmed" size="sm">
            {t('issues.comments.empty')}
          </Text>
        )}
        {comments.data?.data.map((c) => (
          <Group key={c.id} align="flex-start" wrap="nowrap" gap="sm">
            <Avatar src={c.user?.profile_image} radius="xl" size="md" name={c.user?.full_name} />
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap={8}>
                <Text size="sm" fw={600}>
                  {c.user?.full_name ?? t('issues.someone')}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(c.created_at, i18n.language)}
                </Text>
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {c.comment}
              </Text>
              {!!c.attachments?.length && (
                <Group gap={6} mt={2} data-testid="comment-files">
                  {c.attachments.map((a) => (
                    <AttachmentLink key={a.id} file={a} thumbnail={{ w: 64, h: 48 }} />
                  ))}
                </Group>
              )}
            </Stack>
          </Group>
        ))}
        {comments.data && comments.data.last_page > 1 && (
          <Pagination size="sm" total={comments.data.last_page} value={page} onChange={setPage} />
        )}
        {issue.permissions.can_comment && (
          <Stack
            gap={6}
            component="form"
            onSubmit={(e) => {
              e.preventDefault();
              void send();
            }}
          >
            <TextareaWithTemplates
              aria-label={t('issues.comments.new')}
              placeholder={t('issues.comments.placeholder')}
              autosize
              minRows={2}
              maxLength={ISSUE_COMMENT_MAX}
              value={text}
              onChange={(value) => {
                setText(value);
                setError(null);
              }}
              error={error}
            />
            {files.length > 0 && (
              <Group gap={6} aria-label={t('issues.comments.files')}>
                {files.map((file, index) => (
                  <Badge
                    // biome-ignore lint/suspicious/noArrayIndexKey: two chosen files may share a name
                    key={`${file.name}:${index}`}
                    variant="light"
                    color="gray"
                    tt="none"
                    rightSection={
                      <ActionIcon
                        size="xs"
                        variant="transparent"
                        color="gray"
                        aria-label={t('issues.comments.remove_file', { name: file.name })}
                        onClick={() => setFiles((all) => all.filter((_, i) => i !== index))}
                      >
                        <IconX size={12} />
                      </ActionIcon>
                    }
                  >
                    {file.name}
                  </Badge>
                ))}
              </Group>
            )}
            <Group justify="space-between">
              <FileButton onChange={(chosen) => void upload.handleFiles(chosen)} multiple>
                {(props) => (
                  <Button
                    {...props}
                    size="xs"
                    variant="subtle"
                    leftSection={<IconPaperclip size={14} />}
                    loading={upload.checking}
                  >
                    {t('issues.comments.attach')}
                  </Button>
                )}
              </FileButton>
              <Button type="submit" size="xs" loading={comment.isPending || sendingFiles}>
                {t('issues.comments.send')}
              </Button>
            </Group>
            {upload.modal}
          </Stack>
        )}
      </Stack>
    </Section>
  );
}

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
    if (seconds <= 0) return notify.failKey('worktime_required');
    try {
      await actions.addWorktime.mutateAsync({ seconds, note: note.trim() || null });
      notify.ok('issues.worktime.added');
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
          <Group grow>
            <NumberInput
              label={t('issues.worktime.hours')}
              min={0}
              max={24}
              allowDecimal={false}
              value={hours}
              onChange={setHours}
            />
            <NumberInput
              label={t('issues.worktime.minutes')}
              min={0}
              max={59}
              allowDecimal={false}
              value={minutes}
              onChange={setMinutes}
            />
          </Group>
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

/** The activity log (newest first, paged). */
export function Activity({ issue }: { issue: Issue }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const activity = useActivity(issue.id, page);
  return (
    <Section title={t('issues.activity.title')}>
      {activity.isPending && <Loader size="sm" />}
      {activity.isError && (
        <Group gap="xs">
          <Text size="sm" c="red">
            {t('errors.general_error')}
          </Text>
          <Button size="xs" variant="subtle" onClick={() => activity.refetch()}>
            {t('common.retry')}
          </Button>
        </Group>
      )}
      {activity.data?.data.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('issues.activity.empty')}
        </Text>
      )}
      <Stack gap={6}>
        {activity.data?.data.map((entry) => (
          <Group key={entry.id} justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm">
              <Text span fw={600}>
                {entry.user?.full_name ?? t('issues.someone')}
              </Text>{' '}
              {t(`issues.activity.actions.${entry.action}`, {
                defaultValue: entry.action.replace(/_/g, ' '),
              })}
              {statusChange(entry.changes, t)}
            </Text>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {formatDateTime(entry.created_at, i18n.language)}
            </Text>
          </Group>
        ))}
      </Stack>
      {activity.data && activity.data.last_page > 1 && (
        <Pagination mt="sm" size="sm" total={activity.data.last_page} value={page} onChange={setPage} />
      )}
    </Section>
  );
}

/** ': In progress → In review' when the entry changed the status. */
function statusChange(changes: Record<string, unknown>, t: (k: string) => string): string {
  const change = changes.status_id;
  if (!Array.isArray(change) || change.length !== 2) return '';
  const [from, to] = change;
  if (typeof from !== 'number' || typeof to !== 'number') return '';
  return `: ${statusName(t, from)} → ${statusName(t, to)}`;
}
