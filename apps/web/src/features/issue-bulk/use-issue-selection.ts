import type { IssueListItem } from '@workbench/domain';
import { useCallback, useMemo, useState } from 'react';
import { pageSelectionState, toggledPageSelection } from './bulk-summary';

/** The issues picked for a bulk action; kept across pages (each with the row it was picked from). */
export type IssueSelection = {
  ids: ReadonlySet<number>;
  items: IssueListItem[];
  count: number;
  isSelected: (id: number) => boolean;
  toggle: (issue: IssueListItem) => void;
  /** State of the select-all checkbox for the issues on the page. */
  pageState: (issues: readonly IssueListItem[]) => 'none' | 'some' | 'all';
  togglePage: (issues: readonly IssueListItem[]) => void;
  clear: () => void;
};

export function useIssueSelection(): IssueSelection {
  const [picked, setPicked] = useState<ReadonlyMap<number, IssueListItem>>(() => new Map());

  const toggle = useCallback((issue: IssueListItem) => {
    setPicked((current) => {
      const next = new Map(current);
      if (next.has(issue.id)) next.delete(issue.id);
      else next.set(issue.id, issue);
      return next;
    });
  }, []);

  const togglePage = useCallback((issues: readonly IssueListItem[]) => {
    setPicked((current) => {
      const ids = toggledPageSelection(
        new Set(current.keys()),
        issues.map((i) => i.id),
      );
      const next = new Map<number, IssueListItem>();
      for (const [id, item] of current) if (ids.has(id)) next.set(id, item);
      for (const issue of issues) if (ids.has(issue.id)) next.set(issue.id, issue);
      return next;
    });
  }, []);

  const clear = useCallback(() => setPicked(new Map()), []);

  return useMemo(() => {
    const ids = new Set(picked.keys());
    return {
      ids,
      items: [...picked.values()],
      count: ids.size,
      isSelected: (id: number) => ids.has(id),
      toggle,
      pageState: (issues: readonly IssueListItem[]) =>
        pageSelectionState(
          ids,
          issues.map((i) => i.id),
        ),
      togglePage,
      clear,
    };
  }, [picked, toggle, togglePage, clear]);
}
