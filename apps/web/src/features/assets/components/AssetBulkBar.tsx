import { Button, Group, List, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconArchive, IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../ui/feedback/use-notify';
import { useMultiArchiveAssets, useMultiDeleteAssets } from '../assets-api';
import {
  type AssetBulkAction,
  type AssetBulkSummary,
  assetArchiveSummary,
  assetDeleteSummary,
} from '../bulk-result';
import type { AssetSelection } from '../use-asset-selection';

/**
 * The bar over the cards while assets are selected: the count, clear, multi archive and multi
 * delete (001 §2), each behind a confirmation. Everything done: a toast; some refused: a modal
 * with the count done and the refused assets by reason (they stay selected).
 */
export function AssetBulkBar({ selection }: { selection: AssetSelection }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const archive = useMultiArchiveAssets();
  const remove = useMultiDeleteAssets();
  const [action, setAction] = useState<AssetBulkAction | null>(null);
  const [result, setResult] = useState<AssetBulkSummary | null>(null);
  const pending = archive.isPending || remove.isPending;

  const run = async (which: AssetBulkAction) => {
    const ids = selection.items.map((a) => a.id);
    const names = new Map(selection.items.map((a) => [a.id, a.name]));
    const exists = (key: string) => i18n.exists(key);
    try {
      const summary =
        which === 'archive'
          ? assetArchiveSummary(await archive.mutateAsync(ids), (id) => names.get(id), exists)
          : assetDeleteSummary(await remove.mutateAsync(ids), (id) => names.get(id), exists);
      setAction(null);
      selection.keepOnly(summary.refusedIds);
      if (summary.complete) notify.ok(`assets.bulk.success.${which}`, { count: summary.done });
      else setResult(summary);
    } catch (err) {
      notify.fail(err);
    }
  };

  return (
    <>
      {selection.count > 0 && (
        <Paper
          withBorder
          radius="md"
          p="xs"
          bg="var(--mantine-color-blue-light)"
          data-testid="asset-bulk-bar"
        >
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Group gap="xs" wrap="nowrap">
              <Text fw={600} size="sm">
                {t('assets.bulk.selected', { count: selection.count })}
              </Text>
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconX size={14} />}
                onClick={selection.clear}
              >
                {t('assets.bulk.clear')}
              </Button>
            </Group>
            <Group gap={6} wrap="wrap">
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<IconArchive size={14} />}
                onClick={() => setAction('archive')}
              >
                {t('assets.bulk.archive')}
              </Button>
              <Button
                size="compact-sm"
                variant="default"
                color="red"
                leftSection={<IconTrash size={14} />}
                onClick={() => setAction('delete')}
              >
                {t('assets.bulk.delete')}
              </Button>
            </Group>
          </Group>
        </Paper>
      )}
      <Modal
        opened={action !== null}
        onClose={() => setAction(null)}
        title={action ? t(`assets.bulk.confirm_title.${action}`) : ''}
        centered
      >
        <Text size="sm">
          {action ? t(`assets.bulk.confirm_text.${action}`, { count: selection.count }) : ''}
        </Text>
        <Group justify="flex-end" gap="sm" mt="md">
          <Button variant="default" onClick={() => setAction(null)} disabled={pending}>
            {t('assets.cancel')}
          </Button>
          <Button
            color={action === 'delete' ? 'red' : undefined}
            loading={pending}
            onClick={() => action && void run(action)}
            data-testid="asset-bulk-confirm"
          >
            {action ? t(`assets.bulk.${action}`) : ''}
          </Button>
        </Group>
      </Modal>
      {result && <BulkResultModal summary={result} onClose={() => setResult(null)} />}
    </>
  );
}

/** What a multi action did and which assets it left, by reason. */
export function BulkResultModal({ summary, onClose }: { summary: AssetBulkSummary; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={t(`assets.bulk.result_title.${summary.action}`)} centered>
      <Stack gap="sm" data-testid="asset-bulk-result">
        <Text size="sm">{t(`assets.bulk.done.${summary.action}`, { count: summary.done })}</Text>
        <List size="sm" spacing={4}>
          {summary.lines.map((line) => (
            <List.Item key={line.reasonKey}>
              {t(`assets.bulk.not_done.${summary.action}`, { count: line.count, reason: t(line.reasonKey) })}
              <Text size="xs" c="dimmed">
                {line.names.join(', ')}
              </Text>
            </List.Item>
          ))}
        </List>
      </Stack>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('assets.close')}
        </Button>
      </Group>
    </Modal>
  );
}
