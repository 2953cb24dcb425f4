import type { AssetMultiArchiveResponse, AssetMultiDeleteResponse } from '@workbench/domain';
import { type BulkResultSummary, bulkResultSummary } from '../../ui/bulk/bulk-result';

/**
 * Multi delete and multi archive on the asset list (001 §7): what an answer means for the person.
 * Pure: an answer in; the count done and the refusals grouped by their (translated) reason, each
 * with the names of the assets it kept back (as `titles`), out.
 */
export const ASSET_BULK_ACTIONS = ['archive', 'delete'] as const;
export type AssetBulkAction = (typeof ASSET_BULK_ACTIONS)[number];

export type AssetBulkSummary = BulkResultSummary<AssetBulkAction>;

export function assetArchiveSummary(
  result: AssetMultiArchiveResponse,
  nameOf: (id: number) => string | undefined,
  exists: (key: string) => boolean,
): AssetBulkSummary {
  return bulkResultSummary('archive', result.archived.length, result.not_archived, nameOf, exists);
}

export function assetDeleteSummary(
  result: AssetMultiDeleteResponse,
  nameOf: (id: number) => string | undefined,
  exists: (key: string) => boolean,
): AssetBulkSummary {
  return bulkResultSummary('delete', result.deleted.length, result.not_deleted, nameOf, exists);
}
