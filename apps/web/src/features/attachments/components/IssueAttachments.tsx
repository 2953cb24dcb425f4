import { Alert, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconCamera, IconDeviceFloppy } from '@tabler/icons-react';
import { type ClientSettings, type Issue, ZClientSettingsSchema } from '@workbench/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { useNotify } from '../../../ui/feedback/use-notify';
import { useConfig } from '../../config/use-config';
import { savedMessage } from '../../offline/offline-store';
import { attachmentsOf } from '../attachment-model';
import { useReorderAttachments, useSaveGalleryChanges, useUploadToIssue } from '../attachments-api';
import {
  addNewItems,
  changeCount,
  deleteItem,
  editItem,
  type GalleryItem,
  itemsFromAttachments,
  moveItem,
  orderOf,
  previewUrls,
  rebaseItems,
  totalBytes,
  undoChanges,
  visibleItems,
} from '../editing-state';
import { onPhotoRequest } from '../photo-request';
import { AttachmentViewer, type ViewerOptions } from './attachment-viewer/AttachmentViewer';
import { GalleryView } from './GalleryView';
import { type RefusedFile, useUploadFlow } from './UploadOutcome';

const defaultSettings = ZClientSettingsSchema.parse({});

function useClientSettings(): ClientSettings {
  const config = useConfig(true);
  return config.data?.client?.settings ?? defaultSettings;
}

/** The refused files an upload error names, else null (the caller shows a toast). */
function refusedOf(err: unknown): RefusedFile[] | null {
  if (!(err instanceof ApiError) || !err.files.length) return null;
  return err.files.map((f) => ({ name: f.name, reason: f.key }));
}

