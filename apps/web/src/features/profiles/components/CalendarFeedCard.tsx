import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  CopyButton,
  Group,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCalendarEvent, IconCheck, IconCopy, IconInfoCircle } from '@tabler/icons-react';
import type { CalendarFeed } from '@workbench/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { useNotify } from '../../../ui/feedback/use-notify';
import { useCalendarFeed, useCreateCalendarFeed, useRemoveCalendarFeed } from '../calendar-feed-api';

/**
 * The own profile's calendar feed (issue 17): a private webcal:// link that calendar apps
 * subscribe to, showing the person's issues with dates. The link is shown once, right after it
 * is made (only its hash is kept); a new link or turning the feed off ends the old one at once.
 */
export function CalendarFeedCard() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const feed = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const remove = useRemoveCalendarFeed();
  // The address of a link made now: it cannot be read again later.
  const [created, setCreated] = useState<CalendarFeed | null>(null);
  const current = feed.data?.feed ?? null;
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);

  const makeLink = () =>
    create.mutate(undefined, {
      onSuccess: (answer) => {
        setCreated(answer.feed);
        notify.ok('profiles.calendar_feed.created');
      },
      onError: notify.fail,
    });
  const confirmNewLink = () =>
    modals.openConfirmModal({
      title: t('profiles.calendar_feed.confirm_new_title'),
      children: <Text size="sm">{t('profiles.calendar_feed.confirm_new_text')}</Text>,
      labels: { confirm: t('profiles.calendar_feed.new_link'), cancel: t('profiles.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: makeLink,
    });
  const confirmTurnOff = () =>
    modals.openConfirmModal({
      title: t('profiles.calendar_feed.confirm_off_title'),
      children: <Text size="sm">{t('profiles.calendar_feed.confirm_off_text')}</Text>,
      labels: { confirm: t('profiles.calendar_feed.turn_off'), cancel: t('profiles.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () => {
            setCreated(null);
            notify.ok('profiles.calendar_feed.turned_off');
          },
          onError: notify.fail,
        }),
    });

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="calendar-feed-title">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconCalendarEvent size={20} aria-hidden />
          <Text fw={600} id="calendar-feed-title">
            {t('profiles.calendar_feed.title')}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {t('profiles.calendar_feed.explanation')}
        </Text>
        {feed.isPending ? (
          <Skeleton h={36} radius="sm" />
        ) : feed.isError ? (
          <ErrorPanel
            title={t('profiles.load_failed')}
            error={feed.error}
            onRetry={() => void feed.refetch()}
          />
        ) : (
          <>
            {current ? (
              <Text size="sm">
                {t('profiles.calendar_feed.on_since', { date: when(current.created_at) })}{' '}
                {current.last_used_at
                  ? t('profiles.calendar_feed.last_used', { date: when(current.last_used_at) })
                  : t('profiles.calendar_feed.never_used')}
              </Text>
            ) : (
              <Text size="sm">{t('profiles.calendar_feed.off')}</Text>
            )}
            {current && created?.url && created.webcal_url && (
              <CreatedLinks url={created.url} webcalUrl={created.webcal_url} />
            )}
            <Group gap="xs">
              {current ? (
                <Button variant="default" onClick={confirmNewLink} loading={create.isPending}>
                  {t('profiles.calendar_feed.new_link')}
                </Button>
              ) : (
                <Button onClick={makeLink} loading={create.isPending}>
                  {t('profiles.calendar_feed.create_link')}
                </Button>
              )}
              {current && (
                <Button variant="subtle" color="red" onClick={confirmTurnOff} loading={remove.isPending}>
                  {t('profiles.calendar_feed.turn_off')}
                </Button>
              )}
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}

/** The two forms of a link just made, each with a copy button, and the note that it is shown once. */
function CreatedLinks({ url, webcalUrl }: { url: string; webcalUrl: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Alert color="yellow" icon={<IconInfoCircle size={16} />} p="xs">
        <Text size="sm">{t('profiles.calendar_feed.shown_once')}</Text>
      </Alert>
      <LinkField label={t('profiles.calendar_feed.webcal_label')} value={webcalUrl} />
      <LinkField label={t('profiles.calendar_feed.https_label')} value={url} />
      <Anchor href={webcalUrl} size="sm">
        {t('profiles.calendar_feed.open_in_app')}
      </Anchor>
    </Stack>
  );
}

function LinkField({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={label}
      value={value}
      readOnly
      onFocus={(event) => event.currentTarget.select()}
      rightSection={
        <CopyButton value={value} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip
              label={copied ? t('profiles.calendar_feed.copied') : t('profiles.calendar_feed.copy')}
              withArrow
            >
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={`${t('profiles.calendar_feed.copy')}: ${label}`}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      }
    />
  );
}
