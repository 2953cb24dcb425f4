import type { EquipmentBulkResult } from '@workbench/domain';
import { errorTextKey } from '../../ui/feedback/error-text';

/**
 * The list's bulk actions on items (001 §7 add_to_group, multiple archive and delete): what an
 * answer means for the person. Pure: an answer in; the count done and the refusals grouped by
 * their (translated) reason, each with the titles of the items it kept back, out.
 */
export const EQUIPMENT_BULK_ACTIONS = ['add_to_group', 'archive', 'delete'] as const;
export type EquipmentBulkAction = (typeof EQUIPMENT_BULK_ACTIONS)[number];

export type EquipmentBulkLine = { reasonKey: string; count: number; titles: string[] };
export type EquipmentBulkSummary = {
  action: EquipmentBulkAction;
  /** Every item went through: a success toast is enough. */
  complete: boolean;
  done: number;
  lines: EquipmentBulkLine[];
  /** The ids not done (they stay selected). */
  refusedIds: number[];
};

export function equipmentBulkSummary(
  action: EquipmentBulkAction,
  result: EquipmentBulkResult,
  titleOf: (id: number) => string | undefined,
  exists: (key: string) => boolean,
): EquipmentBulkSummary {
  const lines = new Map<string, EquipmentBulkLine>();
  for (const refusal of result.not_done) {
    const reasonKey = errorTextKey(refusal.error, exists);
    const line = lines.get(reasonKey) ?? { reasonKey, count: 0, titles: [] };
    line.count += 1;
    line.titles.push(titleOf(refusal.id) ?? `#${refusal.id}`);
    lines.set(reasonKey, line);
  }
  return {
    action,
    complete: result.not_done.length === 0,
    done: result.done.length,
    lines: [...lines.values()],
    refusedIds: [...new Set(result.not_done.map((r) => r.id))],
  };
}
