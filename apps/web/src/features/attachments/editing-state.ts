import type { Attachment } from './attachment-model';

/**
 * The gallery's editing state (001 §3 Attachment, §4 "Attachment editing"): every item is
 * ORIGINAL (as saved), NEW (chosen here, not uploaded yet), MODIFIED (a saved one with changed
 * fields) or DELETED (a saved one marked for removal, hidden). Undo restores the originals;
 * confirm sends all changes in one issue save.
 */
export type ItemState = 'ORIGINAL' | 'NEW' | 'MODIFIED' | 'DELETED';

/** The fields a person may change on an attachment. */
export type EditableFields = {
  description: string;
  priority_id: number | null;
  /** Seconds since the epoch. */
  due_date: number | null;
};

export type GalleryItem = {
  /** Stable key for React and the state functions: `a<id>` when saved, `n<seq>` when new. */
  key: string;
  state: ItemState;
  /** The saved attachment; null for a NEW item. */
  original: Attachment | null;
  /** The chosen file of a NEW item. */
  file: File | null;
  /** An object URL for a NEW item's preview. */
  previewUrl: string | null;
  name: string;
  mime_type: string;
  media_type: 'picture' | 'document';
  size_bytes: number;
  fields: EditableFields;
};

const fieldsOf = (a: Attachment): EditableFields => ({
  description: a.description ?? '',
  priority_id: a.priority_id,
  due_date: a.due_date,
});

const sameFields = (a: EditableFields, b: EditableFields) =>
  a.description === b.description && a.priority_id === b.priority_id && a.due_date === b.due_date;

/** The saved attachments as ORIGINAL items, in gallery order. */
export function itemsFromAttachments(attachments: Attachment[]): GalleryItem[] {
  return [...attachments]
    .sort((a, b) => a.index - b.index || a.id - b.id)
    .map((a) => ({
      key: `a${a.id}`,
      state: 'ORIGINAL',
      original: a,
      file: null,
      previewUrl: null,
      name: a.original_filename || a.file_name || a.name,
      mime_type: a.mime_type,
      media_type: a.media_type,
      size_bytes: a.size_bytes,
      fields: fieldsOf(a),
    }));
}

let newSequence = 0;

/** Chosen files become NEW items at the end. */
export function addNewItems(
  items: GalleryItem[],
  files: Array<{ file: File; media_type: 'picture' | 'document'; previewUrl: string | null }>,
): GalleryItem[] {
  const added = files.map(
    ({ file, media_type, previewUrl }): GalleryItem => ({
      key: `n${++newSequence}`,
      state: 'NEW',
      original: null,
      file,
      previewUrl,
      name: file.name,
      mime_type: file.type,
      media_type,
      size_bytes: file.size,
      fields: { description: '', priority_id: null, due_date: null },
    }),
  );
  return [...items, ...added];
}

/** Changes fields of one item: a saved one is MODIFIED while it differs from the original. */
export function editItem(items: GalleryItem[], key: string, patch: Partial<EditableFields>): GalleryItem[] {
  return items.map((item) => {
    if (item.key !== key || item.state === 'DELETED') return item;
    const fields = { ...item.fields, ...patch };
    if (item.state === 'NEW' || !item.original) return { ...item, fields };
    return { ...item, fields, state: sameFields(fields, fieldsOf(item.original)) ? 'ORIGINAL' : 'MODIFIED' };
  });
}

/** Removes an item: a NEW one is dropped, a saved one is marked DELETED (and hidden). */
export function deleteItem(items: GalleryItem[], key: string): GalleryItem[] {
  return items.flatMap((item) => {
    if (item.key !== key) return [item];
    if (item.state === 'NEW') return [];
    return [{ ...item, state: 'DELETED' as const }];
  });
}

/** The items shown: deleted ones are hidden. */
export function visibleItems(items: GalleryItem[]): GalleryItem[] {
  return items.filter((item) => item.state !== 'DELETED');
}

/** An item counts as changed when its state differs from the original state. */
export function isChanged(item: GalleryItem): boolean {
  return item.state !== 'ORIGINAL';
}

export function changeCount(items: GalleryItem[]): number {
  return items.filter(isChanged).length;
}

/**
 * Fresh saved attachments (after an upload or someone else's change) under the person's
 * pending changes: their edits and deletions stay on the items that still exist, new items stay.
 */
