import type { AssetListItem } from '@workbench/domain';
import { useCallback, useMemo, useState } from 'react';
import { pageSelectionState } from './list-state';

/** The assets picked for a multi action; kept across pages (each with the card it was picked from). */
export type AssetSelection = {
  items: AssetListItem[];
  count: number;
  isSelected: (id: number) => boolean;
  toggle: (asset: AssetListItem) => void;
  pageState: (assets: readonly AssetListItem[]) => 'none' | 'some' | 'all';
  togglePage: (assets: readonly AssetListItem[]) => void;
  /** Keeps only these ids (after an action: the refused ones stay picked). */
  keepOnly: (ids: readonly number[]) => void;
  clear: () => void;
};

export function useAssetSelection(): AssetSelection {
  const [picked, setPicked] = useState<ReadonlyMap<number, AssetListItem>>(() => new Map());

  const toggle = useCallback((asset: AssetListItem) => {
    setPicked((current) => {
      const next = new Map(current);
      if (next.has(asset.id)) next.delete(asset.id);
      else next.set(asset.id, asset);
      return next;
    });
  }, []);
  const togglePage = useCallback((assets: readonly AssetListItem[]) => {
    setPicked((current) => {
      const next = new Map(current);
      const all =
        pageSelectionState(
          new Set(current.keys()),
          assets.map((a) => a.id),
        ) === 'all';
      for (const asset of assets) {
        if (all) next.delete(asset.id);
        else next.set(asset.id, asset);
      }
      return next;
    });
  }, []);
  const keepOnly = useCallback((ids: readonly number[]) => {
    setPicked((current) => new Map([...current].filter(([id]) => ids.includes(id))));
  }, []);
  const clear = useCallback(() => setPicked(new Map()), []);

  return useMemo(
    () => ({
      items: [...picked.values()],
      count: picked.size,
      isSelected: (id: number) => picked.has(id),
      toggle,
      pageState: (assets: readonly AssetListItem[]) =>
        pageSelectionState(
          new Set(picked.keys()),
          assets.map((a) => a.id),
        ),
      togglePage,
      keepOnly,
      clear,
    }),
    [picked, toggle, togglePage, keepOnly, clear],
  );
}
