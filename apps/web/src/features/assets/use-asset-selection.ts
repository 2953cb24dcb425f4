import type { AssetListItem } from '@workbench/domain';
import { type BulkSelection, useBulkSelection } from '../../ui/bulk/selection';

/** The assets picked for a multi action; kept across pages. */
export type AssetSelection = BulkSelection<AssetListItem>;
export const useAssetSelection = () => useBulkSelection<AssetListItem>();
