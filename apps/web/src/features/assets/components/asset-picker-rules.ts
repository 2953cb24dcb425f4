/**
 * The rules of the asset / asset group picker (001 §5 "Dropdowns bound to a workspace", 000 §4):
 * only items of the workspace or a workspace below it can be chosen, a choice that no
 * longer fits is cleared when the workspace changes, and removing clears asset and group.
 */

/** An asset or asset group as the picker holds it (the issue answer's asset / asset_group). */
export type AssetChoice = { id: number; name: string; workspace_id: number };

/** What the picker edits: the ids the form sends and the items they name. */
export type AssetSelection = {
  asset_id: number | null;
  /** null when nothing is chosen, or the issue names an asset the viewer does not see. */
  asset: AssetChoice | null;
  asset_group_id: number | null;
  asset_group: AssetChoice | null;
};

export const NO_ASSET: AssetSelection = {
  asset_id: null,
  asset: null,
  asset_group_id: null,
  asset_group: null,
};

/** The workspace and every workspace below it, from the flat tree (GET workspace/flat); null without one. */
export function workspaceSubtree(
  workspaces: ReadonlyArray<{ id: number; parent_id: number | null }>,
  rootId: number | null,
): Set<number> | null {
  if (rootId === null) return null;
  const children = new Map<number, number[]>();
  for (const w of workspaces) {
    if (w.parent_id === null) continue;
    children.set(w.parent_id, [...(children.get(w.parent_id) ?? []), w.id]);
  }
  const out = new Set<number>();
  const queue = [rootId];
  while (queue.length) {
    const id = queue.pop() as number;
    if (out.has(id)) continue;
    out.add(id);
    queue.push(...(children.get(id) ?? []));
  }
  return out;
}

/** Whether an item of `workspaceId` can be chosen for the workspace whose subtree is given. */
export function fitsWorkspace(workspaceId: number, subtree: ReadonlySet<number> | null): boolean {
  return subtree?.has(workspaceId) ?? false;
}

/**
 * The selection after the workspace changed: an asset or group known to be of another workspace
 * is cleared (one whose workspace the viewer cannot know stays: the server judges it).
 */
export function keepAssetSelection(
  selection: AssetSelection,
  subtree: ReadonlySet<number> | null,
): AssetSelection {
  const assetGone = selection.asset !== null && !fitsWorkspace(selection.asset.workspace_id, subtree);
  const groupGone =
    selection.asset_group !== null && !fitsWorkspace(selection.asset_group.workspace_id, subtree);
  if (!assetGone && !groupGone) return selection;
  return {
    ...(assetGone
      ? { asset_id: null, asset: null }
      : { asset_id: selection.asset_id, asset: selection.asset }),
    ...(groupGone
      ? { asset_group_id: null, asset_group: null }
      : { asset_group_id: selection.asset_group_id, asset_group: selection.asset_group }),
  };
}

/** Whether anything is chosen (removing it asks first). */
export const hasAssetSelection = (selection: AssetSelection): boolean =>
  selection.asset_id !== null || selection.asset_group_id !== null;
