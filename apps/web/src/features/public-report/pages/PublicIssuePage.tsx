import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconMessageCircle, IconPhoto } from '@tabler/icons-react';
import {
  ISSUE_COMMENT_MAX,
  ISSUE_STATUS,
  issuePriorityName,
  issueStatusName,
  type PublicComment,
  type PublicIssue,
  type PublicPicture,
  type UiLanguage,
} from '@workbench/domain';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../ui/feedback/use-error-text';
import { PublicReportDownload } from '../../issue-report/components/PublicReportDownload';
import { PhotoPicker } from '../components/PhotoPicker';
import { PublicFailure, useIssueLink, usePageLanguage } from '../components/PublicPageParts';
import { PublicReportLayout, PublicReportLoading } from '../components/PublicReportLayout';
import { StatusSteps } from '../components/StatusSteps';
import {
  usePublicAttachmentComments,
  usePublicComment,
  usePublicIssue,
  usePublicStatus,
  usePublicUnsubscribe,
} from '../public-report-api';

const dateTime = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
const dateOnly = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));

/**
 * /public/issue?issueId=&token=: the reporter's follow page (000 §2): the status as steps, the
 * title and dates, the fields the form makes public, the photos (with their comments when
 * shown), the messages (the reporter's own and the staff's public replies, newest last), a
 * message box with photos, confirm or reopen, and the e-mail switch. A wrong link says only that
 * it is not valid. No drag ordering, no document list.
 */
export function PublicIssuePage() {
  const { t } = useTranslation();
  const [language, setLanguage] = usePageLanguage();
  const { id, token } = useIssueLink();
  const issue = usePublicIssue(id, token);
  const valid = id > 0 && token.length > 0;
  if (!valid || issue.isError)
    return (
      <PublicFailure
        error={valid ? issue.error : null}
        language={language}
        onLanguageChange={setLanguage}
        invalidTitle={t('public-report.invalid_link_title')}
        invalidText={t('public-report.invalid_link_text')}
        onRetry={() => void issue.refetch()}
      />
    );
  if (!issue.data) return <PublicReportLoading language={language} label={t('public-report.loading')} />;
  const data = issue.data;
  return (
    <PublicReportLayout
      organisation={data.organisation.name}
      logo={data.organisation.logo}
      color={data.primary_color}
      language={language}
      onLanguageChange={setLanguage}
    >
      <Stack gap="lg" data-testid="public-issue">
        <Stack gap="xs">
          <Title
            order={1}
            fz={{ base: 22, sm: 26 }}
            data-testid="public-issue-title"
            style={{ overflowWrap: 'anywhere' }}
          >
            {data.title}
          </Title>
          <Text size="sm" c="dimmed">
            {data.asset ? `${data.workspace} · ${data.asset}` : data.workspace}
          </Text>
        </Stack>
        <StatusSteps
          statusId={data.status.id}
          statusName={issueStatusName(language, data.status.id as never)}
        />
        <Dates issue={data} language={language} />
        <StatusActions issue={data} id={id} token={token} />
        <Details issue={data} language={language} />
        <Photos issue={data} id={id} token={token} language={language} />
        <Messages issue={data} language={language} />
        {data.allow_comments && <CommentBox id={id} token={token} />}
        {data.has_email && <EmailSwitch issue={data} id={id} token={token} />}
        <PublicReportDownload id={id} token={token} language={language} />
      </Stack>
    </PublicReportLayout>
  );
}

function Dates({ issue, language }: { issue: PublicIssue; language: UiLanguage }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <Text size="sm">{t('public-report.reported_on', { date: dateTime(issue.created_at, language) })}</Text>
      {issue.completed_at ? (
        <Text size="sm">
          {t('public-report.completed_on', { date: dateTime(issue.completed_at, language) })}
        </Text>
      ) : (
        // A change within the first minute is the report itself (its photos, its link).
        Date.parse(issue.updated_at) - Date.parse(issue.created_at) > 60_000 && (
          <Text size="sm" c="dimmed">
            {t('public-report.updated_on', { date: dateTime(issue.updated_at, language) })}
          </Text>
        )
      )}
    </Stack>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** The fields the form makes public (form.public_fields): only those the answer carries. */
function Details({ issue, language }: { issue: PublicIssue; language: UiLanguage }) {
  const { t } = useTranslation();
  const shown = new Set(issue.shown);
  const rows: ReactNode[] = [];
  if (shown.has('description') && issue.description)
    rows.push(
      <Row key="d" label={t('public-report.description')}>
        {issue.description}
      </Row>,
    );
  if (shown.has('category') && issue.category)
    rows.push(
      <Row key="c" label={t('public-report.category')}>
        {issue.category}
      </Row>,
    );
  if (shown.has('priority') && issue.priority_id !== null)
    rows.push(
      <Row key="p" label={t('public-report.priority')}>
        {issuePriorityName(language, issue.priority_id)}
      </Row>,
    );
  if (shown.has('due_date') && issue.due_date)
    rows.push(
      <Row key="due" label={t('public-report.due_date')}>
        {dateOnly(issue.due_date, language)}
      </Row>,
    );
  if (shown.has('assignee') && issue.assignee)
    rows.push(
      <Row key="a" label={t('public-report.assignee')}>
        {issue.assignee}
      </Row>,
    );
  if (!rows.length) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="public-details">
      <Title order={2} fz="md" id="public-details">
        {t('public-report.details')}
      </Title>
      {rows}
    </Stack>
  );
}

