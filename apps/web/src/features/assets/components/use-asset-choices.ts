import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { assetContracts, PAGE_SIZE_OPTIONS } from '@workbench/domain';
import { call } from '../../../api/client';
import type { AssetChoice } from './asset-picker-rules';

/** The most assets one search offers (the largest page of the asset list). */
const ASSET_CHOICES_MAX = PAGE_SIZE_OPTIONS[PAGE_SIZE_OPTIONS.length - 1];

export type AssetOption = AssetChoice & { workspace_name: string };

/**
 * Assets the viewer sees that can be picked (every status but archived: GET asset's default),
 * by name, matching the search; under ['assets'] so the asset screens' writes refresh them.
 */
export function useAssetChoices(search: string, enabled = true) {
  return useQuery({
    queryKey: ['assets', 'picker', search],
    queryFn: ({ signal }) =>
      call(assetContracts.list, {
        query: { search, paginate_by: String(ASSET_CHOICES_MAX) },
        signal,
      }),
    select: (page): AssetOption[] =>
      page.data.map((a) => ({
        id: a.id,
        name: a.name,
        workspace_id: a.workspace.id,
        workspace_name: a.workspace.name,
      })),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** The asset groups and systems the viewer sees (GET asset/filter_options). */
export function useAssetGroupChoices(enabled = true) {
  return useQuery({
    queryKey: ['assets', 'filter-options'],
    queryFn: ({ signal }) => call(assetContracts.filterOptions, { signal }),
    enabled,
    staleTime: 30_000,
  });
}
