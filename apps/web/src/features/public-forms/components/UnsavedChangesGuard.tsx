import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * While there are unsaved changes: leaving for another page of the app asks first, and closing
 * or reloading the tab gets the browser's own question.
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return (
    <LeaveModal
      opened={blocker.state === 'blocked'}
      onStay={() => blocker.reset?.()}
      onLeave={() => blocker.proceed?.()}
      title={t('public-forms.leave_title')}
    />
  );
}

/** "Leave without saving?": stay, or leave and lose the changes. */
export function LeaveModal({
  opened,
  onStay,
  onLeave,
  title,
}: {
  opened: boolean;
  onStay: () => void;
  onLeave: () => void;
  title: string;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onStay} title={title} centered>
      <Text size="sm">{t('public-forms.leave_text')}</Text>
      <Group justify="flex-end" mt="md" gap="xs">
        <Button variant="default" onClick={onStay}>
          {t('public-forms.stay')}
        </Button>
        <Button color="red" onClick={onLeave}>
          {t('public-forms.leave')}
        </Button>
      </Group>
    </Modal>
  );
}
