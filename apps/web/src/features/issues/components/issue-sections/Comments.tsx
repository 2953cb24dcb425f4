import {
  ActionIcon,
  Avatar,
  Badge,
  Button,
  FileButton,
  Group,
  Loader,
  Pagination,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { IconPaperclip, IconX } from '@tabler/icons-react';
import { ISSUE_COMMENT_MAX, type Issue } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../api/client';
import { ErrorPanel } from '../../../../ui/feedback/ErrorPanel';
import { useNotify } from '../../../../ui/feedback/use-notify';
import { TextareaWithTemplates } from '../../../../ui/text-templates/TextareaWithTemplates';
import { postCommentWithFiles } from '../../../attachments/attachments-api';
import { AttachmentLink } from '../../../attachments/components/AttachmentLink';
import { useUploadFlow } from '../../../attachments/components/UploadOutcome';
import { savedMessage } from '../../../offline/offline-store';
import {
  CommentAudienceBadge,
  usePublicReporterName,
} from '../../../public-forms/components/CommentAudience';
import { postPublicCommentWithFiles } from '../../../public-forms/public-forms-api';
import { formatDateTime } from '../../issue-helpers';
import { useComments, useInvalidateIssues, useIssueActions } from '../../issues-api';
import { Section } from './Section';

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
  // A publicly reported issue: the reply may be shown to the reporter (off unless chosen).
  const reporterName = usePublicReporterName(issue);
  const [isPublic, setIsPublic] = useState(false);
  const upload = useUploadFlow({
    existingBytes: files.reduce((sum, f) => sum + f.size, 0),
    onAccepted: (accepted) => setFiles((all) => [...all, ...accepted.map((a) => a.file)]),
  });
  const send = async () => {
    if (!text.trim()) return setError(t('errors.required'));
    try {
      if (files.length) {
        setSendingFiles(true);
        const outcome = await (isPublic
          ? postPublicCommentWithFiles(issue.id, text.trim(), files).then((result) => ({
              queued: false as const,
              result,
            }))
          : postCommentWithFiles(issue, text.trim(), files)
        ).finally(() => setSendingFiles(false));
        if (!outcome.queued) await invalidate();
        setFiles([]);
        notify.ok(savedMessage(outcome, 'issues.comments.added'));
      } else {
        const outcome = await comment.mutateAsync(
          isPublic ? { comment: text.trim(), is_public: true } : text.trim(),
        );
        notify.ok(savedMessage(outcome, 'issues.comments.added'));
      }
      setText('');
      setIsPublic(false);
      if (comments.data) setPage(Math.max(1, Math.ceil((comments.data.total + 1) / comments.data.per_page)));
    } catch (err) {
      // The server reads the content: a file it refuses is listed like the browser's refusals.
      if (err instanceof ApiError && err.files.length)
        upload.showRefused(err.files.map((f) => ({ name: f.name, reason: f.key })));
      else notify.fail(err);
    }
  };
  return (
    <Section title={t('issues.comments.title', { count: issue.number_of_comments })}>
      <Stack gap="sm">
        {comments.isPending && <Loader size="sm" />}
        {comments.isError && <ErrorPanel error={comments.error} onRetry={() => comments.refetch()} />}
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
                  {(c.by_reporter && reporterName) || (c.user?.full_name ?? t('issues.someone'))}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(c.created_at, i18n.language)}
                </Text>
                <CommentAudienceBadge comment={c} />
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
            {reporterName !== null && (
              <Switch
                size="sm"
                label={t('public-forms.issue.visible_to_reporter')}
                description={t('public-forms.issue.visible_hint')}
                checked={isPublic}
                onChange={(e) => setIsPublic(e.currentTarget.checked)}
              />
            )}
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
