import type { EquipmentListItem } from '@workbench/domain';
import { type BulkSelection, useBulkSelection } from '../../ui/bulk/selection';

/** The items picked for a multi action; kept across pages. */
export type EquipmentSelection = BulkSelection<EquipmentListItem>;
export const useEquipmentSelection = () => useBulkSelection<EquipmentListItem>();