/** Pictures as thumbnails that open the full picture; a document shows as its name. */
function PictureGrid({
  pictures,
  label,
}: {
  pictures: PublicPicture[];
  label: (n: number, name: string) => string;
}) {
  return (
    <SimpleGrid cols={{ base: 3, xs: 4 }} spacing="xs">
      {pictures.map((picture, index) => (
        <Anchor
          key={picture.id}
          href={picture.url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={label(index + 1, picture.original_filename)}
        >
          {picture.media_type === 'picture' ? (
            <Image
              src={picture.thumbnail_url ?? picture.thumbnail_1024_url ?? picture.url}
              alt=""
              radius="md"
              h={88}
              fit="cover"
            />
          ) : (
            <Paper withBorder radius="md" h={88} p="xs">
              <Group gap={4} wrap="nowrap">
                <IconPhoto size={16} aria-hidden />
                <Text size="xs" truncate>
                  {picture.original_filename}
                </Text>
              </Group>
            </Paper>
          )}
        </Anchor>
      ))}
    </SimpleGrid>
  );
}

function Photos({
  issue,
  id,
  token,
  language,
}: {
  issue: PublicIssue;
  id: number;
  token: string;
  language: UiLanguage;
}) {
  const { t } = useTranslation();
  const withComments = issue.shown.includes('attachment_comments') && issue.attachments.length > 0;
  const comments = usePublicAttachmentComments(id, token, withComments);
  if (!issue.attachments.length) return null;
  const label = (n: number, name: string) => t('public-report.photo_of', { n, name });
  return (
    <Stack gap="xs" component="section" aria-labelledby="public-photos">
      <Title order={2} fz="md" id="public-photos">
        {t('public-report.photos')}
      </Title>
      <PictureGrid pictures={issue.attachments} label={label} />
      {withComments &&
        issue.attachments.map((picture, index) => {
          const own = (comments.data?.data ?? []).filter((c) => c.attachment_id === picture.id);
          if (!own.length) return null;
          return (
            <Stack key={picture.id} gap={4} data-testid="public-attachment-comments">
              <Text size="xs" fw={600}>
                {t('public-report.photo_comments', { n: index + 1 })}
              </Text>
              {own.map((c) => (
                <Text key={c.id} size="sm">
                  <Text span fw={500}>
                    {c.author ?? t('public-report.team')}
                  </Text>
                  {` · ${dateTime(c.created_at, language)}: `}
                  {c.comment}
                </Text>
              ))}
            </Stack>
          );
        })}
    </Stack>
  );
}

function Messages({ issue, language }: { issue: PublicIssue; language: UiLanguage }) {
  const { t } = useTranslation();
  // Newest last, as a conversation reads.
  const comments = [...issue.comments].sort(
    (a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id,
  );
  return (
    <Stack gap="xs" component="section" aria-labelledby="public-messages">
      <Title order={2} fz="md" id="public-messages">
        {t('public-report.messages')}
      </Title>
      {comments.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('public-report.no_messages')}
        </Text>
      ) : (
        <Stack
          gap="xs"
          component="ol"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
          data-testid="public-comments"
        >
          {comments.map((comment) => (
            <Message key={comment.id} comment={comment} language={language} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function Message({ comment, language }: { comment: PublicComment; language: UiLanguage }) {
  const { t } = useTranslation();
  const mine = comment.by_reporter;
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      ml={mine ? 'xl' : 0}
      mr={mine ? 0 : 'xl'}
      bg={mine ? 'var(--mantine-primary-color-light)' : undefined}
      data-testid="public-comment"
    >
      <Group justify="space-between" gap="xs" mb={4} wrap="wrap">
        <Text size="xs" fw={600}>
          {mine ? t('public-report.you') : (comment.author ?? t('public-report.team'))}
        </Text>
        <Text size="xs" c="dimmed">
          {dateTime(comment.created_at, language)}
        </Text>
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {comment.comment}
      </Text>
      {comment.attachments.length > 0 && (
        <Stack mt="xs">
          <PictureGrid
            pictures={comment.attachments}
            label={(n, name) => t('public-report.photo_of', { n, name })}
          />
        </Stack>
      )}
    </Paper>
  );
}

function CommentBox({ id, token }: { id: number; token: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const send = usePublicComment(id, token);
  const [comment, setComment] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [empty, setEmpty] = useState(false);
  return (
    <form
      noValidate
      aria-labelledby="public-comment-heading"
      onSubmit={(e) => {
        e.preventDefault();
        setDone(null);
        if (!comment.trim()) {
          setEmpty(true);
          return;
        }
        send.mutate(
          { comment: comment.trim(), files },
          {
            onSuccess: ({ photosFailed }) => {
              setComment('');
              setFiles([]);
              setDone(
                photosFailed
                  ? `${t('public-report.comment_photos_failed')} ${errorText(photosFailed)}`
                  : t('public-report.comment_sent'),
              );
            },
          },
        );
      }}
    >
      <Stack gap="sm">
        <Divider />
        <Title order={2} fz="md" id="public-comment-heading">
          <Group gap={6} component="span">
            <IconMessageCircle size={18} aria-hidden />
            {t('public-report.comment_label')}
          </Group>
        </Title>
        <Textarea
          aria-labelledby="public-comment-heading"
          placeholder={t('public-report.comment_placeholder')}
          autosize
          minRows={3}
          maxRows={10}
          maxLength={ISSUE_COMMENT_MAX}
          value={comment}
          error={empty ? t('errors.required') : send.error ? errorText(send.error) : undefined}
          onChange={(e) => {
            setComment(e.currentTarget.value);
            setEmpty(false);
          }}
          data-testid="public-comment-text"
        />
        <PhotoPicker
          files={files}
          onChange={setFiles}
          t={t}
          label={t('public-report.photos')}
          testId="comment-photo"
          onBusy={setBusy}
        />
        {done && (
          <Alert color="teal" variant="light" role="status" data-testid="public-comment-sent">
            {done}
          </Alert>
        )}
        <Button
          type="submit"
          loading={send.isPending}
          disabled={busy}
          fullWidth
          data-testid="public-comment-send"
        >
          {t('public-report.comment_send')}
        </Button>
      </Stack>
    </form>
  );
}

/** Confirm a fix in review, or reopen what was completed lately (when the form allows it). */
function StatusActions({ issue, id, token }: { issue: PublicIssue; id: number; token: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const change = usePublicStatus(id, token);
  const [comment, setComment] = useState('');
  const [done, setDone] = useState<string | null>(null);
  if (!issue.can_confirm && !issue.can_reopen)
    return done ? (
      <Alert color="teal" variant="light" role="status">
        {done}
      </Alert>
    ) : null;
  const act = (statusId: number) =>
    change.mutate(
      { status_id: statusId, comment: comment.trim() || null },
      {
        onSuccess: () => {
          setComment('');
          setDone(
            statusId === ISSUE_STATUS.completed ? t('public-report.confirmed') : t('public-report.reopened'),
          );
        },
      },
    );
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="public-fixed">
      <Stack gap="sm">
        <Title order={2} fz="md" id="public-fixed">
          {issue.can_confirm ? t('public-report.fixed_question') : t('public-report.reopen_question')}
        </Title>
        <Textarea
          label={t('public-report.status_comment')}
          autosize
          minRows={2}
          maxLength={ISSUE_COMMENT_MAX}
          value={comment}
          onChange={(e) => setComment(e.currentTarget.value)}
        />
        {change.error && (
          <Alert color="red" role="alert">
            {errorText(change.error)}
          </Alert>
        )}
        <Stack gap="xs">
          {issue.can_confirm && (
            <Button
              color="teal"
              onClick={() => act(ISSUE_STATUS.completed)}
              loading={change.isPending && change.variables?.status_id === ISSUE_STATUS.completed}
              fullWidth
            >
              {t('public-report.confirm_fixed')}
            </Button>
          )}
          {issue.can_reopen && (
            <Button
              variant="light"
              color="orange"
              onClick={() => act(ISSUE_STATUS.inProgress)}
              loading={change.isPending && change.variables?.status_id === ISSUE_STATUS.inProgress}
              fullWidth
            >
              {t('public-report.reopen')}
            </Button>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

function EmailSwitch({ issue, id, token }: { issue: PublicIssue; id: number; token: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const toggle = usePublicUnsubscribe(id, token, 'reporter');
  return (
    <Stack gap={4}>
      <Divider />
      <Switch
        mt="xs"
        label={t('public-report.email_updates')}
        description={
          issue.subscribed ? t('public-report.email_updates_on') : t('public-report.email_updates_off')
        }
        checked={issue.subscribed}
        disabled={toggle.isPending}
        onChange={(e) => toggle.mutate(e.currentTarget.checked)}
        data-testid="public-email-switch"
      />
      {toggle.error && (
        <Text size="xs" c="var(--mantine-color-error)" role="alert">
          {errorText(toggle.error)}
        </Text>
      )}
    </Stack>
  );
}
