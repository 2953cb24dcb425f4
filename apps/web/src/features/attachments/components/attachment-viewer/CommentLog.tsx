import { Anchor, Avatar, Box, Button, Group, Loader, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import { ATTACHMENT_COMMENT_LOG_MAX_HEIGHT_PX, ATTACHMENT_COMMENT_MAX } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../../ui/feedback/use-notify';
import { formatDateTime } from '../../../issues/issue-helpers';
import { personName } from '../../attachment-model';
import { useAddAttachmentComment, useAttachmentComments } from '../../attachments-api';

/** The comments on one attachment (oldest first, at most 350 px high) and a new one. */
export function CommentLog({ issueId, attachmentId }: { issueId: number; attachmentId: number }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const comments = useAttachmentComments(issueId, attachmentId, true);
  const add = useAddAttachmentComment(issueId, attachmentId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    if (!text.trim()) return setError(t('errors.required'));
    try {
      await add.mutateAsync(text.trim());
      setText('');
    } catch (err) {
      notify.fail(err);
    }
  };
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        {t('attachments.comments')}
      </Text>
      <ScrollArea.Autosize mah={ATTACHMENT_COMMENT_LOG_MAX_HEIGHT_PX} type="auto" offsetScrollbars>
        <Stack gap="sm" data-testid="attachment-comments">
          {comments.isPending && <Loader size="sm" />}
          {comments.isError && (
            <Group gap="xs">
              <Text size="sm" c="red">
                {t('errors.general_error')}
              </Text>
              <Anchor size="sm" component="button" onClick={() => comments.refetch()}>
                {t('attachments.retry')}
              </Anchor>
            </Group>
          )}
          {comments.data?.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('attachments.no_comments')}
            </Text>
          )}
          {comments.data?.map((c) => (
            <Group key={c.id} align="flex-start" wrap="nowrap" gap="xs">
              <Avatar
                src={c.user?.profile_image}
                radius="xl"
                size="sm"
                name={personName(c.user) ?? undefined}
              />
              <Box style={{ minWidth: 0 }}>
                <Group gap={6}>
                  <Text size="xs" fw={600}>
                    {personName(c.user) ?? t('attachments.someone')}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(new Date(c.created_at * 1000).toISOString(), i18n.language)}
                  </Text>
                </Group>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {c.comment}
                </Text>
              </Box>
            </Group>
          ))}
        </Stack>
      </ScrollArea.Autosize>
      <Stack
        gap={6}
        component="form"
        onSubmit={(e) => {
          // The viewer may sit inside the issue form: this submit is the comment's alone.
          e.preventDefault();
          e.stopPropagation();
          void send();
        }}
      >
        <Textarea
          aria-label={t('attachments.new_comment')}
          placeholder={t('attachments.comment_placeholder')}
          autosize
          minRows={2}
          maxLength={ATTACHMENT_COMMENT_MAX}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setError(null);
          }}
          error={error}
        />
        <Group justify="flex-end">
          <Button type="submit" size="xs" loading={add.isPending}>
            {t('attachments.send_comment')}
          </Button>
        </Group>
      </Stack>
    </Stack>
  );
}
