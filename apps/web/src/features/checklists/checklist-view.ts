import { type Checklist, type ChecklistItem, checklistProgress } from '@workbench/domain';

/**
 * The checklist as the server will answer after a tick or a drag: items renumbered in their new
 * order and the progress counted again, so the screen can show it before the answer arrives.
 */
export function withItems(checklist: Checklist, items: ChecklistItem[]): Checklist {
  const progress = checklistProgress(items);
  return {
    ...checklist,
    items: items.map((item, index) => ({ ...item, index })),
    items_count: progress.total,
    done_count: progress.done,
  };
}
