import { IconLock } from '@tabler/icons-react';
import type { Client } from '@workbench/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/feedback/EmptyState';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { useAuth } from '../../auth/session-store';
import { useOwnClient } from '../settings-api';
import { UnsavedCardsGuard } from './SettingsCard';
import { SettingsLayout } from './SettingsLayout';

/**
 * An admins' settings tab: "admins only" for others, the organisation's loading and error
 * states, then the tab's cards with one unsaved-changes guard.
 */
export function AdminSettingsPage({
  loading,
  children,
}: {
  loading: ReactNode;
  children: (client: Client) => ReactNode;
}) {
  const { t } = useTranslation();
  const isAdmin = useAuth().session?.user.role === 'admin';
  const client = useOwnClient();
  return (
    <SettingsLayout>
      {!isAdmin ? (
        <EmptyState
          icon={IconLock}
          title={t('settings.admins_only_title')}
          text={t('settings.admins_only')}
        />
      ) : client.isError ? (
        <ErrorPanel error={client.error} onRetry={() => client.refetch()} />
      ) : !client.data ? (
        loading
      ) : (
        <UnsavedCardsGuard>{children(client.data)}</UnsavedCardsGuard>
      )}
    </SettingsLayout>
  );
}
