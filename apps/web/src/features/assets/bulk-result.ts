import type { AssetMultiArchiveResponse, AssetMultiDeleteResponse } from '@workbench/domain';
import { errorTextKey } from '../../ui/feedback/error-text';

/**
 * Multi delete and multi archive on the asset list (001 §7): what an answer means for the person.
 * Pure: an answer in; the count done and the refusals grouped by their (translated) reason, each
 * with the names of the assets it kept back, out.
 */
export const ASSET_BULK_ACTIONS = ['archive', 'delete'] as const;
export type AssetBulkAction = (typeof ASSET_BULK_ACTIONS)[number];

export type AssetBulkLine = { reasonKey: string; count: number; names: string[] };
export type AssetBulkSummary = {
  action: AssetBulkAction;
  /** Every asset went through: a success toast is enough. */
  complete: boolean;
  done: number;
  lines: AssetBulkLine[];
  /** The ids not done (they stay selected). */
  refusedIds: number[];
};

type Refusal = { id: number; error: string };

function summary(
  action: AssetBulkAction,
  done: number,
  refusals: Refusal[],
  nameOf: (id: number) => string | undefined,
  exists: (key: string) => boolean,
): AssetBulkSummary {
  const lines = new Map<string, AssetBulkLine>();
  for (const refusal of refusals) {
    const reasonKey = errorTextKey(refusal.error, exists);
    const line = lines.get(reasonKey) ?? { reasonKey, count: 0, names: [] };
    line.count += 1;
    line.names.push(nameOf(refusal.id) ?? `#${refusal.id}`);
    lines.set(reasonKey, line);
  }
  return {
    action,
    complete: refusals.length === 0,
    done,
    lines: [...lines.values()],
    refusedIds: [...new Set(refusals.map((r) => r.id))],
  };
}

export function assetArchiveSummary(
  result: AssetMultiArchiveResponse,
  nameOf: (id: number) => string | undefined,
  exists: (key: string) => boolean,
): AssetBulkSummary {
  return summary('archive', result.archived.length, result.not_archived, nameOf, exists);
}

export function assetDeleteSummary(
  result: AssetMultiDeleteResponse,
  nameOf: (id: number) => string | undefined,
  exists: (key: string) => boolean,
): AssetBulkSummary {
  return summary('delete', result.deleted.length, result.not_deleted, nameOf, exists);
}
