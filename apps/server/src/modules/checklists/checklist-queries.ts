import { moveToIndex } from '@workbench/domain';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { ChecklistItemsTable, ChecklistsTable, Database } from '../../db/schema.js';

export type Db = Kysely<Database> | Transaction<Database>;
export type ChecklistRow = Selectable<ChecklistsTable>;
export type ChecklistItemRow = Selectable<ChecklistItemsTable>;

/** The checklists of one issue in their order. */
export async function findIssueChecklists(
  db: Db,
  clientId: number,
  issueId: number,
): Promise<ChecklistRow[]> {
  return db
    .selectFrom('checklists')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('issue_id', '=', issueId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** One checklist of one issue (a checklist of another issue answers undefined). */
export async function findChecklist(
  db: Db,
  clientId: number,
  issueId: number,
  checklistId: number,
): Promise<ChecklistRow | undefined> {
  return db
    .selectFrom('checklists')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('issue_id', '=', issueId)
    .where('id', '=', checklistId)
    .executeTakeFirst();
}

/** The items of some checklists, each list in its order. */
export async function findItemsOf(
  db: Db,
  clientId: number,
  checklistIds: number[],
): Promise<Map<number, ChecklistItemRow[]>> {
  const byChecklist = new Map<number, ChecklistItemRow[]>(checklistIds.map((id) => [id, []]));
  if (!checklistIds.length) return byChecklist;
  const rows = await db
    .selectFrom('checklist_items')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('checklist_id', 'in', checklistIds)
    .orderBy('position')
    .orderBy('id')
    .execute();
  for (const row of rows) byChecklist.get(row.checklist_id)?.push(row);
  return byChecklist;
}

/** An item with the issue its checklist belongs to (for the routes that name only the item). */
export async function findItemWithIssue(
  db: Db,
  itemId: number,
): Promise<(ChecklistItemRow & { issue_id: number }) | undefined> {
  return db
    .selectFrom('checklist_items as ci')
    .innerJoin('checklists as c', (join) =>
      join.onRef('c.id', '=', 'ci.checklist_id').onRef('c.client_id', '=', 'ci.client_id'),
    )
    .selectAll('ci')
    .select('c.issue_id')
    .where('ci.id', '=', itemId)
    .executeTakeFirst();
}

/**
 * Gives rows the positions 0..n-1 in the order given, writing only those that moved. Called after
 * every insert, move and delete, so `index` in answers is always the place in the list.
 */
export async function renumber(
  db: Db,
  table: 'checklists' | 'checklist_items' | 'checklist_template_items',
  clientId: number,
  ordered: ReadonlyArray<{ id: number; position: number }>,
): Promise<void> {
  for (const [position, row] of ordered.entries()) {
    if (row.position === position) continue;
    await db
      .updateTable(table)
      .set({ position })
      .where('client_id', '=', clientId)
      .where('id', '=', row.id)
      .execute();
  }
}

/** Puts the row with `id` at `index` among `ordered` (clamped) and renumbers the list. */
export async function moveRow(
  db: Db,
  table: 'checklists' | 'checklist_items',
  clientId: number,
  ordered: ReadonlyArray<{ id: number; position: number }>,
  id: number,
  index: number,
): Promise<void> {
  const from = ordered.findIndex((row) => row.id === id);
  await renumber(db, table, clientId, moveToIndex(ordered, from, index));
}
