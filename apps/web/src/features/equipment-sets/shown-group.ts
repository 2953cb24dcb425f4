/**
 * The group the groups page shows in its drawer, kept in the URL as ?group=<id> so a scanned
 * group code, the dashboard or a shared link opens that group, and back closes it.
 */
export function readShownGroup(params: URLSearchParams): number | null {
  const raw = params.get('group');
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The same search with the shown group set (or taken out for null); the list's query stays. */
export function withShownGroup(params: URLSearchParams, id: number | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (id === null) next.delete('group');
  else next.set('group', String(id));
  return next;
}
