import {
  type Attachment,
  CHECKLIST_ITEM_STATUS,
  type Checklist,
  type ChecklistItem,
  type ChecklistTemplate,
  checklistProgress,
} from '@workbench/domain';
import type { ChecklistItemRow, ChecklistRow } from './checklist-queries.js';

type AttachmentsByItem = Map<number, Attachment[]>;

export function presentChecklistItem(row: ChecklistItemRow, attachments: AttachmentsByItem): ChecklistItem {
  return {
    id: row.id,
    checklist_id: row.checklist_id,
    title: row.title,
    description: row.description,
    status_id: row.status_id,
    is_done: row.status_id === CHECKLIST_ITEM_STATUS.done,
    index: row.position,
    attachments: attachments.get(row.id) ?? [],
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function presentChecklist(
  row: ChecklistRow,
  items: ChecklistItemRow[],
  attachments: AttachmentsByItem,
): Checklist {
  const progress = checklistProgress(items);
  return {
    id: row.id,
    issue_id: row.issue_id,
    title: row.title,
    index: row.position,
    items: items.map((item) => presentChecklistItem(item, attachments)),
    items_count: progress.total,
    done_count: progress.done,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export type TemplateRow = {
  id: number;
  name: string;
  category_id: number | null;
  category_name: string | null;
  created_at: Date;
  updated_at: Date;
};
export type TemplateItemRow = {
  id: number;
  template_id: number;
  title: string;
  description: string | null;
  position: number;
};

export function presentChecklistTemplate(row: TemplateRow, items: TemplateItemRow[]): ChecklistTemplate {
  return {
    id: row.id,
    name: row.name,
    category_id: row.category_id,
    category:
      row.category_id !== null && row.category_name !== null
        ? { id: row.category_id, name: row.category_name }
        : null,
    items: items.map((item) => ({
      id: item.id,
      title: item.title,
      description: item.description,
      index: item.position,
    })),
    items_count: items.length,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
