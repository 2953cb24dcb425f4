import { describe, expect, it } from 'vitest';
import type { Attachment } from './attachment-model';
import {
  addNewItems,
  changeCount,
  changesFormData,
  deleteItem,
  editItem,
  isChanged,
  itemsFromAttachments,
  moveItem,
  orderOf,
  rebaseItems,
  totalBytes,
  undoChanges,
  visibleItems,
} from './editing-state';

const attachment = (id: number, over: Partial<Attachment> = {}): Attachment => ({
  id,
  name: `photo-${id}.jpg`,
  original_filename: `photo-${id}.jpg`,
  file_name: `photo-${id}.jpg`,
  mime_type: 'image/jpeg',
  media_type: 'picture',
  url: `/api/v4/files/c/a/${id}.jpg`,
  web_mob_thumbnail_url: null,
  thumbnail_1024_url: null,
  description: null,
  priority_id: null,
  due_date: null,
  index: id,
  size_bytes: 1000,
  created_at: 0,
  updated_at: 0,
  user: null,
  allowedToEdit: true,
  allowedToDelete: true,
  allowedToRemove: true,
  ...over,
});

const file = (name: string) => new File(['x'.repeat(10)], name, { type: 'image/png' });
const entries = (form: FormData) =>
  [...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : v.name]);

describe('attachment editing state', () => {
  it('starts with the saved attachments as ORIGINAL, in index order', () => {
    const items = itemsFromAttachments([attachment(2, { index: 1 }), attachment(1, { index: 0 })]);
    expect(items.map((i) => [i.key, i.state])).toEqual([
      ['a1', 'ORIGINAL'],
      ['a2', 'ORIGINAL'],
    ]);
    expect(changeCount(items)).toBe(0);
  });

  it('an edit makes an item MODIFIED, and editing back to the original makes it ORIGINAL again', () => {
    const items = itemsFromAttachments([attachment(1, { description: 'pump' })]);
    const edited = editItem(items, 'a1', { description: 'broken pump' });
    expect(edited[0]?.state).toBe('MODIFIED');
    expect(isChanged(edited[0] as never)).toBe(true);
    const back = editItem(edited, 'a1', { description: 'pump' });
    expect(back[0]?.state).toBe('ORIGINAL');
    expect(changeCount(back)).toBe(0);
  });

  it('a deleted saved item is hidden but kept to be sent; a deleted new item disappears', () => {
    let items = addNewItems(itemsFromAttachments([attachment(1)]), [
      { file: file('new.png'), media_type: 'picture', previewUrl: null },
    ]);
    const newKey = items[1]?.key ?? '';
    items = deleteItem(deleteItem(items, 'a1'), newKey);
    expect(items).toHaveLength(1);
    expect(items[0]?.state).toBe('DELETED');
    expect(visibleItems(items)).toEqual([]);
    expect(totalBytes(items)).toBe(0);
  });

  it('undo restores the originals and drops new items', () => {
    const originals = [attachment(1, { description: 'a' }), attachment(2)];
    let items = itemsFromAttachments(originals);
    items = editItem(items, 'a1', { description: 'changed', priority_id: 5 });
    items = deleteItem(items, 'a2');
    items = addNewItems(items, [{ file: file('x.png'), media_type: 'picture', previewUrl: 'blob:x' }]);
    expect(changeCount(items)).toBe(3);
    const undone = undoChanges(items);
    expect(undone).toEqual(itemsFromAttachments(originals));
  });

  it('confirm builds one issue save: modified by id, new with the file, deleted by id', () => {
    let items = itemsFromAttachments([attachment(1), attachment(2), attachment(3)]);
    items = editItem(items, 'a1', { description: '  rusty  ', priority_id: 4, due_date: 1_900_000_000 });
    items = deleteItem(items, 'a3');
    items = addNewItems(items, [{ file: file('after.png'), media_type: 'picture', previewUrl: null }]);
    const newKey = items[3]?.key ?? '';
    items = editItem(items, newKey, { description: 'fixed' });
    expect(entries(changesFormData(items))).toEqual([
      ['attachment[0][id]', '1'],
      ['attachment[0][description]', 'rusty'],
      ['attachment[0][due_date]', '1900000000'],
      ['attachment[0][priority_id]', '4'],
      ['delete_attachments[0]', '3'],
      ['attachment[1][file]', 'after.png'],
      ['attachment[1][description]', 'fixed'],
    ]);
  });

  it('a modified item sends only its changed fields, and a cleared field as empty text', () => {
    let items = itemsFromAttachments([
      attachment(1, { description: 'old', due_date: 1_600_000_000, priority_id: 3 }),
    ]);
    items = editItem(items, 'a1', { priority_id: null });
    expect(entries(changesFormData(items))).toEqual([
      ['attachment[0][id]', '1'],
      ['attachment[0][priority_id]', ''],
    ]);
  });

  it('new files of a just created issue go as the upload body', () => {
    const items = addNewItems([], [{ file: file('a.png'), media_type: 'picture', previewUrl: null }]);
    expect(entries(changesFormData(items, new FormData(), 'attachments'))).toEqual([
      ['attachments[0][file]', 'a.png'],
    ]);
  });

  it('fresh server data keeps pending edits and deletions on the items that still exist', () => {
    let items = itemsFromAttachments([attachment(1), attachment(2)]);
    items = editItem(items, 'a1', { description: 'mine' });
    items = deleteItem(items, 'a2');
    items = addNewItems(items, [{ file: file('n.png'), media_type: 'picture', previewUrl: null }]);
    const rebased = rebaseItems(items, [attachment(1), attachment(2), attachment(3)]);
    expect(rebased.map((i) => [i.key, i.state])).toEqual([
      ['a1', 'MODIFIED'],
      ['a2', 'DELETED'],
      ['a3', 'ORIGINAL'],
      [items[2]?.key, 'NEW'],
    ]);
    expect(rebased[0]?.fields.description).toBe('mine');
    // Someone saved the same text meanwhile: no longer a change.
    expect(rebaseItems(items, [attachment(1, { description: 'mine' })])[0]?.state).toBe('ORIGINAL');
  });

  it('an unchanged gallery sends nothing', () => {
    expect(entries(changesFormData(itemsFromAttachments([attachment(1)])))).toEqual([]);
  });

  it('a drag moves an item and the order lists saved ids with 0-based indexes', () => {
    const items = itemsFromAttachments([attachment(1), attachment(2), attachment(3)]);
    const moved = moveItem(items, 'a3', 'a1');
    expect(moved.map((i) => i.key)).toEqual(['a3', 'a1', 'a2']);
    expect(orderOf(moved)).toEqual([
      { id: 3, index: 0 },
      { id: 1, index: 1 },
      { id: 2, index: 2 },
    ]);
    expect(moveItem(items, 'a1', 'missing')).toBe(items);
  });
});
