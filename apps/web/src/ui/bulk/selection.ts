import { useCallback, useMemo, useState } from 'react';

/** Whether none, some or all of a page's rows are selected (the select-all box's state). */
export function pageSelectionState(
  selected: ReadonlySet<number>,
  pageIds: readonly number[],
): 'none' | 'some' | 'all' {
  const on = pageIds.filter((id) => selected.has(id)).length;
  if (on === 0) return 'none';
  return on === pageIds.length ? 'all' : 'some';
}

/** The rows picked for a bulk action; kept across pages (each with the row it was picked from). */
export type BulkSelection<T extends { id: number }> = {
  items: T[];
  count: number;
  isSelected: (id: number) => boolean;
  toggle: (row: T) => void;
  pageState: (rows: readonly T[]) => 'none' | 'some' | 'all';
  togglePage: (rows: readonly T[]) => void;
  /** Keeps only these ids (after an action: the refused ones stay picked). */
  keepOnly: (ids: readonly number[]) => void;
  clear: () => void;
};

export function useBulkSelection<T extends { id: number }>(): BulkSelection<T> {
  const [picked, setPicked] = useState<ReadonlyMap<number, T>>(() => new Map());

  const toggle = useCallback((row: T) => {
    setPicked((current) => {
      const next = new Map(current);
      if (next.has(row.id)) next.delete(row.id);
      else next.set(row.id, row);
      return next;
    });
  }, []);
  const togglePage = useCallback((rows: readonly T[]) => {
    setPicked((current) => {
      const next = new Map(current);
      const all =
        pageSelectionState(
          new Set(current.keys()),
          rows.map((r) => r.id),
        ) === 'all';
      for (const row of rows) {
        if (all) next.delete(row.id);
        else next.set(row.id, row);
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
      pageState: (rows: readonly T[]) =>
        pageSelectionState(
          new Set(picked.keys()),
          rows.map((r) => r.id),
        ),
      togglePage,
      keepOnly,
      clear,
    }),
    [picked, toggle, togglePage, keepOnly, clear],
  );
}
