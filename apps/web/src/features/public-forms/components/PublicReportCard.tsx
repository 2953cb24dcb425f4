import { Anchor, Badge, Box, Button, Card, Group, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconMailForward, IconWorld } from '@tabler/icons-react';
import { ISSUE_COMMENT_MAX, ISSUE_STATUS, type Issue, LANGUAGE_NAMES } from '@workbench/domain';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../ui/feedback/use-notify';
import { formatDateTime } from '../../issues/issue-helpers';
import { useSendDeclinedNotification } from '../public-forms-api';

const CONTACT_LINK = { display: 'inline-flex', alignItems: 'center', minHeight: 24 } as const;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box miw={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Box fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </Box>
  );
}

/**
 * The issue detail's card of a public report (000 §3 is_public_user): who reported it, how to
 * reach them, whether they get e-mails, and — for a declined issue whose reporter gets e-mails —
 * the action telling them it was declined (POST issue/{id}/external/send_declined_issue_notification).
 */
export function PublicReportCard({ issue }: { issue: Issue }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const titleId = useId();
  const [opened, setOpened] = useState(false);
  const [message, setMessage] = useState('');
  const send = useSendDeclinedNotification(issue.id);
  const report = issue.public_report;
  if (!report) return null;
  const { reporter } = report;
  const canTell =
    issue.status_id === ISSUE_STATUS.declined &&
    !!reporter.email &&
    report.subscribed &&
    issue.permissions.can_comment;
  const close = () => {
    setOpened(false);
    setMessage('');
  };
  const submit = () =>
    send.mutate(message, {
      onSuccess: () => {
        notify.ok('public-forms.issue.sent');
        close();
      },
      onError: notify.fail,
    });

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-labelledby={titleId}
      data-testid="public-report-card"
    >
      <Group justify="space-between" gap="xs" mb="sm" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <IconWorld size={18} aria-hidden />
          <Title order={2} size="h5" id={titleId}>
            {t('public-forms.issue.title')}
          </Title>
        </Group>
        <Badge variant="light" color="gray" size="sm">
          {t(`public-forms.types.${report.form_type}`)}
        </Badge>
      </Group>
      <Group
        align="flex-start"
        style={{ rowGap: 'var(--mantine-spacing-sm)', columnGap: 'var(--mantine-spacing-xl)' }}
      >
        <Fact label={t('public-forms.issue.name')}>
          {reporter.full_name ?? (
            <Text span c="dimmed" size="sm">
              {t('public-forms.issue.anonymous')}
            </Text>
          )}
        </Fact>
        <Fact label={t('public-forms.issue.email')}>
          {reporter.email ? (
            <Anchor href={`mailto:${reporter.email}`} size="sm" style={CONTACT_LINK}>
              {reporter.email}
            </Anchor>
          ) : (
            '—'
          )}
        </Fact>
        <Fact label={t('public-forms.issue.phone')}>
          {reporter.phone ? (
            <Anchor href={`tel:${reporter.phone.replace(/\s+/g, '')}`} size="sm" style={CONTACT_LINK}>
              {reporter.phone}
            </Anchor>
          ) : (
            '—'
          )}
        </Fact>
        <Fact label={t('public-forms.issue.language')}>{LANGUAGE_NAMES[report.language]}</Fact>
      </Group>
      <Stack gap={4} mt="sm">
        <Text
          size="sm"
          c={reporter.email && report.subscribed ? undefined : 'dimmed'}
          data-testid="public-report-mails"
        >
          {!reporter.email
            ? t('public-forms.issue.no_email')
            : report.subscribed
              ? t('public-forms.issue.subscribed')
              : t('public-forms.issue.unsubscribed')}
        </Text>
        {report.declined_notification_sent_at && (
          <Text size="sm" c="dimmed">
            {t('public-forms.issue.declined_sent', {
              date: formatDateTime(report.declined_notification_sent_at, i18n.language),
            })}
          </Text>
        )}
      </Stack>
      {canTell && (
        <Group mt="sm">
          <Button
            variant="light"
            leftSection={<IconMailForward size={16} />}
            onClick={() => setOpened(true)}
            // A long label (German) wraps on a phone instead of being cut.
            h="auto"
            mih={36}
            py={6}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'left', lineHeight: 1.3 } }}
          >
            {t('public-forms.issue.tell_declined')}
          </Button>
        </Group>
      )}
      <Modal opened={opened} onClose={close} title={t('public-forms.issue.dialog_title')} centered>
        <Stack
          gap="sm"
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Text size="sm">
            {t('public-forms.issue.dialog_text', {
              language: LANGUAGE_NAMES[report.language],
              email: reporter.email ?? '',
            })}
          </Text>
          <Textarea
            label={t('public-forms.issue.message')}
            description={t('public-forms.issue.message_hint')}
            autosize
            minRows={3}
            maxRows={10}
            maxLength={ISSUE_COMMENT_MAX}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              {t('public-forms.issue.cancel')}
            </Button>
            <Button type="submit" loading={send.isPending} leftSection={<IconMailForward size={16} />}>
              {t('public-forms.issue.send')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
