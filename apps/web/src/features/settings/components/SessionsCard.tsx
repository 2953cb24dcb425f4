import { Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDeviceDesktop, IconLogout } from '@tabler/icons-react';
import type { Session } from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import { ErrorPanel } from '../../../ui/feedback/ErrorPanel';
import { useNotify } from '../../../ui/feedback/use-notify';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../settings-api';

/** Where the person is logged in; signing one device, or all others, out. */
export function SessionsCard() {
  const { t, i18n } = useTranslation();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const notify = useNotify();
  const when = (iso: string | null) =>
    iso ? new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }) : '–';
  const others = sessions.data?.data.filter((s) => !s.current).length ?? 0;
  return (
    <Card withBorder padding="lg" radius="md" data-testid="sessions-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            {t('settings.sessions_title')}
          </Title>
          <Button
            variant="light"
            color="red"
            size="xs"
            leftSection={<IconLogout size={16} />}
            disabled={others === 0}
            loading={revokeOthers.isPending}
            onClick={() =>
              revokeOthers.mutate(undefined, {
                onSuccess: (r) => notify.ok('settings.sessions_revoked_others', { count: r.revoked }),
                onError: notify.fail,
              })
            }
          >
            {t('settings.sessions_revoke_others')}
          </Button>
        </Group>
        {sessions.isError ? (
          <ErrorPanel error={sessions.error} onRetry={() => sessions.refetch()} />
        ) : !sessions.data ? (
          <Skeleton h={80} />
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {sessions.data.data.map((s: Session) => (
              <Card component="li" key={s.id} withBorder padding="sm" data-testid="session-row">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    <IconDeviceDesktop size={20} aria-hidden />
                    <Stack gap={2}>
                      <Group gap="xs">
                        <Text fw={600}>{s.device ?? t('settings.sessions_unknown_device')}</Text>
                        {s.current && (
                          <Badge size="sm" variant="light">
                            {t('settings.sessions_current')}
                          </Badge>
                        )}
                      </Group>
                      <Text size="sm" c="dimmed">
                        {t('settings.sessions_details', {
                          ip: s.ip_address ?? '–',
                          created: when(s.created_at),
                          used: when(s.last_used_at),
                        })}
                      </Text>
                    </Stack>
                  </Group>
                  {!s.current && (
                    <Button
                      size="xs"
                      variant="default"
                      style={{ flexShrink: 0 }}
                      loading={revoke.isPending && revoke.variables === s.id}
                      onClick={() =>
                        revoke.mutate(s.id, {
                          onSuccess: () => notify.ok('settings.sessions_revoked'),
                          onError: notify.fail,
                        })
                      }
                      aria-label={t('settings.sessions_revoke_one', { device: s.device ?? '' })}
                    >
                      {t('settings.sessions_revoke')}
                    </Button>
                  )}
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
