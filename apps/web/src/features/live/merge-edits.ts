/**
 * A form's values after the record it edits changed elsewhere (a live update, another tab): each
 * field still as it was loaded (`base`) takes the new saved value (`latest`); a field edited here
 * keeps the edit. Fields compare by value (JSON), so lists and nested settings count as one field.
 */
export function mergeEdits<T extends object>(base: T, latest: T, edited: T): T {
  const out = { ...edited };
  for (const key of Object.keys(latest) as Array<keyof T>) {
    if (JSON.stringify(edited[key]) === JSON.stringify(base[key])) out[key] = latest[key];
  }
  return out;
}
