import { Select } from '@mantine/core';
import { IconArchive, IconFolderPlus, IconTrash } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BulkConfirmModal, BulkResultModal } from '../../../ui/bulk/BulkModals';
import { BulkSelectionBar } from '../../../ui/bulk/BulkSelectionBar';
import { useNotify } from '../../../ui/feedback/use-notify';
import { type EquipmentBulkAction, type EquipmentBulkSummary, equipmentBulkSummary } from '../bulk-result';
import {
  useAddEquipmentToGroup,
  useEquipmentFilterOptions,
  useMultiArchiveEquipment,
  useMultiDeleteEquipment,
} from '../equipment-api';
import type { EquipmentSelection } from '../use-equipment-selection';

// The bookings' dialogs (dates, holders) load only once something is selected.
const BulkBookingActions = lazy(() =>
  import('../../equipment-bookings/components/BulkBookingActions').then((m) => ({
    default: m.BulkBookingActions,
  })),
);

/**
 * The bar over the list while items are selected (001 §2, §7): the count, clear, add to a group,
 * archive and delete, each behind a confirmation. Everything done: a toast; some refused: a
 * modal with the count done and the refused items by reason (they stay selected).
 */
export function EquipmentBulkBar({ selection }: { selection: EquipmentSelection }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const addToGroup = useAddEquipmentToGroup();
  const archive = useMultiArchiveEquipment();
  const remove = useMultiDeleteEquipment();
  const options = useEquipmentFilterOptions();
  const [action, setAction] = useState<EquipmentBulkAction | null>(null);
  const [groupId, setGroupId] = useState<number | null>(null);
  const [result, setResult] = useState<EquipmentBulkSummary | null>(null);
  const pending = addToGroup.isPending || archive.isPending || remove.isPending;

  const send = (which: EquipmentBulkAction, ids: number[]) => {
    if (which === 'add_to_group')
      return addToGroup.mutateAsync({ equipment_ids: ids, group_id: groupId ?? 0 });
    if (which === 'archive') return archive.mutateAsync(ids);
    return remove.mutateAsync(ids);
  };
  const run = async (which: EquipmentBulkAction) => {
    const ids = selection.items.map((item) => item.id);
    const titles = new Map(selection.items.map((item) => [item.id, item.title]));
    try {
      const summary = equipmentBulkSummary(
        which,
        await send(which, ids),
        (id) => titles.get(id),
        (key) => i18n.exists(key),
      );
      setAction(null);
      selection.keepOnly(summary.refusedIds);
      if (summary.complete) notify.ok(`equipment.bulk.success.${which}`, { count: summary.done });
      else setResult(summary);
    } catch (err) {
      notify.fail(err);
    }
  };
  const open = (which: EquipmentBulkAction) => {
    if (which === 'add_to_group') setGroupId(null);
    setAction(which);
  };

  return (
    <>
      <BulkSelectionBar
        count={selection.count}
        countLabel={t('equipment.bulk.selected', { count: selection.count })}
        clearLabel={t('equipment.bulk.clear')}
        onClear={selection.clear}
        testId="equipment-bulk-bar"
        actions={[
          {
            key: 'add_to_group',
            label: t('equipment.bulk.add_to_group'),
            icon: IconFolderPlus,
            onClick: () => open('add_to_group'),
          },
          {
            key: 'archive',
            label: t('equipment.bulk.archive'),
            icon: IconArchive,
            onClick: () => open('archive'),
          },
          {
            key: 'delete',
            label: t('equipment.bulk.delete'),
            icon: IconTrash,
            onClick: () => open('delete'),
            danger: true,
          },
        ]}
        extra={
          // Hand out, return and reserve the selection (the bookings' own dialogs and results).
          <Suspense fallback={null}>
            <BulkBookingActions
              equipmentIds={selection.items.map((item) => item.id)}
              onDone={() => undefined}
            />
          </Suspense>
        }
      />
      {/* Kept mounted so that it closes with its transition. */}
      <BulkConfirmModal
        opened={action !== null}
        title={action ? t(`equipment.bulk.confirm_title.${action}`) : ''}
        text={action ? t(`equipment.bulk.confirm_text.${action}`, { count: selection.count }) : ''}
        pending={pending}
        onClose={() => setAction(null)}
        onConfirm={() => action && void run(action)}
        confirmLabel={action ? t(`equipment.bulk.${action}`) : ''}
        cancelLabel={t('equipment.cancel')}
        confirmTestId="equipment-bulk-confirm"
        danger={action === 'delete'}
        disabled={action === 'add_to_group' && groupId === null}
      >
        {action === 'add_to_group' && (
          <Select
            label={t('equipment.bulk.group')}
            placeholder={t('equipment.bulk.group_placeholder')}
            data={(options.data?.groups ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
            value={groupId === null ? null : String(groupId)}
            onChange={(v) => setGroupId(v === null ? null : Number(v))}
            searchable
            nothingFoundMessage={t('equipment.nothing_found')}
            comboboxProps={{ withinPortal: true }}
            data-testid="equipment-bulk-group"
          />
        )}
      </BulkConfirmModal>
      {result && (
        <BulkResultModal
          title={t(`equipment.bulk.result_title.${result.action}`)}
          done={t(`equipment.bulk.done.${result.action}`, { count: result.done })}
          lines={result.lines.map((line) => ({
            key: line.reasonKey,
            text: t('equipment.bulk.not_done', { count: line.count, reason: t(line.reasonKey) }),
            detail: line.titles.join(', '),
          }))}
          closeLabel={t('equipment.close')}
          onClose={() => setResult(null)}
          testId="equipment-bulk-result"
        />
      )}
    </>
  );
}
