import { Alert, Button, Group, Text } from '@mantine/core';
import { IconRefreshAlert } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth/session-store';
import { isOthersEdit } from './edit-conflict';
import { useLiveEvent } from './live-bus';

/**
 * The issue edit page's answer to someone else changing the issue while it is open (issue 20).
 * Without unsaved edits the form simply takes the new values (onLoad). With unsaved edits it
 * asks: "Load their changes" (onLoad: yours are dropped) or "Keep editing" (the banner goes;
 * saving then sends only the fields you changed, so their other changes stay).
 */
export function IssueChangedBanner({
  issueId,
  dirty,
  onLoad,
}: {
  issueId: number;
  /** Whether the form holds edits not saved yet. */
  dirty: boolean;
  /** Refetches the issue and restarts the form from it. */
  onLoad: () => void;
}) {
  const { t } = useTranslation();
  const myId = useAuth().session?.user.id ?? null;
  const [shown, setShown] = useState(false);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  useLiveEvent(['change'], (message) => {
    if (message.name !== 'change' || !isOthersEdit(message.data, issueId, myId)) return;
    if (dirtyRef.current) setShown(true);
    else onLoad();
  });

  if (!shown) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconRefreshAlert size={18} />}
      title={t('live.issue_changed.title')}
      role="alert"
      data-testid="issue-changed-banner"
    >
      <Text size="sm">{t('live.issue_changed.text')}</Text>
      <Group gap="sm" mt="sm">
        <Button
          size="xs"
          color="yellow"
          onClick={() => {
            setShown(false);
            onLoad();
          }}
        >
          {t('live.issue_changed.load')}
        </Button>
        <Button size="xs" variant="default" onClick={() => setShown(false)}>
          {t('live.issue_changed.keep')}
        </Button>
      </Group>
    </Alert>
  );
}
