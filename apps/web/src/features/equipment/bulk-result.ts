import type { EquipmentBulkResult } from '@workbench/domain';
import { type BulkResultSummary, bulkResultSummary } from '../../ui/bulk/bulk-result';

/**
 * The list's bulk actions on items (001 §7 add_to_group, multiple archive and delete): what an
 * answer means for the person. Pure: an answer in; the count done and the refusals grouped by
 * their (translated) reason, each with the titles of the items it kept back, out.
 */
export const EQUIPMENT_BULK_ACTIONS = ['add_to_group', 'archive', 'delete'] as const;
export type EquipmentBulkAction = (typeof EQUIPMENT_BULK_ACTIONS)[number];

export type EquipmentBulkSummary = BulkResultSummary<EquipmentBulkAction>;

export function equipmentBulkSummary(
  action: EquipmentBulkAction,
  result: EquipmentBulkResult,
  titleOf: (id: number) => string | undefined,
  exists: (key: string) => boolean,
): EquipmentBulkSummary {
  return bulkResultSummary(action, result.done.length, result.not_done, titleOf, exists);
}
