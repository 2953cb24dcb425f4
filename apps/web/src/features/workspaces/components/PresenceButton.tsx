import { Button } from '@mantine/core';
import { IconLogin2, IconLogout2 } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { workspaceContracts } from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import { useNotify } from '../../../ui/feedback/use-notify';
import { useAuth } from '../../auth/session-store';

/**
 * Check in at a workspace and out again (presence logs). Shown to people of the owning
 * organisation; partners' time on site is not recorded by the owner.
 */
export function PresenceButton({ workspaceId }: { workspaceId: number }) {
  const { t, i18n } = useTranslation();
  const userId = useAuth().session?.user.id;
  const queryClient = useQueryClient();
  const notify = useNotify();
  const key = ['workspaces', 'my-presence', workspaceId, userId] as const;
  const mine = useQuery({
    queryKey: key,
    enabled: !!userId,
    queryFn: ({ signal }) =>
      call(workspaceContracts.userPresenceLogs, {
        // Runs only when enabled, that is with a user.
        params: { id: userId ?? 0 },
        query: { workspace_id: workspaceId },
        signal,
      }),
  });
  const open = mine.data?.records.find((r) => r.ended_at === null);
  const change = useMutation({
    mutationFn: (action: 'check_in' | 'check_out') =>
      call(workspaceContracts.presence, { params: { id: workspaceId }, body: { action } }),
    onSuccess: (_data, action) => {
      notify.ok(action === 'check_in' ? 'workspaces.checked_in' : 'workspaces.checked_out');
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: ['workspaces', 'presence', workspaceId] });
    },
    onError: notify.fail,
  });
  if (!userId || mine.isPending || mine.isError) return null;
  if (open) {
    const since = new Date(open.started_at).toLocaleTimeString(i18n.language, {
      hour: '2-digit',
      minute: '2-digit',
    });
    return (
      <Button
        size="sm"
        variant="light"
        color="orange"
        leftSection={<IconLogout2 size={16} />}
        loading={change.isPending}
        onClick={() => change.mutate('check_out')}
      >
        {t('workspaces.check_out_since', { time: since })}
      </Button>
    );
  }
  return (
    <Button
      size="sm"
      variant="light"
      color="green"
      leftSection={<IconLogin2 size={16} />}
      loading={change.isPending}
      onClick={() => change.mutate('check_in')}
    >
      {t('workspaces.check_in')}
    </Button>
  );
}
