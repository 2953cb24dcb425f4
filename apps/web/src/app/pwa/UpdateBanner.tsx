import { Affix, Button, CloseButton, Group, Paper, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** "A new version is ready" with Reload (into the waiting release) and Later, at the bottom corner. */
export function UpdateBanner({ onReload, onLater }: { onReload: () => void; onLater: () => void }) {
  const { t } = useTranslation();
  return (
    <Affix position={{ bottom: 16, left: 16 }} zIndex={400}>
      <Paper
        withBorder
        shadow="md"
        radius="md"
        p="sm"
        role="status"
        aria-live="polite"
        maw="calc(100vw - 32px)"
      >
        <Group gap="sm" wrap="nowrap">
          <Text size="sm">{t('pwa.update_ready')}</Text>
          <Button size="xs" leftSection={<IconRefresh size={14} />} onClick={onReload}>
            {t('pwa.reload')}
          </Button>
          <CloseButton size="sm" aria-label={t('pwa.later')} onClick={onLater} />
        </Group>
      </Paper>
    </Affix>
  );
}
