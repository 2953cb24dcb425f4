/** A workspace as the tree helpers need it. */
export type WorkspaceNode = { id: number; parent_id: number | null; name: string };

/** The ids of every workspace below `id` (children, their children, ...), not `id` itself. */
export function descendantIds(nodes: ReadonlyArray<WorkspaceNode>, id: number): Set<number> {
  const childrenOf = new Map<number, number[]>();
  for (const node of nodes) {
    if (node.parent_id === null) continue;
    const list = childrenOf.get(node.parent_id) ?? [];
    list.push(node.id);
    childrenOf.set(node.parent_id, list);
  }
  const found = new Set<number>();
  const stack = [...(childrenOf.get(id) ?? [])];
  while (stack.length) {
    const next = stack.pop() as number;
    if (found.has(next)) continue;
    found.add(next);
    stack.push(...(childrenOf.get(next) ?? []));
  }
  return found;
}

/**
 * Whether `parentId` may become the parent of workspace `id` (000 §3: a tree): never itself,
 * never one of its own descendants. null (top level) is always a valid place in the tree; who
 * may put a workspace there is a permission rule (canCreateWorkspace).
 */
export function isValidParent(
  nodes: ReadonlyArray<WorkspaceNode>,
  id: number | null,
  parentId: number | null,
): boolean {
  if (parentId === null || id === null) return true;
  if (parentId === id) return false;
  return !descendantIds(nodes, id).has(parentId);
}

export type WorkspaceTreeRow<T extends WorkspaceNode> = T & { depth: number; path: string[] };

/**
 * Orders workspaces as a tree (each parent followed by its children, siblings by name), with
 * each one's depth and the names from its top ancestor down to itself. A workspace whose parent
 * is not in the list starts a tree of its own (a partner sees only the shared branch).
 */
export function buildWorkspaceTree<T extends WorkspaceNode>(nodes: ReadonlyArray<T>): WorkspaceTreeRow<T>[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const childrenOf = new Map<number | null, T[]>();
  for (const node of nodes) {
    const parent = node.parent_id !== null && byId.has(node.parent_id) ? node.parent_id : null;
    const list = childrenOf.get(parent) ?? [];
    list.push(node);
    childrenOf.set(parent, list);
  }
  const byName = (a: T, b: T) =>
    a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true }) || a.id - b.id;
  const out: WorkspaceTreeRow<T>[] = [];
  const seen = new Set<number>();
  const walk = (parent: number | null, depth: number, path: string[]) => {
    for (const node of [...(childrenOf.get(parent) ?? [])].sort(byName)) {
      if (seen.has(node.id)) continue;
      seen.add(node.id);
      const own = [...path, node.name];
      out.push({ ...node, depth, path: own });
      walk(node.id, depth + 1, own);
    }
  };
  walk(null, 0, []);
  return out;
}
