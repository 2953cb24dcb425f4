import { Button, Loader, Modal } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import type { SessionUser } from '@workbench/domain';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

const RequestLocationForm = lazy(() =>
  import('./RequestLocationForm').then((m) => ({ default: m.RequestLocationForm })),
);

/** Who may see the button: admins, and managers or group managers of some workspace (the server checks the one chosen). */
export function mayRequestLocations(me: Pick<SessionUser, 'role' | 'permissions'>): boolean {
  return (
    me.role === 'admin' ||
    me.permissions.workspace.some((w) => w.role === 'manager' || w.role === 'group_manager')
  );
}

/** "Request location" on a person's profile (issue 21): choose the workspace, add a message, send. */
export function RequestLocationButton({ userId, name }: { userId: number; name: string }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="light" leftSection={<IconMapPin size={16} />} onClick={() => setOpened(true)}>
        {t('location-requests.request')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('location-requests.request_title', { name })}
      >
        <Suspense fallback={<Loader size="sm" />}>
          {opened && <RequestLocationForm userId={userId} name={name} onDone={() => setOpened(false)} />}
        </Suspense>
      </Modal>
    </>
  );
}
