import { Avatar, Button, Card, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import { IconBuilding, IconTrash, IconUpload } from '@tabler/icons-react';
import type { Client } from '@workbench/domain';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../ui/feedback/use-notify';
import { useRemoveLogo, useUploadLogo } from '../settings-api';

/** What the server takes (by content): png, jpeg, webp. */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** Settings → General: the organisation's logo, shown in the header at once after a change. */
export function LogoCard({ client }: { client: Client }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const upload = useUploadLogo(client.id);
  const remove = useRemoveLogo(client.id);
  const choose = (file: File | null) => {
    if (!file) return;
    if (!(LOGO_TYPES as readonly string[]).includes(file.type)) {
      notify.fail('file_type_not_allowed');
      return;
    }
    upload.mutate(file, { onSuccess: () => notify.ok('settings.logo_saved'), onError: notify.fail });
  };
  const busy = upload.isPending || remove.isPending;
  return (
    <Card withBorder padding="lg" radius="md" data-testid="settings-logo">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('settings.logo_title')}
        </Title>
        <Group gap="md" wrap="nowrap" align="center">
          <Avatar
            src={client.logo}
            alt={client.logo ? t('settings.logo_alt', { name: client.name }) : undefined}
            radius="md"
            size={96}
            color="brand"
            styles={{ image: { objectFit: 'contain' } }}
            data-testid="settings-logo-preview"
          >
            <IconBuilding size={40} />
          </Avatar>
          <Text size="sm" c="dimmed">
            {t('settings.logo_hint')}
          </Text>
        </Group>
        <Group justify="flex-end" gap="xs">
          {client.logo ? (
            <Button
              variant="default"
              color="red"
              leftSection={<IconTrash size={16} />}
              loading={remove.isPending}
              disabled={busy}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => notify.ok('settings.logo_removed'),
                  onError: notify.fail,
                })
              }
            >
              {t('settings.logo_remove')}
            </Button>
          ) : null}
          <FileButton onChange={choose} accept={LOGO_TYPES.join(',')}>
            {(props) => (
              <Button
                {...props}
                leftSection={<IconUpload size={16} />}
                loading={upload.isPending}
                disabled={busy}
              >
                {client.logo ? t('settings.logo_change') : t('settings.logo_upload')}
              </Button>
            )}
          </FileButton>
        </Group>
      </Stack>
    </Card>
  );
}
