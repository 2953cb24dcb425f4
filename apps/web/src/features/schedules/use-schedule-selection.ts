import type { Schedule } from '@workbench/domain';
import { useCallback, useMemo, useState } from 'react';
import { pageSelectionState } from './list-state';

/** The schedules picked for a bulk action; kept across pages (each with the row it was picked from). */
export type ScheduleSelection = {
  items: Schedule[];
  count: number;
  isSelected: (id: number) => boolean;
  toggle: (schedule: Schedule) => void;
  pageState: (schedules: readonly Schedule[]) => 'none' | 'some' | 'all';
  togglePage: (schedules: readonly Schedule[]) => void;
  /** Keeps only these ids (after an action: the refused ones stay picked). */
  keepOnly: (ids: readonly number[]) => void;
  clear: () => void;
};

export function useScheduleSelection(): ScheduleSelection {
  const [picked, setPicked] = useState<ReadonlyMap<number, Schedule>>(() => new Map());

  const toggle = useCallback((schedule: Schedule) => {
    setPicked((current) => {
      const next = new Map(current);
      if (next.has(schedule.id)) next.delete(schedule.id);
      else next.set(schedule.id, schedule);
      return next;
    });
  }, []);
  const togglePage = useCallback((schedules: readonly Schedule[]) => {
    setPicked((current) => {
      const next = new Map(current);
      const ids = schedules.map((s) => s.id);
      const all = pageSelectionState(new Set(current.keys()), ids) === 'all';
      for (const schedule of schedules) {
        if (all) next.delete(schedule.id);
        else next.set(schedule.id, schedule);
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
      pageState: (schedules: readonly Schedule[]) =>
        pageSelectionState(
          new Set(picked.keys()),
          schedules.map((s) => s.id),
        ),
      togglePage,
      keepOnly,
      clear,
    }),
    [picked, toggle, togglePage, keepOnly, clear],
  );
}