/** A confirm before an attachment is removed from the list view's menu. */
function useDeleteConfirm(items: GalleryItem[], onDelete: (key: string) => void) {
  const { t } = useTranslation();
  const [key, setKey] = useState<string | null>(null);
  const item = items.find((i) => i.key === key);
  const modal = (
    <Modal
      opened={item !== undefined}
      onClose={() => setKey(null)}
      title={t('attachments.delete_title')}
      centered
    >
      <Stack>
        <Text size="sm">{t('attachments.delete_text', { name: item?.name ?? '' })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setKey(null)}>
            {t('attachments.cancel')}
          </Button>
          <Button
            color="red"
            data-autofocus
            onClick={() => {
              if (key) onDelete(key);
              setKey(null);
            }}
          >
            {t('attachments.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  return { ask: setKey, modal };
}

/** The pending changes (001 §4 "Attachment editing"): undo, and confirm where it saves at once. */
function ChangesBar({
  count,
  onUndo,
  onSave,
  saving,
}: {
  count: number;
  onUndo: () => void;
  onSave?: () => void;
  saving?: boolean;
}) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <Paper
      withBorder
      radius="md"
      p="xs"
      bg="var(--mantine-color-yellow-light)"
      data-testid="attachment-changes"
    >
      <Group justify="space-between" gap="xs">
        <Text size="sm">
          {t(onSave ? 'attachments.changes_unsaved' : 'attachments.changes_with_issue', { count })}
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="default" leftSection={<IconArrowBackUp size={14} />} onClick={onUndo}>
            {t('attachments.undo')}
          </Button>
          {onSave && (
            <Button size="xs" leftSection={<IconDeviceFloppy size={14} />} onClick={onSave} loading={saving}>
              {t('attachments.save_changes')}
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}

/**
 * The gallery on the issue detail page: new files upload at once (POST issue/{id}/upload);
 * description, priority, deadline and deletions are edits confirmed together in one issue save;
 * a drag in the list view saves the order at once and reverts when that fails.
 */
export function IssueAttachments({ issue }: { issue: Issue }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const settings = useClientSettings();
  const saved = useMemo(() => attachmentsOf(issue), [issue]);
  const [items, setItems] = useState(() => itemsFromAttachments(saved));
  // Fresh server data (an upload, a reorder) comes in under the changes in progress.
  useEffect(() => setItems((prev) => rebaseItems(prev, saved)), [saved]);
  const upload = useUploadToIssue(issue.id);
  const save = useSaveGalleryChanges(issue.id);
  const reorder = useReorderAttachments(issue.id);
  const openFilesRef = useRef<(() => void) | null>(null);
  const [openKey, setOpenKey] = useState<string | null>(null);
  const canAdd = issue.permissions.can_add_attachments;

  const flow = useUploadFlow({
    existingBytes: totalBytes(items),
    onAccepted: async (files) => {
      try {
        const outcome = await upload.mutateAsync(files.map((f) => f.file));
        notify.ok(savedMessage(outcome, 'attachments.uploaded'), { count: files.length });
      } catch (err) {
        const refused = refusedOf(err);
        if (refused) flow.showRefused(refused);
        else notify.fail(err);
      }
    },
  });

  useEffect(
    () =>
      onPhotoRequest((id) => {
        if (id !== issue.id || !canAdd || !openFilesRef.current) return false;
        openFilesRef.current();
        return true;
      }),
    [issue.id, canAdd],
  );

  const saveChanges = async () => {
    try {
      const answer = await save.mutateAsync(items);
      for (const url of previewUrls(items)) URL.revokeObjectURL(url);
      setItems(itemsFromAttachments(attachmentsOf(answer)));
      notify.ok('attachments.saved');
    } catch (err) {
      const refused = refusedOf(err);
      if (refused) flow.showRefused(refused);
      else notify.fail(err);
    }
  };

  const move = async (fromKey: string, toKey: string) => {
    const before = items;
    const next = moveItem(items, fromKey, toKey);
    setItems(next);
    try {
      await reorder.mutateAsync(orderOf(next));
    } catch {
      // 001 §8: a failed reorder reverts and shows the general error toast.
      setItems(before);
      notify.fail('general_error');
    }
  };

  const remove = (key: string) => setItems((prev) => deleteItem(prev, key));
  const confirmDelete = useDeleteConfirm(items, remove);
  const shown = visibleItems(items);
  const bar = (
    <ChangesBar
      count={changeCount(items)}
      onUndo={() => setItems(undoChanges(items))}
      onSave={saveChanges}
      saving={save.isPending}
    />
  );
  const options: ViewerOptions = {
    issueId: issue.id,
    showPriority: settings.attachment_priority,
    showDeadline: settings.attachment_deadline,
    canComment: issue.permissions.can_comment && settings.attachment_comments,
  };
  return (
    <>
      <GalleryView
        items={items}
        canAdd={canAdd}
        busy={upload.isPending || flow.checking}
        openFilesRef={openFilesRef}
        changesBar={bar}
        notice={
          issue.is_attachment_required &&
          saved.length === 0 && (
            <Alert color="orange" variant="light" icon={<IconCamera size={18} />}>
              {t('attachments.photo_required')}
            </Alert>
          )
        }
        handlers={{
          onFiles: (files) => void flow.handleFiles(files),
          onOpen: setOpenKey,
          onDelete: confirmDelete.ask,
          onMove: (from, to) => void move(from, to),
        }}
      />
      <AttachmentViewer
        items={shown}
        openKey={openKey}
        onOpenKey={setOpenKey}
        onEdit={(key, patch) => setItems((prev) => editItem(prev, key, patch))}
        onDelete={remove}
        options={options}
        footer={bar}
      />
      {flow.modal}
      {confirmDelete.modal}
    </>
  );
}

/**
 * The gallery inside the issue form: every change (new files too) waits for the issue save,
 * which sends them as attachment fields. The form owns the items.
 */
export function FormAttachments({
  issue,
  items,
  onItemsChange,
}: {
  issue: Issue | null;
  items: GalleryItem[];
  onItemsChange: (update: (items: GalleryItem[]) => GalleryItem[]) => void;
}) {
  const settings = useClientSettings();
  const openFilesRef = useRef<(() => void) | null>(null);
  const [openKey, setOpenKey] = useState<string | null>(null);
  const canAdd = issue === null || issue.permissions.can_add_attachments;
  const flow = useUploadFlow({
    existingBytes: totalBytes(items),
    onAccepted: (files) =>
      onItemsChange((prev) =>
        addNewItems(
          prev,
          files.map(({ file, media_type }) => ({
            file,
            media_type,
            previewUrl: URL.createObjectURL(file),
          })),
        ),
      ),
  });
  const remove = (key: string) =>
    onItemsChange((prev) => {
      const gone = prev.find((i) => i.key === key && i.state === 'NEW');
      if (gone?.previewUrl) URL.revokeObjectURL(gone.previewUrl);
      return deleteItem(prev, key);
    });
  const confirmDelete = useDeleteConfirm(items, remove);
  const bar = (
    <ChangesBar
      count={changeCount(items)}
      onUndo={() =>
        onItemsChange((prev) => {
          for (const url of previewUrls(prev)) URL.revokeObjectURL(url);
          return undoChanges(prev);
        })
      }
    />
  );
  return (
    <>
      <GalleryView
        items={items}
        canAdd={canAdd}
        busy={flow.checking}
        openFilesRef={openFilesRef}
        changesBar={bar}
        handlers={{
          onFiles: (files) => void flow.handleFiles(files),
          onOpen: setOpenKey,
          onDelete: confirmDelete.ask,
        }}
      />
      <AttachmentViewer
        items={visibleItems(items)}
        openKey={openKey}
        onOpenKey={setOpenKey}
        onEdit={(key, patch) => onItemsChange((prev) => editItem(prev, key, patch))}
        onDelete={remove}
        options={{
          issueId: issue?.id ?? null,
          showPriority: settings.attachment_priority,
          showDeadline: settings.attachment_deadline,
          canComment: (issue?.permissions.can_comment ?? false) && settings.attachment_comments,
        }}
        footer={bar}
      />
      {flow.modal}
      {confirmDelete.modal}
    </>
  );
}
