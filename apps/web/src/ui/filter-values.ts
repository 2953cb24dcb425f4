/**
 * The filter bars' multi-selects hold strings; their URL state holds ids. Unreadable values are
 * dropped; 0 stays only where it means something (the issue list's "unassigned").
 */
export function idsOfValues(values: readonly string[], options: { allowZero?: boolean } = {}): number[] {
  return values.map(Number).filter((n) => Number.isSafeInteger(n) && (options.allowZero ? n >= 0 : n > 0));
}

export function valuesOfIds(ids: ReadonlyArray<number | string>): string[] {
  return ids.map(String);
}
