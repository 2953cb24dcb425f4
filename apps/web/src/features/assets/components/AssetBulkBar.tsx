import { IconArchive, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BulkConfirmModal, BulkResultModal } from '../../../ui/bulk/BulkModals';
import { BulkSelectionBar } from '../../../ui/bulk/BulkSelectionBar';
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
      <BulkSelectionBar
        count={selection.count}
        countLabel={t('assets.bulk.selected', { count: selection.count })}
        clearLabel={t('assets.bulk.clear')}
        onClear={selection.clear}
        testId="asset-bulk-bar"
        actions={[
          {
            key: 'archive',
            label: t('assets.bulk.archive'),
            icon: IconArchive,
            onClick: () => setAction('archive'),
          },
          {
            key: 'delete',
            label: t('assets.bulk.delete'),
            icon: IconTrash,
            onClick: () => setAction('delete'),
            danger: true,
          },
        ]}
      />
      {/* Kept mounted so that it closes with its transition. */}
      <BulkConfirmModal
        opened={action !== null}
        title={action ? t(`assets.bulk.confirm_title.${action}`) : ''}
        text={action ? t(`assets.bulk.confirm_text.${action}`, { count: selection.count }) : ''}
        pending={pending}
        onClose={() => setAction(null)}
        onConfirm={() => action && void run(action)}
        confirmLabel={action ? t(`assets.bulk.${action}`) : ''}
        cancelLabel={t('assets.cancel')}
        confirmTestId="asset-bulk-confirm"
        danger={action === 'delete'}
      />
      {result && (
        <BulkResultModal
          title={t(`assets.bulk.result_title.${result.action}`)}
          done={t(`assets.bulk.done.${result.action}`, { count: result.done })}
          lines={result.lines.map((line) => ({
            key: line.reasonKey,
            text: t(`assets.bulk.not_done.${result.action}`, {
              count: line.count,
              reason: t(line.reasonKey),
            }),
            detail: line.titles.join(', '),
          }))}
          closeLabel={t('assets.close')}
          onClose={() => setResult(null)}
          testId="asset-bulk-result"
        />
      )}
    </>
  );
}