export function rebaseItems(items: GalleryItem[], attachments: Attachment[]): GalleryItem[] {
  const pending = new Map(
    items.filter((i) => i.state === 'MODIFIED' || i.state === 'DELETED').map((i) => [i.key, i]),
  );
  const fresh = itemsFromAttachments(attachments).map((item): GalleryItem => {
    const local = pending.get(item.key);
    if (!local) return item;
    if (local.state === 'DELETED') return { ...item, state: 'DELETED' };
    return editItem([item], item.key, local.fields)[0] ?? item;
  });
  return [...fresh, ...items.filter((i) => i.state === 'NEW')];
}

/** Undo: the originals come back and new items are dropped. */
export function undoChanges(items: GalleryItem[]): GalleryItem[] {
  return itemsFromAttachments(items.flatMap((item) => (item.original ? [item.original] : [])));
}

/** The object URLs that undoing or saving leaves unused (to revoke them). */
export function previewUrls(items: GalleryItem[]): string[] {
  return items.flatMap((item) => (item.previewUrl ? [item.previewUrl] : []));
}

/** Bytes the issue holds after the changes (for the 20 MB total). */
export function totalBytes(items: GalleryItem[]): number {
  return visibleItems(items).reduce((sum, item) => sum + item.size_bytes, 0);
}

const text = (value: number | null) => (value === null ? '' : String(value));

/**
 * The confirm: the changes as the fields of one issue save (001 §7, POST issue/{id} with
 * _method PUT): attachment[n][id|file] with the changed description, due_date and priority_id
 * of modified and new items, delete_attachments[n] for deleted ones. Empty text clears a field. With the
 * prefix 'attachments' the new items are the body of POST issue/{id}/upload.
 */
export function changesFormData(
  items: GalleryItem[],
  form = new FormData(),
  prefix = 'attachment',
): FormData {
  let n = 0;
  let d = 0;
  for (const item of items) {
    if (item.state === 'DELETED' && item.original) {
      form.append(`delete_attachments[${d++}]`, String(item.original.id));
      continue;
    }
    if (item.state === 'ORIGINAL') continue;
    if (item.state === 'MODIFIED' && item.original)
      form.append(`${prefix}[${n}][id]`, String(item.original.id));
    else if (item.state === 'NEW' && item.file)
      form.append(`${prefix}[${n}][file]`, item.file, item.file.name);
    else continue;
    // A modified item sends only what changed (an absent field stays as saved, so an old
    // deadline is not checked against 'not in the past' again); a new one what is set.
    const before = item.original
      ? fieldsOf(item.original)
      : { description: '', priority_id: null, due_date: null };
    const { description, due_date, priority_id } = item.fields;
    if (description.trim() !== before.description.trim())
      form.append(`${prefix}[${n}][description]`, description.trim());
    if (due_date !== before.due_date) form.append(`${prefix}[${n}][due_date]`, text(due_date));
    if (priority_id !== before.priority_id) form.append(`${prefix}[${n}][priority_id]`, text(priority_id));
    n++;
  }
  return form;
}

/** The order to save after a drag: the saved items' ids with their new 0-based index. */
export function orderOf(items: GalleryItem[]): Array<{ id: number; index: number }> {
  return visibleItems(items)
    .flatMap((item) => (item.original ? [item.original.id] : []))
    .map((id, index) => ({ id, index }));
}

/** Moves an item from one visible position to another (the list view's drag). */
export function moveItem(items: GalleryItem[], fromKey: string, toKey: string): GalleryItem[] {
  const from = items.findIndex((i) => i.key === fromKey);
  const to = items.findIndex((i) => i.key === toKey);
  if (from < 0 || to < 0 || from === to) return items;
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return next;
}

/** Description, priority and deadline need edit permission (001 §5); a new item is one's own. */
export const canEditItem = (item: GalleryItem) =>
  item.state === 'NEW' || item.original?.allowedToEdit === true;

/** The delete option shows with allowedToDelete (also called allowedToRemove, 001 §6). */
export const canDeleteItem = (item: GalleryItem) =>
  item.state === 'NEW' || item.original?.allowedToDelete === true || item.original?.allowedToRemove === true;

/** The file itself: the stored one, or the local preview of a new item. */
export const fileUrlOf = (item: GalleryItem): string | null => item.original?.url ?? item.previewUrl;
